import Foundation
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
}
