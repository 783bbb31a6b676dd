import Foundation
import Testing

/// The pages that show a chapter away from its own folder's edition: the side-by-side pages
/// (`bilingual/…`, both editions' cells) and a translation's pages that show English (a chapter
/// the Chinese lacks, a missing stretch in place). Every link and image of the built site leads
/// somewhere (`brokenLinks`), on a book whose chapters live in a subfolder.
@Suite struct TranslationPageLinksEndToEndTests {
    /// en/ and zh/ with chapters in `part/`; zh lacks `part/three.md` and the stretch "Missing part"
    /// of `part/one.md`; zh has its own `images/x.png` and `files/a.txt`, not `images/y.png` nor `files/b.txt`.
    static func book() throws -> TempFolder {
        let folder = try TempFolder()
        try folder.write("content/guide.yml", "title:\n  en: Book\n  zh: 书\nlanguages: [en, zh]\nsource: en\n")
        try folder.write("content/en/SUMMARY.md",
                         "# Summary\n\n- [Other](other.md)\n- [One](part/one.md)\n- [Two](part/two.md)\n- [Three](part/three.md)\n")
        try folder.write("content/zh/SUMMARY.md", "# 目录\n\n- [其他](other.md)\n- [一](part/one.md)\n- [二](part/two.md)\n")
        try folder.write("content/en/other.md", "# Other\n\n## Far away\n\nText about places far away.\n")
        try folder.write("content/zh/other.md", "# 其他\n\n## 远方\n\n关于远方的文字。\n")
        try folder.write("content/en/part/one.md", """
            # One

            ## Local heading

            See [up](../other.md), [far](../other.md#far-away), [next](two.md), [its heading](two.md#a-heading), \
            [three](three.md#third-heading), [here](#local-heading), [asset](../files/a.txt) and [Chinese](../../zh/part/one.md).

            ![x](../images/x.png)

            ## Missing part

            This stretch has no Chinese yet: [far](../other.md#far-away), [its heading](two.md#a-heading), \
            [asset](../files/a.txt), [only English](../files/b.txt) and [here](#local-heading).

            ![y](../images/y.png)

            ## End

            The end of the first chapter.

            """)
        try folder.write("content/zh/part/one.md", """
            # 一

            ## 本地标题

            见[上](../other.md)、[远](../other.md#远方)、[下](two.md)、[标题](two.md#a-heading)、\
            [三](three.md#third-heading)、[此处](#本地标题)、[文件](../files/a.txt)和[英文](../../en/part/one.md)。

            ![x](../images/x.png)

            ## 结束

            第一章的结尾。

            """)
        try folder.write("content/en/part/two.md", "# Two\n\n## A heading\n\nBack [home](one.md#local-heading) and on to [three](three.md).\n")
        try folder.write("content/zh/part/two.md", "# 二\n\n## 一个标题\n\n回到[首页](one.md#local-heading)，再到[三](three.md)。\n")
        try folder.write("content/en/part/three.md", """
            # Three

            ## Third heading

            Links: [one](one.md), [the stretch](one.md#missing-part), [far](../other.md#far-away), [two](two.md#a-heading), \
            [here](#third-heading), [asset](../files/a.txt), [only English](../files/b.txt) and [Chinese](../../zh/part/two.md).

            ![x](../images/x.png) ![y](../images/y.png)

            """)
        try folder.write("content/en/images/x.png", Data([1]))
        try folder.write("content/en/images/y.png", Data([3]))
        try folder.write("content/zh/images/x.png", Data([2]))
        try folder.write("content/en/files/a.txt", "English a\n")
        try folder.write("content/en/files/b.txt", "English b\n")
        try folder.write("content/zh/files/a.txt", "中文 a\n")
        return folder
    }

    static func build(_ folder: TempFolder) throws {
        let build = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
    }

    @Test func everyLinkOfTheSideBySideAndFallbackPagesLeadsSomewhere() throws {
        let folder = try Self.book()
        try Self.build(folder)
        // The fixture shows what it is for: a chapter in English on zh/, a stretch in place.
        let three = try folder.read("site/zh/part/three.html"), one = try folder.read("site/zh/part/one.html")
        #expect(three.contains("<article class=\"chapter\" lang=\"en\">"))
        #expect(one.contains("class=\"fallback-text\"") && one.contains("This stretch has no Chinese yet"))
        #expect(folder.exists("site/bilingual/part/three.html") && folder.exists("site/bilingual/other.html"))

        let broken = try brokenLinks(inSite: folder.path + "/site", atLeast: 12)
        #expect(broken.isEmpty, "links that lead nowhere:\n\(broken.joined(separator: "\n"))")

        // The English on zh/ pages reaches the English files where zh has its own by that name,
        // and zh's pages of the chapters it links.
        #expect(three.contains("href=\"../../en/files/a.txt\""))
        #expect(three.contains("href=\"../files/b.txt\""))
        #expect(three.contains("href=\"../other.html#far-away\"") && three.contains("href=\"two.html#a-heading\""))
        #expect(one.contains("href=\"../../en/files/a.txt\""))
        // A heading shown only in the English stretch of zh's page is reached there.
        #expect(three.contains("href=\"one.html#missing-part\""))
        // The side-by-side pages link the chapters' side-by-side pages.
        let bilingual = try folder.read("site/bilingual/part/one.html")
        #expect(bilingual.contains("href=\"two.html#a-heading\"") && bilingual.contains("href=\"../other.html#far-away\""))
        // zh's print page has no stretch in English: the link leads to the chapter's section.
        #expect(try folder.read("site/zh/print.html").contains("href=\"#chapter-part-one.html\">the stretch</a>"))
    }

    /// With `output.fallback: banner` the stretch is not shown: a link to its heading leads to the chapter's page.
    @Test func aHeadingTheTranslationsPageLacksLeadsToThePage() throws {
        let folder = try Self.book()
        try folder.write("content/guide.yml", try folder.read("content/guide.yml") + "output:\n  fallback: banner\n")
        try Self.build(folder)
        let broken = try brokenLinks(inSite: folder.path + "/site", atLeast: 12)
        #expect(broken.isEmpty, "links that lead nowhere:\n\(broken.joined(separator: "\n"))")
        let three = try folder.read("site/zh/part/three.html")
        #expect(three.contains("href=\"one.html\">the stretch</a>") && three.contains("href=\"two.html#a-heading\""))

        // Translating the stretch gives zh's page the heading: a rebuild (which reuses the pages
        // of unchanged chapters) links it, as a clean build does.
        let zhOne = try folder.read("content/zh/part/one.md")
        try folder.write("content/zh/part/one.md", zhOne.replacingOccurrences(
            of: "## 结束", with: "## 缺失的部分\n\n这一段还没有中文：见[远](../other.md#远方)。\n\n## 结束"))
        try Self.build(folder)
        #expect(try folder.read("site/zh/part/three.html").contains("href=\"one.html#missing-part\">the stretch</a>"))
        #expect(try folder.read("site/zh/print.html").contains("href=\"#chapter-part-one.html--missing-part\">the stretch</a>"))
        let clean = try TempFolder()
        try FileManager.default.copyItem(atPath: folder.path + "/content", toPath: clean.path + "/content")
        try? FileManager.default.removeItem(atPath: clean.path + "/content/.guide-cache")
        try Self.build(clean)
        let rebuilt = try snapshot(folder.path + "/site"), fresh = try snapshot(clean.path + "/site")
        #expect(rebuilt.keys.sorted() == fresh.keys.sorted())
        for (path, bytes) in fresh where rebuilt[path] != bytes { Issue.record("site/\(path) differs from a clean build's") }
    }
}
