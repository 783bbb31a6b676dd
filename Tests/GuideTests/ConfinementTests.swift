import Foundation
import GuideCheck
@testable import GuideFiles
import GuideModel
import Testing

/// Nothing outside the book gets in: every kind of file guide reads, reached through a link
/// (the file itself or a folder on the way) that leads outside its folder, is refused, naming
/// the path, and its text never reaches the output, the terminal or the site.
@Suite struct ConfinementTests {
    static let secret = "TOP-SECRET-4242"

    /// A small book beside a folder `outside/` holding files with the secret, and a link
    /// `content/.linkdir -> outside` (hidden: not an asset folder, so only what names it reaches it).
    func book() throws -> TempFolder {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        for name in ["secret.h", "guide.yml", "glossary.yml", "zh.accepted", "ctx.h", "style.css", "x.png",
                     "chapter.md", "layout.mustache"] {
            try folder.write("outside/\(name)", "int x = 1; // \(Self.secret)\n")
        }
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/content/.linkdir",
                                                   withDestinationPath: folder.path + "/outside")
        return folder
    }

    func link(_ folder: TempFolder, _ path: String, to target: String) throws {
        try? FileManager.default.removeItem(atPath: folder.path + "/" + path)
        try FileManager.default.createDirectory(atPath: folder.path + "/" + PathText.parent(path),
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/" + path, withDestinationPath: target)
    }

    func build(_ folder: TempFolder, templates: String = repositoryRoot + "/templates") throws -> RunResult {
        try runGuide(["build", "--no-check", "--templates", templates], in: folder.path)
    }

    func expectRefused(_ result: RunResult, naming path: String, in folder: TempFolder,
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(result.status != 0, sourceLocation: sourceLocation)
        #expect(result.stderr.contains("\(path): error: refused: a link on this path leads outside"),
                "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(!(result.stdout + result.stderr).contains(Self.secret), sourceLocation: sourceLocation)
        #expect(!folder.exists("site"), sourceLocation: sourceLocation)
    }

    /// The loader resolves each chapter folder once for its many files: the same real paths,
    /// and so the same verdicts, as resolving each file whole.
    @Test func aFolderResolvedOnceGivesEachFilesRealPath() throws {
        let folder = try book()
        try folder.write("content/en/sub/plain.md", "x")
        try link(folder, "content/en/leak.md", to: "../.linkdir/chapter.md")
        try link(folder, "content/en/linked", to: "../.linkdir")
        try link(folder, "content/en/inside.md", to: "intro.md")
        let confined = ConfinedFolder(folder.path + "/content", role: "the content folder")
        var folders: [String: String] = [:]
        for path in ["content/en/intro.md", "content/en/sub/plain.md", "content/en/leak.md", "content/en/linked/chapter.md",
                     "content/en/inside.md", "content/en/missing.md", "content/en/sub/../intro.md", "content/en/./intro.md"] {
            let file = folder.path + "/" + path
            #expect(ConfinedFolder.realPath(file, folders: &folders) == ConfinedFolder.realPath(file), "\(path)")
            #expect(confined.contains(file, folders: &folders) == confined.contains(file), "\(path)")
        }
        #expect(!confined.contains(folder.path + "/content/en/leak.md", folders: &folders))
        #expect(!confined.contains(folder.path + "/content/en/linked/chapter.md", folders: &folders))
        #expect(folders[folder.path + "/content/en"] == ConfinedFolder.realPath(folder.path + "/content/en"))
    }

    @Test func theBooksOwnFilesThroughALinkedFolder() throws {
        for (path, target, shown) in [
            ("content/guide.yml", ".linkdir/guide.yml", "content/guide.yml"),
            ("content/glossary.yml", ".linkdir/glossary.yml", "content/glossary.yml"),
            ("content/zh.accepted", ".linkdir/zh.accepted", "content/zh.accepted"),
            ("content/en/second.md", "../.linkdir/chapter.md", "content/en/second.md"),
            ("content/en/images/x.png", "../../.linkdir/x.png", "content/en/images/x.png"),
        ] {
            let folder = try book()
            try link(folder, path, to: target)
            expectRefused(try build(folder), naming: shown, in: folder)
        }
    }

    @Test func aLanguageFolderThatIsALinkOutside() throws {
        let folder = try book()
        try FileManager.default.moveItem(atPath: folder.path + "/content/zh", toPath: folder.path + "/outside/zh")
        try link(folder, "content/zh", to: folder.path + "/outside/zh")
        expectRefused(try build(folder), naming: "content/zh/SUMMARY.md", in: folder)
    }

    @Test func aFolderLinkOutside() throws {
        for path in ["content/en/pictures", "content/shared"] {
            let folder = try book()
            try link(folder, path, to: folder.path + "/outside")
            expectRefused(try build(folder), naming: path, in: folder)
        }
    }

    @Test func templatesAndTheirAssets() throws {
        for path in ["templates/style.css", "templates/layout.mustache"] {
            let folder = try book()
            try FileManager.default.copyItem(atPath: repositoryRoot + "/templates", toPath: folder.path + "/templates")
            try link(folder, "linked", to: folder.path + "/outside")
            try link(folder, path, to: "../linked/" + PathText.lastComponent(path))
            expectRefused(try build(folder, templates: folder.path + "/templates"), naming: folder.path + "/" + path,
                          in: folder)
        }
    }

    @Test func theCacheFolder() throws {
        let folder = try book()
        try link(folder, ".guide-cache", to: folder.path + "/outside")
        expectRefused(try build(folder), naming: ".guide-cache", in: folder)
    }

    @Test func theContextHeader() throws {
        let folder = try book()
        try link(folder, "content/objc-context.h", to: ".linkdir/ctx.h")
        expectRefused(try runGuide(["check"], in: folder.path), naming: "content/objc-context.h", in: folder)
    }

    @Test func snippetIncludesThroughALinkedFolder() throws {
        let folder = try book()
        for language in ["en", "zh"] {
            try folder.write("content/\(language)/second.md", """
                # Second

                ```objective-c
                #include ".linkdir/secret.h"
                #if __has_include(".linkdir/secret.h") || __has_embed("/etc/passwd")
                #endif
                #line 1 "/etc/passwd"
                ```
                """)
        }
        let result = try runGuide(["check"], in: folder.path)
        #expect(result.status != 0)
        for line in ["4: error: refused: #include of '.linkdir/secret.h', a link",
                     "5: error: refused: __has_include of '.linkdir/secret.h', a link",
                     "5: error: refused: __has_embed of an absolute path ('/etc/passwd')",
                     "7: error: refused: #line naming a file"] {
            #expect(result.stderr.contains("content/en/second.md:" + line), "\(result.stderr)")
        }
        #expect(!(result.stdout + result.stderr).contains(Self.secret))
    }
}
