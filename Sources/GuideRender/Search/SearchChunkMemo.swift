import GuideModel

/// The search index's chunks kept between builds, as the merge stage's reviews are
/// (`ReviewMemo`): render asks for a chunk of pages and says how to scan it; what keeps chunks,
/// and by what key, is the pipeline's (`SearchChunkStore` in GuidePipeline).
public protocol SearchChunkMemo: Sendable {
    /// The chunk of `pages`: kept from an earlier build, or `scan()`'s, kept.
    func chunk(_ pages: ArraySlice<IndexedPage>, scan: () -> ChunkIndex) -> ChunkIndex
    /// Whether the chunks it hands out live on after the build, which must then not empty them.
    var sharesChunks: Bool { get }
    /// The index of `pages` cut into `ranges` with these shard sizes, as the output folder holds
    /// it: its files under `folder` with their tags when the last build wrote the one these
    /// pages make (`manifest` tagged with its name) and none changed since (its chunks are kept,
    /// unread); else the tag `manifest` is written with (nil: the index cannot be named, or is
    /// not published).
    func keptIndex(_ pages: [IndexedPage], ranges: [Range<Int>], termShardSize: Int, textShardSize: Int,
                   folder: String, manifest: String) -> (kept: [(path: String, tag: String)]?, tag: String?)
}

/// A chunk as bytes, for a memo to keep.
extension ChunkIndex {
    /// The chunk: its terms' bytes one after another, where each ends and its hash (so that
    /// reading it back copies them whole: made again term by term, the terms of every chunk
    /// were a fifth of the index's time in a ×200 rebuild), then its entries, section ends,
    /// page ends, page section ends and text, each array after its count.
    public func encoded() -> [UInt8] {
        let chunk = self
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
    public static func decoded(_ raw: UnsafeRawBufferPointer, owner: AnyObject? = nil) -> ChunkIndex? {
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
