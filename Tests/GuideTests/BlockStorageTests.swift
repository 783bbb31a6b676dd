import CCmark
import Foundation
import GuideModel
import GuideParse
import Testing

/// A block keeps its HTML as the part that cannot be derived (see `Block.HTML`): whatever it
/// keeps, `html` must be cmark's, byte for byte, and blocks must compare as their fields do.
@Suite struct BlockStorageTests {
    let parser = MarkdownParser(options: .init(rewriteMarkdownLinks: false))

    /// cmark's HTML of the whole document: the top-level blocks' HTML, one after the other.
    func cmarkHTML(_ markdown: String, options: Int32 = CMARK_OPT_DEFAULT) -> String {
        let rendered = cmark_markdown_to_html(markdown, markdown.utf8.count, options)!
        defer { free(rendered) }
        return String(cString: rendered)
    }

    @Test func derivedHTMLIsCmarksForEveryShape() {
        let samples = [
            "Plain paragraph.\n\n# Heading one\n\n###### Six\n\nSetext\n===\n\nSetext two\n---\n",
            "Escapes: \"quoted\" & <angle> 'single' / slash &amp; &lt;x&gt; &#35; \\* é 汉字\n\n## A & B <c> \"d\"\n",
            "Two\nlines.\n\nHard  \nbreak.\n\n*emph* and `code` and [link](x.md) ![img](y.png)\n\n# *Emph* heading\n",
            "  Indented paragraph.  \n\n#   Spaced heading   #\n\n<div>raw</div>\n\n<!-- comment -->\n",
            "> one\n\n> > two\n\n> > > > > four\n> > > > > deep\n\n>\n\n> > \n\n> > a\n> >\n> > b\n",
            "> > - item\n> >   more\n\n> > ```\n> > code\n> > ```\n\n> > # head\n> > para\n\n> > > <b>x</b>\n",
            "- > > nested in an item\n- > plain\n\n1. > > > x\n\n    code block\n\n---\n",
        ]
        // With raw HTML kept as written: without, a block holding some is the sanitizer's (`HTMLSanitizer`).
        let rawHTML = MarkdownParser(options: .init(rawHTML: true, rewriteMarkdownLinks: false))
        for markdown in samples {
            let blocks = rawHTML.parse(markdown)
            #expect(blocks.map(\.html).joined() == cmarkHTML(markdown, options: CMARK_OPT_UNSAFE), "\(markdown)")
        }
    }

    @Test func nestedQuotesMillionsDeepKeepOnlyTheirInnerHTML() {
        let depth = 200_000
        let markdown = "# T\n\n" + String(repeating: "> ", count: depth) + "quote\n"
        let blocks = parser.parse(markdown)
        #expect(blocks.count == 2)
        let html = blocks[1].html
        #expect(html.utf8.count == depth * 27 + "<p>quote</p>\n".utf8.count)
        #expect(html == cmarkHTML(markdown).dropFirst("<h1>T</h1>\n".utf8.count).description)
        #expect(blocks[1].text == "quote")
    }

    @Test func blocksCompareByTheirHTMLNotHowTheyKeepIt() {
        let parsed = parser.parse("A < b > & \"c\".\n\n## Two\n\n> > q\n")
        #expect(parsed.count == 3)
        for block in parsed {
            let asText = Block(kind: block.kind, lines: block.lines, source: block.source, text: block.text,
                               html: block.html, inline: block.inline, items: block.items)
            #expect(asText == block)
            #expect(asText.hashValue == block.hashValue)
            var changed = block
            changed.html += "x"
            #expect(changed != block)
            #expect(changed.html == block.html + "x")
        }
        #expect(parsed[0].html == "<p>A &lt; b &gt; &amp; &quot;c&quot;.</p>\n")
    }

    @Test func settersKeepTheOtherParts() {
        var block = parser.parse("> > *x* [y](z)\n")[0]
        let html = block.html
        block.items = [[block]]
        #expect(block.html == html)
        #expect(block.inline.urls == ["z"])
        block.inline = InlineFeatures()
        #expect(block.items.count == 1)
        #expect(block.html == html)
    }

    /// A million tiny paragraphs are a million blocks: each costs its stride and nothing else.
    @Test func aTinyParagraphIsEightyEightBytes() {
        #expect(MemoryLayout<Block>.stride <= 88)
        let block = parser.parse("Para 1.\n")[0]
        #expect(block.html == "<p>Para 1.</p>\n")
    }
}
