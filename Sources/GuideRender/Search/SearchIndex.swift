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
    /// interned to the chunk's ids, and each page's text entry); the chunks' terms are merged into
    /// one table and sorted, the postings laid out per term, and the files written as bytes, the
    /// heavy parts on all cores too.
    public static func build(pages: [SearchPage], termShardSize: Int = defaultTermShardSize,
                             textShardSize: Int = defaultTextShardSize, store: (any SearchChunkMemo)? = nil) -> [String: String] {
        build(pages: pages, termShardSize: termShardSize, textShardSize: textShardSize, chunkBytes: nil, runSize: nil,
              store: store)
    }

    /// `build`, with the sizes of the units of parallel work set (by tests: the files do not depend
    /// on them): `chunkBytes` of text per chunk of pages, `runSize` postings and terms per run of terms.
    static func build(pages: [SearchPage], termShardSize: Int, textShardSize: Int,
                      chunkBytes: Int?, runSize: Int?, store: (any SearchChunkMemo)? = nil) -> [String: String] {
        build(indexed: pages.map(IndexedPage.init), termShardSize: termShardSize, textShardSize: textShardSize,
              chunkBytes: chunkBytes, runSize: runSize, store: store)
    }

    static func build(indexed pages: [IndexedPage], termShardSize: Int = defaultTermShardSize,
                      textShardSize: Int = defaultTextShardSize, chunkBytes: Int? = nil, runSize: Int? = nil,
                      store: (any SearchChunkMemo)? = nil) -> [String: String] {
        buildBytes(indexed: pages, termShardSize: termShardSize, textShardSize: textShardSize, chunkBytes: chunkBytes,
                   runSize: runSize, store: store).mapValues { String(decoding: $0, as: UTF8.self) }
    }

    /// `build`'s files as bytes, as the site writes them.
    static func buildBytes(indexed pages: [IndexedPage], termShardSize: Int = defaultTermShardSize,
                           textShardSize: Int = defaultTextShardSize, chunkBytes: Int? = nil, runSize: Int? = nil,
                           store: (any SearchChunkMemo)? = nil) -> [String: [UInt8]] {
        // 1. The chunks, in page order. With a store, a chunk of earlier builds is read back
        // instead of scanned (and its pages are not made at all when they have keys); from the
        // cache's memory (`guide serve`), taken as it was, so it keeps its terms and entries.
        let ranges = chunkRanges(pages, bytes: chunkBytes)
        let indexes = ranges.concurrentMap { range in
            store?.chunk(pages[range]) { ChunkIndex(indexed: pages[range]) } ?? ChunkIndex(indexed: pages[range])
        }
        let keep = store?.sharesChunks ?? false

        // 2. All terms in one table, sorted as JavaScript compares strings (UTF-16 code units) so the
        // script can binary-search; a term's number is its place in that order.
        let table = TermTable(capacity: 2 * (indexes.map(\.terms.count).max() ?? 0))
        let chunkIds: [[Int32]] = indexes.map { chunk in
            defer { if !keep { chunk.dropTerms() } }
            return (0..<chunk.terms.count).map { Int32(table.intern($0, of: chunk.terms)) }
        }
        let order = table.sortedIds()
        let terms = SortedTerms(table, order: order)
        var rank = [Int32](repeating: 0, count: order.count)
        for (place, id) in order.enumerated() { rank[Int(id)] = Int32(place) }
        let chunkTerms = chunkIds.concurrentMap { [rank] ids in ids.map { rank[Int($0)] } }

        // 3. Postings: per term, entries (section × 2, + 1 when the term is in the heading), ascending.
        // Term `k`'s are `postings[offsets[k]..<offsets[k + 1]]`; each chunk writes its own part of them.
        var offsets = [Int](repeating: 0, count: terms.count + 1)
        for (chunk, numbers) in zip(indexes, chunkTerms) {
            for (id, k) in numbers.enumerated() { offsets[Int(k) + 1] += chunk.sectionCounts[id] }
        }
        for k in 0..<terms.count { offsets[k + 1] += offsets[k] }
        var cursor = Array(offsets.dropLast())
        let chunkStarts: [[Int]] = zip(indexes, chunkTerms).map { chunk, numbers in
            numbers.enumerated().map { id, k in
                defer { cursor[Int(k)] += chunk.sectionCounts[id] }
                return cursor[Int(k)]
            }
        }
        var firstSections: [Int] = []
        var section = 0
        for chunk in indexes {
            firstSections.append(section)
            section += chunk.sectionEnds.count
        }
        let postings = [UInt32](unsafeUninitializedCapacity: offsets[terms.count]) { buffer, initialized in
            nonisolated(unsafe) let buffer = buffer   // each chunk writes its own places
            _ = Array(indexes.indices).concurrentMap { [chunkStarts, firstSections] index in
                indexes[index].writePostings(to: buffer, starts: chunkStarts[index], firstSection: firstSections[index])
                if !keep { indexes[index].dropEntries() }
            }
            initialized = buffer.count
        }
        let termOffsets = offsets

        // The files are put together from pieces of the chunks' and runs' buffers, copied once,
        // into their `String`s, at the end, on all cores.
        var outputs: [FilePlan] = []

        // 4. Term shards: the terms are written in runs on all cores; the shards are cut from the runs.
        let termRuns = runs(offsets: termOffsets, size: runSize)
        let encodedRuns = termRuns.concurrentMap { range in
            EncodedTerms(range, terms: terms, offsets: termOffsets, postings: postings)
        }
        var termShardStarts: [Int] = []
        var shardStart = (run: 0, term: 0), shardBytes = 0
        func flushTermShard(through end: (run: Int, term: Int)) {
            let name = "t\(termShardStarts.count)"
            termShardStarts.append(termRuns[shardStart.run].lowerBound + shardStart.term)
            let file = FilePlan(path: "\(folder)/\(name).js")
            file.add(shardHead(name))
            file.add("{\"terms\":\"")
            for run in shardStart.run...end.run {
                file.add(encodedRuns[run].terms(from: run == shardStart.run ? shardStart.term : 0,
                                                through: run == end.run ? end.term : nil), of: encodedRuns[run])
            }
            file.add("\",\"postings\":[")
            for run in shardStart.run...end.run {
                file.add(encodedRuns[run].postings(from: run == shardStart.run ? shardStart.term : 0,
                                                   through: run == end.run ? end.term : nil), of: encodedRuns[run])
            }
            file.add("]};\n")
            outputs.append(file)
            shardBytes = 0
        }
        for (run, encoded) in encodedRuns.enumerated() {
            for term in 0..<encoded.count {
                if shardBytes == 0 { shardStart = (run, term) }
                shardBytes += encoded.size(term)
                if shardBytes >= termShardSize { flushTermShard(through: (run, term)) }
            }
        }
        if shardBytes > 0 { flushTermShard(through: (encodedRuns.count - 1, encodedRuns.last!.count - 1)) }

        // 5. Text shards: runs of pages' entries.
        var textShardStarts: [Int] = []
        var shardFirst = (chunk: 0, page: 0), shardFirstPage = 0, shardPages = 0
        shardBytes = 0
        func flushTextShard(through end: (chunk: Int, page: Int)) {
            let name = "d\(textShardStarts.count)"
            textShardStarts.append(shardFirstPage)
            let file = FilePlan(path: "\(folder)/\(name).js")
            file.add(shardHead(name))
            file.add("{\"pages\":[")
            for chunk in shardFirst.chunk...end.chunk {
                file.add(indexes[chunk].entries(from: chunk == shardFirst.chunk ? shardFirst.page : 0,
                                                through: chunk == end.chunk ? end.page : nil), of: indexes[chunk])
            }
            file.add("]};\n")
            outputs.append(file)
            shardPages = 0
            shardBytes = 0
        }
        var pageIndex = 0
        for (chunk, index) in indexes.enumerated() {
            for page in 0..<index.pageCount {
                if shardPages == 0 {
                    shardFirst = (chunk, page)
                    shardFirstPage = pageIndex
                }
                shardBytes += index.entrySize(page)
                shardPages += 1
                pageIndex += 1
                if shardBytes >= textShardSize { flushTextShard(through: (chunk, page)) }
            }
        }
        if shardPages > 0 { flushTextShard(through: (indexes.count - 1, indexes.last!.pageCount - 1)) }

        // 6. The manifest.
        let manifest = ByteBuffer()
        manifest.append("// The search index of this site, written by `guide build` (see templates/search.js).\n")
        manifest.append("globalThis.guideSearchIndex = {\"version\":1,\"sections\":")
        manifest.append(decimal: section)
        manifest.append(",\n\"termShards\":[")
        for (index, id) in termShardStarts.enumerated() {
            if index > 0 { manifest.append(0x2C) }
            let (p, n) = terms.term(id)
            manifest.append(0x22)
            manifest.appendEscaped(p, n)
            manifest.append(0x22)
        }
        manifest.append("],\n\"textShards\":[")
        for (index, start) in textShardStarts.enumerated() {
            if index > 0 { manifest.append(0x2C) }
            manifest.append(decimal: start)
        }
        manifest.append("],\n\"pages\":[\n")
        let sectionCounts = indexes.flatMap { chunk in (0..<chunk.pageCount).map(chunk.sectionCount) }
        for (index, page) in pages.enumerated() {
            if index > 0 { manifest.append(",\n") }
            manifest.append(0x5B)
            manifest.appendQuoted(page.language)
            manifest.append(0x2C)
            manifest.appendQuoted(page.chapterTitle)
            manifest.append(0x2C)
            manifest.appendQuoted(page.href)
            manifest.append(0x2C)
            manifest.append(decimal: sectionCounts[index])
            manifest.append(0x5D)
        }
        manifest.append("]};\n")
        let manifestFile = FilePlan(path: manifestPath)
        manifestFile.add(manifest)
        outputs.append(manifestFile)

        let texts = outputs.concurrentMap { $0.bytes }
        var files: [String: [UInt8]] = [:]
        files.reserveCapacity(outputs.count)
        for (output, text) in zip(outputs, texts) { files[output.path] = text }
        return files
    }

    /// `(globalThis.guideSearchShards = globalThis.guideSearchShards || {})["<name>"] = `
    private static func shardHead(_ name: String) -> ByteBuffer {
        let start = ByteBuffer(capacity: 96)
        start.append("(globalThis.guideSearchShards = globalThis.guideSearchShards || {})[\"")
        start.appendString(name)
        start.append("\"] = ")
        return start
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
        let sizes = pages.map { $0.sections().reduce(64) { $0 + $1.heading.utf8.count + $1.text.utf8.count } }
        var ranges: [Range<Int>] = []
        var start = 0, filled = 0
        for (index, size) in sizes.enumerated() {
            filled += size
            if filled >= bytes {
                ranges.append(start..<(index + 1))
                start = index + 1
                filled = 0
            }
        }
        if start < pages.count { ranges.append(start..<pages.count) }
        return ranges
    }

    /// The largest spacing of `chunkRanges`' runs (pages a run holds, on average).
    static let longestRunSpacing: UInt64 = 32

    /// FNV-1a of a path: the same in every run (Swift's `Hasher` is seeded per process).
    private static func pathHash(_ path: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// Runs of terms with about as many postings each, enough to keep all cores busy.
    static func runs(offsets: [Int], size: Int? = nil) -> [Range<Int>] {
        let count = offsets.count - 1
        let target = size ?? max(64 * 1024, (offsets[count] + count) / 32)
        var ranges: [Range<Int>] = []
        var start = 0
        for k in 0..<count where offsets[k + 1] - offsets[start] + (k + 1 - start) >= target {
            ranges.append(start..<(k + 1))
            start = k + 1
        }
        if start < count { ranges.append(start..<count) }
        return ranges
    }

    /// Runs of white space (characters, as `Character.isWhitespace` sees them) as one space, none at
    /// the ends. (The index writes texts with `ByteBuffer.appendCollapsedQuoted`, which falls back on this.)
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
        let out = ByteBuffer(capacity: text.utf8.count + 16)
        out.appendQuoted(text)
        return out.string
    }
}
