import GuideMerge
import GuideModel
import GuideParse
import Testing

/// Helpers: the findings of a markdown text, and the text with its safe fixes made.
enum StyleFixture {
    static func findings(_ markdown: String) -> [TypographyFinding] {
        MarkdownParser().parse(markdown).flatMap { Typography.findings(in: $0) }
    }

    static func rules(_ markdown: String) -> [String] {
        findings(markdown).map { "\($0.rule.rawValue)@\($0.position)" }
    }

    static func fixed(_ markdown: String, _ scope: SpacingFixer.Scope = .all) throws -> String {
        try SpacingFixer.fix(markdown, scope: scope, parse: MarkdownParser().parse).text
    }
}

@Suite struct StyleTypographyTests {
    typealias F = StyleFixture

    @Test func missingSpaceBetweenChineseAndLatinOrDigits() throws {
        #expect(try F.fixed("使用block定义异步接口\n") == "使用 block 定义异步接口\n")
        #expect(try F.fixed("缩进使用4个空格，这是iOS7的bug\n") == "缩进使用 4 个空格，这是 iOS7 的 bug\n")
        #expect(F.rules("使用block定义\n") == ["space-missing@1:3", "space-missing@1:8"])
        // `10%`, `C++`, `C#` are one word; a half-width parenthesis is spaced like Latin.
        #expect(try F.fixed("100%的情况用C++和C#写\n") == "100% 的情况用 C++ 和 C# 写\n")
        #expect(try F.fixed("超类(`UIViewControllerA`)没有实现\n") == "超类 (`UIViewControllerA`) 没有实现\n")
        #expect(F.rules("中文 block 中文，English text here.\n").isEmpty)
    }

    @Test func wordShapesAsAutocorrectSeesThem() throws {
        #expect(try F.fixed("二进制-100中文，Hello!你好，格式%d中文\n") == "二进制 -100 中文，Hello! 你好，格式%d中文\n")
        // A hyphen between Chinese words is not Latin text (autocorrect's space-dash rule is not this book's).
        #expect(F.rules("你好-世界\n").isEmpty)
    }

    @Test func columnsAreCharactersNotBytes() {
        let found = F.findings("# 标题\n\n第二段落里有一个block\n")
        #expect(found.map(\.position) == [TextPosition(line: 3, column: 9)])
        #expect(found.first?.message == "space-missing: “落里有一个block” → “落里有一个 block”")
    }

    @Test func codeSpansAreLatinAtTheirEdgesAndNeverCheckedInside() throws {
        #expect(try F.fixed("可以用`@required`和`@optional`关键字\n") == "可以用 `@required` 和 `@optional` 关键字\n")
        #expect(F.rules("用 `中文abc，  def 。` 好\n").isEmpty)
        #expect(F.rules("用 ``a`中文b`` 好\n").isEmpty)
        #expect(F.rules("```objc\n// 中文abc ，  注释\nint a;\n```\n").isEmpty)
        #expect(F.rules("    缩进代码abc，  里\n").isEmpty)
    }

    @Test func linksImagesAndURLs() throws {
        // Link text is prose, its target is not; the space goes outside the markup.
        #expect(try F.fixed("参考[Apple文档](http://example.com/中文abc)中表示\n")
                == "参考 [Apple 文档](http://example.com/中文abc)中表示\n")
        #expect(try F.fixed("查看[Apple](https://a.example)文档\n") == "查看 [Apple](https://a.example) 文档\n")
        #expect(try F.fixed("见[下一章abc](x.md \"标题abc\")。\n") == "见[下一章 abc](x.md \"标题abc\")。\n")
        #expect(try F.fixed("看[一][ref]和[二][]\n\n[ref]: http://example.com/a中b\n[二]: http://x.example\n")
                == "看[一][ref]和[二][]\n\n[ref]: http://example.com/a中b\n[二]: http://x.example\n")
        #expect(try F.fixed("见<https://example.com/a中b>吧\n") == "见 <https://example.com/a中b> 吧\n")
        #expect(try F.fixed("看http://example.com/a吧\n") == "看 http://example.com/a 吧\n")
        #expect(try F.fixed("图：![示意abc图](images/a中b.png)\n") == "图：![示意 abc 图](images/a中b.png)\n")
    }

    @Test func emphasisAndInlineHTMLAreTransparent() throws {
        #expect(try F.fixed("中文**bold**中文\n") == "中文 **bold** 中文\n")
        #expect(try F.fixed("中文*强调abc*中文\n") == "中文*强调 abc* 中文\n")
        #expect(try F.fixed("中文<b>abc</b>中文<!-- 注释abc -->\n") == "中文 <b>abc</b> 中文<!-- 注释abc -->\n")
        #expect(F.rules("<div>\n中文abc\n</div>\n").isEmpty)
    }

    @Test func noSpaceNextToFullWidthPunctuation() throws {
        #expect(try F.fixed("引用循环。 总是使用，  block ，返回\n") == "引用循环。总是使用，block，返回\n")
        #expect(try F.fixed("同时应该是 “有效” 的。\n") == "同时应该是“有效”的。\n")
        #expect(try F.fixed("导致 Crash。 `__block` 变量\n") == "导致 Crash。`__block` 变量\n")
        // A curly quote beside Latin is English typography: left alone.
        #expect(F.rules("他说 the “quote” here 是对的\n").isEmpty)
        // Without Chinese in the block, nothing is checked.
        #expect(F.rules("He said “hello” to me , ok.  Twice.\n").isEmpty)
    }

    @Test func oneSpaceNotSeveralNorIdeographic() throws {
        #expect(try F.fixed("用 __block  关键字声明\n") == "用 __block 关键字声明\n")
        #expect(try F.fixed("中文\u{3000}abc\n") == "中文 abc\n")
        #expect(F.rules("两个  汉字之间 English  words\n").isEmpty)
    }

    @Test func halfWidthPunctuationInChineseSentences() throws {
        #expect(try F.fixed("不是很麻烦的事情。但是, 当他来\n") == "不是很麻烦的事情。但是，当他来\n")
        #expect(try F.fixed("数据源模式: 委托方拉取数据.\n") == "数据源模式：委托方拉取数据。\n")
        #expect(try F.fixed("这就是 retain cycle, 并且要避免\n") == "这就是 retain cycle，并且要避免\n")
        #expect(try F.fixed("会编译报错:`x`\n") == "会编译报错：`x`\n")
        #expect(try F.fixed("最后... 指针\n") == "最后…… 指针\n")
        #expect(F.rules("用 Objective-C 2.0 写 main.m 文件，a, b 和 c\n").isEmpty)
        // Spaces only by default.
        #expect(try F.fixed("但是, 当他来\n", .spaces) == "但是, 当他来\n")
    }

    @Test func fullWidthLettersAndRepeatedPunctuation() throws {
        #expect(try F.fixed("全角ＡＢＣ１２３字母\n") == "全角ABC123字母\n")
        #expect(F.rules("真的吗？？好！！\n") == ["repeated-punctuation@1:4", "repeated-punctuation@1:7"])
        // Repeated punctuation may be meant: reported, never fixed.
        #expect(try F.fixed("真的吗？？\n") == "真的吗？？\n")
        #expect(F.rules("中文……好——的\n").isEmpty)
    }

    @Test func headingsListsAndQuotes() throws {
        #expect(F.rules("### 深入Blocks ###\n") == ["space-missing@1:7"])
        #expect(try F.fixed("* 列表item一\n* 第二项\n    1. 嵌套list项\n") == "* 列表 item 一\n* 第二项\n    1. 嵌套 list 项\n")
        #expect(try F.fixed("> 引用abc中文\n> 第二行2个\n") == "> 引用 abc 中文\n> 第二行 2 个\n")
        #expect(try F.fixed("标题abc\n===\n") == "标题 abc\n===\n")
        // cmark may count the line after a setext underline into the heading: it is not the heading's prose.
        let heading = Block(kind: .heading(level: 2), lines: LineRange(start: 1, end: 3),
                            source: "标题abc\n---\n* 列表item", text: "标题abc", html: "")
        #expect(Typography.findings(in: heading).map(\.position) == [TextPosition(line: 1, column: 3)])
    }

    @Test func seedChapterFindingsAreReal() throws {
        let text = try TextFile.read(path: repositoryRoot + "/content/zh/inter-object-communication.md", displayPath: "seed")
        let found = F.findings(text)
        let messages = found.map { "\($0.position) \($0.message)" }
        #expect(messages.contains("59:206 space-missing: “block指向一个栈” → “block 指向一个栈”"))
        #expect(messages.contains("84:26 space-extra: “引用循环。 总是使用 ” → “引用循环。总是使用 ”"))
        #expect(messages.contains("390:32 space-missing: “法。可以用`@req” → “法。可以用 `@req”"))
        #expect(found.filter(\.rule.isSpacing).count >= 30)
        // No finding, and no fix, inside code: edits stay out of code spans, URLs and code blocks.
        let blocks = MarkdownParser().parse(text)
        let code = blocks.flatMap { ProseScanner.leaves(of: $0).joined() }.filter { $0.kind == .code || $0.kind == .url }
        let codeBlocks = blocks.filter { $0.codeLiteral != nil }.map(\.lines)
        for edit in found.flatMap(\.edits) {
            #expect(!code.contains { $0.start < edit.position && edit.position < $0.end }, "edit at \(edit.position)")
            #expect(!codeBlocks.contains { $0.start <= edit.line && edit.line <= $0.end })
        }
        // Every prose block of the seed is scanned (none left out because the scan disagreed with cmark).
        for block in blocks {
            let leaves = ProseScanner.leaves(of: block)
            switch block.kind {
            case .paragraph, .heading, .blockQuote: #expect(leaves.count == 1, "block at line \(block.lines.start)")
            default: break
            }
        }
    }
}
