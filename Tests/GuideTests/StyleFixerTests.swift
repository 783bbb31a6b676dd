import GuideMerge
import GuideModel
import GuideParse
import Testing

@Suite struct StyleFixerTests {
    let parser = MarkdownParser()

    static let chapter = """
        # 对象间的通讯Blocks

        使用block定义异步接口: 引用循环。 总是使用 `weak` 引用。

        * 列表item一
        * 第二项用`code`写
            * 嵌套list项

        > 引用abc中文

        ```objective-c
        // 代码里的中文abc ，  不动
        int a = 1;
        ```

        见[下一章abc](second.md#end)和<https://example.com/中文abc>。

        """

    @Test func roundTripKeepsBlockStructure() throws {
        let result = try SpacingFixer.fix(Self.chapter, scope: .all, parse: parser.parse)
        #expect(result.refusedBlocks.isEmpty)
        #expect(!result.fixed.isEmpty)
        let before = parser.parse(Self.chapter), after = parser.parse(result.text)
        #expect(before.map(\.kind) == after.map(\.kind))
        // The same inline markup; only the links' texts have new spaces.
        func withoutLinkTexts(_ block: Block) -> InlineFeatures {
            var inline = block.inline
            inline.labels = inline.labels.map { InlineLabel($0.kind, text: "", destination: $0.destination, line: $0.line) }
            return inline
        }
        #expect(before.map(withoutLinkTexts) == after.map(withoutLinkTexts))
        #expect(before.map(\.lines) == after.map(\.lines))
        #expect(result.text.contains("// 代码里的中文abc ，  不动"))
        #expect(result.text.contains("<https://example.com/中文abc>"))
        #expect(result.text.contains("# 对象间的通讯 Blocks\n"))
        #expect(result.text.contains("使用 block 定义异步接口：引用循环。总是使用 `weak` 引用。"))
        // A second pass finds nothing left to fix: the fixes are complete and stable.
        let again = try SpacingFixer.fix(result.text, scope: .all, parse: parser.parse)
        #expect(again.text == result.text)
        #expect(again.fixed.isEmpty)
    }

    @Test func spacesOnlyByDefault() throws {
        let result = try SpacingFixer.fix(Self.chapter, parse: parser.parse)
        #expect(result.fixed.allSatisfy { $0.rule.isSpacing })
        #expect(result.text.contains("使用 block 定义异步接口: 引用循环。总是"))
    }

    @Test func refusesABlockWhoseFixWouldChangeItsMarkdown() throws {
        // `**例子: **` is no emphasis (the closer follows a space); the full-width colon would make it one.
        let text = "**例子: **\n\n第二段abc\n"
        let result = try SpacingFixer.fix(text, scope: .all, parse: parser.parse)
        #expect(result.refusedBlocks == [1])
        #expect(result.text == "**例子: **\n\n第二段 abc\n")
    }

    @Test func touchesNothingElse() throws {
        let text = "中文abc\n\n  English  text.\n\n\n"
        let result = try SpacingFixer.fix(text, parse: parser.parse)
        #expect(result.text == "中文 abc\n\n  English  text.\n\n\n")
    }

    @Test func unifiedDiff() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n", new = "a\nB\nc\nd\ne\nf\ng\nh\ni\nJ\n"
        #expect(UnifiedDiff.make(old: old, new: new, oldName: "a/x.md", newName: "b/x.md") == """
            --- a/x.md
            +++ b/x.md
            @@ -1,5 +1,5 @@
             a
            -b
            +B
             c
             d
             e
            @@ -7,4 +7,4 @@
             g
             h
             i
            -j
            +J

            """)
        #expect(UnifiedDiff.make(old: old, new: old, oldName: "a", newName: "b") == "")
    }

    @Test func scannerKeepsCodeAndTargetsOutOfProse() throws {
        let block = parser.parse("见[链接](http://x.example/a中b \"题\")和`代码`，**强调**\\*星号&amp;\n")[0]
        let units = try #require(ProseScanner.units(of: block))
        let prose = String(units.filter { $0.kind == .text }.map(\.character))
        #expect(prose == "见链接和，强调*星号&")
        #expect(units.first { $0.kind == .code }?.source == "`代码`")
        #expect(units.first { $0.kind == .code }?.start == TextPosition(line: 1, column: 33))
        #expect(units.first { $0.kind == .closing }?.source == "](http://x.example/a中b \"题\")")
    }

    @Test func scannerLeavesOutWhatItCannotMatchWithCmark() {
        // An entity name the scanner does not know: its text differs from cmark's, so the block is skipped.
        let block = parser.parse("中文&eacute;abc\n")[0]
        #expect(ProseScanner.units(of: block) == nil)
        #expect(Typography.findings(in: block).isEmpty)
    }
}
