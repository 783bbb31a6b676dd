import Foundation
import GuideFiles
import GuideModel
import GuideRender
import GuideWrite
import Synchronization

/// The search index's chunks (`ChunkIndex`) through the build's cache (`CacheStage.search`), so
/// a rebuild scans only the text of chunks whose pages changed: after a one-paragraph edit, one.
/// Chunks cut where `SearchIndex.chunkRanges` says depend on the pages' paths only, so an edit
/// changes one chunk's key, not the rest. A record that does not decode is scanned again.
public final class SearchChunkStore: SearchChunkMemo {
    let cache: CacheStore
    /// Chunks scanned (not read back) since the store was made (for tests).
    var made: Int { scanned.load(ordering: .relaxed) }
    private let scanned = Atomic(0)

    /// The output folder as the last build left it (`guide build`), which may hold the index.
    let written: WrittenSite?

    public init(_ cache: CacheStore, written: WrittenSite? = nil) {
        self.cache = cache
        self.written = written
    }

    /// The chunk of `pages`: the stored one, or `scan()`'s, stored. Pages are made (their
    /// chapters read) for the key only when some page has none.
    public func chunk(_ pages: ArraySlice<IndexedPage>, scan: () -> ChunkIndex) -> ChunkIndex {
        let key = pages.allSatisfy { $0.key != nil } ? Self.key(keys: pages) : Self.key(ArraySlice(pages.map(\.page)))
        return cache.value(.search, key, decode: { ChunkIndex(decoding: ByteReader($0)) }, encode: { $0.encoded() }) {
            scanned.add(1, ordering: .relaxed)
            return scan()
        }
    }

    /// The index as the published site holds it (`SearchChunkMemo.keptIndex`), by its name.
    public func keptIndex(_ pages: [IndexedPage], ranges: [Range<Int>], termShardSize: Int, textShardSize: Int,
                          folder: String, manifest: String) -> (kept: [(path: String, tag: String)]?, tag: String?) {
        guard let name = indexName(pages, ranges: ranges, termShardSize: termShardSize, textShardSize: textShardSize)
        else { return (nil, nil) }
        guard let files = written?.files(under: folder, marker: manifest, tag: name.tag) else { return (nil, name.tag) }
        for key in name.chunks { cache.keep(.search, key) }
        return (files, name.tag)
    }

    /// The name of the index built from `pages` cut into `ranges` (`SearchIndex.chunkRanges`) with
    /// these shard sizes, and its chunks' keys: the same name is the same files. Nil unless every
    /// page has a key (else the name would need the pages' text).
    func indexName(_ pages: [IndexedPage], ranges: [Range<Int>], termShardSize: Int,
                   textShardSize: Int) -> (tag: String, chunks: [CacheKey])? {
        // An index in the cache's memory (`guide serve`) is in no output folder.
        guard cache.memory == nil, pages.allSatisfy({ $0.key != nil }) else { return nil }
        let chunks = ranges.map { Self.key(keys: pages[$0]) }
        let name = CacheStage.search.key { hash in
            hash.updateCounted("index")
            for size in [termShardSize, textShardSize] { withUnsafeBytes(of: UInt64(size).littleEndian) { hash.update($0) } }
            for chunk in chunks { hash.update(chunk.bytes) }
        }
        return ("index:" + name.hex, chunks)
    }

    /// The key of pages by what they are made from (`IndexedPage.key`).
    static func key(keys pages: ArraySlice<IndexedPage>) -> CacheKey {
        CacheStage.search.key { hash in
            hash.updateCounted("keys")
            for page in pages {
                for field in [page.language, page.chapterTitle, page.href] { hash.updateCounted(field) }
                hash.updateCounted(page.key ?? [])
            }
        }
    }

    /// The key of pages by their content.
    static func key(_ pages: ArraySlice<SearchPage>) -> CacheKey {
        CacheStage.search.key { hash in
            hash.updateCounted("content")
            for page in pages {
                for field in [page.language, page.chapterTitle, page.href] { hash.updateCounted(field) }
                withUnsafeBytes(of: UInt64(page.sections.count).littleEndian) { hash.update($0) }
                for section in page.sections {
                    hash.updateCounted(section.id)
                    hash.updateCounted(section.heading)
                    hash.updateCounted(section.text)
                }
            }
        }
    }
}
