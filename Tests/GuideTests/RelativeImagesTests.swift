import Foundation
import GuideModel
import GuideParse
@testable import GuideRender
import Testing

/// A chapter's relative images load on every page that shows its blocks (`ImageBase`), not only
/// on its own page beside it.
@Suite struct RelativeImagesTests {
    /// The small book with a chapter in a subfolder (`sub/deep.md`) in both languages, and an
    /// English chapter the Chinese edition has not translated (`pics.md`).
    func renderBook() throws -> Site {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/SUMMARY.md", "# Summary\n\n* [Intro](intro.md)\n* [Second](second.md)\n* [Deep](sub/deep.md)\n* [Pics](pics.md)\n")
        try folder.write("content/zh/SUMMARY.md", "# 目录\n\n* [介绍](intro.md)\n* [第二章](second.md)\n* [深入](sub/deep.md)\n")
        try folder.write("content/en/sub/deep.md", "# Deep\n\n![b](images/b.png)\n\n![a](../images/a.png)\n")
        try folder.write("content/zh/sub/deep.md", "# 深入\n\n![乙](images/b.png)\n\n![甲](../images/a.png)\n")
        try folder.write("content/en/pics.md", "# Pics\n\n![a](images/a.png)\n\n![c](images/c.png)\n")
        for file in ["en/sub/images/b.png", "zh/sub/images/b.png", "en/images/a.png", "zh/images/a.png", "en/images/c.png"] {
            try folder.write("content/" + file, Data([1]))
        }
        let book = try ContentLoader(root: folder.path + "/content", displayRoot: "content").load()
        return try SiteRenderer(templatesFolder: repositoryRoot + "/templates").render(book)
    }

    func page(_ site: Site, _ path: String) -> String {
        String(decoding: site.wholeFiles[path] ?? [], as: UTF8.self)
    }

    @Test func chapterPagesKeepTheURLAsWritten() throws {
        let zh = page(try renderBook(), "zh/sub/deep.html")
        #expect(zh.contains("<img src=\"images/b.png\" alt=\"乙\" />"))
        #expect(zh.contains("<img src=\"../images/a.png\" alt=\"甲\" />"))
    }

    @Test func sideBySidePagesReachEachLanguagesFolder() throws {
        let bilingual = page(try renderBook(), "bilingual/sub/deep.html")
        #expect(bilingual.contains("<img src=\"../../zh/sub/images/b.png\" alt=\"乙\" />"))
        #expect(bilingual.contains("<img src=\"../../en/sub/images/b.png\" alt=\"b\" />"))
        #expect(bilingual.contains("<img src=\"../../zh/images/a.png\" alt=\"甲\" />"))
    }

    @Test func printPagesReachSubfolders() throws {
        let print = page(try renderBook(), "zh/print.html")
        #expect(print.contains("<img src=\"sub/images/b.png\" alt=\"乙\" />"))
        #expect(print.contains("<img src=\"images/a.png\" alt=\"甲\" />"))
    }

    @Test func fallbackPagesShowTheSourcesFileNotTheTranslationsNamesake() throws {
        let site = try renderBook()
        let fallback = page(site, "zh/pics.html")
        // zh/images/a.png is the translation's own picture: the English chapter's is en's.
        #expect(fallback.contains("<img src=\"../en/images/a.png\" alt=\"a\" />"))
        #expect(fallback.contains("<img src=\"images/c.png\" alt=\"c\" />"))   // the copy beside the page
        #expect(page(site, "zh/print.html").contains("<img src=\"../en/images/a.png\" alt=\"a\" />"))
    }

    @Test func urlsAreRebasedOnlyWhenRelative() {
        let images = ImageBase(chapter: "sub/x.md", in: "zh", page: "bilingual/sub/x.html")
        #expect(images.url("a%20b.png?v=1#top") == "../../zh/sub/a%20b.png?v=1#top")
        #expect(images.url("../../up.png") == "../../up.png")
        #expect(images.url("../../../out.png") == nil)
        for kept in ["https://x.org/a.png", "//x.org/a.png", "/a.png", "#x", "data:image/png;base64,AA", ""] {
            #expect(images.url(kept) == nil)
        }
        #expect(ImageBase(chapter: "x.md", in: "zh", page: "zh/y.html").isIdentity)
        #expect(images.rebase("<p>&lt;img src=&quot;a.png&quot; <img src=\"a.png\" alt=\"\" /></p>")
                == "<p>&lt;img src=&quot;a.png&quot; <img src=\"../../zh/sub/a.png\" alt=\"\" /></p>")
    }
}
