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

    @Test func aTranslationThatWouldHideTheBlocksAfterItIsRefusedAtItsLine() throws {
        let folder = try exportedBook()
        let catalog = try folder.read("po/second.po")
        let chinese = try folder.read("content/zh/second.md")
        let edits: [(from: String, to: String, says: String)] = [
            // A translator's note left open: a comment from its line to the end of the chapter.
            ("msgstr \"它在第一章之后。\"", "msgstr \"\"\n\"<!-- 译注：待查\\n\"\n\"它在第一章之后。\"",
             "this translation opens an HTML comment that it does not close: it would hide the blocks after it in the chapter "
             + "(close it with `-->`, or leave it out)"),
            ("msgstr \"它在第一章之后。\"", "msgstr \"\"\n\"它在第一章之后。\\n\"\n\"<!--\"",
             "this translation opens an HTML comment that it does not close"),
            ("msgstr \"它在第一章之后。\"", "msgstr \"\"\n\"它在第一章之后。\\n\"\n\"\\n\"\n\"```objc\\n\"\n\"int x;\"",
             "this translation opens a code block that it does not close: it would hide the blocks after it in the chapter "
             + "(end it with a line of ```)"),
            ("msgstr \"它在第一章之后。\"", "msgstr \"<pre>它在第一章之后。\"", "this translation opens an HTML block (<pre…) that it does not close"),
            ("msgstr \"它在第一章之后。\"", "msgstr \"<!-- 它在第一章之后。 -->\"",
             "this translation is an HTML comment where the English is text: the page would not show it"),
        ]
        let line = self.line(of: "msgid \"It comes after the first chapter.\"", in: catalog)
        for (from, to, says) in edits {
            try folder.write("po/second.po", catalog.replacingOccurrences(of: from, with: to))
            let result = try runGuide(["import", "po", "po/second.po"], in: folder.path)
            #expect(result.status == 1, "\(to) was imported")
            #expect(result.stderr.contains("po/second.po:\(line): error: \(says)"), "\(result.stderr)")
            #expect(try folder.read("content/zh/second.md") == chinese)
        }
        // Closed, the same comment goes in, and the page keeps every block after it.
        try folder.write("po/second.po", catalog.replacingOccurrences(of: "msgstr \"它在第一章之后。\"",
                                                                      with: "msgstr \"它在第一章之后。<!-- 译注：待查 -->\""))
        let closed = try runGuide(["import", "po", "po/second.po"], in: folder.path)
        #expect(closed.status == 0, "\(closed.stderr)")
        #expect(try folder.read("content/zh/second.md") == chinese.replacingOccurrences(of: "它在第一章之后。",
                                                                                       with: "它在第一章之后。<!-- 译注：待查 -->"))
    }

    @Test func aTranslationThatWouldTakeInTheNextBlockIsRefused() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        // A heading directly followed by its paragraph: made a paragraph, the heading's translation
        // would take the next line into itself.
        try folder.write("content/en/second.md", "# Second\nThe end.\n")
        try folder.write("content/zh/second.md", "# 第二章\n完。\n")
        #expect(try runGuide(["export", "po", "-o", "po"], in: folder.path).status == 0)
        let catalog = try folder.read("po/second.po")
        try folder.write("po/second.po", catalog.replacingOccurrences(of: "msgstr \"# 第二章\"", with: "msgstr \"第二章\""))
        let result = try runGuide(["import", "po", "po/second.po"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("po/second.po:\(line(of: "msgid \"# Second\"", in: catalog)): error: this translation's "
                                       + "paragraph would take in the block at zh/second.md:2 once put back in the chapter"),
                "\(result.stderr)")
        #expect(try folder.read("content/zh/second.md") == "# 第二章\n完。\n")
    }
}
