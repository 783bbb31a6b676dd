import GuideFiles
import GuideModel

/// The index files of chunks of pages: the chunks' terms merged into one sorted list, every
/// term's postings, and the shards and the manifest written from them.
struct SearchFiles {
    let pages: [IndexedPage]
    let chunks: [ChunkIndex]
    /// Every term once, sorted as JavaScript compares strings (UTF-16 code units) so the script
    /// can binary-search; a term's number is its place here.
    let terms: [ArraySlice<UInt8>]
    /// Per term, entries (section × 2, + 1 when the term is in the heading), ascending: term
    /// `k`'s are `postings[offsets[k]..<offsets[k + 1]]`.
    let postings: [UInt32]
    let offsets: [Int]

    init(chunks: [ChunkIndex], pages: [IndexedPage]) {
        // Each chunk's terms numbered in one list, first seen first, then by their sorted places.
        var numbers = TermNumbers()
        let chunkIds = chunks.map { $0.terms.map { numbers.number($0) } }
        let unsorted = numbers.terms
        let order = unsorted.indices.sorted { utf16Precedes(unsorted[$0], unsorted[$1]) }
        var place = [Int](repeating: 0, count: order.count)
        for (k, id) in order.enumerated() { place[id] = k }
        let chunkPlaces = chunkIds.map { $0.map { place[$0] } }

        // Counted per term, then laid out section by section: each term's postings ascend.
        var offsets = [Int](repeating: 0, count: order.count + 1)
        for (chunk, places) in zip(chunks, chunkPlaces) {
            for entry in chunk.entries { offsets[places[Int(entry >> 1)] + 1] += 1 }
        }
        for k in order.indices { offsets[k + 1] += offsets[k] }
        var postings = [UInt32](repeating: 0, count: offsets[order.count])
        var cursor = offsets
        var section: UInt32 = 0
        for (chunk, places) in zip(chunks, chunkPlaces) {
            var start = 0
            for end in chunk.sectionEnds {
                for entry in chunk.entries[start..<end] {
                    let k = places[Int(entry >> 1)]
                    postings[cursor[k]] = section << 1 | entry & 1
                    cursor[k] += 1
                }
                section += 1
                start = end
            }
        }
        (self.pages, self.chunks, self.terms) = (pages, chunks, order.map { unsorted[$0] })
        (self.postings, self.offsets) = (postings, offsets)
    }

    /// The files by path: term shards (`t<N>.js`), text shards (`d<N>.js`), each of about the
    /// size given, and the manifest; the shards written on all cores.
    func files(termShardSize: Int, textShardSize: Int) -> [String: [UInt8]] {
        // A term counts its bytes, its postings' and 4 towards its shard's size.
        let termShards = SearchIndex.cut(terms.indices.map { terms[$0].count + gapsLength(postings($0)) + 4 },
                                         limit: termShardSize)
        let entries = chunks.flatMap { chunk in (0..<chunk.pageCount).map(chunk.entry) }
        let textShards = SearchIndex.cut(entries.map(\.count), limit: textShardSize)
        let folder = SearchIndex.folder
        var files: [String: [UInt8]] = [SearchIndex.manifestPath: manifest(termShards: termShards, textShards: textShards)]
        for (index, bytes) in Array(termShards.enumerated()).concurrentMap({ termShard("t\($0.offset)", $0.element) })
            .enumerated() { files["\(folder)/t\(index).js"] = bytes }
        for (index, bytes) in Array(textShards.enumerated()).concurrentMap({ textShard("d\($0.offset)", entries[$0.element]) })
            .enumerated() { files["\(folder)/d\(index).js"] = bytes }
        return files
    }

    private func postings(_ term: Int) -> ArraySlice<UInt32> { postings[offsets[term]..<offsets[term + 1]] }

    /// `{"terms":"<term>\n<term>…","postings":["<gaps>",…]}`, for terms `range`.
    private func termShard(_ name: String, _ range: Range<Int>) -> [UInt8] {
        var out = Self.shardHead(name) + #"{"terms":""#.utf8
        for k in range {
            if k > range.lowerBound { out += #"\n"#.utf8 }
            out.appendEscaped(terms[k])
        }
        out += #"","postings":["#.utf8
        for k in range {
            if k > range.lowerBound { out.append(0x2C) }
            out.append(0x22)
            out.appendGaps(postings(k))
            out.append(0x22)
        }
        return out + "]};\n".utf8
    }

    /// `{"pages":[<entry>,\n<entry>…]}`, for pages' entries.
    private func textShard(_ name: String, _ entries: ArraySlice<ArraySlice<UInt8>>) -> [UInt8] {
        var out = Self.shardHead(name) + #"{"pages":["#.utf8
        for (index, entry) in entries.enumerated() {
            if index > 0 { out += ",\n".utf8 }
            out += entry
        }
        return out + "]};\n".utf8
    }

    private static func shardHead(_ name: String) -> [UInt8] {
        Array(#"(globalThis.guideSearchShards = globalThis.guideSearchShards || {})[""#.utf8) + name.utf8
            + #""] = "#.utf8
    }

    /// `search/index.js`: the section count, each shard's first term or page, and the pages.
    private func manifest(termShards: [Range<Int>], textShards: [Range<Int>]) -> [UInt8] {
        var out = Array("// The search index of this site, written by `guide build` (see templates/search.js).\n".utf8)
        out += #"globalThis.guideSearchIndex = {"version":1,"sections":"#.utf8
        out += String(chunks.reduce(0) { $0 + $1.sectionEnds.count }).utf8
        out += ",\n\"termShards\":[".utf8
        for (index, shard) in termShards.enumerated() {
            if index > 0 { out.append(0x2C) }
            out.appendQuoted(terms[shard.lowerBound])
        }
        out += "],\n\"textShards\":[".utf8
        out += textShards.map { String($0.lowerBound) }.joined(separator: ",").utf8
        out += "],\n\"pages\":[\n".utf8
        let sectionCounts = chunks.flatMap { chunk in (0..<chunk.pageCount).map(chunk.sectionCount) }
        for (index, page) in pages.enumerated() {
            if index > 0 { out += ",\n".utf8 }
            out.append(0x5B)
            for field in [page.language, page.chapterTitle, page.href] {
                out.appendQuoted(field)
                out.append(0x2C)
            }
            out += String(sectionCounts[index]).utf8
            out.append(0x5D)
        }
        return out + "]};\n".utf8
    }
}

/// Whether UTF-8 text `a` comes before `b` in JavaScript's string order (UTF-16 code units).
/// That is the bytes' order but for U+E000…U+FFFF (lead bytes EE, EF), which UTF-16 puts after
/// the supplementary planes (lead bytes F0…F4, surrogate pairs D800…DFFF in UTF-16).
func utf16Precedes(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
    func rank(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0xEE, 0xEF: byte + 5
        case 0xF0...0xF4: byte - 2
        default: byte
        }
    }
    for (x, y) in zip(a, b) where x != y { return rank(x) < rank(y) }
    return a.count < b.count
}
