import GuideModel

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
    public static func build(pages: [SearchPage], termShardSize: Int = defaultTermShardSize,
                             textShardSize: Int = defaultTextShardSize) -> [String: String] {
        var files: [String: String] = [:]

        // Postings: term → entries (section × 2, + 1 when the term is in the heading).
        var postings: [String: [Int]] = [:]
        var section = 0
        for page in pages {
            for part in page.sections {
                let headingTerms = Set(SearchTokenizer.terms(part.heading))
                let allTerms = headingTerms.union(SearchTokenizer.terms(part.text))
                for term in allTerms {
                    postings[term, default: []].append(section * 2 + (headingTerms.contains(term) ? 1 : 0))
                }
                section += 1
            }
        }
        // Sorted as JavaScript compares strings (UTF-16 code units), so the script can binary-search.
        let terms = postings.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }

        var termShardStarts: [String] = []
        var shardTerms: [String] = []
        var shardPostings: [String] = []
        var shardBytes = 0
        func flushTermShard() {
            guard !shardTerms.isEmpty else { return }
            let name = "t\(termShardStarts.count)"
            termShardStarts.append(shardTerms[0])
            files["\(folder)/\(name).js"] = shardScript(name, body:
                "{\"terms\":\(JSString.quote(shardTerms.joined(separator: "\n"))),\"postings\":["
                + shardPostings.map(JSString.quote).joined(separator: ",") + "]}")
            shardTerms.removeAll()
            shardPostings.removeAll()
            shardBytes = 0
        }
        for term in terms {
            let encoded = encode(postings[term]!)
            shardTerms.append(term)
            shardPostings.append(encoded)
            shardBytes += term.utf8.count + encoded.utf8.count + 4
            if shardBytes >= termShardSize { flushTermShard() }
        }
        flushTermShard()

        var textShardStarts: [Int] = []
        var shardPages: [String] = []
        shardBytes = 0
        func flushTextShard(nextPage: Int) {
            guard !shardPages.isEmpty else { return }
            let name = "d\(textShardStarts.count)"
            textShardStarts.append(nextPage - shardPages.count)
            files["\(folder)/\(name).js"] = shardScript(name, body: "{\"pages\":[" + shardPages.joined(separator: ",\n") + "]}")
            shardPages.removeAll()
            shardBytes = 0
        }
        for (index, page) in pages.enumerated() {
            let entry = "[" + page.sections.map { part in
                "[" + [part.id, part.heading, collapseSpaces(part.text)].map(JSString.quote).joined(separator: ",") + "]"
            }.joined(separator: ",") + "]"
            shardPages.append(entry)
            shardBytes += entry.utf8.count
            if shardBytes >= textShardSize { flushTextShard(nextPage: index + 1) }
        }
        flushTextShard(nextPage: pages.count)

        let pageList = pages.map { page in
            "[" + [page.language, page.chapterTitle, page.href].map(JSString.quote).joined(separator: ",")
                + ",\(page.sections.count)]"
        }.joined(separator: ",\n")
        files[manifestPath] = "// The search index of this site, written by `guide build` (see templates/search.js).\n"
            + "globalThis.guideSearchIndex = {\"version\":1,\"sections\":\(section),\n"
            + "\"termShards\":[" + termShardStarts.map(JSString.quote).joined(separator: ",") + "],\n"
            + "\"textShards\":[" + textShardStarts.map(String.init).joined(separator: ",") + "],\n"
            + "\"pages\":[\n" + pageList + "]};\n"
        return files
    }

    private static func shardScript(_ name: String, body: String) -> String {
        "(globalThis.guideSearchShards = globalThis.guideSearchShards || {})[\"\(name)\"] = \(body);\n"
    }

    /// Ascending entries as base-36 gaps: `[3, 10, 11]` → `"3,7,1"`.
    static func encode(_ entries: [Int]) -> String {
        var previous = 0
        var out = ""
        for (index, entry) in entries.enumerated() {
            if index > 0 { out += "," }
            out += String(entry - previous, radix: 36)
            previous = entry
        }
        return out
    }

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
    public static func sections(of blocks: [Block], ids: [Int: String], title: String) -> [SearchSection] {
        var sections: [SearchSection] = []
        var current = SearchSection(id: "", heading: title, text: "")
        for (index, block) in blocks.enumerated() {
            if block.headingLevel != nil, let id = ids[index] {
                if !current.id.isEmpty || !current.text.isEmpty { sections.append(current) }
                current = SearchSection(id: id, heading: block.text, text: "")
            } else if !block.text.isEmpty {
                current.text += current.text.isEmpty ? block.text : " " + block.text
            }
        }
        if !current.id.isEmpty || !current.text.isEmpty { sections.append(current) }
        return sections
    }

    /// Every chapter page of every language, in reading order; `anchors` are the heading ids per
    /// language and chapter path (as `SiteRenderer` computes them).
    public static func pages(for book: Book, anchors: [Language: [String: [Int: String]]]) -> [SearchPage] {
        book.editions.flatMap { edition in
            edition.chapters.map { chapter in
                SearchPage(language: edition.language.code, chapterTitle: chapter.title,
                           href: "\(edition.language.code)/\(chapter.pagePath)",
                           sections: sections(of: chapter.blocks, ids: anchors[edition.language]?[chapter.path] ?? [:],
                                              title: chapter.title))
            }
        }
    }

    /// The index files of a book's chapter pages.
    public static func files(for book: Book, anchors: [Language: [String: [Int: String]]]) -> [String: String] {
        build(pages: pages(for: book, anchors: anchors))
    }
}

/// JSON string literals, which are JavaScript string literals too.
enum JSString {
    static func quote(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
