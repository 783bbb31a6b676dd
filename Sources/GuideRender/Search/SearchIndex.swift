import GuideModel
import GuideFiles

/// A section of a page as search sees it: the heading's id (`""` for the text before the first
/// heading), the heading, and the section's text.
public struct SearchSection: Hashable, Sendable {
    public var id: String
    public var heading: String
    public var text: String

    public init(id: String, heading: String, text: String) {
        self.id = id
        self.heading = heading
        self.text = text
    }
}

/// One page of the site in the index.
public struct SearchPage: Hashable, Sendable {
    /// The language code (`en`, `zh`; a bilingual page may use its own, e.g. `en-zh`).
    public var language: String
    public var chapterTitle: String
    /// The page's path from the site root, e.g. `en/inter-object-communication.html`.
    public var href: String
    public var sections: [SearchSection]

    public init(language: String, chapterTitle: String, href: String, sections: [SearchSection]) {
        self.language = language
        self.chapterTitle = chapterTitle
        self.href = href
        self.sections = sections
    }
}

/// The search index the build writes, read by `templates/search.js` in the browser.
///
/// The files are JavaScript, not JSON, so the search works from `file://` (scripts load
/// there, `fetch` of local files does not). The index is split so that a query loads only
/// what it needs, however large the book:
///
/// - `search/index.js`: the pages (language, chapter title, href, section count) and where
///   the shards start;
/// - `search/t<N>.js`: term shards, a sorted range of terms each, with every term's
///   postings: section numbers (delta-encoded in base 36, heading matches flagged);
/// - `search/d<N>.js`: text shards, a range of pages each, with every section's id,
///   heading and text, for the results' excerpts.
///
/// A section number counts the sections of all pages in order. The same pages give
/// byte-identical files.
public enum SearchIndex {
    public static let folder = "search"
    public static let manifestPath = "search/index.js"
    /// About how many bytes a term shard holds (a query loads one per word, more for a short prefix).
    public static let defaultTermShardSize = 128 * 1024
    /// About how many bytes a text shard holds (a query loads those of the chapters it shows).
    public static let defaultTextShardSize = 24 * 1024

    /// The index files, by path from the site root.
    ///
    /// The pages are read in chunks on all cores (`ChunkIndex`: each section's distinct terms,
    /// numbered in the chunk, and each page's text entry); the chunks' terms are merged and
    /// sorted, the postings laid out per term, and the files written as bytes (`SearchFiles`).
    public static func build(pages: [SearchPage], termShardSize: Int = defaultTermShardSize,
                             textShardSize: Int = defaultTextShardSize, chunkBytes: Int? = nil,
                             store: (any SearchChunkMemo)? = nil) -> [String: String] {
        build(indexed: pages.map(IndexedPage.init), termShardSize: termShardSize, textShardSize: textShardSize,
              chunkBytes: chunkBytes, store: store)
    }

    /// `chunkBytes` (tests) sets how much text a chunk of pages holds: the files do not depend on it.
    static func build(indexed pages: [IndexedPage], termShardSize: Int = defaultTermShardSize,
                      textShardSize: Int = defaultTextShardSize, chunkBytes: Int? = nil,
                      store: (any SearchChunkMemo)? = nil) -> [String: String] {
        buildBytes(indexed: pages, termShardSize: termShardSize, textShardSize: textShardSize, chunkBytes: chunkBytes,
                   store: store).mapValues { String(decoding: $0, as: UTF8.self) }
    }

    /// `build`'s files as bytes, as the site writes them. With a store, a chunk of earlier builds
    /// is read back instead of scanned (and its pages are not made at all when they have keys).
    static func buildBytes(indexed pages: [IndexedPage], termShardSize: Int = defaultTermShardSize,
                           textShardSize: Int = defaultTextShardSize, chunkBytes: Int? = nil,
                           store: (any SearchChunkMemo)? = nil) -> [String: [UInt8]] {
        let chunks = chunkRanges(pages, bytes: chunkBytes).concurrentMap { range in
            store?.chunk(pages[range]) { ChunkIndex(indexed: pages[range]) } ?? ChunkIndex(indexed: pages[range])
        }
        return SearchFiles(chunks: chunks, pages: pages).files(termShardSize: termShardSize, textShardSize: textShardSize)
    }

    /// Runs of pages to index on their own (on all cores, and kept by
    /// `SearchChunkStore`). A run ends after a page whose path hashes to a multiple of the
    /// spacing (about 1/32 of the pages, so enough runs for all cores, but 32 pages at most: an
    /// edit scans its run again, and at ×200 a run of 1/32 of the pages, 160, took 175 ms of a
    /// rebuild on one core; smaller runs cost the merge more than they save): where runs end
    /// depends on the pages' paths only, so an edited page changes its own run and no other.
    /// `bytes` (tests) cuts runs of about that much text instead. The files do not depend on the runs.
    static func chunkRanges(_ pages: [SearchPage], bytes: Int? = nil) -> [Range<Int>] {
        chunkRanges(pages.map(IndexedPage.init), bytes: bytes)
    }

    static func chunkRanges(_ pages: [IndexedPage], bytes: Int? = nil) -> [Range<Int>] {
        guard let bytes else {
            var spacing: UInt64 = 8
            while spacing * 2 <= min(UInt64(pages.count / 32), Self.longestRunSpacing) { spacing *= 2 }
            var ranges: [Range<Int>] = []
            var start = 0
            for (index, page) in pages.enumerated() where pathHash(page.href) % spacing == 0 {
                ranges.append(start..<(index + 1))
                start = index + 1
            }
            if start < pages.count { ranges.append(start..<pages.count) }
            return ranges
        }
        return cut(pages.map { $0.sections().reduce(64) { $0 + $1.heading.utf8.count + $1.text.utf8.count } },
                   limit: bytes)
    }

    /// The largest spacing of `chunkRanges`' runs (pages a run holds, on average).
    static let longestRunSpacing: UInt64 = 32

    /// FNV-1a of a path: the same in every run (Swift's `Hasher` is seeded per process).
    private static func pathHash(_ path: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// Consecutive ranges of items, each ending once its sizes add up to `limit` or more (the
    /// last with whatever is left): the shards, and chunks of about so many bytes.
    static func cut(_ sizes: [Int], limit: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0, filled = 0
        for (index, size) in sizes.enumerated() {
            filled += size
            if filled >= limit {
                ranges.append(start..<(index + 1))
                start = index + 1
                filled = 0
            }
        }
        if start < sizes.count { ranges.append(start..<sizes.count) }
        return ranges
    }

    /// Runs of white space (characters, as `Character.isWhitespace` sees them) as one space, none at
    /// the ends. (The index collapses texts scalar by scalar, `ScalarTable.appendCollapsedQuoted`, and
    /// falls back on this where that cannot tell.)
    static func collapseSpaces(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(character)
            }
        }
        return out
    }

    /// A chapter's sections: the text before the first heading (titled by the chapter), then one per heading.
    public static func sections(of blocks: [Block], ids: HeadingIDs, title: String) -> [SearchSection] {
        var sections: [SearchSection] = []
        forEachSection(of: blocks, ids: ids, title: title) { sections.append($0) }
        return sections
    }

    /// `sections(of:ids:title:)`, one at a time. `unpublished`: markers the pages leave out
    /// (`review.doubt_markers`), left out of what the search shows too.
    static func forEachSection(of blocks: [Block], ids: HeadingIDs, title: String, unpublished: [String] = [],
                               _ body: (SearchSection) -> Void) {
        var current = SearchSection(id: "", heading: title, text: "")
        // The block's plain text (the markers are no markdown syntax: the HTML left them out of cmark's text nodes).
        func shown(_ text: String) -> String { unpublished.isEmpty ? text : MarkerText.removing(unpublished, from: text) }
        // By index: `for block in` copied every block (a dozen reference counts each).
        for index in blocks.indices {
            if case .heading = blocks[index].kind, let id = ids[index] {
                if !current.id.isEmpty || !current.text.isEmpty { body(current) }
                current = SearchSection(id: id, heading: shown(blocks[index].text), text: "")
            } else if !blocks[index].text.isEmpty {
                let text = shown(blocks[index].text)
                guard !text.isEmpty else { continue }
                if !current.text.isEmpty { current.text += " " }
                current.text += text
            }
        }
        if !current.id.isEmpty || !current.text.isEmpty { body(current) }
    }

    /// Every chapter page of every language, in reading order, each made only when asked for and
    /// keyed by its chapter's content digest and heading ids; `anchors` are the heading ids per
    /// language and chapter path (as `SiteRenderer` computes them).
    static func indexedPages(for book: Book, anchors: [Language: [String: HeadingIDs]]) -> [IndexedPage] {
        let unpublished = book.config.doubtMarkers
        return book.editions.flatMap { edition in
            // An untranslated chapter's page shows the English, which the source's pages index.
            edition.chapters.filter { $0.untranslated == nil }.map { chapter in
                let ids = anchors[edition.language]?[chapter.path] ?? [:]
                let href = "\(edition.language.code)/\(chapter.pageURL)"
                let each = { @Sendable (body: (SearchSection) -> Void) in
                    forEachSection(of: chapter.blocks, ids: ids, title: chapter.title, unpublished: unpublished, body)
                }
                let key = chapter.contentDigest.map { $0 + HeadingAnchors.digest(ids) }
                return IndexedPage(language: edition.language.code, chapterTitle: chapter.title, href: href, key: key,
                                   eachSection: each)
            }
        }
    }

    /// The index files as the site takes them. With the cache's store and the output folder as
    /// the last build left it, an index named as the one the folder holds (`indexName`: its
    /// pages' keys) is kept there, its chunks unread: a rebuild whose chapters did not change
    /// builds no index. Otherwise it is built; its manifest file (`search/index.js`) is tagged
    /// with that name, the shards by their bytes, so a shard an edit did not change is linked
    /// from the site rather than written again.
    static func siteFiles(for book: Book, anchors: [Language: [String: HeadingIDs]],
                          store: (any SearchChunkMemo)?) -> [(path: String, file: PageFile)] {
        let pages = indexedPages(for: book, anchors: anchors)
        let index = store?.keptIndex(pages, ranges: chunkRanges(pages), termShardSize: defaultTermShardSize,
                                     textShardSize: defaultTextShardSize, folder: folder + "/", manifest: manifestPath)
        if let files = index?.kept { return files.map { ($0.path, .kept(tag: $0.tag)) } }
        return buildBytes(indexed: pages, store: store).sorted { $0.key < $1.key }
            .map { ($0.key, .bytes($0.value, tag: $0.key == manifestPath ? index?.tag : nil)) }
    }
}

/// JSON string literals, which are JavaScript string literals too.
enum JSString {
    /// `"`, `\`, control characters and U+2028, U+2029 escaped (`\n`, `\u001f`, `\u2028`), the rest as is.
    static func quote(_ text: String) -> String {
        var out: [UInt8] = []
        out.appendQuoted(text)
        return String(decoding: out, as: UTF8.self)
    }
}
