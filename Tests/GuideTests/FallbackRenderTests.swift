import Foundation
import GuideMerge
import GuideModel
import GuideParse
@testable import GuideRender
import Testing

/// A translation's pages where it has no text yet (`output.fallback`): an untranslated chapter's
/// page of English under a banner, English stretches shown in place, and the modes that leave them out.
@Suite struct FallbackRenderTests {
    func render(fallback: String? = nil, edit: (TempFolder) throws -> Void) throws -> Site {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        if let fallback {
            try folder.write("content/guide.yml", try folder.read("content/guide.yml") + "\noutput:\n  fallback: \(fallback)\n")
        }
        try edit(folder)
        let book = try ContentLoader(root: folder.path + "/content", displayRoot: "content").load()
        return try SiteRenderer(templatesFolder: repositoryRoot + "/templates").render(book)
    }

    func page(_ site: Site, _ path: String) -> String {
        String(decoding: site.wholeFiles[path] ?? [], as: UTF8.self)
    }

    /// The small book with `second.md` left out of the Chinese SUMMARY.md.
    static func secondUntranslated(_ folder: TempFolder) throws {
        try folder.write("content/zh/SUMMARY.md", "# 目录\n\n* [介绍](intro.md)\n")
        try FileManager.default.removeItem(atPath: folder.path + "/content/zh/second.md")
    }

    @Test func anUntranslatedChapterShowsTheEnglishUnderABanner() throws {
        let site = try render(edit: Self.secondUntranslated)
        let zh = page(site, "zh/second.html")
        #expect(zh.contains("<html lang=\"zh-Hans\">"))
        #expect(zh.contains("class=\"fallback-banner\""))
        #expect(zh.contains("尚未翻译 · Not translated yet."))
        #expect(zh.contains("<article class=\"chapter\" lang=\"en\">"))
        #expect(zh.contains("<h2 id=\"end\" data-place=\"1\">"))
        #expect(zh.contains("The end."))
        #expect(zh.contains("href=\"../en/second.html\" hreflang=\"en\""))
        // The language switch of both pages, the pager and the side-by-side page work as for any chapter.
        #expect(page(site, "en/second.html").contains("href=\"../zh/second.html\""))
        #expect(zh.contains("href=\"../en/second.html\" hreflang=\"en\" lang=\"en\">English</a>"))
        #expect(zh.contains("rel=\"prev\" href=\"../zh/intro.html\""))
        #expect(site.wholeFiles["bilingual/second.html"] != nil)
        // Marked in the sidebar and on the index, 0 % translated.
        let toc = page(site, "zh/toc.js")
        #expect(toc.contains("class=\\\"untranslated\\\" lang=\\\"en\\\">Second</a> <span class=\\\"untranslated-mark\\\">尚未翻译</span>"))
        let index = page(site, "index.html")
        #expect(index.contains("href=\"zh/second.html\" lang=\"en\">Second</a> <span class=\"untranslated-mark\">"))
        #expect(index.contains("0% translated"))
        // The dashboard counts it at 0 % and says why.
        let dashboard = page(site, "review/index.html")
        #expect(dashboard.contains("<p class=\"progress-text\">0% of the English translated"))
        #expect(dashboard.contains("not translated yet</span>: content/zh/SUMMARY.md does not list it (English: content/en/SUMMARY.md:4)"))
        #expect(dashboard.contains("<span lang=\"en\">Second</span>"))
        // A link from a translated chapter to it keeps its English anchor.
        #expect(page(site, "zh/intro.html").contains("href=\"second.html#end\""))
        // The Chinese print page prints the English, marked; the search index has it once (English).
        #expect(page(site, "zh/print.html").contains("id=\"chapter-second.html\" lang=\"en\">"))
        #expect(!page(site, "search/index.js").contains("zh/second.html"))
    }

    @Test func missingStretchesShowInPlaceMarked() throws {
        let site = try render { folder in
            try folder.write("content/en/second.md", "# Second\n\nFirst paragraph about `alpha` and 2016.\n\n## Middle `beta`\n\nUntranslated one.\n\nUntranslated two.\n\n## End `omega`\n\nThe end of `omega`.\n")
            try folder.write("content/zh/second.md", "# 第二章\n\n关于 `alpha` 和 2016 的第一段。\n\n## 结束 `omega`\n\n`omega` 的结尾。\n")
        }
        let zh = page(site, "zh/second.html")
        #expect(zh.contains("本章有 1 处尚未翻译，以英文显示并标出"))
        #expect(zh.contains("<div class=\"fallback\">\n<p class=\"fallback-note\">尚未翻译 · Not translated yet</p>\n<div class=\"fallback-text\" lang=\"en\">\n<h2 id=\"middle-beta\" data-place=\"2\">"))
        #expect(zh.contains("<p data-place=\"3\">Untranslated one.</p>\n<p data-place=\"4\">Untranslated two.</p>\n</div>\n</div>"))
        // In reading order: the stretch between the translated paragraph and the translated heading.
        let order = ["的第一段。", "Untranslated one.", "<h2 id=\"end-omega\" data-place=\"5\">", "的结尾。"].map { zh.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        // The outline lists the English heading, in English.
        #expect(zh.contains("<a href=\"#middle-beta\" lang=\"en\">Middle beta</a>"))
    }

    @Test func bannerModeLeavesTheStretchesOut() throws {
        let site = try render(fallback: "banner") { folder in
            try folder.write("content/en/second.md", "# Second\n\nUntranslated.\n\n## End\n\nThe end.\n")
        }
        let zh = page(site, "zh/second.html")
        #expect(zh.contains("本章有 1 处尚未翻译。"))
        #expect(!zh.contains("Untranslated."))
        #expect(!zh.contains("class=\"fallback\""))
    }

    @Test func noneModeMakesNoPageAndNoMark() throws {
        let site = try render(fallback: "none") { folder in
            try Self.secondUntranslated(folder)
            try folder.write("content/en/intro.md", try folder.read("content/en/intro.md") + "\nUntranslated.\n")
        }
        #expect(site.wholeFiles["zh/second.html"] == nil)
        #expect(!page(site, "zh/toc.js").contains("second.html"))
        #expect(!page(site, "index.html").contains("zh/second.html"))
        // The English page's language switch goes to the index; the review still has the pair.
        #expect(page(site, "en/second.html").contains("href=\"../index.html\" hreflang=\"zh-Hans\""))
        #expect(site.wholeFiles["bilingual/second.html"] != nil)
        #expect(!page(site, "zh/intro.html").contains("fallback"))
    }

    @Test func aTranslationWithNothingMissingHasNoFallbackMarkup() throws {
        let site = try render { _ in }
        for path in ["zh/intro.html", "zh/second.html", "zh/toc.js", "index.html"] {
            #expect(!page(site, path).contains("fallback") && !page(site, path).contains("untranslated"), "\(path)")
        }
    }

    @Test func longStretchesAreCutIntoPieces() throws {
        let paragraphs = (1...150).map { "Paragraph \($0)." }.joined(separator: "\n\n")
        let site = try render { folder in
            try folder.write("content/en/second.md", "# Second\n\n## End\n\n\(paragraphs)\n")
            try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n")
        }
        let zh = page(site, "zh/second.html")
        #expect(zh.components(separatedBy: "class=\"fallback-note\"").count == 2)
        #expect(zh.components(separatedBy: "<div class=\"fallback fallback-continued\">").count == 3)
        #expect(zh.contains("Paragraph 150."))
    }
}
