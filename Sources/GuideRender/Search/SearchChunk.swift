import GuideModel

/// What the index needs of a run of pages, worked out independently of the other runs (so on
/// any core): the terms of every section, numbered in the chunk's own way, and every page's
/// entry of the text shards.
public struct ChunkIndex: Sendable {
    /// The chunk's terms in order of first sight: a term's id is its place here.
    var terms: [ArraySlice<UInt8>]
    /// Each section's distinct terms, section after section: id × 2, + 1 when the term is in the heading.
    var entries: [UInt32]
    /// Where each section's entries end.
    var sectionEnds: [Int]
    /// Each page's entry of a text shard, `[[id, heading, text], …]` (JSON), one after another.
    var text: [UInt8]
    /// Where each page's entry ends in `text`.
    var pageEnds: [Int]
    /// Where each page's sections end (in `sectionEnds`): the index lists each page's section count.
    var pageSectionEnds: [Int]

    init(_ pages: ArraySlice<SearchPage>) {
        self.init(indexed: pages.map(IndexedPage.init))
    }

    init(terms: [ArraySlice<UInt8>], entries: [UInt32], sectionEnds: [Int], text: [UInt8], pageEnds: [Int],
         pageSectionEnds: [Int]) {
        (self.terms, self.entries, self.sectionEnds) = (terms, entries, sectionEnds)
        (self.text, self.pageEnds, self.pageSectionEnds) = (text, pageEnds, pageSectionEnds)
    }

    /// The chunk of `pages`, their sections read one at a time.
    init<Pages: Sequence<IndexedPage>>(indexed pages: Pages) {
        var scanner = TermScanner()
        var sink = Sink()
        var text: [UInt8] = [], sectionEnds: [Int] = [], pageEnds: [Int] = [], pageSectionEnds: [Int] = []
        for page in pages {
            text.append(0x5B)
            page.eachSection { part in
                let body = Array(part.text.utf8)
                sink.section += 1
                sink.heading = 1
                scanner.scan(Array(part.heading.utf8), into: &sink)
                sink.heading = 0
                scanner.scan(body, into: &sink)
                sectionEnds.append(sink.entries.count)

                if text.last != 0x5B { text.append(0x2C) }
                text.append(0x5B)
                text.appendQuoted(part.id)
                text.append(0x2C)
                text.appendQuoted(part.heading)
                text.append(0x2C)
                scanner.table.appendCollapsedQuoted(body, of: part.text, to: &text)
                text.append(0x5D)
            }
            text.append(0x5D)
            pageEnds.append(text.count)
            pageSectionEnds.append(sectionEnds.count)
        }
        self.init(terms: sink.numbers.terms, entries: sink.entries, sectionEnds: sectionEnds, text: text, pageEnds: pageEnds,
                  pageSectionEnds: pageSectionEnds)
    }

    var pageCount: Int { pageEnds.count }

    /// How many sections a page has.
    func sectionCount(_ page: Int) -> Int {
        pageSectionEnds[page] - (page == 0 ? 0 : pageSectionEnds[page - 1])
    }

    /// A page's entry of a text shard.
    func entry(_ page: Int) -> ArraySlice<UInt8> {
        text[(page == 0 ? 0 : pageEnds[page - 1])..<pageEnds[page]]
    }

    /// Numbers each term; records it once per section (heading first, so a heading term is flagged).
    private struct Sink: TermSink {
        var numbers = TermNumbers()
        /// The last section each term was recorded in.
        var lastSection: [Int] = []
        var entries: [UInt32] = []
        var section = -1
        var heading: UInt32 = 0

        mutating func term(_ bytes: ArraySlice<UInt8>) {
            let id = numbers.number(bytes)
            if id == lastSection.count { lastSection.append(-1) }
            if lastSection[id] != section {
                lastSection[id] = section
                entries.append(UInt32(id) << 1 | heading)
            }
        }
    }
}
