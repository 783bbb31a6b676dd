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
}
