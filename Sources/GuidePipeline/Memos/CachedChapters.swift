import GuideFiles
import GuideModel
import GuideParse

/// The parse stage's memo (`ChapterMemo`) over the one cache: where a build and `guide serve`
/// differ in what they reuse, decided here and nowhere in the stage. A build reads a chapter's
/// digest and facts back from the cache's packs (the blocks are parsed when a stage first asks
/// for them); `guide serve` keeps parsed chapters in the cache's memory between rebuilds.
public struct CachedChapters: ChapterMemo {
    let cache: CacheStore

    public init(_ cache: CacheStore) {
        self.cache = cache
    }

    private var serves: Bool { cache.memory != nil }

    public func chapter(file: ChapterFileKey, reparse: @escaping @Sendable ([UInt8]) throws -> [Block])
        -> (digest: [UInt8], parsed: ParsedChapter)? {
        let key = Self.fileKey(file)
        if serves {
            return (cache.recalled(.chapterFile, key) as LoadedChapter?).map { ($0.digest, $0.parsed) }
        }
        guard let digest: [UInt8] = cache.read(.chapterFile, key, { $0.count == Digest.byteCount ? Array($0) : nil }),
              let facts = cache.read(.facts, Self.factsKey(digest), ChapterFacts.init(decoding:)) else { return nil }
        return (digest, ParsedChapter(facts: facts) { try reparse(digest) })
    }

    public func parsed(_ digest: [UInt8], parse: @escaping @Sendable () -> [Block]) -> ParsedChapter {
        let key = Self.factsKey(digest)
        if serves { return cache.remembered(.facts, key) { ParsedChapter(blocks: parse()) } }
        if let facts = cache.read(.facts, key, ChapterFacts.init(decoding:)) { return ParsedChapter(facts: facts, parse: parse) }
        let parsed = ParsedChapter(blocks: parse())
        cache.write(.facts, key, parsed.facts.encoded)
        return parsed
    }

    public func keep(file: ChapterFileKey, digest: [UInt8], parsed: ParsedChapter) {
        let key = Self.fileKey(file)
        if serves {
            cache.remember(.chapterFile, key, LoadedChapter(digest: digest, parsed: parsed))
        } else {
            cache.write(.chapterFile, key, digest)
        }
    }

    /// What a listed file's digest is kept under (`CacheStage.chapterFile`): how it is parsed,
    /// its paths and title, and the file's identity on disk.
    static func fileKey(_ file: ChapterFileKey) -> CacheKey {
        CacheStage.chapterFile.key {
            $0.updateCounted(file.options)
            for part in [file.path, file.within, file.title] { $0.updateCounted(part) }
            file.identity.hash(into: $0)
        }
    }

    /// The facts of the text a digest names (`CacheStage.facts`).
    static func factsKey(_ digest: [UInt8]) -> CacheKey {
        CacheStage.facts.key { $0.update(digest) }
    }

    /// A chapter `guide serve` loaded: what a rebuild takes instead of reading the file again.
    private struct LoadedChapter {
        var digest: [UInt8]
        var parsed: ParsedChapter
    }
}
