import Foundation
@testable import GuideParse
import Testing

/// guide's own folders (its site, its templates) inside the content folder are never read as
/// the book's files: a book built where it is kept once published its previous site inside the
/// next (`site/site/…`) and its `templates/` as a shared asset folder.
@Suite struct OwnFoldersEndToEndTests {
    /// The reproduction: `languages:` without `editions:`, guide.yml in the working folder, a
    /// shared `images/`, and the theme written out by `guide init --theme`.
    func writeBookKeptHere(_ folder: TempFolder, within: String = ".") throws {
        try writeSmallBook(in: folder, root: within)
        try folder.write(within + "/images/a.txt", "x\n")
        let theme = try runGuide(["init", "--theme"], in: folder.path + "/" + within)
        #expect(theme.status == 0, "\(theme.stderr)")
        #expect(folder.exists(within + "/templates/style.css"))
    }

    @Test func twoBuildsWhereTheBookIsKeptGiveTheSameSite() throws {
        let folder = try TempFolder()
        try writeBookKeptHere(folder)
        let first = try runGuide(["build", "--no-check"], in: folder.path)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try snapshot(folder.path + "/site")
        let second = try runGuide(["build", "--no-check"], in: folder.path)
        #expect(second.status == 0, "\(second.stderr)")
        let after = try snapshot(folder.path + "/site")
        #expect(after.keys.sorted() == before.keys.sorted())
        #expect(after == before)
        #expect(folder.exists("site/images/a.txt"), "the shared folder is still published")
        let published = after.keys.filter { $0.hasPrefix("site/") || $0.hasPrefix("templates/") }.sorted()
        #expect(published.isEmpty, "guide's own folders were published: \(published.prefix(5))")
    }

    /// Hugo's and mdBook's way: an output folder inside the content folder is skipped. One that
    /// is the content folder, or holds a language folder, stays refused, and nothing is lost.
    @Test func anOutputInsideTheContentIsSkippedAndOneHoldingItRefused() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/images/a.txt", "x\n")
        let templates = ["--no-check", "--templates", repositoryRoot + "/templates"]
        for _ in 0..<2 {
            let run = try runGuide(["build", "-o", "content/out"] + templates, in: folder.path)
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(folder.exists("content/out/images/a.txt") && folder.exists("content/out/en/intro.html"))
        #expect(!folder.exists("content/out/out"))

        let chapters = try snapshot(folder.path + "/content/en")
        for output in ["content", "content/en"] {
            let refused = try runGuide(["build", "-o", output, "--force"] + templates, in: folder.path)
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("\(output): error: refusing to replace '\(output)': it holds"), "\(refused.stderr)")
        }
        #expect(try snapshot(folder.path + "/content/en") == chapters)
    }

    /// A `guide build` writing `site/` inside the folder `guide serve` watches starts no rebuild.
    @Test(.timeLimit(.minutes(2))) func serveDoesNotWatchTheSiteInsideTheBook() async throws {
        let folder = try TempFolder()
        // The book in book/, the server's log beside it (a log inside the book would be a change).
        try writeBookKeptHere(folder, within: "book")
        let server = try RunningServer(in: folder, templates: nil, within: "book")
        defer { server.stop() }
        let address = try await server.address()
        func builds() throws -> Int { try folder.read("serve.log").components(separatedBy: "built ").count - 1 }
        #expect(try builds() == 1)
        let build = try runGuide(["build", "--no-check"], in: folder.path + "/book")
        #expect(build.status == 0, "\(build.stderr)")
        // Past the watcher's poll for missed events (`PreviewServer.missedEventInterval`, 3 s).
        try await Task.sleep(for: .seconds(5))
        let log = try folder.read("serve.log")
        #expect(try builds() == 1, "\(log)")
        let (_, status) = try await fetch(address + "site/index.html")
        #expect(status == 404)
        // A change to the book still does.
        try folder.write("book/en/second.md", "# Second\n\n## End\n\nThe very end.\n")
        for _ in 0..<100 where try builds() < 2 { try await Task.sleep(for: .milliseconds(100)) }
        #expect(try builds() == 2)
    }
}

/// `OwnFolders` compares paths as written and with links resolved.
@Suite struct OwnFoldersTests {
    @Test func ownFoldersBelowAFolderAreFoundByEitherPath() throws {
        let folder = try TempFolder()
        try folder.write("book/en/a.md", "# A\n")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link", withDestinationPath: folder.path + "/book")
        let own = OwnFolders([folder.path + "/book/site", folder.path + "/link/templates", folder.path + "/elsewhere", folder.path + "/book"])
        #expect(own.relative(to: folder.path + "/book") == ["site", "templates"])
        #expect(own.relative(to: folder.path + "/link/") == ["site", "templates"])
        #expect(OwnFolders(["site"]).relative(to: ".") == ["site"])
        #expect(OwnFolders(["../site"]).relative(to: ".").isEmpty)
    }
}
