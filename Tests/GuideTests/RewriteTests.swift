import Foundation
@testable import GuideFiles
import GuideModel
import Testing

/// Rewriting a file changes only its text: mode and owner stay, a link inside the content is
/// written through (and stays a link), one leading outside is refused, and a file saved by
/// someone else after guide read it is not written over.
@Suite struct RewriteTests {
    let chapter = "# 第二章\n\n## 结束\n\n完。用Swift写。\n"

    @Test func fixSpacingKeepsModeAndOwner() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let path = folder.path + "/content/zh/second.md"
        try folder.write("content/zh/second.md", chapter)
        chmod(path, 0o640)
        let isRoot = getuid() == 0
        if isRoot { chown(path, 1234, 4321) }
        let result = try runGuide(["fix-spacing"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try folder.read("content/zh/second.md").contains("用 Swift 写"))
        var status = stat()
        stat(path, &status)
        #expect(status.st_mode & 0o7777 == 0o640)
        if isRoot { #expect(status.st_uid == 1234 && status.st_gid == 4321) }
    }

    /// A killed run's staged copy of a file (its process gone) is swept when the file is next
    /// written; a copy a running process is staging is left alone.
    @Test func aKilledRunsStagedCopiesAreSwept() throws {
        let folder = try TempFolder()
        try folder.write("a.md", "old\n")
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = folder.path + "/.a.md.guide-tmp-\(gone.processIdentifier)-7"
        let running = folder.path + "/.a.md.guide-tmp-1-7"   // pid 1 is always running
        let other = folder.path + "/.b.md.guide-tmp-\(gone.processIdentifier)-7"   // another file's: not this write's to sweep
        for path in [dead, running, other] { try "half".write(toFile: path, atomically: false, encoding: .utf8) }
        try OutputFiles.write([(path: folder.path + "/a.md", text: "new\n")])
        #expect(try folder.read("a.md") == "new\n")
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: running))
        #expect(FileManager.default.fileExists(atPath: other))
    }

    @Test func aLinkInsideTheContentIsWrittenThrough() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/zh/parts/second.md", chapter)
        try FileManager.default.removeItem(atPath: folder.path + "/content/zh/second.md")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/content/zh/second.md",
                                                   withDestinationPath: "parts/second.md")
        let result = try runGuide(["fix-spacing"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/content/zh/second.md")
                == "parts/second.md")
        #expect(try folder.read("content/zh/parts/second.md").contains("用 Swift 写"))
    }

    @Test func aLinkOutsideTheContentIsRefused() throws {
        let folder = try TempFolder()
        try folder.write("content/zh/second.md", chapter)
        try folder.write("outside.md", chapter)
        try FileManager.default.removeItem(atPath: folder.path + "/content/zh/second.md")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/content/zh/second.md",
                                                   withDestinationPath: folder.path + "/outside.md")
        #expect(throws: GuideError.self) {
            try OutputFiles.write([(folder.path + "/content/zh/second.md", "new")],
                                  inside: ConfinedFolder(folder.path + "/content", role: "the content folder"))
        }
        #expect(try folder.read("outside.md") == chapter)
    }

    @Test func aFileChangedSinceItWasReadIsNotWrittenOver() throws {
        let folder = try TempFolder()
        try folder.write("a.md", "saved by the user\n")
        let path = folder.path + "/a.md"
        #expect(throws: GuideError("the file changed on disk after guide read it; nothing written (run the command again)",
                                   file: path)) {
            try OutputFiles.write([(path, "guide's rewrite\n")], read: [path: Array("what guide read\n".utf8)])
        }
        #expect(try folder.read("a.md") == "saved by the user\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.md"])
        try OutputFiles.write([(path, "guide's rewrite\n")], read: [path: Array("saved by the user\n".utf8)])
        #expect(try folder.read("a.md") == "guide's rewrite\n")
    }

    @Test func reviewAcceptKeepsTheLedgersModeAndOwner() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/zh.accepted", "")
        let path = folder.path + "/content/zh.accepted"
        chmod(path, 0o600)
        if getuid() == 0 { chown(path, 1234, 4321) }
        let result = try runGuide(["review", "--accept", "--no-check"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        var status = stat()
        stat(path, &status)
        #expect(status.st_mode & 0o7777 == 0o600)
        if getuid() == 0 { #expect(status.st_uid == 1234 && status.st_gid == 4321) }
        #expect(try !folder.read("content/zh.accepted").isEmpty)
    }
}
