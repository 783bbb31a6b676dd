import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `guide export tmx` and `guide export po` given hostile or careless targets and text, on the
/// real binary: nothing of the book is written over, and what they write their readers accept.
@Suite struct ExportHardeningTests {
    /// The book's files, byte for byte.
    func snapshot(_ folder: TempFolder) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let root = folder.path + "/content"
        for case let path as String in FileManager.default.enumerator(atPath: root)! {
            if let data = FileManager.default.contents(atPath: root + "/" + path) { files[path] = data }
        }
        return files
    }

    @Test func anExportNeverWritesOverTheBookEvenWithForce() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("templates/page.mustache", "{{{body}}}\n")
        let before = try snapshot(folder)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/linked.tmx", withDestinationPath: "content/en/second.md")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/po", withDestinationPath: "content/zh")
        #expect(link(folder.path + "/content/zh/intro.md", folder.path + "/hard.tmx") == 0)

        let refused: [(target: String, says: String)] = [
            ("content/en/intro.md", "-o leads inside the content folder"),
            ("content/guide.yml", "-o leads inside the content folder"),
            ("content/new.tmx", "-o leads inside the content folder"),
            ("linked.tmx", "-o leads inside the content folder"),   // a link to a chapter: where it leads counts
            ("templates/page.mustache", "-o leads inside the templates folder"),
            (".guide-cache/book.tmx", "-o leads inside the cache folder"),
            ("hard.tmx", "-o names a chapter"),                      // a hard link to a chapter: by device and inode
        ]
        for (target, says) in refused {
            let result = try runGuide(["export", "tmx", "--force", "-o", target], in: folder.path)
            #expect(result.status == 1, "export tmx -o \(target) was not refused: \(result.stdout)")
            #expect(result.stderr.contains("\(target): error: \(says)"), "\(result.stderr)")
            #expect(try snapshot(folder) == before, "export tmx -o \(target) changed the book")
        }
        #expect(!folder.exists("templates/book.tmx") && !folder.exists(".guide-cache/book.tmx"))

        // PO catalogs: a folder inside the content folder, or a link into it, is refused before any is made.
        for target in ["content/en", "po", "content/po"] {
            let result = try runGuide(["export", "po", "--force", "-o", target], in: folder.path)
            #expect(result.status == 1, "export po -o \(target) was not refused")
            #expect(result.stderr.contains("\(target): error: -o leads inside the content folder"), "\(result.stderr)")
            #expect(try snapshot(folder) == before, "export po -o \(target) changed the book")
        }
        #expect(!folder.exists("content/po"))

        // Outside the book both still write.
        #expect(try runGuide(["export", "tmx", "-o", "book.tmx"], in: folder.path).status == 0)
        #expect(try runGuide(["export", "po", "-o", "catalogs"], in: folder.path).status == 0)
        #expect(folder.exists("book.tmx") && folder.exists("catalogs/intro.po"))
    }

    /// Whether libxml2's parser (through Foundation) reads `text` as a well-formed XML document;
    /// its error when it does not.
    func xmlProblem(_ text: String) -> String? {
        let parser = XMLParser(data: Data(text.utf8))
        return parser.parse() ? nil : "\(parser.parserError.map { "\($0)" } ?? "not well-formed")"
    }

    @Test func theMemoryIsWellFormedXMLWhateverTheChapterHolds() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        // Valid UTF-8 that guide reads, but characters XML 1.0 has no place for.
        try folder.write("content/en/second.md", "# Second\n\n## End\n\nThe end\u{1} is near\u{FFFE}. It comes\u{1B}[2J after\u{FFFF}.\n")
        try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n结尾\u{FFFF}近了。它在\u{8}之后到来。\n")
        for segment in ["sentence", "paragraph"] {
            let result = try runGuide(["export", "tmx", "--all", "--segment", segment, "-o", "\(segment).tmx"], in: folder.path)
            #expect(result.status == 0, "\(result.stderr)")
            let memory = try folder.read("\(segment).tmx")
            #expect(xmlProblem(memory) == nil, "\(segment): \(xmlProblem(memory) ?? "")")
            #expect(memory.contains("The end\u{FFFD} is near\u{FFFD}."), "\(memory)")
            #expect(memory.contains("结尾\u{FFFD}近了。"))
            // Said once per chapter file, at the line of its first such character.
            let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning:") }
            #expect(warnings.count == 2, "\(result.stderr)")
            #expect(result.stderr.contains("content/en/second.md:5: warning: this chapter holds U+0001, which XML 1.0 forbids"))
            #expect(result.stderr.contains("content/zh/second.md:5: warning: this chapter holds U+FFFF, which XML 1.0 forbids"))
        }

        // The sitemap: guide.yml's base URL is the one text of the book it holds as written (a
        // control character there is refused by guide.yml's bounds; U+FFFE is no control).
        let config = try folder.read("content/guide.yml")
        try folder.write("content/guide.yml", config + "\noutput:\n  base_url: \"https://example.org/\\uFFFEbook\"\n")
        let build = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        let sitemap = try folder.read("site/sitemap.xml")
        #expect(xmlProblem(sitemap) == nil, "\(sitemap)")
        #expect(sitemap.contains("https://example.org/\u{FFFD}book/"))
    }

    @Test func whatExportWritesImportReadsForAChapterOfFourAndAHalfMegabytes() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        // Three short paragraphs over and over: per message a reference, quotes and a context
        // outweigh the text, and the catalog is six times the English.
        let pairs = [("Objects talk.", "对象交谈。"), ("Blocks capture.", "块会捕获。"), ("See the list.", "见列表。")]
        var english = "# Second\n", chinese = "# 第二章\n"
        var count = 0
        while english.utf8.count < 4_500_000 {
            english += "\n" + pairs[count % 3].0 + "\n"
            chinese += "\n" + pairs[count % 3].1 + "\n"
            count += 1
        }
        try folder.write("content/en/second.md", english)
        try folder.write("content/zh/second.md", chinese)

        let export = try runGuide(["export", "po", "-o", "po"], in: folder.path)
        #expect(export.status == 0, "\(export.stderr)")
        let size = try FileManager.default.attributesOfItem(atPath: folder.path + "/po/second.po")[.size] as? Int ?? 0
        #expect(size > 16 << 20, "the catalog is \(size) bytes: no larger than a chapter may be")
        let again = try runGuide(["import", "po", "po/second.po"], in: folder.path)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("0 chapters changed"))

        // One translation edited: exactly it changes.
        let catalog = try folder.read("po/second.po")
        try folder.write("po/second.po", catalog.replacingOccurrences(of: "msgstr \"块会捕获。\"", with: "msgstr \"块捕获变量。\"",
                                                                      options: [], range: catalog.range(of: "msgstr \"块会捕获。\"")))
        let edited = try runGuide(["import", "po", "po/second.po"], in: folder.path)
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(try folder.read("content/zh/second.md") == chinese.replacingOccurrences(
            of: "块会捕获。", with: "块捕获变量。", options: [], range: chinese.range(of: "块会捕获。")))
    }

    /// Found writing the `po` fuzz target's promise (what guide writes, it reads back): a
    /// chapter line that starts with a combining mark is a catalog line `"` + the mark, which the
    /// reader took for one character that is no quote, and refused the catalog export wrote.
    @Test func aLineThatStartsWithACombiningMarkComesBack() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/second.md", "# Second\n\nOne line\n\u{301}and an accent first.\n")
        try folder.write("content/zh/second.md", "# 第二章\n\n一行\n\u{301}重音在前。\n")
        #expect(try runGuide(["export", "po", "-o", "po"], in: folder.path).status == 0)
        let catalog = try folder.read("po/second.po")
        #expect(catalog.contains("\n\"\u{301}重音在前。\"\n"))
        let same = try runGuide(["import", "po", "po/second.po"], in: folder.path)
        #expect(same.status == 0 && same.stdout.contains("0 chapters changed"), "\(same.stderr)")
        try folder.write("po/second.po", catalog.replacingOccurrences(of: "\"\u{301}重音在前。\"", with: "\"\u{301}重音在先。\""))
        let edited = try runGuide(["import", "po", "po/second.po"], in: folder.path)
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(try folder.read("content/zh/second.md") == "# 第二章\n\n一行\n\u{301}重音在先。\n")
    }
}
