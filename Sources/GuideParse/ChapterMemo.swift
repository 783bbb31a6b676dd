import GuideModel

/// What the pipeline keeps of a book between loads: the cache on disk for `guide build`, its
/// memory for `guide serve` (GuidePipeline's `CachedChapters` decides which, and what is reused).
/// The parse stage only asks; without a memo every chapter is read and parsed.
public protocol ChapterMemo: Sendable {
    /// A SUMMARY.md's entries kept under `key`, else `parse`'s, then kept.
    func toc(_ key: CacheKey, parse: () throws -> [TocEntry]) throws -> [TocEntry]
    /// A chapter file seen before and unchanged since (`key` names the file as listed, with how it
    /// is parsed): the digest of its text and its blocks, kept or parsed by `reparse` when first
    /// asked for (a `reparse` that throws leaves its error in `ParsedChapter.failure`); nil when
    /// it is not known.
    func chapter(file key: CacheKey, reparse: @escaping @Sendable (_ digest: [UInt8]) throws -> [Block])
        -> (digest: [UInt8], parsed: ParsedChapter)?
    /// The blocks of the text `digest` names: kept ones (their facts, the blocks parsed when first
    /// asked for), else `parse`'s now, kept.
    func parsed(_ digest: [UInt8], parse: @escaping @Sendable () -> [Block]) -> ParsedChapter
    /// Keeps that the file `key` names holds the text `digest` names, parsed as `parsed`.
    func keep(file key: CacheKey, digest: [UInt8], parsed: ParsedChapter)
}
