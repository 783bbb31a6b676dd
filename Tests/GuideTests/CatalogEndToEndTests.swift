import Foundation
import Testing

/// `guide export po` and `guide import po`, the real binary, with gettext's own tools editing
/// and checking the catalogs between them (Debian's `gettext`, installed by the test command).
@Suite struct CatalogEndToEndTests {
    /// Runs a gettext tool, failing the test when it fails.
    @discardableResult
    func gettext(_ tool: String, _ arguments: [String], in directory: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(tool) \(arguments): \(said)")
        return said
    }

    func files(_ folder: TempFolder, _ paths: [String]) -> [Data?] {
        paths.map { FileManager.default.contents(atPath: folder.path + "/" + $0) }
    }

    @Test func theSeedChapterGoesThroughGettextAndBack() throws {
        let folder = try TempFolder()
        try FileManager.default.copyItem(atPath: repositoryRoot + "/content", toPath: folder.path + "/content")
        let chapters = ["content/en/inter-object-communication.md", "content/zh/inter-object-communication.md"]
        let original = files(folder, chapters)

        let export = try runGuide(["export", "po", "-o", "po"], in: folder.path)
        #expect(export.status == 0, "\(export.stderr)")
        let catalog = "po/inter-object-communication.po"
        let first = try folder.read(catalog)
        #expect(first.contains("\nmsgid \"You should do this because:\"\nmsgstr \"以下是你应该这样做的原因：\"\n"))
        #expect(first.contains("#, fuzzy") == false)   // nothing of the seed chapter is stale
        // gettext accepts it as it is, and guide writes the same catalog again.
        let said = try gettext("msgfmt", ["--check-format", "-c", "-o", "/dev/null", catalog], in: folder.path)
        #expect(said.isEmpty, "\(said)")
        #expect(try runGuide(["export", "po", "-o", "po", "--force"], in: folder.path).status == 0)
        #expect(try folder.read(catalog) == first)
        // Refused without --force: the catalog is there.
        #expect(try runGuide(["export", "po", "-o", "po"], in: folder.path).status == 1)

        // No edit: the chapters come back byte for byte, also after msgcat rewraps every string.
        try gettext("msgcat", ["-w", "30", catalog, "-o", "wrapped.po"], in: folder.path)
        for file in [catalog, "wrapped.po"] {
            let again = try runGuide(["import", "po", file], in: folder.path)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stdout.contains("0 chapters changed"))
            #expect(files(folder, chapters) == original)
        }

        // One translation edited with gettext's msgfilter (a doubt added): exactly that line changes.
        let reviewBefore = try runGuide(["review", "--no-check"], in: folder.path)
        #expect(!reviewBefore.stdout.contains("zh/inter-object-communication.md:18: warning: doubt"))
        try gettext("msgfilter", ["-i", catalog, "-o", "edited.po", "sed", "-e", "s/以下是你应该这样做的原因：/这样做的原因如下：【疑问】/"],
                    in: folder.path)
        let imported = try runGuide(["import", "po", "edited.po"], in: folder.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let chinese = try folder.read(chapters[1])
        let before = String(decoding: original[1]!, as: UTF8.self)
        #expect(chinese == before.replacingOccurrences(of: "以下是你应该这样做的原因：", with: "这样做的原因如下：【疑问】"))
        #expect(files(folder, [chapters[0]]) == [original[0]])
        // The review reads the chapter as imported: the translator's doubt is a finding at its line.
        let review = try runGuide(["review", "--no-check"], in: folder.path)
        #expect(review.stdout.contains("zh/inter-object-communication.md:18: warning: doubt"), "\(review.stdout)")
    }

    @Test func aStaleCatalogIsRefusedAndNothingIsWritten() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        #expect(try runGuide(["export", "po", "-o", "po"], in: folder.path).status == 0)
        let catalog = try folder.read("po/second.po")
        try folder.write("po/second.po", catalog.replacingOccurrences(of: "msgstr \"完。\"", with: "msgstr \"全文完。\""))
        try folder.write("content/en/second.md", "# Second\n\n## End\n\nThe very end.\n")
        let chinese = try folder.read("content/zh/second.md")
        let result = try runGuide(["import", "po", "po/second.po", "po/intro.po"], in: folder.path)
        #expect(result.status == 1)
        let line = catalog.components(separatedBy: "\n").firstIndex(of: "msgid \"The end.\"").map { $0 + 1 }
        #expect(line != nil && result.stderr.contains("po/second.po:\(line!): error: the English of this message is no longer in the chapter"),
                "\(result.stderr)")
        #expect(result.stderr.contains("nothing written"))
        #expect(try folder.read("content/zh/second.md") == chinese)
    }

    @Test func aMissingBlockTranslatedInTheCatalogIsFilledInPlace() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/second.md", "# Second\n\n## End\n\nThe end names `alpha`.\n\nAn afterword names `beta`.\n")
        try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n完，提到 `alpha`。\n")
        #expect(try runGuide(["export", "po", "-o", "po"], in: folder.path).status == 0)
        let catalog = try folder.read("po/second.po")
        #expect(catalog.contains("msgid \"An afterword names `beta`.\"\nmsgstr \"\"\n"))
        // msgattrib sees it as untranslated; a translator fills it in.
        let untranslated = try gettext("msgattrib", ["--untranslated", "po/second.po", "-o", "untranslated.po"], in: folder.path)
        #expect(untranslated.isEmpty)
        #expect(try folder.read("untranslated.po").contains("An afterword"))
        try folder.write("po/second.po", catalog.replacingOccurrences(
            of: "msgid \"An afterword names `beta`.\"\nmsgstr \"\"", with: "msgid \"An afterword names `beta`.\"\nmsgstr \"后记提到 `beta`。\""))
        let result = try runGuide(["import", "po", "po/second.po"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try folder.read("content/zh/second.md") == "# 第二章\n\n## 结束\n\n完，提到 `alpha`。\n\n后记提到 `beta`。\n")
    }

    /// A TMX file as guide writes it (libxml2's pretty print): the expected bytes, by hand.
    static func tmx(segtype: String, _ units: [(note: String, en: String, zh: String)]) -> String {
        var text = """
            <?xml version="1.0" encoding="utf-8" standalone="no"?>
            <tmx version="1.4">
              <header creationtool="guide" creationtoolversion="1" segtype="\(segtype)" o-tmf="guide" adminlang="en" srclang="en" datatype="plaintext"></header>
              <body>

            """
        for unit in units {
            text += """
                    <tu>
                      <note>\(unit.note)</note>
                      <tuv xml:lang="en">
                        <seg>\(unit.en)</seg>
                      </tuv>
                      <tuv xml:lang="zh">
                        <seg>\(unit.zh)</seg>
                      </tuv>
                    </tu>

                """
        }
        return text + "  </body>\n</tmx>\n\n"
    }

    @Test func theMemoryIsSentenceBySentenceAndParagraphsAsBefore() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/second.md", "# Second\n\n## End\n\nThe end is near. It comes after the first chapter.\n\n"
                         + "Version 42 of the compiler rewrote `main.m` from scratch.\n\nA doubtful sentence is here.\n")
        try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n结尾近了。它在第一章之后到来。\n\n编译器重写了。\n\n这里有一句存疑的话。【疑问】\n")
        let intro: [(note: String, en: String, zh: String)] = [
            ("en/intro.md:1", "Intro", "介绍"), ("en/intro.md:3", "Hello **world**.", "你好，**世界**。"),
            ("en/intro.md:5", "Blocks", "代码块"), ("en/intro.md:7", "See [next](second.md#end).", "见[下一章](second.md#end)。"),
            ("en/second.md:1", "Second", "第二章"), ("en/second.md:3", "End", "结束"),
        ]

        // By default: sentence units, without the low-confidence pair (the Chinese drops the version
        // and the file) and the doubtful one.
        let sentences = try runGuide(["export", "tmx"], in: folder.path)
        #expect(sentences.status == 0, "\(sentences.stderr)")
        #expect(sentences.stdout == "wrote 8 translation units (en → zh, sentences) into book.tmx\n")
        #expect(try folder.read("book.tmx") == Self.tmx(segtype: "sentence", intro + [
            ("en/second.md:5", "The end is near.", "结尾近了。"),
            ("en/second.md:5", "It comes after the first chapter.", "它在第一章之后到来。"),
        ]))
        // Refused without --force; the same bytes again with it.
        #expect(try runGuide(["export", "tmx"], in: folder.path).status == 1)
        let again = try runGuide(["export", "tmx", "--segment", "sentence", "--force"], in: folder.path)
        #expect(again.status == 0 && again.stdout.contains("8 translation units"))

        // --all: the low-confidence pair and the doubtful one too.
        let all = try runGuide(["export", "tmx", "--all", "-o", "all.tmx"], in: folder.path)
        #expect(all.status == 0, "\(all.stderr)")
        #expect(try folder.read("all.tmx") == Self.tmx(segtype: "sentence", intro + [
            ("en/second.md:5", "The end is near.", "结尾近了。"),
            ("en/second.md:5", "It comes after the first chapter.", "它在第一章之后到来。"),
            ("en/second.md:7", "Version 42 of the compiler rewrote `main.m` from scratch.", "编译器重写了。"),
            ("en/second.md:9", "A doubtful sentence is here.", "这里有一句存疑的话。"),   // the marker: a sentence of its own, paired with nothing
        ]))

        // --segment paragraph: the bytes guide wrote before sentence units (checked against its
        // previous build), one unit per pair, markdown and all.
        let paragraphUnits: [(note: String, en: String, zh: String)] = [
            ("en/intro.md:1", "# Intro", "# 介绍"), ("en/intro.md:3", "Hello **world**.", "你好，**世界**。"),
            ("en/intro.md:5", "## Blocks", "## 代码块"), ("en/intro.md:7", "See [next](second.md#end).", "见[下一章](second.md#end)。"),
            ("en/second.md:1", "# Second", "# 第二章"), ("en/second.md:3", "## End", "## 结束"),
            ("en/second.md:5", "The end is near. It comes after the first chapter.", "结尾近了。它在第一章之后到来。"),
            ("en/second.md:7", "Version 42 of the compiler rewrote `main.m` from scratch.", "编译器重写了。"),
        ]
        let paragraphs = try runGuide(["export", "tmx", "--segment", "paragraph", "-o", "p.tmx"], in: folder.path)
        #expect(paragraphs.status == 0, "\(paragraphs.stderr)")
        #expect(try folder.read("p.tmx") == Self.tmx(segtype: "paragraph", paragraphUnits))
        #expect(try runGuide(["export", "tmx", "--segment", "paragraph", "--all", "-o", "pa.tmx"], in: folder.path).status == 0)
        #expect(try folder.read("pa.tmx") == Self.tmx(segtype: "paragraph", paragraphUnits + [
            ("en/second.md:9", "A doubtful sentence is here.", "这里有一句存疑的话。【疑问】"),
        ]))
        #expect(try runGuide(["export", "tmx", "--segment", "word", "-o", "w.tmx"], in: folder.path).status != 0)
    }
}
