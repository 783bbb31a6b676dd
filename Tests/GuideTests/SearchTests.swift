import Foundation
import GuideModel
import GuideParse
@testable import GuideRender
import Testing

/// The `node` executable on PATH, if any.
let nodeExecutable: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/node" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

/// Runs node on a script; returns its standard output.
func runNode(_ script: String, in folder: TempFolder) throws -> String {
    try folder.write("run.js", script)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: nodeExecutable!)
    process.arguments = [folder.path + "/run.js"]
    process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
        Issue.record("node failed: \(String(decoding: errorData, as: UTF8.self))")
    }
    return String(decoding: data, as: UTF8.self)
}

/// The object literal a search file assigns, as JSON.
func searchJSON(_ script: String) throws -> Any {
    guard let start = script.range(of: "] = ") ?? script.range(of: "guideSearchIndex = ") else { throw GuideError("no assignment") }
    var body = script[start.upperBound...]
    while body.last == "\n" || body.last == ";" { body = body.dropLast() }
    return try JSONSerialization.jsonObject(with: Data(body.utf8))
}

/// A node script that loads the index in `folder` (as the browser would) and runs `body` with `searcher`.
func nodeSearchScript(_ body: String) -> String {
    """
    const fs = require("fs"), vm = require("vm"), path = require("path");
    const api = require(path.resolve("search.js"));
    vm.runInThisContext(fs.readFileSync("search/index.js", "utf8"));
    const searcher = new api.Searcher(globalThis.guideSearchIndex, (name) => {
      vm.runInThisContext(fs.readFileSync("search/" + name + ".js", "utf8"));
      return globalThis.guideSearchShards[name];
    });
    (async () => { \(body) })().catch((e) => { console.error(e); process.exit(1); });
    """
}

@Suite struct SearchTests {
    static let pages: [SearchPage] = [
        SearchPage(language: "en", chapterTitle: "Inter-Object Communication", href: "en/communication.html", sections: [
            SearchSection(id: "", heading: "Inter-Object Communication", text: "Objects talk to each other."),
            SearchSection(id: "delegate-and-datasource", heading: "Delegate and DataSource",
                          text: "A delegate receives events; use NSNotificationCenter for broadcasts."),
            SearchSection(id: "blocks", heading: "Blocks", text: "Blocks capture self strongly."),
        ]),
        SearchPage(language: "zh", chapterTitle: "对象间的通讯", href: "zh/communication.html", sections: [
            SearchSection(id: "", heading: "对象间的通讯", text: "对象之间需要通讯。"),
            SearchSection(id: "delegate-and-datasource", heading: "委托和数据源", text: "委托模式接收事件，代码块也可以。"),
            SearchSection(id: "blocks", heading: "代码块", text: "代码块会强引用 self。"),
        ]),
        SearchPage(language: "en", chapterTitle: "Naming", href: "en/naming.html", sections: [
            SearchSection(id: "naming", heading: "Naming", text: "Names should be descriptive, not delegates of meaning."),
        ]),
    ]

    @Test func chineseIsIndexedByBigrams() {
        #expect(SearchTokenizer.terms("代码块") == ["代码", "码块", "块"])
        #expect(SearchTokenizer.terms("块") == ["块"])
        #expect(SearchTokenizer.terms("委托，代码。") == ["委托", "托", "代码", "码"])
        #expect(SearchTokenizer.terms("使用NSObject的方法") == ["使用", "用", "nsobject", "ns", "object", "的方", "方法", "法"])
    }

    @Test func otherTextIsIndexedByWords() {
        #expect(SearchTokenizer.terms("Hello, World! It's 2024.") == ["hello", "world", "it", "s", "2024"])
        #expect(SearchTokenizer.terms("NSNotificationCenter") == ["nsnotificationcenter", "ns", "notification", "center"])
        #expect(SearchTokenizer.terms("weak_self doSomething:") == ["weak_self", "weak", "self", "dosomething", "do", "something"])
        #expect(SearchTokenizer.terms("Café ÉCOLE") == ["café", "école"])
    }

    @Test func sectionsFollowTheHeadings() {
        let blocks = MarkdownParser().parse("""
            Intro text.

            # Title

            First paragraph.

            ## Part two

            * item one
            * item two

            ## Empty
            """)
        let ids = HeadingAnchors.slugs(for: ChapterFacts(blocks: blocks).headings)
        let sections = SearchIndex.sections(of: blocks, ids: ids, title: "Chapter")
        #expect(sections.map(\.id) == ["", "title", "part-two", "empty"])
        #expect(sections.map(\.heading) == ["Chapter", "Title", "Part two", "Empty"])
        #expect(sections[0].text == "Intro text.")
        #expect(sections[1].text == "First paragraph.")
        #expect(sections[2].text.contains("item one") && sections[2].text.contains("item two"))
        #expect(sections[3].text == "")
    }

    @Test func indexShape() throws {
        let files = SearchIndex.build(pages: Self.pages)
        #expect(Set(files.keys) == ["search/index.js", "search/t0.js", "search/d0.js"])
        let manifest = try #require(try searchJSON(files["search/index.js"]!) as? [String: Any])
        #expect(files["search/index.js"]!.contains("globalThis.guideSearchIndex = {"))
        #expect(manifest["version"] as? Int == 1)
        #expect(manifest["sections"] as? Int == 7)
        #expect((manifest["termShards"] as? [String])?.count == 1)
        #expect(manifest["textShards"] as? [Int] == [0])
        let pages = try #require(manifest["pages"] as? [[Any]])
        #expect(pages.count == 3)
        #expect(pages[1][0] as? String == "zh" && pages[1][1] as? String == "对象间的通讯"
                && pages[1][2] as? String == "zh/communication.html" && pages[1][3] as? Int == 3)

        let terms = try #require(try searchJSON(files["search/t0.js"]!) as? [String: Any])
        let list = try #require((terms["terms"] as? String)?.split(separator: "\n").map(String.init))
        #expect(list == list.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
        let postings = try #require(terms["postings"] as? [String])
        func sections(of term: String) -> [Int] {
            guard let index = list.firstIndex(of: term) else { return [] }
            var value = 0
            return postings[index].split(separator: ",").map { value += Int($0, radix: 36)!; return value }
        }
        // Entries are section × 2, + 1 where the term is in the heading.
        #expect(sections(of: "代码") == [4 * 2, 5 * 2 + 1])
        #expect(sections(of: "delegate") == [1 * 2 + 1])   // "delegates" is a term of its own
        #expect(sections(of: "notification") == [1 * 2])
        #expect(sections(of: "delegates") == [6 * 2])

        let texts = try #require(try searchJSON(files["search/d0.js"]!) as? [String: Any])
        let textPages = try #require(texts["pages"] as? [[[String]]])
        #expect(textPages.count == 3)
        #expect(textPages[1][2] == ["blocks", "代码块", "代码块会强引用 self。"])
    }

    @Test func outputIsDeterministicAndEscaped() throws {
        var pages = Self.pages
        pages.append(SearchPage(language: "en", chapterTitle: "Quotes \"and\" \\ back", href: "en/q.html", sections: [
            SearchSection(id: "a", heading: "Line\nbreak\u{2028}", text: "Code: if (a < b) { return \"x\"; }\ttab"),
        ]))
        let first = SearchIndex.build(pages: pages)
        #expect(SearchIndex.build(pages: pages) == first)
        let texts = try #require(try searchJSON(first["search/d0.js"]!) as? [String: Any])
        let textPages = try #require(texts["pages"] as? [[[String]]])
        #expect(textPages[3][0] == ["a", "Line\nbreak\u{2028}", "Code: if (a < b) { return \"x\"; } tab"])
        let manifest = try #require(try searchJSON(first["search/index.js"]!) as? [String: Any])
        #expect(((manifest["pages"] as? [[Any]])?[3][1] as? String) == "Quotes \"and\" \\ back")
    }

    @Test func smallShardsSplitTheIndex() throws {
        let files = SearchIndex.build(pages: Self.pages, termShardSize: 64, textShardSize: 64)
        let termShards = files.keys.filter { $0.hasPrefix("search/t") }
        let textShards = files.keys.filter { $0.hasPrefix("search/d") }
        #expect(termShards.count > 3)
        #expect(textShards.count == 3)
        let manifest = try #require(try searchJSON(files["search/index.js"]!) as? [String: Any])
        let starts = try #require(manifest["termShards"] as? [String])
        #expect(starts.count == termShards.count)
        #expect(starts == starts.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
        #expect(manifest["textShards"] as? [Int] == [0, 1, 2])
    }

    @Test(.enabled(if: nodeExecutable != nil, "node is not installed"))
    func queryScriptFindsChineseAndEnglish() throws {
        for shardSize in [SearchIndex.defaultTermShardSize, 48] {
            let folder = try TempFolder()
            for (path, text) in SearchIndex.build(pages: Self.pages, termShardSize: shardSize, textShardSize: shardSize) { try folder.write(path, text) }
            try folder.write("search.js", try String(contentsOfFile: repositoryRoot + "/templates/search.js", encoding: .utf8))
            let output = try runNode(nodeSearchScript("""
                const out = {};
                for (const [query, lang] of [["代码", "zh"], ["delegate", "en"], ["Delegate 事件", "zh"], ["委托模式", "en"],
                                             ["码", "zh"], ["notif", "en"], ["强用", "zh"], ["nothing here", "en"]]) {
                  const r = await searcher.search(query, lang);
                  out[query] = r.groups.map((g) => ({ href: g.page.href, sections: g.sections.map((s) => s.id),
                    marks: g.sections.map((s) => api.excerpt(s.heading + " " + s.text, r.tokens.map((t) => t.text))
                      .filter((p) => p.mark).map((p) => p.text)) }));
                }
                console.log(JSON.stringify(out));
                """), in: folder)
            let results = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: [[String: Any]]])
            func hrefs(_ query: String) -> [String] { results[query]?.compactMap { $0["href"] as? String } ?? [] }
            func sections(_ query: String) -> [[String]] { results[query]?.compactMap { $0["sections"] as? [String] } ?? [] }

            // A two-character Chinese word: its chapter, sections with the heading match first.
            #expect(hrefs("代码") == ["zh/communication.html"], "shard size \(shardSize)")
            #expect(sections("代码") == [["blocks", "delegate-and-datasource"]])
            #expect((results["代码"]?.first?["marks"] as? [[String]])?.first?.allSatisfy { $0 == "代码" } == true)
            // An English word: the preferred language first, the heading match first; prefix matches too.
            #expect(hrefs("delegate") == ["en/communication.html", "en/naming.html"])
            #expect(sections("delegate").first == ["delegate-and-datasource"])
            #expect((results["delegate"]?.first?["marks"] as? [[String]])?.first?.contains("Delegate") == true)
            // Mixed: every token must match (English in a Chinese section).
            #expect(hrefs("Delegate 事件") == [])
            #expect(hrefs("委托模式") == ["zh/communication.html"])
            #expect(sections("委托模式") == [["delegate-and-datasource"]])
            // One character finds every occurrence; a word prefix finds the word.
            #expect(sections("码") == [["blocks", "delegate-and-datasource"]])
            #expect(sections("notif") == [["delegate-and-datasource"]])
            // Bigrams present but not side by side are not a phrase.
            #expect(hrefs("强用") == [])
            #expect(hrefs("nothing here") == [])
        }
    }

    @Test(.enabled(if: nodeExecutable != nil, "node is not installed"))
    func scriptTokenisesLikeTheBuild() throws {
        let samples = ["代码块 blocks", "使用NSNotificationCenter的方法", "weak_self doSomething: 42",
                       "Café ÉCOLE naïve", "全角ＡＢＣ字母", "𠀀𠀁 rare", "ひらがなカタカナ한국어", "URLSession HTTPRequest x2",
                       "二〇一四年 人々 ⼈ㇰ"]
        let folder = try TempFolder()
        try folder.write("search.js", try String(contentsOfFile: repositoryRoot + "/templates/search.js", encoding: .utf8))
        let quoted = samples.map(JSString.quote).joined(separator: ",")
        let output = try runNode("""
            const api = require(require("path").resolve("search.js"));
            console.log(JSON.stringify([\(quoted)].map(api.terms)));
            """, in: folder)
        let fromScript = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String]])
        #expect(fromScript == samples.map(SearchTokenizer.terms))
    }

    @Test func siteHasTheIndexAndTheSearchBox() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let book = try ContentLoader(root: folder.path + "/content").load()
        let site = try SiteRenderer(templatesFolder: repositoryRoot + "/templates").render(book)
        let manifest = try #require(site.wholeFiles["search/index.js"].map { String(decoding: $0, as: UTF8.self) })
        #expect(manifest.contains("\"en/intro.html\"") && manifest.contains("\"zh/intro.html\""))
        #expect(site.wholeFiles["search.js"] != nil && site.wholeFiles["code.js"] != nil)
        let page = String(decoding: site.wholeFiles["zh/intro.html"]!, as: UTF8.self)
        #expect(page.contains("class=\"search\" role=\"search\" data-root=\"../\""))
        #expect(page.contains("<script src=\"../search.js\"></script>"))
        #expect(page.contains("<span class=\"tok-at-keyword\">@interface</span>"))
        #expect(page.contains("class=\"copy-code\""))
    }
}
