import GuideCheck
import GuideMerge
import GuideParse

/// What one process keeps between rebuilds of the same book (`guide serve`), in front of the
/// build's cache: parsed chapters, reviews, the compile records the snippet check read, rendered
/// pages and the search index's chunks, each reused only when its inputs are equal to last
/// time's. A rebuild after a one-paragraph edit then parses, reviews and renders the pages of
/// the edited chapter pair and nothing else.
public final class BuildMemory: Sendable {
    let parse = ParseMemo()
    let reviews = ReviewMemory()
    let pages = RenderMemo()
    let search = SearchMemo()
    let checkRecords = SeenRecords()

    public init() {}
}
