import GuideModel

/// The search index's chunks kept between builds, as the merge stage's reviews are
/// (`ReviewMemo`): render asks for a chunk of pages and says how to scan it; what keeps chunks,
/// and by what key, is the pipeline's (`SearchChunkStore` in GuidePipeline).
public protocol SearchChunkMemo: Sendable {
    /// The chunk of `pages`: kept from an earlier build, or `scan()`'s, kept.
    func chunk(_ pages: ArraySlice<IndexedPage>, scan: () -> ChunkIndex) -> ChunkIndex
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
    /// The chunk: its terms' bytes one after another and where each ends (so that reading it
    /// back is a few copies, not a scan), then its entries, section ends, page ends, page section
    /// ends and text, each after its count.
    public func encoded() -> [UInt8] {
        var termBytes: [UInt8] = [], termEnds: [UInt32] = []
        for term in terms {
            termBytes += term
            termEnds.append(UInt32(termBytes.count))
        }
        var out = ByteWriter()
        // Reserved to the byte: a chapter of a million headings makes a chunk of 100 MB, and
        // growing the array by doubling held up to three times that at once.
        out.bytes.reserveCapacity(7 * 8 + termBytes.count + termEnds.count * 4 + entries.count * 4
            + (sectionEnds.count + pageEnds.count + pageSectionEnds.count) * 8 + text.count)
        out.array(termBytes)
        out.array(termEnds)
        out.array(entries)
        out.array(sectionEnds)
        out.array(pageEnds)
        out.array(pageSectionEnds)
        out.array(text)
        return out.bytes
    }

    /// The chunk `encoded()` wrote, or nil when the bytes are damaged in any way.
    public init?(decoding bytes: ByteReader) {
        var reader = bytes
        guard let termBytes = reader.array(UInt8.self), let termEnds = reader.array(UInt32.self),
              let entries = reader.array(UInt32.self), let sectionEnds = reader.array(Int.self),
              let pageEnds = reader.array(Int.self), let pageSectionEnds = reader.array(Int.self),
              let text = reader.array(UInt8.self), reader.isAtEnd,
              Self.ascending(termEnds.map(Int.init), to: termBytes.count),
              entries.allSatisfy({ Int($0 >> 1) < termEnds.count }),
              Self.ascending(sectionEnds, to: entries.count), Self.ascending(pageEnds, to: text.count),
              Self.ascending(pageSectionEnds, to: sectionEnds.count), pageSectionEnds.count == pageEnds.count
        else { return nil }
        var start = 0
        let terms = termEnds.map { end in
            defer { start = Int(end) }
            return termBytes[start..<Int(end)]
        }
        self.init(terms: terms, entries: entries, sectionEnds: sectionEnds, text: text, pageEnds: pageEnds,
                  pageSectionEnds: pageSectionEnds)
    }

    /// Whether `ends` never go down and the last is `end` (none: `end` is 0).
    private static func ascending(_ ends: [Int], to end: Int) -> Bool {
        var last = 0
        for next in ends {
            guard next >= last else { return false }
            last = next
        }
        return last == end
    }
}
