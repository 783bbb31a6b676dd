import GuideModel
import GuideParse
import Testing

@Suite struct MarkdownParserTests {
    let parser = MarkdownParser()

    @Test func topLevelKindsAndLineRanges() {
        let blocks = parser.parse("""
            # Title

            A paragraph
            on two lines.

            * one
            * two

            ```objective-c title
            NSLog(@"hi");
            ```

            > quoted

            ---
            """)
        #expect(blocks.map(\.kind.name) == ["heading", "paragraph", "list", "code", "blockquote", "thematic-break"])
        #expect(blocks[0].headingLevel == 1)
        #expect(blocks.map(\.lines) == [
            LineRange(start: 1, end: 1), LineRange(start: 3, end: 4), LineRange(start: 6, end: 7),
            LineRange(start: 9, end: 11), LineRange(start: 13, end: 13), LineRange(start: 15, end: 15),
        ])
        #expect(blocks[1].text == "A paragraph on two lines.")
        #expect(blocks[1].source == "A paragraph\non two lines.")
        #expect(blocks[3].codeLanguage == "objective-c")
        #expect(blocks[3].codeLiteral == "NSLog(@\"hi\");\n")
        #expect(blocks[3].html.contains("class=\"language-objective-c\""))
    }

    @Test func listItemsAreNestedBlocks() {
        let blocks = parser.parse("1. first\n\n   more of first\n2. second\n   * nested\n")
        #expect(blocks.count == 1)
        #expect(blocks[0].kind == .list(ordered: true))
        #expect(blocks[0].items.count == 2)
        #expect(blocks[0].items[0].map(\.kind.name) == ["paragraph", "paragraph"])
        #expect(blocks[0].items[1].map(\.kind.name) == ["paragraph", "list"])
        #expect(blocks[0].items[1][1].items.count == 1)
    }

    @Test func chineseTextKeepsLinesAndCharacters() {
        let blocks = parser.parse("## 代码块\n\n使用 `block` 定义异步接口：\n第二行。\n")
        #expect(blocks[0].text == "代码块")
        #expect(blocks[1].lines == LineRange(start: 3, end: 4))
        #expect(blocks[1].text == "使用 block 定义异步接口： 第二行。")
        #expect(blocks[1].inline.codeSpans == ["block"])
    }

    @Test func inlineFeaturesAreCollected() {
        let blocks = parser.parse("See *this* and **that**, [a link](https://x.org) and ![img](images/a.png).\n")
        let inline = blocks[0].inline
        #expect(inline.urls == ["https://x.org"])
        #expect(inline.images == ["images/a.png"])
        #expect(inline.emphasisCount == 1)
        #expect(inline.strongCount == 1)
    }

    @Test func rawHTMLAndUnsafeURLsAreOffByDefault() {
        let blocks = parser.parse("<script>alert(1)</script>\n\n[x](javascript:alert(1)) <b>bold</b>\n")
        let html = blocks.map(\.html).joined()
        #expect(!html.contains("<script>"))
        #expect(!html.contains("javascript:"))
        #expect(html.contains("<b>bold</b>"))   // on GitHub's allow-list (`HTMLSanitizer`)
        let unsafe = MarkdownParser(options: .init(rawHTML: true)).parse("<b>bold</b>\n")
        #expect(unsafe[0].html.contains("<b>bold</b>"))
    }

    @Test func markdownLinksPointAtPages() {
        let html = parser.parse("[a](other.md#sec) [b](https://x.org/a.md) [c](dir/p.md)\n")[0].html
        #expect(html.contains("href=\"other.html#sec\""))
        #expect(html.contains("href=\"https://x.org/a.md\""))
        #expect(html.contains("href=\"dir/p.html\""))
    }

    @Test func multiLineCommentsKeepTheirLastLine() {
        let blocks = parser.parse("Text.\n\n<!-- snippet\nignore\n-->\n```objc\nint a;\n```\n")
        #expect(blocks[1].lines == LineRange(start: 3, end: 5))
        #expect(blocks[1].isComment)
        #expect(blocks[2].lines == LineRange(start: 6, end: 8))
    }

    @Test func deepNestingDoesNotOverflow() {
        let deep = (0..<400).map { String(repeating: "  ", count: $0) + "* x" }.joined(separator: "\n")
        let blocks = parser.parse(deep)
        #expect(blocks.count == 1)
        #expect(blocks[0].html.hasPrefix("<ul>"))
    }
}
