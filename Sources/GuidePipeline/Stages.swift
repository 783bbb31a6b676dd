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
    /// `dictionary`: the sentence review's bilingual dictionary (`dictionary(for:in:path:)`).
    public static func reviews(_ book: Book, cache: CacheStore?, dictionary: (SentenceDictionary, key: String)? = nil) -> [ChapterReview] {
        guard let cache else { return book.reviews(dictionary: dictionary) }
        return book.reviews(align: AlignmentCache(cache).beads, memo: ReviewCache(cache), dictionary: dictionary)
    }

    /// The bilingual dictionary the sentence review reads: `path` (as given, from the working
    /// folder: `review --dictionary`), else guide.yml's `review.dictionary` (from the content
    /// folder), else none; with the hex digest of its bytes (the review cache's key holds it).
    /// A file that cannot be read, or a line of it that is no CC-CEDICT entry, is an error naming it.
    public static func dictionary(for book: Book, in workspace: Workspace, path: String? = nil) throws -> (SentenceDictionary, key: String)? {
        if let path { return try dictionary(at: path) }
        guard let given = book.config.reviewDictionary else { return nil }
        // guide.yml's path stays inside the content folder, links resolved (`ConfinedFolder`).
        let file = workspace.content + "/" + given
        try ConfinedFolder(workspace.content, role: "the content folder").check(file, display: file)
        return try dictionary(at: file)
    }

    /// The dictionary in `file` (CC-CEDICT's format), with the hex digest of its bytes.
    public static func dictionary(at file: String) throws -> (SentenceDictionary, key: String) {
        guard let bytes = FileBytes.read(file) else { throw GuideError("cannot read the dictionary", file: file) }
        do {
            let dictionary = try SentenceDictionary(cedict: String(decoding: bytes, as: UTF8.self))
            return (dictionary, HexText.of(Digest.of(bytes)))
        } catch {
            throw GuideError("the dictionary: \(error.message)", file: file, line: error.line)
        }
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
