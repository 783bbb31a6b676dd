import GuideCheck
import GuideMerge
import GuideParse

/// What one process keeps between rebuilds of the same book (`guide serve`): parsed
/// chapters, reviews, the snippet check's plans, highlighted snippets and rendered pages, each reused only when its
/// inputs are equal to last time's. A rebuild after a one-paragraph edit then parses,
/// reviews and renders the pages of the edited chapter pair and nothing else.
public final class BuildMemory: Sendable {
    let parse = ParseMemo()
    let reviews: ReviewMemory
    let pages = RenderMemo()
    let search = SearchMemo()
    let checkPlans = PlanMemory()
    let checkRecords = SeenRecords()
    let highlights: HighlightStore

    public init(content: String) {
        let folder = CheckOptions.defaultCacheFolder(forContent: content)
        reviews = ReviewMemory(next: ReviewCache(folder: folder + "/review"))
        highlights = HighlightStore(folder: folder, highlighterVersion: CodeHighlighter.version)
    }
}
