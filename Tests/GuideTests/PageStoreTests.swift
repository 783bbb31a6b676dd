import Crypto
import Foundation
import GuideModel
import GuideParse
@testable import GuideRender
import Testing

@Suite struct PageStoreTests {
    func templates() throws -> TemplateSet {
        try TemplateSet(folder: repositoryRoot + "/templates")
    }

    @Test func aPageIsRenderedAgainOnlyWhenItsViewChanges() throws {
        let folder = try TempFolder()
        let store = PageStore(folder: folder.path, templates: try templates())
        var rendered = 0
        func page(_ view: LinkView) -> String {
            store.page(view, template: "t") {
                rendered += 1
                return "<a>\(view.title)</a>"
            }
        }
        #expect(page(LinkView(title: "a", href: "x")) == "<a>a</a>")
        #expect(page(LinkView(title: "a", href: "x")) == "<a>a</a>")
        #expect(rendered == 1)
        #expect(page(LinkView(title: "a", href: "y")) == "<a>a</a>")
        #expect(rendered == 2)
        // A new store (the next build) reads the same entries from disk.
        let next = PageStore(folder: folder.path, templates: try templates())
        #expect(next.page(LinkView(title: "a", href: "x"), template: "t") { "rendered again" } == "<a>a</a>")
        #expect(next.page(LinkView(title: "a", href: "x"), template: "u") { "other template" } == "other template")
        // Only the entries the last build used are kept.
        next.prune()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2)
    }

    @Test func aDamagedEntryIsRenderedAgain() throws {
        let folder = try TempFolder()
        let store = PageStore(folder: folder.path, templates: try templates())
        _ = store.page(LinkView(title: "a", href: "x"), template: "t") { "<p>page</p>" }
        let file = folder.path + "/" + (try FileManager.default.contentsOfDirectory(atPath: folder.path))[0]
        for damage in [Data("<p>paGe</p>".utf8), Data(), Data("short".utf8)] {
            let stored = try Data(contentsOf: URL(fileURLWithPath: file))
            try (stored.prefix(SHA256.byteCount) + damage).write(to: URL(fileURLWithPath: file))
            #expect(store.page(LinkView(title: "a", href: "x"), template: "t") { "<p>page</p>" } == "<p>page</p>")
        }
    }

    @Test func fingerprintsSeeEveryFieldDownTheTree() {
        func digest(_ view: some TemplateFields) -> [UInt8] {
            var bytes: [UInt8] = []
            ViewFingerprint.append(&bytes, view)
            return bytes
        }
        let leaf = TocItemView(title: "leaf", href: nil, children: [])
        let tree = TocItemView(title: "t", href: "h", children: [leaf])
        #expect(digest(tree) == digest(TocItemView(title: "t", href: "h", children: [leaf])))
        #expect(digest(tree) != digest(TocItemView(title: "t", href: "h", children: [TocItemView(title: "leaf", href: "", children: [])])))
        #expect(digest(tree) != digest(TocItemView(title: "t", href: "h", children: [leaf, leaf])))
        #expect(digest(ChapterLinkView(title: "a", href: "b", depth: 0, translatedPercent: nil, bilingualHref: nil))
                != digest(ChapterLinkView(title: "a", href: "b", depth: 0, translatedPercent: 0, bilingualHref: nil)))
        // Field boundaries count: "ab" + "c" is not "a" + "bc".
        #expect(digest(LinkView(title: "ab", href: "c")) != digest(LinkView(title: "a", href: "bc")))
    }

    /// After each kind of edit, a build through the caches gives the site a build without them gives.
    /// (One edit per build: a template edit alone would make every page new.)
    @Test func aRebuildAfterEditsEqualsAFreshBuild() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/templates", toPath: folder.path + "/templates")
        #expect(try runGuide(["build", "--no-check", "--templates", "templates"], in: folder.path).status == 0)
        let edits = smallBookEdits(in: folder)
        for (what, edit) in edits {
            try edit()
            let warm = try runGuide(["build", "--no-check", "--templates", "templates"], in: folder.path)
            #expect(warm.status == 0, "\(warm.stderr)")
            try FileManager.default.moveItem(atPath: folder.path + "/.guide-cache", toPath: folder.path + "/kept-cache")
            #expect(try runGuide(["build", "--no-check", "--templates", "templates", "-o", "fresh"], in: folder.path).status == 0)
            try FileManager.default.removeItem(atPath: folder.path + "/.guide-cache")
            try FileManager.default.moveItem(atPath: folder.path + "/kept-cache", toPath: folder.path + "/.guide-cache")
            let warmSite = try snapshot(folder.path + "/site"), freshSite = try snapshot(folder.path + "/fresh")
            #expect(warmSite.keys.sorted() == freshSite.keys.sorted(), "after editing \(what)")
            for (path, bytes) in freshSite where warmSite[path] != bytes {
                Issue.record("after editing \(what): site/\(path) differs from a fresh build")
            }
        }
        let site = try snapshot(folder.path + "/site")
        #expect(String(decoding: site["en/intro.html"] ?? Data(), as: UTF8.self).contains("chapter edited"))
        #expect(String(decoding: site["bilingual/second.html"] ?? Data(), as: UTF8.self).contains("doubt"))
        #expect(String(decoding: site["en/intro.html"] ?? Data(), as: UTF8.self).contains("The Second"))
        #expect(String(decoding: site["en/intro.html"] ?? Data(), as: UTF8.self).contains("Tested Book"))
    }

    /// A chapter's digest stands for its fields, so it goes when any of them changes.
    @Test func aChangedChapterLosesItsDigest() {
        let chapter = Chapter(path: "a.md", displayPath: "en/a.md", title: "A", blocks: [], contentDigest: [1, 2, 3])
        #expect(chapter.contentDigest == [1, 2, 3])
        var renamed = chapter
        renamed.title = "B"
        var moved = chapter
        moved.path = "b.md"
        var shown = chapter
        shown.displayPath = "en/b.md"
        var edited = chapter
        edited.blocks = MarkdownParser().parse("Text.\n")
        for changed in [renamed, moved, shown, edited] { #expect(changed.contentDigest == nil) }
    }
}
