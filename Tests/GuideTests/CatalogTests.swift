import Foundation
@testable import GuideExchange
@testable import GuideMerge
import GuideModel
import GuideParse
import Testing

/// PO catalogs of a chapter pair (`guide export po` / `import po`), on hand-made pairs.
@Suite struct CatalogTests {
    static func messages(en: String, zh: String, doubt: [String] = ["【疑问】"]) -> ChapterMessages {
        func chapter(_ text: String, _ language: String) -> Chapter {
            let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
            return Chapter(path: "a.md", displayPath: "content/\(language)/a.md", title: "A", blocks: MarkdownParser().parse(body))
        }
        let review = ChapterReview.make(source: chapter(en, "en"), target: chapter(zh, "zh"), language: Language("zh"),
                                        ledger: AcceptLedger(), doubtMarkers: doubt)
        return ChapterMessages(review: review, english: en, chinese: zh, sourceFile: "en/a.md", targetFile: "zh/a.md")
    }

    static func imported(_ catalog: POCatalog, en: String, zh: String) -> String? {
        try? CatalogImport.apply(catalog, to: messages(en: en, zh: zh), parse: MarkdownParser().parse).get()
    }

    static func catalog(_ messages: ChapterMessages) -> POCatalog {
        POCatalog(header: [("Language", "zh"), ("Content-Type", "text/plain; charset=UTF-8")], messages: messages.messages.map(\.po))
    }

    let en = "# Title\n\nFirst paragraph.\n\n```objc\nint x = 1;\n```\n\nSecond paragraph.\n"
    let zh = "# 标题\n\n第一段。\n\n```objc\nint x = 1;\n```\n\n第二段。【疑问】\n"

    @Test func eachPairIsAMessageAndCodeTheSameInBothIsNone() {
        let messages = Self.messages(en: en, zh: zh).messages.map(\.po)
        #expect(messages.map(\.id) == ["# Title", "First paragraph.", "Second paragraph."])
        #expect(messages.map(\.translation) == ["# 标题", "第一段。", "第二段。【疑问】"])
        #expect(messages[2].references == ["en/a.md:9", "zh/a.md:9"])
        #expect(messages[2].extractedComments.contains { $0.hasPrefix("doubt:") })
        #expect(messages[0].context == nil && messages[0].flags.isEmpty)
    }

    @Test func theTextReadsBackAsItWasWritten() throws {
        var message = POMessage(id: "a \"quoted\" \\ back\nslash\ttab\r\nand \u{1}", translation: "中文\n第二行",
                                context: "2", references: ["en/a.md:3", "zh/a.md:4"], flags: ["fuzzy"],
                                extractedComments: ["doubt: marker 【疑问】", "two\nlines"])
        message.translatorComments = ["mine"]
        let catalog = POCatalog(header: [("Language", "zh"), ("X-Guide-Chapter", "a.md")], messages: [message])
        let read = try POReader.read(catalog.text)
        #expect(read.messages.count == 1)
        var expected = message
        expected.extractedComments = ["doubt: marker 【疑问】", "two", "lines"]
        #expect(read.messages[0] == expected)
        #expect(read.field("x-guide-chapter") == "a.md")
        #expect(read.messages[0].isFuzzy)
    }

    @Test func gettextsWrappingAndObsoleteMessagesAreRead() throws {
        let text = """
            # translator
            msgid ""
            msgstr "Language: zh\\n"

            #: en/a.md:3
            msgid "one "
            "two"
            msgstr ""
            "一"
            "二"

            #~ msgid "gone"
            #~ msgstr "没了"
            """
        let catalog = try POReader.read(text)
        #expect(catalog.messages.map(\.id) == ["one two"])
        #expect(catalog.messages[0].translation == "一二")
        #expect(catalog.messages[0].line == 6)
    }

    @Test func whatIsNotAPOFileIsAnErrorAtItsLine() {
        #expect(throws: POReader.Failure(line: 2, message: "a string without its closing quote")) {
            try POReader.read("msgid \"a\"\nmsgstr \"b\n")
        }
        #expect(throws: POReader.Failure(line: 1, message: "expected msgctxt, msgid, msgstr, a string or a comment")) {
            try POReader.read("hello\n")
        }
        #expect(throws: POReader.Failure(line: 2, message: "plural forms (msgid_plural): guide's catalogs have none")) {
            try POReader.read("msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"b\"\n")
        }
    }

    @Test func anUneditedCatalogGivesBackTheSameBytes() throws {
        let crlf = "\u{FEFF}# 标题\r\n\r\n第一段。\r\n\r\n\r\n第二段。【疑问】"   // a mark, CR LF, no final line end
        let english = "# Title\r\n\r\nFirst paragraph.\r\n\r\nSecond paragraph."
        for (en, zh) in [(en, zh), (english, crlf)] {
            let messages = Self.messages(en: en, zh: zh)
            let catalog = try POReader.read(Self.catalog(messages).text)
            #expect(Self.imported(catalog, en: en, zh: zh) == zh)
        }
    }

    @Test func anEditedMessageChangesExactlyItsBlockInTheFilesLineEnds() throws {
        let zh = "# 标题\r\n\r\n第一段。\r\n\r\n```objc\r\nint x = 1;\r\n```\r\n\r\n第二段。【疑问】\r\n"
        var catalog = Self.catalog(Self.messages(en: en, zh: zh))
        catalog.messages[1].translation = "第一段，\n改过了。"
        #expect(Self.imported(catalog, en: en, zh: zh) == zh.replacingOccurrences(of: "第一段。", with: "第一段，\r\n改过了。"))
    }

    @Test func nToMPairsAreOneMessageOfTheirBlocksAsTheyStand() {
        let en = "# Title\n\nOne long paragraph that the translator made into two.\n\nNext.\n"
        let zh = "# 标题\n\n一段很长的话，\n\n\n分成了两段。\n\n下一段。\n"
        let messages = Self.messages(en: en, zh: zh).messages.map(\.po)
        #expect(messages.map(\.translation).contains("一段很长的话，\n\n\n分成了两段。"))
    }

    @Test func aNewTranslationFillsItsMissingBlockInPlace() throws {
        let en = "# Title\n\nThe first paragraph names `alpha`.\n\nThe second names `beta` and `delta`.\n\nThe third names `gamma`.\n"
        let zh = "# 标题\n\n第一段提到 `alpha`。\n\n第三段提到 `gamma`。\n"
        var catalog = Self.catalog(Self.messages(en: en, zh: zh))
        let second = try #require(catalog.messages.firstIndex { $0.id.contains("beta") })
        #expect(catalog.messages[second].translation.isEmpty)
        catalog.messages[second].translation = "第二段提到 `beta` 和 `delta`。"
        #expect(Self.imported(catalog, en: en, zh: zh)
                == "# 标题\n\n第一段提到 `alpha`。\n\n第二段提到 `beta` 和 `delta`。\n\n第三段提到 `gamma`。\n")
        // Left empty, it is no translation: the chapter stays as it is.
        catalog.messages[second].translation = ""
        #expect(Self.imported(catalog, en: en, zh: zh) == zh)
    }

    /// A chapter kept in several files (a GitBook's sections) is imported as the files read one
    /// after another; the new text comes back cut where they met, each file's bytes its own.
    static func importedFiles(_ catalog: POCatalog, en: String, files: [String]) -> Result<[String], CatalogImport.Refusal> {
        var starts: [Int] = [], offset = 0
        for file in files.dropLast() {
            offset += file.utf8.count
            starts.append(offset)
        }
        return CatalogImport.apply(catalog, to: messages(en: en, zh: files.joined()), fileStarts: starts, parse: MarkdownParser().parse)
    }

    @Test func aChapterOfSeveralFilesIsWrittenBackFileByFile() throws {
        let en = "# Title\n\nThe first paragraph names `alpha`.\n\n## Part\n\nThe second names `beta`.\n\nThe third names `gamma`.\n"
        let files = ["# 标题\n\n第一段提到 `alpha`。\n\n", "## 部分\n\n第三段提到 `gamma`。\n"]
        var catalog = Self.catalog(Self.messages(en: en, zh: files.joined()))
        // Unedited: the same files.
        #expect(try Self.importedFiles(catalog, en: en, files: files).get() == files)
        let first = try #require(catalog.messages.firstIndex { $0.id.contains("alpha") })
        let second = try #require(catalog.messages.firstIndex { $0.id.contains("beta") })
        catalog.messages[first].translation = "第一段说到 `alpha`。"
        catalog.messages[second].translation = "第二段提到 `beta`。"
        // Each edit lands in its own file; the new translation goes after its pair before, in the second file.
        #expect(try Self.importedFiles(catalog, en: en, files: files).get()
                == ["# 标题\n\n第一段说到 `alpha`。\n\n", "## 部分\n\n第二段提到 `beta`。\n\n第三段提到 `gamma`。\n"])
    }

    @Test func aTranslationOfChineseRunningAcrossTwoFilesIsRefused() throws {
        let en = "# Title\n\nOne long paragraph that the translator made into two.\n\nNext.\n"
        let files = ["# 标题\n\n一段很长的话，\n\n", "分成了两段。\n\n下一段。\n"]
        var catalog = Self.catalog(Self.messages(en: en, zh: files.joined()))
        let split = try #require(catalog.messages.firstIndex { $0.translation == "一段很长的话，\n\n分成了两段。" })
        // Unedited, it imports as it is.
        #expect(try Self.importedFiles(catalog, en: en, files: files).get() == files)
        catalog.messages[split].translation = "一段很长的话，分成了两段。"
        guard case .failure(let refusal) = Self.importedFiles(catalog, en: en, files: files) else {
            Issue.record("a translation replacing Chinese of two files was imported")
            return
        }
        #expect(refusal.problems.count == 1)
        #expect(refusal.problems[0].message.contains("runs across two of the chapter's files"))
    }

    @Test func chineseOnlyBlocksAreKeptAndQuoted() throws {
        let en = "# Title\n\nFirst.\n\nSecond.\n"
        let zh = "# 标题\n\n第一。\n\n译者注：这是译者加的。\n\n第二。\n"
        let messages = Self.messages(en: en, zh: zh)
        #expect(messages.messages.map(\.po.id) == ["# Title", "First.", "Second."])
        #expect(messages.messages[2].po.extractedComments.contains { $0.contains("译者注") })
        var catalog = Self.catalog(messages)
        catalog.messages[2].translation = "第 2。"
        #expect(Self.imported(catalog, en: en, zh: zh) == "# 标题\n\n第一。\n\n译者注：这是译者加的。\n\n第 2。\n")
    }

    @Test func repeatedEnglishIsToldApartByContext() throws {
        let en = "# Title\n\nNot:\n\nA.\n\nNot:\n\nB.\n"
        let zh = "# 标题\n\n错误：\n\n甲。\n\n不要：\n\n乙。\n"
        let messages = Self.messages(en: en, zh: zh).messages.map(\.po)
        #expect(messages.filter { $0.id == "Not:" }.map(\.context) == [nil, "2"])
        var catalog = Self.catalog(Self.messages(en: en, zh: zh))
        catalog.messages[3].translation = "不应："
        #expect(Self.imported(catalog, en: en, zh: zh) == zh.replacingOccurrences(of: "不要：", with: "不应："))
    }

    @Test func aMessageWhoseEnglishChangedIsStaleAndNothingIsImported() throws {
        var catalog = Self.catalog(Self.messages(en: en, zh: zh))
        catalog.messages[1].translation = "改过了。"
        let read = try POReader.read(catalog.text)
        let changed = en.replacingOccurrences(of: "First paragraph.", with: "The first paragraph.")
        let result = CatalogImport.apply(read, to: Self.messages(en: changed, zh: zh), parse: MarkdownParser().parse)
        guard case .failure(let refusal) = result else { Issue.record("a stale catalog was applied"); return }
        #expect(refusal.problems.map(\.line) == [read.messages[1].line])
    }

    @Test func theMemoryHoldsTheTranslationsATranslatorStandsBy() throws {
        let messages = Self.messages(en: en, zh: zh)
        var memory = TranslationMemory(sourceLanguage: "en", targetLanguage: "zh")
        memory.add(messages, all: false)
        #expect(memory.units.map(\.source) == ["# Title", "First paragraph."])   // the doubtful pair is left out
        var everything = TranslationMemory(sourceLanguage: "en", targetLanguage: "zh")
        everything.add(messages, all: true)
        #expect(everything.units.count == 3)
        let text = everything.text
        #expect(text.contains("<tuv xml:lang=\"zh\">"))
        #expect(text.contains("<seg>第二段。【疑问】</seg>"))
        #expect(text == everything.text)
        #expect(XMLCharacters.replacingForbidden("a\u{1}b\tc\n\u{FFFE}\u{FFFF}\u{FFFD}\u{7F}") == "a\u{FFFD}b\tc\n\u{FFFD}\u{FFFD}\u{FFFD}\u{7F}")
        #expect(XMLCharacters.firstForbidden(in: "a\r\nb\rc\n\u{FFFF}")?.line == 4)
    }
}
