@testable import GuideMerge
import GuideModel
import GuideParse
import Testing

/// The lexicon learned from a book's own pairs (`LearnedLexicon`), on a handful of pairs written
/// for it: the words said with the same Chinese in two pairs or more are learned, a word said
/// once (or in one pair said three times) is not, nor a word's neighbour's rendering.
@Suite struct LearnedLexiconTests {
    static let pairs: [LearnedLexicon.Pair] = [
        ("The team writes code.", "团队编写代码。"),
        ("The team reviews every function.", "团队审查每个函数。"),
        ("A function returns a value.", "函数返回一个值。"),
        ("Our team tests the function.", "我们团队测试函数。"),
        ("The team meets today.", "团队今天开会。"),
        ("A small team ships fast.", "小团队发布得很快。"),
        ("The team sleeps.", "团队休息。"),
        ("Simple code is readable.", "简单代码容易读。"),
        ("Readers prefer simple designs.", "读者偏爱简单设计。"),
        ("The compiler warns once.", "编译器警告一次。"),
        ("The parser fails quietly.", "解析器静默失败。"),
        ("The parser fails quietly.", "解析器静默失败。"),
        ("The parser fails quietly.", "解析器静默失败。"),
        ("Keep the Queue type.", "保留 Queue 类型。"),
        ("The Queue type grows.", "Queue 类型增长。"),
    ].map { LearnedLexicon.Pair(english: $0.0, chinese: $0.1) }

    static let lexicon = LearnedLexicon.learn(pairs)

    func renders(_ english: String, _ chinese: String) -> Bool {
        let words = Self.lexicon.english(english)
        return Self.lexicon.covered(words, by: Self.lexicon.chinese(chinese), words: true) == (1 << words.words.count) - 1
    }

    @Test func learnsTheWordsSaidTogetherInSeveralPairs() {
        #expect(renders("team", "团队"))
        #expect(renders("functions", "函数"))
        #expect(renders("code", "代码"))
        #expect(renders("simple", "简单"))
        // Found anywhere in a sentence's CJK runs, as a dictionary's headwords are.
        #expect(renders("Simple code, team functions.", "团队的函数，都是简单的代码。"))
        #expect(!renders("Simple code, team functions.", "团队的函数。"))
    }

    @Test func learnsNoWordOfOnePairNorTheNeighboursRendering() {
        // Said once: no evidence. A pair said three times is one witness, not three.
        #expect(Self.lexicon.english("compiler").rendered == 0)
        #expect(Self.lexicon.english("parser").rendered == 0)
        // "team" comes with 函数 in two of its six pairs (Dice 0.44), but 函数 renders "function",
        // which it comes with in all three of its pairs (Dice 1): not near the best of either.
        #expect(!renders("team", "函数"))
        #expect(!renders("function", "团队"))
        // A word the Chinese keeps as it is renders itself: nothing to learn of it.
        #expect(Self.lexicon.english("queue").rendered == 0)
        #expect(renders("type", "类型"))
        // Nothing of one letter, nor of more than four.
        #expect(Self.lexicon.longest <= 4)
        #expect(!Self.lexicon.single.contains(true))
    }

    @Test func isAPureFunctionOfThePairsNotOfTheirOrder() {
        let again = LearnedLexicon.learn(Self.pairs.reversed())
        #expect(again.renderings == Self.lexicon.renderings)
        #expect(again.headwords == Self.lexicon.headwords)
        #expect(LearnedLexicon.learn([]).wordCount == 0)
    }

    /// From a chapter pair: the 1:1 pairs the aligner is sure of, a translator's note left out.
    @Test func readsTheConfidentPairsOfAChapter() {
        let english = "# Title\n\nThe team writes code. A function returns a value.\n\nKeep it short.\n"
        let chinese = "# 标题\n\n团队编写代码。函数返回一个值。\n\n保持简短（译者注：简短即好）。\n"
        let source = MarkdownParser().parse(english), target = MarkdownParser().parse(chinese)
        let pairs = LearnedLexicon.confidentPairs(source: source, target: target, beads: Aligner().align(source, target),
                                                  glossary: nil)
        #expect(pairs.contains(LearnedLexicon.Pair(english: "The team writes code.", chinese: "团队编写代码。")))
        #expect(pairs.contains(LearnedLexicon.Pair(english: "A function returns a value.", chinese: "函数返回一个值。")))
        #expect(!pairs.contains { $0.english == "Title" })   // a heading is no prose
        #expect(!pairs.contains { $0.chinese.contains("译者注") })
    }
}
