import GuideCheck
import GuideMerge
import GuideFiles
import GuideHistory
import GuideModel
import GuideParse

/// The stages between reading a book and rendering it, run the same way by every command
/// (`build`, `serve`, `check`, `review`, `export`): the cache is handed in once, and each
/// stage reads and writes only its own records in it (`CacheStage` lists them).
public enum Stages {
    /// Merge: every chapter aligned with its translation and reviewed, through the cache's
    /// `align` and `review` records (nil: made again, kept nowhere).
    /// `dictionary`: the sentence review's bilingual dictionary (`dictionary(for:in:path:)`),
    /// parsed only if a review is made: what its parse throws, this throws.
    /// `history`: the book's history, whose stale pairs are marked after the (cached) review.
    public static func reviews(_ book: Book, cache: CacheStore?, dictionary: ReviewDictionary? = nil,
                               history: BookHistory? = nil) throws -> [ChapterReview] {
        let reviews = try cache.map { try book.reviews(align: AlignmentCache($0).beads, memo: ReviewCache($0), dictionary: dictionary) }
            ?? book.reviews(dictionary: dictionary)
        guard let history else { return reviews }
        let stale = history.staleness(of: reviews, source: book.config.source, parser: MarkdownParser())
        return zip(reviews, stale).map { $0.markingStale($1) }
    }

    /// The book's history, for the pairs whose English changed after their Chinese (`BookHistory`);
    /// `since`: only English changes after this commit or tag count (`review --since`).
    public static func history(_ book: Book, in workspace: Workspace, cache: CacheStore?, since: String? = nil) throws -> BookHistory {
        do {
            return try BookHistory.read(book, content: workspace.content, memo: cache.map(HistoryCache.init), since: since)
        } catch let error as BookHistory.SinceError {
            throw GuideError("--since \(TerminalText.line(error.name)): no such commit, tag or branch in the original's repository; "
                + "name one that `git log` there shows")
        }
    }

    /// The bilingual dictionary the sentence review reads: `path` (as given, from the working
    /// folder: `review --dictionary`), else guide.yml's `review.dictionary` (from the content
    /// folder), else the default (`defaultDictionary`: CC-CEDICT when scripts/setup.sh installed
    /// it, else none); `none` in either place: none; `learned`: the lexicon learned from the book. A file is named by the hex digest of its bytes
    /// (the review cache's key holds it).
    /// A file that cannot be read is an error naming it, at once; a line of it that is no
    /// CC-CEDICT entry, when its entries are first read (`ReviewDictionary.entries`).
    /// `cache`: `guide serve`'s memory keeps the parsed dictionary between rebuilds
    /// (`CacheStage.dictionary`). `note`: what the default says when it cannot read CC-CEDICT.
    public static func dictionary(for book: Book, in workspace: Workspace, path: String? = nil,
                                  cache: CacheStore? = nil,
                                  note: @escaping @Sendable (String) -> Void = { _ in }) throws -> ReviewDictionary? {
        if path == Config.noDictionary { return nil }
        if path == Config.learnedDictionary { return learnedDictionary(for: book, cache: cache) }
        if let path { return try dictionary(at: path, cache: cache) }
        if book.config.reviewWithoutDictionary { return nil }
        if book.config.reviewWithLearnedWords { return learnedDictionary(for: book, cache: cache) }
        guard let given = book.config.reviewDictionary else { return defaultDictionary(for: book, cache: cache, note: note) }
        // guide.yml's path stays inside the content folder, links resolved (`ConfinedFolder`).
        let file = workspace.content + "/" + given
        let content = ConfinedFolder(workspace.content, role: "the content folder")
        try content.check(file, display: file)
        return try dictionary(at: file, cache: cache, inside: content)
    }

    /// The dictionary in `file` (CC-CEDICT's format), named by the hex digest of its bytes; its
    /// entries parsed when first read. A regular file only, of at most `ReviewDictionary.maximumSize`
    /// (`RegularFile`): a FIFO there made every command that reads it wait, `/dev/zero` grow without end.
    public static func dictionary(at file: String, cache: CacheStore? = nil,
                                  inside folder: ConfinedFolder? = nil) throws -> ReviewDictionary {
        let bytes = try RegularFile.read(file, display: file, what: "the dictionary", limit: ReviewDictionary.maximumSize,
                                         inside: folder)
        let parse = { @Sendable () throws -> SentenceDictionary in
            do {
                return try SentenceDictionary(cedict: String(decoding: bytes, as: UTF8.self))
            } catch let error as SentenceDictionary.FormatError {
                throw GuideError("the dictionary: \(error.message)", file: file, line: error.line)
            }
        }
        return remembered(ReviewDictionary(key: HexText.of(Digest.of(bytes)), parse: parse), cache: cache)
    }

    /// Check: every snippet compiled, its results through the cache's check records; a
    /// translation inherits its source's annotations through the same alignment the reviews used.
    public static func check(_ book: Book, in workspace: Workspace, cache: CacheStore?,
                             options adjust: (inout CheckOptions) -> Void = { _ in }) -> CheckReport {
        var options = workspace.checkOptions(cache: cache)
        adjust(&options)
        var align: BeadSource = { Aligner().align($0, $1) }
        if let cache { align = AlignmentCache(cache).beads }
        return SnippetChecker(options: options, align: align).run(book: book)
    }
}
