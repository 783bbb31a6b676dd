import Foundation
import GuideFiles
import GuideModel
import Synchronization

/// The search index's chunks (`ChunkIndex`) through the build's cache (`CacheStage.search`), so
/// a rebuild scans only the text of chunks whose pages changed: after a one-paragraph edit, one.
/// Chunks cut where `SearchIndex.chunkRanges` says depend on the pages' paths only, so an edit
/// changes one chunk's key, not the rest. A record that does not decode is scanned again.
public final class SearchChunkStore: Sendable {
    let cache: CacheStore
    /// Chunks scanned (not read back) since the store was made (for tests).
    var made: Int { scanned.load(ordering: .relaxed) }
    private let scanned = Atomic(0)

    public init(_ cache: CacheStore) {
        self.cache = cache
    }

    /// The chunk of `pages`: the stored one, or a new one, stored. Pages are made (their
    /// chapters read) only for a new one, when each page has a key.
    func chunk(_ pages: ArraySlice<IndexedPage>) -> ChunkIndex {
        let content = pages.allSatisfy { $0.key != nil } ? nil : ArraySlice(pages.map(\.page))
        let key = content.map { Self.key($0) } ?? Self.key(keys: pages)
        // Read in place (a build keeps no chunk in memory): the chunk's text, 41 MB of the
        // pack at ×200, is not copied out (into fresh memory, faulted in at every rebuild) but
        // viewed where the pack is mapped, which the chunk keeps mapped while it lives.
        if cache.memory == nil, let record = cache.mapped(.search, key), let chunk = Self.decode(record.bytes, owner: record.owner) {
            return chunk
        }
        return cache.value(.search, key, decode: { Self.decode($0) }, encode: Self.encode) {
            scanned.add(1, ordering: .relaxed)
            return content.map { ChunkIndex($0) } ?? ChunkIndex(indexed: pages)
        }
    }

    /// The name of the index built from `pages` cut into `ranges` (`SearchIndex.chunkRanges`) with
    /// these shard sizes, and its chunks' keys: the same name is the same files. Nil unless every
    /// page has a key (else the name would need the pages' text).
    func indexName(_ pages: [IndexedPage], ranges: [Range<Int>], termShardSize: Int,
                   textShardSize: Int) -> (tag: String, chunks: [CacheKey])? {
        guard pages.allSatisfy({ $0.key != nil }) else { return nil }
        let chunks = ranges.map { Self.key(keys: pages[$0]) }
        let name = CacheStage.search.key { hash in
            hash.updateCounted("index")
            for size in [termShardSize, textShardSize] { withUnsafeBytes(of: UInt64(size).littleEndian) { hash.update($0) } }
            for chunk in chunks { hash.update(chunk.bytes) }
        }
        return ("index:" + name.hex, chunks)
    }

    /// Keeps chunks without reading them (the index they make was kept from the site).
    func keep(_ chunks: [CacheKey]) {
        for key in chunks { cache.keep(.search, key) }
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

    /// The chunk: its terms' bytes one after another, where each ends and its hash (so that
    /// reading it back copies them whole: made again term by term, the terms of every chunk
    /// were a fifth of the index's time in a ×200 rebuild), then its entries, section ends,
    /// page ends, page section ends and text, each array after its count.
    static func encode(_ chunk: ChunkIndex) -> [UInt8] {
        let terms = chunk.terms
        var ends: [UInt32] = [], hashes: [UInt64] = []
        ends.reserveCapacity(terms.count)
        hashes.reserveCapacity(terms.count)
        var termBytes = 0
        for id in 0..<terms.count {
            termBytes += terms.term(id).1
            ends.append(UInt32(termBytes))
            hashes.append(terms.hash(id))
        }
        // Reserved to the byte: a chapter of a million headings makes a chunk of 100 MB, and
        // growing the array by doubling held up to three times that at once.
        let arrays = 6 * 8 + terms.count * 12 + chunk.entries.count * 4
            + (chunk.sectionEnds.count + chunk.pageEnds.count + chunk.pageSectionEnds.count) * 8
        var out = ByteWriter()
        out.bytes.reserveCapacity(8 + termBytes + arrays + 8 + chunk.text.count)
        out.array(ends)
        out.array(hashes)
        out.integer(UInt64(termBytes))
        for id in 0..<terms.count {
            let (bytes, count) = terms.term(id)
            out.bytes += UnsafeBufferPointer(start: bytes, count: count)
        }
        out.array(chunk.entries)
        out.array(chunk.sectionEnds)
        out.array(chunk.pageEnds)
        out.array(chunk.pageSectionEnds)
        out.integer(UInt64(chunk.text.count))
        out.bytes += UnsafeBufferPointer(start: chunk.text.base, count: chunk.text.count)
        return out.bytes
    }

    /// The chunk `encode` wrote, or nil when the bytes are damaged in any way.
    static func decode(_ raw: UnsafeRawBufferPointer, owner: AnyObject? = nil) -> ChunkIndex? {
        var reader = ByteReader(raw)
        guard let ends = reader.array(UInt32.self), let hashes = reader.array(UInt64.self),
              let blobCount = reader.count(atLeast: 1), let blob = reader.bytes(blobCount),
              let terms = TermTable(blob: blob, ends: ends, hashes: hashes) else { return nil }
        let termCount = terms.count
        guard let entries = reader.array(UInt32.self), let sectionEnds = reader.array(Int.self),
              let pageEnds = reader.array(Int.self), let pageSectionEnds = reader.array(Int.self),
              pageSectionEnds.count == pageEnds.count, ascending(pageSectionEnds, upTo: sectionEnds.count),
              (pageSectionEnds.last ?? 0) == sectionEnds.count,
              let textCount = reader.count(atLeast: 1),
              let textBytes = reader.bytes(textCount), reader.isAtEnd,
              entries.allSatisfy({ Int($0 >> 1) < termCount }),
              ascending(sectionEnds, upTo: entries.count), ascending(pageEnds, upTo: textCount) else { return nil }
        let text: ByteBuffer
        if let owner {
            text = ByteBuffer(viewing: textBytes, owner: owner)
        } else {
            text = ByteBuffer(capacity: textCount)
            textBytes.withMemoryRebound(to: UInt8.self) { text.append($0.baseAddress!, textCount) }
        }
        return ChunkIndex(terms: terms, entries: entries, sectionEnds: sectionEnds, text: text, pageEnds: pageEnds,
                          pageSectionEnds: pageSectionEnds)
    }

    private static func ascending(_ ends: [Int], upTo limit: Int) -> Bool {
        var last = 0
        for end in ends {
            guard end >= last, end <= limit else { return false }
            last = end
        }
        return true
    }
}
