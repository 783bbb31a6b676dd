import Foundation
import GuideModel

/// What the index needs of a run of pages, worked out independently of the other runs (so on
/// any core): the terms of every section, interned to the chunk's own ids, and every page's
/// entry of the text shards.
public final class ChunkIndex: @unchecked Sendable {
    /// The chunk's terms, ids in order of first sight (until `dropTerms()`). Small at first and
    /// grown with use: a chunk is about 32 pages, and a book of 50,000 tiny chapters has 3,000
    /// chunks alive at once, whose tables made for 4,096 terms (and texts for 64 KiB) each were
    /// 900 MB of a 1.4 GiB build.
    private(set) var terms = TermTable(capacity: 256)
    /// Each section's distinct terms, section after section: id × 2, + 1 when the term is in the heading.
    private(set) var entries: [UInt32] = []
    /// Where each section's entries end.
    private(set) var sectionEnds: [Int] = []
    /// Each page's entry of a text shard, `[[id, heading, text], …]` (JSON), each followed by `,\n`.
    let text: ByteBuffer
    /// Where each page's entry ends in `text` (before its `,\n`).
    private(set) var pageEnds: [Int] = []
    /// Where each page's sections end (in `sectionEnds`): the index lists each page's section count.
    private(set) var pageSectionEnds: [Int] = []
    /// Per term, how many sections have it.
    private(set) var sectionCounts: [Int] = []

    convenience init(_ pages: ArraySlice<SearchPage>) {
        self.init(indexed: pages.map(IndexedPage.init))
    }

    /// The chunk of `pages`, their sections read one at a time.
    init<Pages: Sequence<IndexedPage>>(indexed pages: Pages) {
        text = ByteBuffer(capacity: 1 << 12)
        var scanner = TermScanner()
        var sink = Sink(terms: terms)
        var sectionEnds: [Int] = [], pageEnds: [Int] = [], pageSectionEnds: [Int] = []
        for page in pages {
            text.append(0x5B)
            var first = true
            page.eachSection { part in
                sink.section += 1
                sink.heading = 1
                withUTF8(part.heading) { scanner.scan($0, into: &sink) }
                sink.heading = 0
                withUTF8(part.text) { scanner.scan($0, into: &sink) }
                sectionEnds.append(sink.entries.count)

                if !first { text.append(0x2C) }
                first = false
                text.append(0x5B)
                text.appendQuoted(part.id)
                text.append(0x2C)
                text.appendQuoted(part.heading)
                text.append(0x2C)
                text.appendCollapsedQuoted(part.text, table: scanner.table)
                text.append(0x5D)
            }
            text.append(0x5D)
            pageEnds.append(text.count)
            pageSectionEnds.append(sectionEnds.count)
            text.append(",\n")
        }
        (self.sectionEnds, self.pageEnds, self.pageSectionEnds) = (sectionEnds, pageEnds, pageSectionEnds)
        entries = sink.entries
        var counts = [Int](repeating: 0, count: terms.count)
        for entry in entries { counts[Int(entry >> 1)] += 1 }
        sectionCounts = counts
    }

    /// A chunk as `SearchChunkStore` read it back: the parts `init(_ pages:)` makes.
    init(terms: TermTable, entries: [UInt32], sectionEnds: [Int], text: ByteBuffer, pageEnds: [Int], pageSectionEnds: [Int]) {
        self.terms = terms
        self.entries = entries
        self.sectionEnds = sectionEnds
        self.text = text
        self.pageEnds = pageEnds
        self.pageSectionEnds = pageSectionEnds
        var counts = [Int](repeating: 0, count: terms.count)
        for entry in entries { counts[Int(entry >> 1)] += 1 }
        sectionCounts = counts
    }

    /// Frees the term table once its terms are merged.
    func dropTerms() {
        terms = TermTable(capacity: 16)
    }

    /// Frees the entries once the postings are written (the text stays, for the shards).
    func dropEntries() {
        entries = []
        sectionCounts = []
    }

    var pageCount: Int { pageEnds.count }

    /// How many sections a page has.
    func sectionCount(_ page: Int) -> Int {
        pageSectionEnds[page] - (page == 0 ? 0 : pageSectionEnds[page - 1])
    }

    /// The size of a page's entry.
    func entrySize(_ page: Int) -> Int {
        pageEnds[page] - (page == 0 ? 0 : pageEnds[page - 1] + 2)
    }

    /// The entries of pages `first…last`, separated by `,\n` (to the end of the chunk, with the
    /// separator after the last, when `last` is nil: more pages follow).
    func entries(from first: Int, through last: Int?) -> UnsafeBufferPointer<UInt8> {
        let start = first == 0 ? 0 : pageEnds[first - 1] + 2
        let end = last.map { pageEnds[$0] } ?? text.count
        return UnsafeBufferPointer(start: text.base + start, count: end - start)
    }

    /// Writes the chunk's postings: term `id`'s from `postings[starts[id]]` on, sections numbered from `firstSection`.
    func writePostings(to postings: UnsafeMutableBufferPointer<UInt32>, starts: [Int], firstSection: Int) {
        var cursor = starts
        var section = UInt32(firstSection)
        var start = 0
        cursor.withUnsafeMutableBufferPointer { cursor in
            entries.withUnsafeBufferPointer { entries in
                for end in sectionEnds {
                    for entry in entries[start..<end] {
                        let id = Int(entry >> 1)
                        postings[cursor[id]] = section << 1 | (entry & 1)
                        cursor[id] += 1
                    }
                    section += 1
                    start = end
                }
            }
        }
    }

    /// Interns each term; records it once per section (heading first, so a heading term is flagged).
    private struct Sink: TermSink {
        let terms: TermTable
        var entries: [UInt32] = []
        var section: Int32 = -1
        var heading: UInt32 = 0

        init(terms: TermTable) { self.terms = terms }

        @inline(__always)
        mutating func term(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
            let slot = terms.slot(bytes, count)
            if slot.pointee.mark != section {
                slot.pointee.mark = section
                entries.append(UInt32(slot.pointee.id) << 1 | heading)
            }
        }
    }
}
