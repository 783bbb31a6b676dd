@testable import GuideMerge
import GuideModel
import GuideParse
import Testing

/// Sentence segmentation of small hand-made blocks, English and Chinese.
@Suite struct SentenceSplitterTests {
    static func split(_ markdown: String) -> [String] {
        SentenceSplitter.sentences(of: MarkdownParser().parse(markdown)).map(\.text)
    }

    @Test func englishSentencesEndAtStopsFollowedBySpaceAndACapital() {
        #expect(Self.split("One thing. Another thing! A third? Last one.\n")
                == ["One thing.", "Another thing!", "A third?", "Last one."])
        // A lower-case word goes on with the sentence; one with a capital in it starts a new one.
        #expect(Self.split("Wait... then go. iOS does it too.\n") == ["Wait... then go.", "iOS does it too."])
        // Numbers, file names and addresses written as text are never cut.
        #expect(Self.split("Version 3.14 reads main.m and example.com/a.html today. Fine.\n")
                == ["Version 3.14 reads main.m and example.com/a.html today.", "Fine."])
    }

    @Test func abbreviationsDoNotEndSentences() {
        #expect(Self.split("Use a prefix, e.g. Foo or Bar. Then stop.\n") == ["Use a prefix, e.g. Foo or Bar.", "Then stop."])
        #expect(Self.split("That is, i.e. The Thing, vs. Other Thing. Done.\n")
                == ["That is, i.e. The Thing, vs. Other Thing.", "Done."])
        #expect(Self.split("Written by J. Smith in the U.S. Army. Read it.\n")
                == ["Written by J. Smith in the U.S. Army.", "Read it."])
        // `etc.` ends a sentence when a capital follows, and not otherwise.
        #expect(Self.split("Keys, values, etc. They all count. Lists, sets, etc. are fine.\n")
                == ["Keys, values, etc.", "They all count.", "Lists, sets, etc. are fine."])
    }

    @Test func inlineCodeLinksAndEmphasisAreNotCut() {
        #expect(Self.split("Call `a. B` now. Then `[x done]`. Next.\n") == ["Call `a. B` now.", "Then `[x done]`.", "Next."])
        #expect(Self.split("See [the guide. Part](http://x.org/a.b?c=d.E) first. Go.\n")
                == ["See [the guide. Part](http://x.org/a.b?c=d.E) first.", "Go."])
        // A sentence that ends inside emphasis or a link takes the closing markup along.
        #expect(Self.split("**Stop here.** Then go. Read [this one.](http://a.org) Now.\n")
                == ["**Stop here.**", "Then go.", "Read [this one.](http://a.org)", "Now."])
        // A stop inside an address ends nothing.
        #expect(Self.split("Visit https://a.org/x.html. Then <http://b.org/y.> Done.\n")
                == ["Visit https://a.org/x.html.", "Then <http://b.org/y.> Done."])
    }

    @Test func quotesAndBracketsStayWithTheirSentence() {
        #expect(Self.split("He said \"stop.\" Then \"go.\" Later (see above.) Fine.\n")
                == ["He said \"stop.\"", "Then \"go.\"", "Later (see above.)", "Fine."])
        // Sentences inside closed brackets stay together (a stop just before the bracket closes
        // ends the sentence); a bracket never closed holds nothing back.
        #expect(Self.split("One (two. Three) four. Five (six. Seven.) Eight 1) Nine. Ten.\n")
                == ["One (two. Three) four.", "Five (six. Seven.)", "Eight 1) Nine.", "Ten."])
        #expect(Self.split("前面（嗯。。几乎所有的）。后面。\n") == ["前面（嗯。。几乎所有的）。", "后面。"])
    }

    @Test func chineseSentencesEndAtFullWidthStops() {
        #expect(Self.split("这是第一句。这是第二句！第三句？最后一句\n") == ["这是第一句。", "这是第二句！", "第三句？", "最后一句"])
        // Closing quotes and brackets go with the sentence; a comma after a quote keeps it going.
        #expect(Self.split("他说：“好。”然后走了。「对吗？」她问。“真的吗？”，他说。\n")
                == ["他说：“好。”", "然后走了。", "「对吗？」", "她问。", "“真的吗？”，他说。"])
        #expect(Self.split("等一下……然后呢？好的。\n") == ["等一下……", "然后呢？", "好的。"])
        // Latin text after a stop starts the next sentence; half-width stops after Chinese end one too.
        #expect(Self.split("用 `Foo` 写。Apple 也是。这样?对.结束\n") == ["用 `Foo` 写。", "Apple 也是。", "这样?", "对.", "结束"])
        // A Latin stop, a space and Chinese: the Chinese sentence goes on.
        #expect(Self.split("比如 (Integer, Float, etc...) 或者数组。\n") == ["比如 (Integer, Float, etc...) 或者数组。"])
        // A file name after Chinese is not a stop.
        #expect(Self.split("在.m文件里面。下一句。\n") == ["在.m文件里面。", "下一句。"])
    }

    @Test func aNoteInBracketsAfterAStopIsASentence() {
        let sentences = SentenceSplitter.sentences(of: MarkdownParser().parse("这是定义。(注：这是一个注释。)\n"))
        #expect(sentences.map(\.text) == ["这是定义。", "(注：这是一个注释。)"])
        #expect(sentences.map(\.features.isAside) == [false, true])
    }

    @Test func lineBreaksAndContinuationMarksBecomeOneSpace() {
        #expect(Self.split("First line\ngoes on. Second\n   sentence.\n") == ["First line goes on.", "Second sentence."])
        #expect(Self.split("> Quoted text\n> goes on. More.\n>\n> New paragraph\n") == ["Quoted text goes on.", "More.", "New paragraph"])
        #expect(Self.split("Hard break  \nhere.\n") == ["Hard break here."])
        // A code span or a link over two lines: one space for the break (and a quote's mark).
        #expect(Self.split("Call `a\n   b` and [c\n d](u). Done.\n") == ["Call `a b` and [c d](u).", "Done."])
        // (In a quote the scan reads the mark into the code span, which cmark does not: the
        // leaf is then one sentence rather than cut wrongly.)
        #expect(Self.split("> Call `a\n> b` and [c\n> d](u). Done.\n") == ["Call `a b` and [c d](u). Done."])
    }

    @Test func headingsAndListItemsAreUnitsOfTheirOwn() {
        #expect(Self.split("## A heading. With two\n\nText.\n") == ["A heading. With two", "Text."])
        #expect(Self.split("Title. Two\n=====\n") == ["Title. Two"])
        #expect(Self.split("- first item\n- second item. Two sentences.\n  Wrapped.\n- third\n")
                == ["first item", "second item.", "Two sentences.", "Wrapped.", "third"])
        #expect(Self.split("1. one\n2. two\n   - nested one\n") == ["one", "two", "nested one"])
        let sentences = SentenceSplitter.sentences(of: MarkdownParser().parse("- a b\n- c d. E f.\n\nPara.\n"))
        #expect(sentences.map(\.leaf) == [0, 1, 1, 2])
    }

    @Test func sentencesKeepTheirMarkdownAsWritten() {
        #expect(Self.split("Use &amp; and \\* here. Then *this* `x`.\n") == ["Use &amp; and \\* here.", "Then *this* `x`."])
        #expect(Self.split("中文 &lt;b&gt; 这里。\n") == ["中文 &lt;b&gt; 这里。"])
    }

    @Test func codeBlocksAndHTMLHaveNoSentences() {
        #expect(Self.split("```\nlet x = 1. Two.\n```\n").isEmpty)
        #expect(Self.split("<!-- a. B. -->\n\n---\n").isEmpty)
    }

    @Test func positionsAndFeatures() {
        let sentences = SentenceSplitter.sentences(of: MarkdownParser().parse("\n\nOne `Foo` 2 protocols. Is it?\n"))
        #expect(sentences.map(\.start) == [TextPosition(line: 3, column: 1), TextPosition(line: 3, column: 24)])
        #expect(sentences[0].features.tokens == ["one", "foo", "2", "protocol"])
        #expect(sentences[0].features.latin == 3 + 3 + 1 + 9)
        #expect(sentences[1].features.ending == .question)
        let chinese = SentenceSplitter.sentences(of: MarkdownParser().parse("这是 Foo 协议：\n"))[0].features
        #expect(chinese.cjk == 4 && chinese.latin == 3 && chinese.tokens == ["foo"] && chinese.ending == .colon)
    }

    @Test func glossaryTermsOnBothSides() {
        let glossary = SentenceGlossary(Glossary(terms: [
            Glossary.Term(english: ["protocol"], chinese: ["协议"]),
            Glossary.Term(english: ["delegate"], chinese: ["委托"]),
        ]))
        let english = SentenceSplitter.sentences(of: MarkdownParser().parse("Protocols and `delegate`. A delegate.\n"),
                                                 glossary: glossary.source)
        #expect(english.map(\.features.terms) == [[0], [1]])
        let chinese = SentenceSplitter.sentences(of: MarkdownParser().parse("协议。保留 delegate 一词。都没有。\n"),
                                                 glossary: glossary.target)
        #expect(chinese.map(\.features.terms) == [[0], [1], []])
        // A character of several scalars (an emoji with a skin tone) in the leaf: read the long way, found alike.
        let mixed = SentenceSplitter.sentences(of: MarkdownParser().parse("👍🏽协议。委托👍🏽。\n"), glossary: glossary.target)
        #expect(mixed.map(\.features.terms) == [[0], [1]])
        #expect(glossary.mayStartForm("协") && glossary.mayStartForm("委") && !glossary.mayStartForm("议"))
    }
}

/// Random markdown pairs (seeded): cutting and pairing never trap, every sentence is
/// non-empty and in exactly one group, in order.
@Suite struct SentenceFuzzTests {
    static let pieces = ["Word", "word", " ", ". ", "! ", "? ", "。", "！", "？", "…", "中文", "`co. de`", "**", "*", "_",
                         "[link. Text](http://a.b/c.d)", "(", ")", "（", "）", "\"", "“", "”", "e.g. ", "3.14", "\n",
                         "\n\n", "\n> ", "\n- ", "\n1. ", "# ", "&amp;", "\\*", "<b>", "</b>", "<!-- x. Y -->", "http://x.org/a. ",
                         "    ", "\n```\ncode. Code.\n```\n", "——", "，", "：", "iOS", "A.B.", "\t"]

    static func markdown(_ random: inout SplitMix64) -> String {
        (0..<Int(random.next() % 40)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    @Test func randomPairsKeepTheContract() {
        var random = SplitMix64(seed: 23)
        let parser = MarkdownParser()
        for _ in 0..<300 {
            let english = parser.parse(Self.markdown(&random)), chinese = parser.parse(Self.markdown(&random))
            let beads = Aligner().align(english, chinese)
            let glossary = Glossary(terms: [Glossary.Term(english: ["word"], chinese: ["中文"])])
            for bead in ChapterSentences.align(source: english, target: chinese, beads: beads, glossary: glossary) {
                #expect(bead.links.flatMap { Array($0.source) } == Array(bead.source.indices))
                #expect(bead.links.flatMap { Array($0.target) } == Array(bead.target.indices))
                #expect((bead.source + bead.target).allSatisfy { !$0.text.isEmpty && $0.text.first != " " && $0.text.last != " " && !$0.text.contains("\n") })
                _ = SentenceFindings.findings(bead)
            }
        }
    }

    @Test func visibleCountReadsUTF8AsScalars() {
        let texts = ["", " \t\n", "ab c", "é e\u{301}", "中文\u{3000}中", "a\u{A0}b\u{2009}c\u{FEFF}", "👍🏽 x", "\u{1680}\u{205F}z"]
        for text in texts {
            let scalars = text.unicodeScalars.filter { !Sentence.isBlank($0) }.count
            #expect(Sentence.visibleCount(text) == scalars, "\(text.debugDescription)")
            #expect(Sentence.visibleCount(text[...]) == scalars)
        }
    }

    @Test func aParagraphOfOneSentenceIsMeasuredAsItsCutWouldBe() throws {
        let paragraphs = [
            "Use `NSString *` for [names](https://example.com/a_b) and *emphasis*, see <https://example.com>.\n",
            "属性应该用 `copy` 修饰，参见 [文档](a.md)。\n",
            "A line\\\nbroken &amp; escaped \\* here\n",
            "Only words\n",
        ]
        for markdown in paragraphs {
            let block = try #require(MarkdownParser().parse(markdown).first)
            let cut = SentenceSplitter.sentences(of: block)
            let measured = try #require(SentenceSplitter.oneSentence(of: block))
            #expect(cut.count == 1 && measured.sentences == 1)
            #expect(measured.latin == cut[0].features.latin && measured.cjk == cut[0].features.cjk, "\(markdown)")
        }
        // An ellipsis may end a sentence that the stops do not count; a heading or a list is cut.
        #expect(SentenceSplitter.oneSentence(of: MarkdownParser().parse("Wait… then go\n")[0]) == nil)
        #expect(SentenceSplitter.oneSentence(of: MarkdownParser().parse("# Title\n")[0]) == nil)
        #expect(SentenceSplitter.oneSentence(of: MarkdownParser().parse("![](a.png)\n")[0])?.sentences == 0)
    }

    @Test func aCutSentenceIsTheSentenceItsTextSays() {
        // A cut sentence makes its text when read (`SentenceText`): it equals, and hashes as, a
        // sentence given the same text, position and features.
        let cut = SentenceSplitter.sentences(of: MarkdownParser().parse("Call `a. B`\n  now &amp; then. Go *on*.\n"))
        #expect(cut.map(\.text) == ["Call `a. B` now &amp; then.", "Go *on*."])
        let written = cut.map { Sentence(text: $0.text, start: $0.start, leaf: $0.leaf, features: $0.features, visible: $0.visible) }
        #expect(cut == written)
        #expect(Set(cut + written).count == 2)
        var edited = cut[1]
        edited.text = "Go."
        #expect(edited.text == "Go." && edited != cut[1])
    }

    /// A cut sentence keeps its leaf's units (some thirty times its text) until its text is
    /// made: the sentences a chapter keeps to show (`align --sentences`, the memory) have it
    /// made as each bead is cut, and the review keeps units only where its scan keeps them.
    @Test func sentencesKeptToBeShownKeepTheirTextNotTheirUnits() throws {
        let parser = MarkdownParser()
        let source = parser.parse("One sentence here. Another one there.\n\nA third. A fourth.\n")
        let target = parser.parse("这里一句。那里一句。\n\n第三句。第四句。\n")
        let cut = SentenceSplitter.sentences(of: source[0])
        #expect(cut.count == 2 && cut.allSatisfy(\.keepsUnits))
        let beads = Aligner().align(source, target)
        let shown = ChapterSentences.align(source: source, target: target, beads: beads).flatMap { $0.source + $0.target }
        #expect(shown.count == 8 && !shown.contains(where: \.keepsUnits))
        #expect(shown.map(\.text).contains("Another one there."))
        // The review's model pass keeps units only along with its scan (`keptUnits`).
        let review = SentenceReview.forChapter(beads, source: source, target: target, glossary: nil)
        for (index, cut) in review.cutForModel {
            let kept = review.scannedForModel[index] != nil
            let units = (cut.english + cut.chinese).map(\.keepsUnits)
            #expect(units == units.map { _ in kept })
        }
        #expect(!review.cutForModel.isEmpty)
    }

    @Test func aNoteIsLookedForWhereverItsMarkIsWritten() {
        // Only a sentence that may hold 译 has its text read for a note: in prose, in a link's
        // text, written as an entity (the text keeps the entity: no note), in a code span.
        func notes(_ chinese: String) -> String? {
            SentenceSplitter.sentences(of: MarkdownParser().parse(chinese + "\n")).first?.translatorsNotes?.rest
        }
        #expect(notes("设为 nil（译者注：见 ab 节）是好的。") == "设为 nil是好的。")
        #expect(notes("设为 nil[（译者注：见 ab 节）](http://a.org)是好的。") == "设为 nil[](http://a.org)是好的。")
        #expect(notes("设为 nil（&#35793;者注：见 ab 节）是好的。") == nil)
        #expect(notes("设为 `（译者注：x）` 是好的。") == "设为 `` 是好的。")
        #expect(notes("设为 nil（注意：见 ab 节）是好的。") == nil)
    }
}
