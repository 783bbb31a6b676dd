import GuideCheck
import GuideMerge
import GuideParse

/// What one process keeps between rebuilds of the same book (`guide serve`): parsed
/// chapters, reviews, the compile records the snippet check read, highlighted snippets and
/// rendered pages, each reused only when its inputs are equal to last time's (the check's
/// per-chapter results come from the disk cache, `ChapterResults`). A rebuild after a one-paragraph edit then parses,
/// reviews and renders the pages of the edited chapter pair and nothing else.
public final class BuildMemory: Sendable {
    let parse = ParseMemo()
    let reviews: ReviewMemory
    let pages = RenderMemo()
    let search = SearchMemo()
    let checkRecords = SeenRecords()
    let highlights: HighlightStore

    public init(content: String) {
        let folder = CheckOptions.defaultCacheFolder(forContent: content)
        reviews = ReviewMemory(next: ReviewCache(folder: folder + "/review"))
        highlights = HighlightStore(folder: folder, highlighterVersion: CodeHighlighter.version)
    }
}
