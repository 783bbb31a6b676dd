import Foundation
import Testing

/// `guide import po` given catalogs a careless or hostile hand edited, on the real binary: what
/// it cannot put back whole is refused at its catalog's line, and nothing is written.
@Suite struct ImportHardeningTests {
    /// A chapter of several paragraphs (`writeSmallBook`'s second one, longer), exported.
    func exportedBook() throws -> TempFolder {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/second.md", "# Second\n\n## End\n\nThe end is near.\n\nIt comes after the first chapter.\n\n"
                         + "Nothing follows it.\n\nThe book is over.\n")
        try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n结尾近了。\n\n它在第一章之后。\n\n其后再无别的。\n\n全书完。\n")
        let export = try runGuide(["export", "po", "-o", "po"], in: folder.path)
        #expect(export.status == 0, "\(export.stderr)")
        return folder
    }

    /// The 1-based line of `text`'s first line equal to `line`.
    func line(of line: String, in text: String) -> Int {
        (text.components(separatedBy: "\n").firstIndex(of: line) ?? -1) + 1
    }

    @Test func twoCatalogsForOneChapterAreRefusedNamingBoth() throws {
        let folder = try exportedBook()
        let catalog = try folder.read("po/second.po")
        try folder.write("po/second.po", catalog.replacingOccurrences(of: "msgstr \"全书完。\"", with: "msgstr \"全书至此完结。\""))
        // A copy (a translator's second attempt), with comments of its own above the header.
        try folder.write("po/second-again.po", "# second attempt\n# by another translator\n"
                         + catalog.replacingOccurrences(of: "msgstr \"全书完。\"", with: "msgstr \"本书完。\""))
        let chinese = try folder.read("content/zh/second.md")

        let result = try runGuide(["import", "po", "po/second.po", "po/intro.po", "po/second-again.po"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("po/second-again.po:3: error: a second catalog for content/zh/second.md "
                                       + "(po/second.po:1 is one already): give import one catalog per chapter"), "\(result.stderr)")
        #expect(result.stderr.contains("po/second.po:1: note: the first catalog for content/zh/second.md"))
        #expect(result.stderr.contains("nothing written"))
        #expect(try folder.read("content/zh/second.md") == chinese)

        // The same catalog twice: the count said two chapters changed.
        let twice = try runGuide(["import", "po", "po/second.po", "./po/second.po"], in: folder.path)
        #expect(twice.status == 1)
        #expect(twice.stderr.contains("./po/second.po:1: error: a second catalog for content/zh/second.md"), "\(twice.stderr)")
        #expect(try folder.read("content/zh/second.md") == chinese)
        // One of them alone goes in.
        let once = try runGuide(["import", "po", "po/second.po"], in: folder.path)
        #expect(once.status == 0 && once.stdout.contains("1 chapters changed"), "\(once.stderr)")
    }
}
