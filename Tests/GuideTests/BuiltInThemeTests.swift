import Foundation
@testable import GuideRender
import GuideModel
import GuideTheme
import Testing

/// The theme compiled into guide (`BuiltInTheme`): a book needs no templates folder, and one of
/// its own replaces only the files it holds.
@Suite struct BuiltInThemeTests {
    /// templates/'s files by path (hidden ones aside, as `TemplateSet` skips them).
    func templatesFolder() throws -> [String: Data] {
        try snapshot(repositoryRoot + "/templates").filter { !$0.key.hasPrefix(".") }
    }

    /// The list of the theme's files is written out by hand (SwiftPM gives no list): it must be
    /// templates/ exactly, so that a file added there and not to the list fails here.
    @Test func theBuiltInThemeIsTheTemplatesFolder() throws {
        let folder = try templatesFolder()
        #expect(BuiltInTheme.files.map(\.path) == folder.keys.sorted())
        for file in BuiltInTheme.files {
            #expect(folder[file.path] == Data(file.bytes), "\(file.path) differs from templates/\(file.path)")
        }
    }

    @Test func theBuiltInThemeAloneIsTheTemplatesFolderLoaded() throws {
        let builtIn = try TemplateSet(folder: nil)
        let loaded = try TemplateSet(folder: repositoryRoot + "/templates")
        #expect(builtIn.fingerprint == loaded.fingerprint)
        #expect(builtIn.staticFiles == loaded.staticFiles)
        #expect(builtIn.staticFiles["style.css"] != nil && builtIn.library.getTemplate(named: "chapter") != nil)
    }

    /// A folder's file replaces the built-in one of its name (the fingerprint follows), one the
    /// built-in lacks is added, and the rest are the built-in's.
    @Test func aFolderOverridesOnlyTheFilesItHolds() throws {
        let folder = try TempFolder()
        try folder.write("t/style.css", "body { color: red }\n")
        try folder.write("t/extra.css", "p {}\n")
        try folder.write("t/notice.mustache", "Notice\n")
        try folder.write("t/404.mustache", "{{<layout}}{{$main}}Lost{{/main}}{{/layout}}\n")
        let own = try TemplateSet(folder: folder.path + "/t")
        let builtIn = try TemplateSet(folder: nil)
        #expect(own.staticFiles["style.css"] == Array("body { color: red }\n".utf8))
        #expect(own.staticFiles["extra.css"] == Array("p {}\n".utf8))
        #expect(own.staticFiles["guide.js"] == builtIn.staticFiles["guide.js"])
        #expect(own.library.getTemplate(named: "notice") != nil)
        #expect(own.library.getTemplate(named: "chapter") != nil)
        #expect(own.fingerprint != builtIn.fingerprint)
        // The same folder loads to the same set: nothing depends on the order files are listed in.
        #expect(try TemplateSet(folder: folder.path + "/t").fingerprint == own.fingerprint)
    }

    /// A broken override is named by its path, not as the built-in's.
    @Test func anOverridesErrorNamesItsFile() throws {
        let folder = try TempFolder()
        try folder.write("t/chapter.mustache", "line one\n{{#open}}\n")
        let error = #expect(throws: GuideError.self) { try TemplateSet(folder: folder.path + "/t") }
        #expect(error?.location?.file == folder.path + "/t/chapter.mustache")
    }

    // MARK: - The real binary

    /// A book with no templates folder, built as users build it, and the same book built with
    /// `--templates` naming this repository's templates/: every file of the two sites is the same.
    /// Two copies of the book, each with its own cache, so that neither build reuses the other's pages.
    @Test func theBuiltInThemeBuildsTheSameSiteAsTheTemplatesFolder() throws {
        let builtIn = try TempFolder(), named = try TempFolder()
        try writeSmallBook(in: builtIn)
        try writeSmallBook(in: named)
        let first = try runGuide(["build", "--no-check"], in: builtIn.path)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: named.path)
        #expect(second.status == 0, "\(second.stderr)")
        let site = try snapshot(builtIn.path + "/site"), reference = try snapshot(named.path + "/site")
        #expect(site["style.css"] != nil && site["en/intro.html"] != nil)
        #expect(site.keys.sorted() == reference.keys.sorted())
        for (path, bytes) in reference where site[path] != bytes {
            Issue.record("site/\(path) differs between the built-in theme and --templates templates")
        }
    }

    /// templates/ in the working folder is used without --templates: its files replace the
    /// built-in ones, and every other file of the site is what the built-in theme alone makes.
    @Test func aLocalTemplatesFolderOverridesOneFileAndTheBuiltInSuppliesTheRest() throws {
        let plain = try TempFolder(), custom = try TempFolder()
        try writeSmallBook(in: plain)
        try writeSmallBook(in: custom)
        try custom.write("templates/style.css", "body { color: red }\n")
        try custom.write("templates/404.mustache", "{{<layout}}{{$main}}<p>Lost in this book</p>{{/main}}{{/layout}}\n")
        try custom.write("templates/extra.css", "p {}\n")
        #expect(try runGuide(["build", "--no-check"], in: plain.path).status == 0)
        let result = try runGuide(["build", "--no-check"], in: custom.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try custom.read("site/style.css") == "body { color: red }\n")
        #expect(try custom.read("site/extra.css") == "p {}\n")
        let notFound = try custom.read("site/404.html")
        #expect(notFound.contains("<p>Lost in this book</p>") && notFound.contains("style.css"), "\(notFound)")
        let site = try snapshot(custom.path + "/site"), reference = try snapshot(plain.path + "/site")
        #expect(Set(site.keys) == Set(reference.keys).union(["extra.css"]))
        for (path, bytes) in reference where !["style.css", "404.html"].contains(path) && site[path] != bytes {
            Issue.record("site/\(path) is not the built-in theme's")
        }
    }

    /// --templates naming a folder that is not there is an error, as before the built-in theme.
    @Test func anExplicitTemplatesFolderThatIsMissingIsAnError() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let result = try runGuide(["build", "--no-check", "--templates", "mine"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.stderr == "mine: error: the templates folder does not exist\n", "\(result.stderr)")
        #expect(!folder.exists("site"))
    }

    /// `guide serve` on a book with no templates folder: the built-in theme's files are served,
    /// and with only the content folder to watch, a chapter's edit is still rebuilt.
    @Test(.timeLimit(.minutes(1))) func serveWithoutATemplatesFolderServesTheBuiltInTheme() async throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let server = try RunningServer(in: folder, templates: nil)
        defer { server.stop() }
        let base = try await server.address()
        let style = try await fetch(base + "style.css")
        let builtInStyle = try templatesFolder()["style.css"]
        #expect(style.1 == 200 && Data(style.0.utf8) == builtInStyle)
        try folder.write("content/en/second.md", "# Second\n\n## End\n\nThe very end.\n")
        var rebuilt = false
        for _ in 0..<50 where !rebuilt {
            try await Task.sleep(for: .milliseconds(200))
            rebuilt = try await fetch(base + "en/second.html").0.contains("The very end.")
        }
        #expect(rebuilt, "the edit was not rebuilt")
    }

    // MARK: - Writing the theme out

    @Test func writingTheThemeOutWritesEveryFile() throws {
        let folder = try TempFolder()
        let target = folder.path + "/book/theme"
        let written = try BuiltInTheme.write(into: target, force: false)
        let reference = try templatesFolder()
        #expect(written == reference.keys.sorted().map { target + "/" + $0 })
        #expect(try snapshot(target) == reference)
        // What it wrote is a templates folder that builds the built-in site.
        #expect(try TemplateSet(folder: target).fingerprint == (try TemplateSet(folder: nil)).fingerprint)
    }

    @Test func writingTheThemeOutRefusesToWriteOverAFileUnlessForced() throws {
        let folder = try TempFolder()
        try folder.write("theme/style.css", "mine\n")
        let error = #expect(throws: GuideError.self) { try BuiltInTheme.write(into: folder.path + "/theme", force: false) }
        #expect(error?.location?.file == folder.path + "/theme/style.css")
        #expect(error?.message.contains("--force") == true, "\(String(describing: error))")
        #expect(try folder.read("theme/style.css") == "mine\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/theme") == ["style.css"])

        let written = try BuiltInTheme.write(into: folder.path + "/theme", force: true)
        #expect(written.count == BuiltInTheme.files.count)
        #expect(try snapshot(folder.path + "/theme") == (try templatesFolder()))
    }
}
