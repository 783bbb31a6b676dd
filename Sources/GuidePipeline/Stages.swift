import GuideCheck
import GuideMerge
import GuideFiles
import GuideModel

/// The stages between reading a book and rendering it, run the same way by every command
/// (`build`, `serve`, `check`, `review`, `export`): the cache is handed in once, and each
/// stage reads and writes only its own records in it (`CacheStage` lists them).
public enum Stages {
    /// Merge: every chapter aligned with its translation and reviewed, through the cache's
    /// `align` and `review` records (nil: made again, kept nowhere).
    public static func reviews(_ book: Book, cache: CacheStore?) -> [ChapterReview] {
        guard let cache else { return book.reviews() }
        return book.reviews(align: AlignmentCache(cache).beads, memo: ReviewCache(cache))
    }

    /// Check: every snippet compiled, its results through the cache's check records; a
    /// translation inherits its source's annotations through the same alignment the reviews used.
    public static func check(_ book: Book, in workspace: Workspace, cache: CacheStore?,
                             options adjust: (inout CheckOptions) -> Void = { _ in }) -> CheckReport {
        var options = workspace.checkOptions(cache: cache)
        adjust(&options)
        var checker = SnippetChecker(options: options)
        if let cache { checker.align = AlignmentCache(cache).beads }
        return checker.run(book: book)
    }
}
