import Foundation
@testable import GuideMerge
import GuideModel
import GuideParse
@testable import GuideRender
import Testing

/// What the side-by-side page tells `sentences.js` about each row's sentences (`data-sentences`),
/// and the visible lengths it is made of (`Sentence.visible`).
@Suite struct SentenceCellsTests {
    static func sentence(_ visible: Int?) -> Sentence {
        Sentence(text: "s", start: TextPosition(line: 1, column: 1), visible: visible)
    }

    /// A hand-made bead: 1:1, then 1:2, then 1:0 (a sentence with no counterpart).
    @Test func oneToOneOneToTwoAndOneToNothing() {
        let bead = BeadSentences(
            source: [Self.sentence(12), Self.sentence(30), Self.sentence(7)],
            target: [Self.sentence(9), Self.sentence(11), Self.sentence(4)],
            links: [SentenceLink(source: 0..<1, target: 0..<1), SentenceLink(source: 1..<2, target: 1..<3),
                    SentenceLink(source: 2..<3, target: 3..<3)])
        let cells = SentenceCells(SentenceMarks(bead))
        #expect(cells.source == "0:12 1:30 2:7")
        #expect(cells.target == "0:9 1:11 1:4")
    }

    /// 0:1 numbers the target's sentence after the links before it; a length not known is `?`;
    /// a side without sentences says nothing.
    @Test func nothingToOneUnknownLengthsAndEmptySides() {
        let bead = BeadSentences(source: [Self.sentence(5)], target: [Self.sentence(nil), Self.sentence(6)],
                                 links: [SentenceLink(source: 0..<1, target: 0..<1), SentenceLink(source: 1..<1, target: 1..<2)])
        #expect(SentenceCells(SentenceMarks(bead)) == SentenceCells(source: "0:5", target: "0:? 1:6"))
        let alone = BeadSentences(source: [], target: [Self.sentence(3)], links: [SentenceLink(source: 0..<0, target: 0..<1)])
        #expect(SentenceCells(SentenceMarks(alone)) == SentenceCells(source: "", target: "0:3"))
        #expect(SentenceCells(nil) == .none)
    }

    static func visible(_ markdown: String) -> [Int?] {
        SentenceSplitter.sentences(of: MarkdownParser().parse(markdown), visible: true).map(\.visible)
    }

    /// What a reader sees, whitespace aside: code without its backticks, a link's text, an
    /// image's alt text, an entity as its character; never the markup.
    @Test func visibleLengthsCountWhatTheHTMLShows() {
        #expect(Self.visible("Call `f()` now. See [the docs](http://x.org \"T\") too.\n") == [11, 14])
        #expect(Self.visible("See ![a cat](c.png) here. Done &amp; dusted. **Bold** _it_ ends.\n") == [12, 12, 11])
        // Characters the scan takes for markup and cmark keeps as text, and the other way round.
        #expect(Self.visible("Use __block vars[1]. Then 2 * 3 is \\*six\\*. Fine.\n") == [18, 15, 5])
        // A heading is one sentence; a list item's sentences are its own.
        #expect(Self.visible("## A *b* c. D\n") == [5])
        #expect(Self.visible("* One. Two `x`.\n* Three.\n") == [4, 5, 6])
        #expect(Self.visible("调用 `f()`。参见[文档](http://x.org)。\n") == [6, 5])
        // Not asked: not counted.
        #expect(SentenceSplitter.sentences(of: MarkdownParser().parse("One. Two.\n")).map(\.visible) == [nil, nil])
    }

    static func review(english: String, chinese: String) throws -> (Book, ChapterReview) {
        let chapters = [("en", english), ("zh", chinese)].map { code, text in
            Chapter(path: "a.md", displayPath: "content/\(code)/a.md", title: "A", blocks: MarkdownParser().parse(text))
        }
        let config = Config(titles: ["en": "T", "zh": "T"], languages: [Language("en"), Language("zh")], source: Language("en"))
        let book = Book(config: config, editions: chapters.enumerated().map { index, chapter in
            Edition(language: config.languages[index], title: "T", toc: [], chapters: [chapter], assets: [])
        })
        return (book, try book.reviews()[0])
    }

    static let english = """
        # Sentences

        Call `f()` first. Then see [the notes](http://x.org/n) for more.

        One sentence only here.

        ```objc
        int x;
        ```

        A line the translation leaves out. A line it keeps with `k`.

        """
    static let chinese = """
        # 句子

        先调用 `f()`。更多内容见[说明](http://x.org/n)。

        这里只有一句。

        ```objc
        int x;
        ```

        它保留了带 `k` 的这一行。

        （译者注：一条注释。）

        """

    /// The review pairs each bead's sentences once, for its findings and the page alike: a code
    /// block's bead and a pair of one sentence a side have no marks (the row pairs them
    /// already); the marks survive the review's cache record; a bead past the size limit has none.
    @Test func theReviewMarksEachPairsSentencesOnce() throws {
        let (_, review) = try Self.review(english: Self.english, chinese: Self.chinese)
        let marks = review.beads.map(\.sentences)
        let cells = marks.map(SentenceCells.init)
        #expect(cells[0] == .none)   // the heading
        #expect(cells[2] == .none)   // one sentence a side
        #expect(cells.contains(SentenceCells(source: "0:13 1:23", target: "0:7 1:8")))
        #expect(cells.filter { $0 != .none }.count == 2)
        #expect(cells.allSatisfy { !$0.source.contains("?") && !$0.target.contains("?") })
        // Kept through the review's cache record.
        let bytes = ReviewCodec.encode(review.beads)
        let decoded = try #require(bytes.withUnsafeBytes { ReviewCodec.decode($0) })
        #expect(decoded.map(\.sentences) == marks)
        #expect(decoded == review.beads)
        // A bead past the size limit: no marks, but still its findings.
        let big = String(repeating: "Words go here. ", count: SentenceReview.markLimit / 15 + 1)
        let (_, large) = try Self.review(english: "\(big)\n\nA line left out. A line kept.\n", chinese: "很长。\n\n保留的一行。\n")
        #expect(large.beads.allSatisfy { $0.sentences == nil || $0.bead.source != [0] })
        #expect(large.beads.contains { $0.sentences != nil })
    }

    /// With `review.sentences: false`, no bead is paired by sentence: no marks, no sentence findings.
    @Test func sentencesOffPairsNothing() throws {
        let chapters = [("en", Self.english), ("zh", Self.chinese)].map { code, text in
            Chapter(path: "a.md", displayPath: "content/\(code)/a.md", title: "A", blocks: MarkdownParser().parse(text))
        }
        var config = Config(titles: ["en": "T", "zh": "T"], languages: [Language("en"), Language("zh")], source: Language("en"))
        config.sentences = false
        let book = Book(config: config, editions: chapters.enumerated().map { index, chapter in
            Edition(language: config.languages[index], title: "T", toc: [], chapters: [chapter], assets: [])
        })
        let review = try book.reviews()[0]
        #expect(review.beads.allSatisfy { $0.sentences == nil && !$0.review.findings.contains { $0.status.isSentence } })
        #expect(try Self.review(english: Self.english, chinese: Self.chinese).1.beads.contains { $0.sentences != nil })
    }

    /// The page's rows carry the cells, escaped, on the cells that have sentences.
    @Test func theRowsCarryTheCells() throws {
        let (book, review) = try Self.review(english: Self.english, chinese: Self.chinese)
        let pages = ReviewPages(book: book, reviews: [review], anchors: [:], snippets: SnippetBadges([]), check: nil)
        let rows = pages.rows(review, 0..<review.beads.count).rows
        #expect(rows.map(\.sourceSentences).contains("0:13 1:23"))
        let code = try #require(rows.first { $0.sourceHTML.contains("<pre") })
        #expect(code.sourceSentences == nil && code.targetSentences == nil)
        let templates = try TemplateSet(folder: repositoryRoot + "/templates")
        let html = try templates.render(BeadRowsView(sourceLang: "en", targetLang: "zh-Hans", rows: rows), with: "bilingual-rows")
        #expect(html.contains(#"<div class="cell source" lang="en" data-sentences="0:13 1:23">"#))
        let odd = BeadRowView(id: "x", status: "translated", isTranslated: true, findings: [], sourceHTML: "", targetHTML: "",
                              sourceSentences: "\"><script>", sourceLines: "", targetLines: "")
        let escaped = try templates.render(BeadRowsView(sourceLang: "en", targetLang: "zh-Hans", rows: [odd]), with: "bilingual-rows")
        #expect(escaped.contains("data-sentences=\"&quot;&gt;&lt;script&gt;\"") && !escaped.contains("\"><script>"))
    }
}
