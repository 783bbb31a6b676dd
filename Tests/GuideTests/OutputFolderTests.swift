import Foundation
import GuideRender
@testable import GuideWrite
import Testing

/// The output folder is guide's or nobody's, and is swapped in one step.
@Suite struct OutputFolderTests {
    let templates = ["--templates", repositoryRoot + "/templates"]

    @Test func aFolderGuideDidNotWriteIsRefusedWhole() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("docs/index.html", "my own page")
        try folder.write("docs/notes.txt", "my notes")
        try folder.write("docs/sub/keep.txt", "keep")
        let before = try snapshot(folder.path + "/docs")
        let refused = try runGuide(["build", "--no-check", "-o", "docs"] + templates, in: folder.path)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("docs: error: refusing to replace 'docs': guide did not write this folder "
                                        + "(it holds index.html, notes.txt, sub and no .guide-site)"), "\(refused.stderr)")
        #expect(try snapshot(folder.path + "/docs") == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".guide-tmp") || $0.contains(".guide-old") }.isEmpty)

        // Told to, it replaces the folder; from then on the folder is guide's.
        let forced = try runGuide(["build", "--no-check", "-o", "docs", "--force"] + templates, in: folder.path)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(!folder.exists("docs/notes.txt"))
        #expect(try folder.read("docs/.guide-site").contains("written by guide"))
        #expect(try runGuide(["build", "--no-check", "-o", "docs"] + templates, in: folder.path).status == 0)
    }

    @Test func anEmptyFolderOrANewOneIsFine() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try FileManager.default.createDirectory(atPath: folder.path + "/empty", withIntermediateDirectories: true)
        #expect(try runGuide(["build", "--no-check", "-o", "empty"] + templates, in: folder.path).status == 0)
        #expect(try runGuide(["build", "--no-check", "-o", "out/new"] + templates, in: folder.path).status == 0)
        #expect(folder.exists("out/new/index.html") && folder.exists("empty/.guide-site"))
    }

    /// Where a build was killed after moving the old site aside and before the new one took
    /// its name (the fallback where the system has no exchange), the next build puts the
    /// previous site back, even when it fails itself.
    @Test func aSiteMovedAsideByAKilledBuildIsPutBack() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        #expect(try runGuide(["build", "--no-check"] + templates, in: folder.path).status == 0)
        let before = try snapshot(folder.path + "/site")
        // A process id that is not running.
        var dead: Int32 = 999_999
        while kill(dead, 0) == 0 || errno == EPERM { dead -= 1 }
        try FileManager.default.moveItem(atPath: folder.path + "/site", toPath: folder.path + "/.site.guide-old-\(dead)")
        try folder.write("content/zh/second.md", Data([0x23, 0x20, 0xFF, 0x0A]))
        #expect(try runGuide(["build", "--no-check"] + templates, in: folder.path).status != 0)
        #expect(try snapshot(folder.path + "/site") == before)
        #expect(!folder.exists(".site.guide-old-\(dead)"))
    }

    @Test func theNewSiteTakesTheNameInOneExchange() throws {
        let folder = try TempFolder()
        try folder.write("a/x", "new")
        try folder.write("b/y", "old")
        #expect(FolderExchange.exchange(folder.path + "/a", folder.path + "/b"))
        #expect(try folder.read("b/x") == "new")
        #expect(try folder.read("a/y") == "old")
    }

    /// The output may not lie inside the templates or the cache: the next build would read the
    /// old site as templates, or prune it. (Inside the content folder it may: the book's listing
    /// skips it, `OwnFoldersEndToEndTests`.)
    @Test func anOutputInsideAnInputIsRefusedBeforeAnythingIsWritten() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/templates", toPath: folder.path + "/templates")
        for (output, input) in [("templates/x", "templates"), (".guide-cache/site", ".guide-cache")] {
            let result = try runGuide(["build", "--no-check", "-o", output], in: folder.path)
            #expect(result.status != 0)
            #expect(result.stderr.contains("the output folder '\(output)' is inside"), "\(result.stderr)")
            #expect(result.stderr.contains(input))
            #expect(!folder.exists(output))
            #expect(!folder.exists(".guide-cache/facts.pack"))
        }
    }

    /// A watched folder that is the cache itself is refused. One that holds it under its hidden
    /// name (`.guide-cache/` in a book built where it is kept) is not: hidden folders are never
    /// watched (`FolderWatcher`), so no build sets off the next.
    @Test func serveRefusesToWatchItsOwnCache() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try FileManager.default.createDirectory(atPath: folder.path + "/.guide-cache", withIntermediateDirectories: true)
        let result = try runGuide(["serve", "--no-check", "--templates", ".guide-cache", "--port", "0"], in: folder.path, timeout: 20)
        #expect(result.status != 0)
        #expect(result.stderr.contains("the cache folder"), "\(result.stderr)")
        #expect(result.stderr.contains("is inside '.guide-cache', which is watched"))
    }
}
