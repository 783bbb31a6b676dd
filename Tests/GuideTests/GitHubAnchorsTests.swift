import Foundation
import GuideModel
import GuideParse
@testable import GuideRender
import Testing

/// Headings answer to GitHub's slugs too (`HeadingIDs.gitHub`), besides guide's own ids.
@Suite struct GitHubAnchorsTests {
    func headings(_ texts: [String]) -> [ChapterFacts.Heading] {
        texts.enumerated().map { ChapterFacts.Heading(block: $0.offset * 2, text: $0.element) }
    }

    @Test func slugsAreGitHubs() {
        #expect(HeadingIDs.gitHubSlug("前言") == "前言")
        #expect(HeadingIDs.gitHubSlug("Blocks 代码块") == "blocks-代码块")
        #expect(HeadingIDs.gitHubSlug("What's new? (v2.0)") == "whats-new-v20")
        #expect(HeadingIDs.gitHubSlug("a  b") == "a--b")   // spaces are not folded
        #expect(HeadingIDs.gitHubSlug("snake_case & kebab-case") == "snake_case--kebab-case")
        #expect(HeadingIDs.gitHubSlug("第1章：开始！") == "第1章开始")
        #expect(HeadingIDs.gitHubSlug("Ünïcode Ελληνικά") == "ünïcode-ελληνικά")
        #expect(HeadingIDs.gitHubSlug("!!!") == "")   // guide's own slug says "section"; GitHub none
    }

    @Test func repeatsAreNumberedInDocumentOrder() {
        let ids = HeadingIDs.gitHub(for: headings(["示例", "示例", "Main", "示例-1", "!?", "示例"]))
        #expect(ids[0] == "示例")
        #expect(ids[2] == "示例-1")
        #expect(ids[4] == "main")   // GitHub's, not guide's `main-1`
        #expect(ids[6] == "示例-1-1")
        #expect(ids[8] == nil)
        #expect(ids[10] == "示例-2")
    }

    @Test func aliasesAreOnlySlugsThePageLacks() {
        let gitHub: HeadingIDs = [0: "前言", 2: "blocks", 4: "main", 6: "intro"]
        let ids: HeadingIDs = [0: "preface", 2: "blocks", 4: "main-1", 6: "x", 8: "intro"]
        let aliases = HeadingIDs.gitHubAliases(gitHub, besides: ids)
        #expect(aliases == [0: "前言"])   // equal, reserved, another heading's id: none
    }

    func renderBook(_ zhIntro: String) throws -> Site {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/zh/intro.md", zhIntro)
        let book = try ContentLoader(root: folder.path + "/content", displayRoot: "content").load()
        return try SiteRenderer(templatesFolder: repositoryRoot + "/templates").render(book)
    }

    func page(_ site: Site, _ path: String) -> String {
        String(decoding: site.wholeFiles[path] ?? [], as: UTF8.self)
    }

    @Test func chineseAndSideBySidePagesCarryGitHubSlugs() throws {
        let site = try renderBook("# 介绍\n\n你好，见[代码块](#代码块)。\n\n## 代码块\n\n见[下一章](second.md#end)。\n")
        let zh = page(site, "zh/intro.html")
        #expect(zh.contains("<h2 id=\"blocks\" data-place=\"2\"><a class=\"anchor\" href=\"#blocks\" aria-hidden=\"true\" tabindex=\"-1\">#</a><span id=\"代码块\"></span>代码块</h2>"))
        #expect(zh.contains("<h1 id=\"intro\" data-place=\"0\"><a class=\"anchor\" href=\"#intro\" aria-hidden=\"true\" tabindex=\"-1\">#</a><span id=\"介绍\"></span>"))
        // The English page's ids are GitHub's already: nothing added.
        #expect(!page(site, "en/intro.html").contains("<span id="))
        let bilingual = page(site, "bilingual/intro.html")
        #expect(bilingual.contains("<h2><span id=\"代码块\"></span>代码块</h2>"))
        #expect(bilingual.contains("<h1><span id=\"介绍\"></span>"))
        #expect(!bilingual.contains("<span id=\"blocks\">"))   // the row has that id
    }

    @Test func linkCheckAcceptsGitHubSlugsHereAndInOtherChapters() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/zh/intro.md", "# 介绍\n\n见[代码块](#代码块)、[结束](second.md#结束)、[无](#没有)。\n\n## 代码块\n\n文字。\n")
        let content = folder.path + "/content"
        let book = try ContentLoader(root: content, displayRoot: "content").load()
        let renderer = try SiteRenderer(templatesFolder: repositoryRoot + "/templates")
        let anchors = try renderer.anchorsByChapter(book).mapValues { $0.mapValues { Set($0.values) } }
        let found = LinkChecker(book: book, contentRoot: content, anchors: anchors, anchorsAreErrors: false).check().map(\.description)
        #expect(found == ["content/zh/intro.md:3: warning: anchor '#没有' matches no heading of intro.md"])
    }
}
