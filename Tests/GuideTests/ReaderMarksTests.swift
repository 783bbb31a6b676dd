import Foundation
@testable import GuideMerge
import GuideModel
import GuideParse
@testable import GuidePipeline
@testable import GuideRender
@testable import GuideServe
import Testing

/// Issue #45, item 3: reader pages show what is meant for readers. The snippet check's verdicts,
/// a translator's doubt markers and an English box the review is not sure of are the
/// maintainers' and translators' (the dashboard, `guide review`, `guide serve`'s toggle); "%
/// translated" is one number everywhere. The books here are made up for the tests.
@Suite struct ReaderMarksTests {
    /// A small book whose Chinese snippet does not compile (its English one does), with an
    /// assumed name and a statement snippet, so the check has every kind of verdict to show.
    func writeCheckedBook(in folder: TempFolder, output: String = "") throws {
        try writeSmallBook(in: folder)
        if !output.isEmpty {
            try folder.write("content/guide.yml", try folder.read("content/guide.yml") + "\noutput:\n" + output)
        }
        try folder.write("content/en/intro.md", """
            # Intro

            Hello **world**.

            ## Blocks

            See [next](second.md#end).

            ```objective-c
            @interface A : NSObject
            @end
            ```

            Call it:

            ```objective-c
            [self frobnicateWidget:3 animated:YES];
            ```

            """)
        try folder.write("content/zh/intro.md", """
            # 介绍

            你好，**世界**。

            ## 代码块

            见[下一章](second.md#end)。

            ```objective-c
            @interface A : NSObject
            int x
            @end
            ```

            调用它：

            ```objective-c
            [self frobnicateWidget:3 animated:YES];
            ```

            """)
    }

    static let readerPages = ["site/en/intro.html", "site/zh/intro.html", "site/bilingual/intro.html", "site/en/print.html",
                              "site/zh/print.html"]

    /// What no reader's page may hold of the check: its verdicts, clang's words, markdown line
    /// numbers, the names guide assumed or wraps snippets in.
    static func verdictText(in page: String) -> [String] {
        var found = ["snippet-badge", "snippet-verdict", "does not compile", "compiles", "assuming", "GuideContext",
                     "GuideSnippet", "guideSnippet", "无法编译", "frobnicateWidget:animated:"].filter { page.contains($0) }
        if page.range(of: #"line \d+(:\d+)?:"#, options: .regularExpression) != nil { found.append("line N:M") }
        return found
    }

    @Test func readerPagesShowNoVerdictsByDefaultAndTheDashboardDoes() throws {
        let folder = try TempFolder()
        try writeCheckedBook(in: folder)
        let build = try runGuide(["build", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.contains("checked 4 snippets"), "\(build.stdout)")
        for page in Self.readerPages {
            #expect(Self.verdictText(in: try folder.read(page)) == [], "\(page)")
        }
        // The translators' dashboard still has every verdict.
        let dashboard = try folder.read("site/review/index.html")
        #expect(dashboard.contains("snippet-fail") && dashboard.contains("snippet-divergence"))
        #expect(dashboard.contains("snippet-assumed") && dashboard.contains("compiles, assuming"))
        #expect(dashboard.contains("content/zh/intro.md:9"))
    }

    @Test func theFailingKeyShowsADiscreetBadgeOnFailingSnippetsOnly() throws {
        let folder = try TempFolder()
        try writeCheckedBook(in: folder, output: "  snippet_badges: failing\n")
        let build = try runGuide(["build", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        let chinese = try folder.read("site/zh/intro.html")
        // One badge, under the Chinese snippet that fails, in Chinese, and nothing of the check's own.
        #expect(chinese.components(separatedBy: "snippet-badge").count - 1 == 1)
        #expect(chinese.contains("<p class=\"snippet-badge snippet-fail snippet-reader\" lang=\"zh-Hans\">"
                                 + "<span class=\"snippet-verdict\">无法编译</span></p>"))
        #expect(Self.verdictText(in: chinese) == ["snippet-badge", "snippet-verdict", "无法编译"])
        // The English snippets compile (one with an assumed name): nothing under them.
        #expect(Self.verdictText(in: try folder.read("site/en/intro.html")) == [])
        let bilingual = try folder.read("site/bilingual/intro.html")
        #expect(bilingual.components(separatedBy: "snippet-badge").count - 1 == 1)
        #expect(!bilingual.contains("GuideContext") && !bilingual.contains("compiles"))
        // A value guide does not know is an error at its place.
        try folder.write("content/guide.yml", try folder.read("content/guide.yml").replacingOccurrences(of: "failing", with: "all"))
        let wrong = try runGuide(["build", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("'output.snippet_badges' must be none or failing, not \"all\""), "\(wrong.stderr)")
    }

    /// `guide serve` (a build for maintainers) has every verdict, hidden behind its toggle; the
    /// page of a build for readers has neither. A rebuild that changes the mode is no kept page.
    @Test func serveHasTheVerdictsBehindAToggle() throws {
        let folder = try TempFolder()
        try writeCheckedBook(in: folder)
        var builder = SiteBuilder(content: folder.path + "/content", templates: nil, output: folder.path + "/site")
        builder.forMaintainers = true
        let served = try builder.render()
        let page = String(decoding: try #require(served.site.bytes(at: "zh/intro.html")), as: UTF8.self)
        #expect(page.contains("snippet-badge snippet-maintainer snippet-fail"))
        #expect(page.contains("does not compile"))
        let shown = LiveReload.inject(into: page, error: nil, version: 1)
        #expect(shown.contains("id=\"guide-verdicts-toggle\" aria-pressed=\"false\""))
        #expect(shown.contains(".snippet-maintainer{display:none}html.guide-verdicts .snippet-maintainer{display:block}"))
        // A page without verdicts gets no toggle.
        #expect(!LiveReload.inject(into: "<html><body></body></html>", error: nil, version: 1).contains("guide-verdicts-toggle"))

        _ = try SiteBuilder(content: folder.path + "/content", templates: nil, output: folder.path + "/site").build()
        #expect(Self.verdictText(in: try folder.read("site/zh/intro.html")) == [])
        // The same inputs with the failing badge asked for: the page is made again, not kept.
        try folder.write("content/guide.yml", try folder.read("content/guide.yml") + "\noutput:\n  snippet_badges: failing\n")
        _ = try SiteBuilder(content: folder.path + "/content", templates: nil, output: folder.path + "/site").build()
        #expect(try folder.read("site/zh/intro.html").contains("snippet-reader"))
    }
}

/// A translator's doubt markers: reported by the review, never published.
@Suite struct UnpublishedDoubtTests {
    @Test func theParserLeavesMarkersOutOfTheHTMLOnly() {
        let parser = MarkdownParser(options: .init(unpublishedMarkers: ["【疑问】", "【待定】"]))
        let blocks = parser.parse("""
            可以【疑问】mess things up，然后悬挂。

            【疑问】

            - 一项【待定】
            - 代码 `a【疑问】b`

            ```objc
            // 【疑问】
            ```
            """)
        #expect(blocks[0].html == "<p>可以mess things up，然后悬挂。</p>\n")
        #expect(blocks[0].text.contains("【疑问】") && blocks[0].source.contains("【疑问】"))
        #expect(blocks[1].html == "" && blocks[1].text == "【疑问】")
        #expect(blocks[2].html.contains("<li>一项</li>") && blocks[2].html.contains("<code>a【疑问】b</code>"))
        #expect(blocks[2].items[0][0].html == "<p>一项</p>\n" || blocks[2].items[0][0].html.contains("一项"))
        // Code is shown as written.
        #expect(blocks[3].text.contains("【疑问】"))
        // Without markers, nothing changes.
        #expect(MarkdownParser().parse("可以【疑问】了。")[0].html == "<p>可以【疑问】了。</p>\n")
    }

    @Test func buildLeavesThemOutAndSaysSoInOneLine() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/zh/intro.md", "# 介绍\n\n你好，**世界**【疑问】。\n\n## 代码块\n\n见[下一章](second.md#end)。【疑问】\n\n【疑问】\n\n```objective-c\n@interface A : NSObject\n@end\n```\n")
        try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n完。【疑问】the end\n")
        let build = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.contains("4 doubt markers (【疑问】) in 2 chapters are not published; see `guide review`\n"), "\(build.stdout)")
        for page in ["site/zh/intro.html", "site/zh/second.html", "site/bilingual/intro.html", "site/bilingual/second.html",
                     "site/zh/print.html", "site/index.html"] {
            let html = try folder.read(page)
            // On the side-by-side page the review marks (hidden until toggled) name the marker; the text does not hold it.
            let text = html.replacingOccurrences(of: #"<span class="finding">[^<]*</span>"#, with: "", options: .regularExpression)
            #expect(!text.contains("【疑问】"), "\(page)")
        }
        // The text around them is published.
        #expect(try folder.read("site/zh/second.html").contains("完。the end"))
        #expect(try folder.read("site/zh/intro.html").contains("<strong>世界</strong>。"))
        // The search shows what the page shows.
        let search = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/site/search")
            .map { try folder.read("site/search/" + $0) }.joined()
        #expect(!search.contains("【疑问】") && search.contains("完。the end"))
        // The review reports every one, as before.
        let review = try runGuide(["review", "--no-check"], in: folder.path)
        #expect(review.stdout.components(separatedBy: "warning: doubt: marker 【疑问】").count - 1 == 4, "\(review.stdout)")
        // No marker, no line.
        try folder.write("content/zh/intro.md", "# 介绍\n\n你好，**世界**。\n\n## 代码块\n\n见[下一章](second.md#end)。\n\n```objective-c\n@interface A : NSObject\n@end\n```\n")
        try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n完。\n")
        let clean = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(!clean.stdout.contains("doubt"))
    }

    @Test func countsMarkersOutsideCode() {
        let parser = MarkdownParser()
        let en = parser.parse("One.\n\nTwo.\n\n```objc\nint a;\n```\n")
        let zh = parser.parse("一【疑问】。【疑问】\n\n二。\n\n```objc\nint a; // 【疑问】\n```\n")
        let source = Chapter(path: "a.md", displayPath: "en/a.md", title: "A", blocks: en)
        let target = Chapter(path: "a.md", displayPath: "zh/a.md", title: "甲", blocks: zh)
        let review = ChapterReview.make(source: source, target: target, language: Language("zh"), ledger: AcceptLedger(),
                                        doubtMarkers: ["【疑问】"])
        let doubts = UnpublishedDoubts([review], markers: ["【疑问】", "【待定】"])
        #expect(doubts.markers == 2 && doubts.chapters == 1 && doubts.kinds == ["【疑问】"])
        #expect(doubts.line == "2 doubt markers (【疑问】) in 1 chapter are not published; see `guide review`")
        #expect(UnpublishedDoubts([review], markers: []).line == nil)
    }
}

/// The inline English fallback appears only where the review is confident the Chinese is missing.
@Suite struct ConfidentFallbackTests {
    /// A review of the two texts with the beads given (the aligner's doubt, made on purpose).
    func review(_ english: String, _ chinese: String, beads: [Bead]) -> ChapterReview {
        let parser = MarkdownParser()
        let source = Chapter(path: "a.md", displayPath: "en/a.md", title: "A", blocks: parser.parse(english))
        let target = Chapter(path: "a.md", displayPath: "zh/a.md", title: "甲", blocks: parser.parse(chinese))
        return ChapterReview.make(source: source, target: target, language: Language("zh"), ledger: AcceptLedger(),
                                  doubtMarkers: [], align: { _, _ in beads })
    }

    static let english = """
        # Lanterns

        A lantern keeps its flame behind glass so that the wind cannot reach it on a cold night.

        It should be trimmed every evening.

        Paper lanterns are lighter than glass ones, and they are carried on long poles in parades.
        """

    @Test func englishTheNextChineseRendersIsNotShown() {
        // The second Chinese paragraph renders the short English one and the one after it.
        let chinese = """
            # 灯笼

            灯笼把火焰藏在玻璃后面，这样寒冷的夜里风就吹不到它。

            每天晚上都要修剪灯芯。纸灯笼比玻璃灯笼轻，游行时人们把它们挂在长杆上举着走。
            """
        let beads = [Bead(source: [0], target: [0]), Bead(source: [1], target: [1]), Bead(source: [2], target: []),
                     Bead(source: [3], target: [2])]
        let doubtful = review(Self.english, chinese, beads: beads)
        #expect(doubtful.beads[2].status == .missing)   // the review still counts it
        #expect(MissingStretches.confident(doubtful) == [])
        #expect(FallbackBody.of(doubtful.target, review: doubtful, mode: .inline).isOwn)
    }

    @Test func englishNoChineseRendersIsShown() {
        let chinese = """
            # 灯笼

            灯笼把火焰藏在玻璃后面，这样寒冷的夜里风就吹不到它。

            纸灯笼比玻璃灯笼轻，游行时人们把它们挂在长杆上举着走。
            """
        let beads = [Bead(source: [0], target: [0]), Bead(source: [1], target: [1]), Bead(source: [2], target: []),
                     Bead(source: [3], target: [2])]
        let missing = review(Self.english, chinese, beads: beads)
        #expect(MissingStretches.confident(missing) == [2..<3])
        guard case .inline(let inline) = FallbackBody.of(missing.target, review: missing, mode: .inline) else {
            Issue.record("no inline fallback")
            return
        }
        #expect(inline.items == [.own(0), .own(1), .english(2..<3, opens: true), .own(2)])
    }

    @Test func codeWrittenIntoTheNextParagraphIsNotShown() {
        let english = """
            The call

            ```objc
            [lantern trimWickToLength:3];
            ```

            shortens the wick before the lantern is lit.
            """
        let chinese = "调用 `[lantern trimWickToLength:3]` 这个方法，会在点灯之前把灯芯剪短一些。\n"
        let beads = [Bead(source: [0], target: []), Bead(source: [1], target: []), Bead(source: [2], target: [0])]
        #expect(MissingStretches.confident(review(english, chinese, beads: beads)) == [])
        // Other code, not in the Chinese: shown.
        let other = chinese.replacingOccurrences(of: "trimWickToLength:3", with: "light")
        #expect(MissingStretches.confident(review(english, other, beads: beads)) == [0..<2])
    }
}

/// "% translated": one definition, one number on the index, the dashboard's table and its sections.
@Suite struct TranslatedShareTests {
    @Test func pairsTranslatedOverPairsWithEnglish() {
        let parser = MarkdownParser()
        let english = parser.parse("# Title\n\nOne.\n\nTwo.\n\n---\n\nThree.\n")
        let chinese = parser.parse("## 标题\n\n一。\n\n三。\n")
        let source = Chapter(path: "a.md", displayPath: "en/a.md", title: "A", blocks: english)
        let target = Chapter(path: "a.md", displayPath: "zh/a.md", title: "甲", blocks: chinese)
        let beads = [Bead(source: [0], target: [0]), Bead(source: [1], target: [1]), Bead(source: [2], target: []),
                     Bead(source: [3], target: []), Bead(source: [4], target: [2])]
        let review = ChapterReview.make(source: source, target: target, language: Language("zh"), ledger: AcceptLedger(),
                                        doubtMarkers: [], align: { _, _ in beads })
        // The rule only in English has nothing to translate; the heading's level asks for an edit, its text is translated.
        #expect(review.beads[0].status == .structure && review.beads[3].status == .structure)
        #expect(review.progress.pairsWithEnglish == 4 && review.progress.translatedPairs == 3)
        #expect(review.progress.translatedPercent == 75 && review.translatedShare == 0.75)
        // Rounded down: 100 only when every pair is.
        #expect(ChapterReview.Progress.percent(299, of: 300) == 99 && ChapterReview.Progress.percent(0, of: 0) == 100)
    }

    @Test func indexDashboardTableAndSectionsAgree() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        // A complete chapter whose pairs have findings (a list one item longer, a typography slip)…
        try folder.write("content/en/second.md", "# Second\n\n## End\n\nThe end.\n\n- one\n- two\n")
        try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n完 。\n\n- 一\n- 二\n- 三\n")
        // …and one with a paragraph left untranslated.
        try folder.write("content/en/intro.md", "# Intro\n\nHello **world**.\n\nA second paragraph that nobody translated.\n\n## Blocks\n\nSee [next](second.md#end).\n")
        try folder.write("content/zh/intro.md", "# 介绍\n\n你好，**世界**。\n\n## 代码块\n\n见[下一章](second.md#end)。\n")
        let build = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        let index = try folder.read("site/index.html"), dashboard = try folder.read("site/review/index.html")
        let review = try runGuide(["review", "--no-check"], in: folder.path).stdout
        for (chapter, percent) in [("intro", 80), ("second", 100)] {
            #expect(index.contains("zh/\(chapter).html\">") && index.contains("<span class=\"chapter-progress\">\(percent)% translated</span>"))
            let row = try #require(dashboard.range(of: #"<tr data-chapter="chapter-zh-\#(chapter).html"[\s\S]*?</tr>"#,
                                                   options: .regularExpression).map { String(dashboard[$0]) })
            #expect(row.contains("<td>\(percent)</td>"), "\(row)")
            let section = try #require(dashboard.range(of: #"<section class="review-chapter" id="chapter-zh-\#(chapter).html"[\s\S]*?</section>"#,
                                                       options: .regularExpression).map { String(dashboard[$0]) })
            #expect(section.contains("\(percent)% of the English translated (\(percent == 80 ? "4 of 5" : "4 of 4") pairs with English)"),
                    "\(section)")
            #expect(review.contains("content/zh/\(chapter).md: ") && review.contains("; \(percent)% of the English translated"))
        }
        // Each chapter's line in the index, the same order as the sections.
        #expect(index.components(separatedBy: "% translated</span>").count - 1 == 2)
    }
}

extension FallbackBody {
    var isOwn: Bool {
        if case .own = self { return true }
        return false
    }
}
