import GuideMerge
import GuideModel
import GuideParse
import Testing

/// What a chapter's markdown does that hurts readers: the parser's link and image labels, and
/// `ReaderChecks` over parsed blocks (skipped heading levels, images without alt text, vague links).
@Suite struct ReaderChecksTests {
    let parser = MarkdownParser()

    func findings(_ markdown: String) -> [String] {
        ReaderChecks.findings(in: parser.parse(markdown)).map { "\($0.line) \($0.kind.rawValue): \($0.message)" }
    }

    @Test func theParserRecordsEachLinkAndImageWithItsTextAndLine() {
        let blocks = parser.parse("""
            # Title

            A paragraph with [a *link*
            on two lines](a.md) and
            ![the alt](x.png), [![](badge.svg)](b.html), [](empty.html).

            > [quoted `code`](q.html)
            """)
        let labels = blocks.flatMap(\.inline.labels)
        #expect(labels == [
            InlineLabel(.link, text: "a link on two lines", destination: "a.html", line: 3),
            InlineLabel(.image, text: "the alt", destination: "x.png", line: 5),
            InlineLabel(.link, text: "", destination: "b.html", line: 5),
            InlineLabel(.image, text: "", destination: "badge.svg", line: 5),
            InlineLabel(.link, text: "", destination: "empty.html", line: 5),
            InlineLabel(.link, text: "quoted code", destination: "q.html", line: 7),
        ])
    }

    @Test func aHeadingThatSkipsLevelsIsReportedAtItsLine() {
        #expect(findings("# One\n\n#### Four\n\n## Two\n\n### Three\n\n##### Five\n") == [
            "3 heading-skip: level 4 after level 1",
            "9 heading-skip: level 5 after level 3",
        ])
        // Going back up any number of levels is fine, and so is a first heading below level 1.
        #expect(findings("### Start\n\n#### Down\n\n# Up\n\n## Down\n").isEmpty)
        // Headings in list items count where the page shows them.
        #expect(findings("# One\n\n* item\n\n  ### Three\n") == ["5 heading-skip: level 3 after level 1"])
        let finding = ReaderChecks.findings(in: parser.parse("# One\n\n### 三级标题\n")).first
        #expect(finding?.excerpt == "三级标题" && finding?.block == 1)
    }

    @Test func anImageWithoutAltTextIsReported() {
        #expect(findings("# T\n\nText\n![](images/a.png)\n\n![A diagram](images/b.png)\n")
                == ["4 image-alt: image without alt text (images/a.png)"])
    }

    @Test func aLinkThatSaysOnlyHereIsReportedInEitherLanguage() {
        #expect(findings("""
            # T

            Read [here](a.html), [Click here!](b.html) or [this](c.html).

            见[点击这里](d.html)，或者[这里](e.html)。[](f.html)

            The [style guide of GitHub](g.html), [the *here* document](h.html), [该指南](i.html).
            """) == [
            "3 link-text: link text “here” says nothing of where it goes",
            "3 link-text: link text “Click here!” says nothing of where it goes",
            "3 link-text: link text “this” says nothing of where it goes",
            "5 link-text: link text “点击这里” says nothing of where it goes",
            "5 link-text: link text “这里” says nothing of where it goes",
            "5 link-text: link without text",
        ])
    }

    @Test func linksInListsAndCodeAreReadAsCmarkReadsThem() {
        // Inside code, `[here](x)` is no link; in a nested list item it is.
        #expect(findings("# T\n\n```\n[here](x.html)\n```\n\n* a\n  * see [here](y.html)\n")
                == ["8 link-text: link text “here” says nothing of where it goes"])
    }

    @Test func aSpacingFixInsideALinkTextStillApplies() throws {
        // The fixer refuses an edit that changes links; a link's text with new spaces is the same link.
        let result = try SpacingFixer.fix("见[点击protocol文档](a.html)。\n", parse: parser.parse)
        #expect(result.refusedBlocks.isEmpty)
        #expect(result.text == "见[点击 protocol 文档](a.html)。\n")
    }
}
