import Foundation
import Testing

/// `guide split` and `guide merge` as a user runs them: nothing of the user's is lost.
@Suite struct DraftCommandTests {
    let english = "Title\r\n=====\r\n* one\r\n* two\r\n\r\n[ref]: https://example.org\r\n"
    let chinese = "标题\n====\n* 一\n* 二\n\n\n见[文档][ref]。"

    func folderWithPair() throws -> TempFolder {
        let folder = try TempFolder()
        try folder.write("en.md", english)
        try folder.write("zh.md", chinese)
        return folder
    }

    func bytes(_ folder: TempFolder, _ name: String) -> Data? {
        FileManager.default.contents(atPath: folder.path + "/" + name)
    }

    @Test func mergeThenSplitGivesBackBothFilesByteForByte() throws {
        let folder = try folderWithPair()
        let merge = try runGuide(["merge", "en.md", "zh.md", "-o", "draft.md"], in: folder.path)
        #expect(merge.status == 0, "\(merge.stderr)")
        let split = try runGuide(["split", "draft.md", "--en", "en2.md", "--zh", "zh2.md"], in: folder.path)
        #expect(split.status == 0, "\(split.stderr)")
        #expect(bytes(folder, "en2.md") == Data(english.utf8))
        #expect(bytes(folder, "zh2.md") == Data(chinese.utf8))
        // Standard output carries the same draft.
        #expect(try runGuide(["merge", "en.md", "zh.md"], in: folder.path).stdout == (try folder.read("draft.md")))
    }

    @Test func anExistingFileIsKeptWithoutForce() throws {
        let folder = try folderWithPair()
        #expect(try runGuide(["merge", "en.md", "zh.md", "-o", "draft.md"], in: folder.path).status == 0)
        try folder.write("old.md", "keep me\n")
        let split = try runGuide(["split", "draft.md", "--en", "new.md", "--zh", "old.md"], in: folder.path)
        #expect(split.status != 0)
        #expect(split.stderr == "old.md: error: the file exists; refusing to write over it (--force replaces it)\n")
        #expect(try folder.read("old.md") == "keep me\n")
        #expect(!folder.exists("new.md"), "nothing is written when one output is refused")

        let merge = try runGuide(["merge", "en.md", "zh.md", "-o", "old.md"], in: folder.path)
        #expect(merge.status != 0)
        #expect(merge.stderr.hasPrefix("old.md: error: the file exists"))
        #expect(try folder.read("old.md") == "keep me\n")
    }

    @Test func forceReplacesAndKeepsTheMode() throws {
        let folder = try folderWithPair()
        #expect(try runGuide(["merge", "en.md", "zh.md", "-o", "draft.md"], in: folder.path).status == 0)
        try folder.write("out-en.md", "old\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: folder.path + "/out-en.md")
        let split = try runGuide(["split", "draft.md", "--en", "out-en.md", "--zh", "out-zh.md", "--force"], in: folder.path)
        #expect(split.status == 0, "\(split.stderr)")
        #expect(bytes(folder, "out-en.md") == Data(english.utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path + "/out-en.md")[.posixPermissions] as? Int
        #expect(mode == 0o640)
        let strays = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("guide-tmp") }
        #expect(strays.isEmpty)
    }

    @Test func bothOutputsOnOneFileAreRefused() throws {
        let folder = try folderWithPair()
        #expect(try runGuide(["merge", "en.md", "zh.md", "-o", "draft.md"], in: folder.path).status == 0)
        let split = try runGuide(["split", "draft.md", "--en", "x.md", "--zh", "./x.md"], in: folder.path)
        #expect(split.status != 0)
        #expect(split.stderr == "./x.md: error: --en and --zh name the same file ('x.md' and './x.md')\n")
        #expect(!folder.exists("x.md"))
    }

    @Test func anOutputThatIsTheDraftThroughALinkIsRefused() throws {
        let folder = try folderWithPair()
        #expect(try runGuide(["merge", "en.md", "zh.md", "-o", "draft.md"], in: folder.path).status == 0)
        let draft = try folder.read("draft.md")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/soft.md", withDestinationPath: "draft.md")
        try FileManager.default.linkItem(atPath: folder.path + "/draft.md", toPath: folder.path + "/hard.md")
        for name in ["soft.md", "hard.md", "./draft.md"] {
            let split = try runGuide(["split", "draft.md", "--en", "out.md", "--zh", name, "--force"], in: folder.path)
            #expect(split.status != 0, "\(name)")
            #expect(split.stderr == "\(name): error: --zh names the draft ('draft.md'); refusing to write over an input\n")
            #expect(try folder.read("draft.md") == draft)
            #expect(!folder.exists("out.md"))
        }
    }

    @Test func mergeRefusesToWriteOverAChapter() throws {
        let folder = try folderWithPair()
        for name in ["./en.md", "zh.md"] {
            let merge = try runGuide(["merge", "en.md", "zh.md", "-o", name, "--force"], in: folder.path)
            #expect(merge.status != 0)
            #expect(merge.stderr.hasPrefix("\(name): error: -o names the \(name == "zh.md" ? "Chinese" : "English") chapter"))
        }
        #expect(bytes(folder, "en.md") == Data(english.utf8))
        #expect(bytes(folder, "zh.md") == Data(chinese.utf8))
    }

    @Test func aMissingFolderOrAFolderIsRefused() throws {
        let folder = try folderWithPair()
        let missing = try runGuide(["merge", "en.md", "zh.md", "-o", "nowhere/draft.md"], in: folder.path)
        #expect(missing.status != 0)
        #expect(missing.stderr.hasPrefix("nowhere/draft.md: error: cannot write the file: the folder"))
        try FileManager.default.createDirectory(atPath: folder.path + "/dir", withIntermediateDirectories: false)
        let directory = try runGuide(["merge", "en.md", "zh.md", "-o", "dir", "--force"], in: folder.path)
        #expect(directory.stderr == "dir: error: -o names a folder, not a file\n")
    }
}
