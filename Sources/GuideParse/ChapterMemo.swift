import GuideFiles
import GuideModel

/// What the pipeline keeps of a book between loads: the cache on disk for `guide build`, its
/// memory for `guide serve` (GuidePipeline's `CachedChapters` decides which, and what is reused).
/// The parse stage only asks; without a memo every chapter is read and parsed.
public protocol ChapterMemo: Sendable {
    /// A chapter file seen before and unchanged since: the digest of its text and its blocks,
    /// kept or parsed by `reparse` when first asked for (a `reparse` that throws leaves its error
    /// in `ParsedChapter.failure`); nil when it is not known.
    func chapter(file: ChapterFileKey, reparse: @escaping @Sendable (_ digest: [UInt8]) throws -> [Block])
        -> (digest: [UInt8], parsed: ParsedChapter)?
    /// The blocks of the text `digest` names: kept ones (their facts, the blocks parsed when first
    /// asked for), else `parse`'s now, kept.
    func parsed(_ digest: [UInt8], parse: @escaping @Sendable () -> [Block]) -> ParsedChapter
    /// Keeps that `file` holds the text `digest` names, parsed as `parsed`.
    func keep(file: ChapterFileKey, digest: [UInt8], parsed: ParsedChapter)
}

/// A chapter file as the book lists it, with how it is parsed: what a memo knows a file by
/// (the memo makes its key of these).
public struct ChapterFileKey: Sendable {
    /// The parser's options (`MarkdownParser.Options.fingerprint`).
    public var options: [UInt8]
    /// The chapter's path from its edition's folder, the file's from the content folder, the title.
    public var path: String, within: String, title: String
    /// The file on disk as it was when listed (inode, size, times).
    public var identity: FileIdentity

    public init(options: [UInt8], path: String, within: String, title: String, identity: FileIdentity) {
        self.options = options
        self.path = path
        self.within = within
        self.title = title
        self.identity = identity
    }
}
