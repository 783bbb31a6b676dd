import Foundation
import GuideModel
import GuideParse
@testable import GuideRender
import Testing

@Suite struct LinkCheckTests {
    func findings(edit: (TempFolder) throws -> Void) throws -> [String] {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try edit(folder)
        let content = folder.path + "/content"
        let book = try ContentLoader(root: content, displayRoot: "content").load()
        let renderer = try SiteRenderer(templatesFolder: repositoryRoot + "/templates")
        let anchors = try renderer.anchorsByChapter(book).mapValues { $0.mapValues { Set($0.values) } }
        return LinkChecker(book: book, contentRoot: content, anchors: anchors, anchorsAreErrors: false)
            .check().map(\.description)
    }

    @Test func validLinksPass() throws {
        #expect(try findings { folder in
            try folder.write("content/en/images/a.png", Data([1]))
            try folder.write("content/images/s.png", Data([1]))
            try folder.write("content/en/second.md", "# Second\n\n## End\n\n![a](images/a.png) ![s](../images/s.png) [up](#end) [x](https://x.org)\n")
        } == [])
    }

    @Test func brokenPagesImagesAndAnchorsNameTheLine() throws {
        let found = try findings { folder in
            try folder.write("content/en/second.md", "# Second\n\n## End\n\nText\nwith [gone](gone.md) and\n![missing](images/none.png)\n\n[bad](intro.md#nowhere)\n")
        }
        #expect(found == [
            "content/en/second.md:6: error: link 'gone.html' points to a page that does not exist: no chapter gone.md in en/SUMMARY.md (add it there, or correct the link)",
            "content/en/second.md:7: error: image 'images/none.png' points to a file that does not exist: no en/images/none.png in the content folder (add the file, or correct the path)",
            "content/en/second.md:9: warning: anchor '#nowhere' matches no heading of intro.md",
        ])
    }

    @Test func pathsLeavingTheContentAreRefused() throws {
        let found = try findings { folder in
            try folder.write("content/en/second.md", "# Second\n\n## End\n\n![x](../../../etc/passwd)\n")
        }
        #expect(found == ["content/en/second.md:5: error: image '../../../etc/passwd' leaves the content folder"])
    }

    /// `[x]((https://…))`: the address in one pair of parentheses too many reads as a path in
    /// the book; the message says so instead of "no such chapter".
    @Test func anAddressInParenthesesSaysSo() throws {
        let found = try findings { folder in
            try folder.write("content/en/second.md", "# Second\n\n## End\n\nSee the [section]((https://example.org/docs/a.html#b)).\n\n"
                + "![logo]((http://example.org/logo.png))\n\n[fine](second.md#end) [also (kept)](https://example.org/(x))\n")
        }
        #expect(found == [
            "content/en/second.md:5: error: link '(https://example.org/docs/a.html#b)' has parentheses around its address: "
                + "write […](https://example.org/docs/a.html#b) with one pair",
            "content/en/second.md:7: error: image '(http://example.org/logo.png)' has parentheses around its address: "
                + "write ![…](http://example.org/logo.png) with one pair",
        ])
        // End to end: the build fails with that message at the link's line.
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/second.md", "# Second\n\n## End\n\n[appropriate section]((http://example.org/docs/X.html))\n")
        let result = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.stderr == "content/en/second.md:5: error: link '(http://example.org/docs/X.html)' has parentheses around "
            + "its address: write […](http://example.org/docs/X.html) with one pair\n")
    }

    @Test func buildFailsOnABrokenImageAndWritesSitemapAnd404() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let templates = ["--templates", repositoryRoot + "/templates"]
        #expect(try runGuide(["build"] + templates, in: folder.path).status == 0)
        #expect(try folder.read("site/sitemap.xml").contains("<loc>en/intro.html</loc>"))
        #expect(folder.exists("site/404.html"))
        try folder.write("content/zh/second.md", "# 第二章\n\n![图](images/none.png)\n")
        let result = try runGuide(["build"] + templates, in: folder.path)
        #expect(result.status != 0)
        #expect(result.stderr == "content/zh/second.md:3: error: image 'images/none.png' points to a file that does not exist: no zh/images/none.png in the content folder (add the file, or correct the path)\n")
    }
}
