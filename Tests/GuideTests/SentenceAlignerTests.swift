import Foundation
@testable import GuideMerge
import GuideModel
import GuideParse
import Testing

/// The length model, and sentence alignment inside a bead, on small hand-made pairs.
@Suite struct SentenceAlignerTests {
    @Test func aTermsTokenIsTheTokenOfItsMarkAndDigits() {
        // Hashed digit by digit without a string: the same token as the text "\u{1}" + index.
        for index in [0, 1, 9, 10, 11, 99, 100, 101, 4_096, 123_456_789, -7, Int.max] {
            #expect(SentenceToken(term: index) == SentenceToken("\u{1}\(index)"), "term \(index)")
        }
        #expect(SentenceToken(term: 12) != SentenceToken("12"))
    }

    @Test func tokenNumbersKeepEveryTokenApart() {
        // More tokens than the first table size, some whose values share their low bits.
        var numbers = SentenceAligner.TokenNumbers(capacity: 100)
        let tokens = (0..<100).map { SentenceToken(value: UInt64($0) << 40) } + (0..<50).map { SentenceToken("word\($0)") }
        var isTerm: [Bool] = []
        // Numbered in the order first met; met again, the same number.
        for (index, token) in tokens.enumerated().prefix(100) {
            #expect(numbers.number(of: token, term: index % 2 == 0, isTerm: &isTerm) == index)
        }
        #expect(numbers.number(of: tokens[7], term: false, isTerm: &isTerm) == 7)
        #expect(isTerm.count == 100 && isTerm[6] && !isTerm[7])
        #expect(tokens.prefix(100).enumerated().allSatisfy { numbers[$0.element] == $0.offset })
        #expect(tokens.dropFirst(100).allSatisfy { numbers[$0] == nil })
    }

    static func sentences(_ markdown: String, glossary: SentenceGlossary.Side? = nil) -> [Sentence] {
        SentenceSplitter.sentences(of: MarkdownParser().parse(markdown), glossary: glossary)
    }

    /// Each link as "source indexes:target indexes", e.g. "0:0", "1:", ":2", "23:3".
    static func shapes(_ links: [SentenceLink]) -> [String] {
        links.map { link in link.source.map(String.init).joined() + ":" + link.target.map(String.init).joined() }
    }

    static func align(_ english: String, _ chinese: String, glossary: Glossary = Glossary()) -> [String] {
        let terms = glossary.isEmpty ? nil : SentenceGlossary(glossary)
        return shapes(SentenceAligner().align(sentences(english, glossary: terms?.source), sentences(chinese, glossary: terms?.target)))
    }

    @Test func lengthModelIsEstimatedFromPairs() throws {
        // Made-up pairs: each Chinese character stands for 3 English ones, Latin kept as it is.
        let pairs = (0..<40).map { i -> LengthModel.Pair in
            let cjk = Double(10 + i), latin = Double(i % 5)
            let noise = Double(i % 3 - 1) * 4   // -4, 0, 4
            return LengthModel.Pair(source: 3 * cjk + latin + noise, targetLatin: latin, targetCJK: cjk)
        }
        let model = try #require(LengthModel.estimate(pairs))
        #expect(abs(model.cjkWidth - 3) < 0.2)
        #expect(abs(model.ratio - 1) < 0.05)
        #expect(model.variance >= 1 && model.variance < 3)
        // Too few pairs (or none long enough) say nothing.
        #expect(LengthModel.estimate(Array(pairs.prefix(5))) == nil)
        #expect(LengthModel.estimate(pairs.map { _ in LengthModel.Pair(source: 5, targetLatin: 1, targetCJK: 2) }) == nil)
        #expect(LengthModel.median([3, 1, 2]) == 2 && LengthModel.median([4, 1, 2, 3]) == 2.5)
    }

    @Test func lengthCostGrowsWithTheMismatch() {
        let model = LengthModel.book
        let even = model.cost(source: 100, target: 100 * model.ratio)
        let off = model.cost(source: 100, target: 160)
        let far = model.cost(source: 100, target: 300)
        #expect(even < 0.1 && even < off && off < far)
        #expect(model.cost(source: 0, target: 0) == 0)
        // The cost is bounded: a sentence carrying a long note still pairs better than dropping both.
        #expect(model.cost(source: 100, target: 3000) == LengthModel.maximumCost)
        #expect(model.length(latin: 10, cjk: 10) == 10 + 10 * model.cjkWidth)
    }

    @Test func oneToOneSentences() {
        #expect(Self.align("The first sentence is here. The second one is about `Foo`. The third sentence ends it.\n",
                           "第一句话在这里。第二句关于 `Foo` 类。第三句话在这里结束。\n") == ["0:0", "1:1", "2:2"])
    }

    @Test func splitsAndMerges() {
        // One long English sentence the translator made two; two short ones made one.
        #expect(Self.align("""
            This long sentence talks about the first thing and then goes on about a second thing for quite a while.
            Short one. Another short.

            """, "这句话讲第一件事。然后讲第二件事讲了很久。两个短句合在一起。\n") == ["0:01", "12:2"])
    }

    @Test func droppedAndAddedSentences() {
        // The translator's note in brackets stands alone; a sentence left out pairs with nothing.
        #expect(Self.align("Classes declare `Foo`. They also declare `Bar`.\n",
                           "类声明 `Foo`。(译注：这是一个很长的说明，解释了这里的用法和背景。)它们也声明 `Bar`。\n")
                == ["0:0", ":1", "1:2"])
        #expect(Self.align("- Use `alpha` here.\n- Keep the middle item that nobody translated at all.\n- Use `gamma` there.\n",
                           "- 在这里用 `alpha`。\n- 在那里用 `gamma`。\n") == ["0:0", "1:", "2:1"])
    }

    @Test func aTranslatorsNoteIsToldByItsMark() throws {
        func note(_ chinese: String) -> Bool { Self.sentences(chinese + "\n").first?.isTranslatorsNote ?? false }
        #expect(note("（译者注：这里说的是另一回事。）"))
        #expect(note("(译注: 见下文。)。"))   // a stop after the bracket
        #expect(!note("（注意：这里说的是另一回事。）"))   // an aside, but no translator's note
        #expect(!note("（译者注：更好的办法见下文）此外，这样做也可以。"))   // it runs on into translation
        #expect(!note("这里说的是另一回事（译者注：见下文）。"))
        // A note inside a sentence: the rest of it, and what the note holds that the length model counts.
        let notes = try #require(Sentence.translatorsNotes(in: "设为 nil（译者注：见 ab 节）是好的。"))
        #expect(notes.rest == "设为 nil是好的。")
        #expect(notes.latin == 2 && notes.cjk == 5)
        #expect(Sentence.translatorsNotes(in: "设为 nil（注意：见 ab 节）是好的。") == nil)
        #expect(Sentence.translatorsNotes(in: "翻译（译文）") == nil)
    }

    @Test func aTranslatorsNoteIsNeverPaired() {
        // The second sentence's translation is gone; a note of about its length stands where it was.
        #expect(Set(Self.align("Classes declare the `Foo` type for callers. They also declare a second type for the tests.\n",
                               "类为调用者声明 `Foo` 类型。（译者注：这是一个说明，讲的是测试。）\n"))
                == ["0:0", "1:", ":1"])
        // A note inside a sentence is no part of its length: the sentence still pairs one to one.
        #expect(Self.align("Call `alpha` first. Call `beta` then.\n",
                           "先调用 `alpha`（译者注：这里省略了一段很长很长的解释，讲的是为什么一定要先调用它而不是别的方法）。然后调用 `beta`。\n")
                == ["0:0", "1:1"])
    }

    @Test func anchorsAndGlossaryPickThePairing() {
        // Lengths alone cannot tell which sentence was left out: the kept code, or the glossary's terms, can.
        #expect(Self.align("Call `alpha` now. Call `beta` now. Call `gamma` now.\n", "现在调用 `alpha`。现在调用 `gamma`。\n")
                == ["0:0", "1:", "2:1"])
        #expect(Self.align("Call `alpha` now. Call `beta` now. Call `gamma` now.\n", "现在调用 `beta`。现在调用 `gamma`。\n")
                == ["0:", "1:0", "2:1"])
        let glossary = Glossary(terms: [Glossary.Term(english: ["protocol"], chinese: ["协议"]),
                                        Glossary.Term(english: ["method"], chinese: ["方法"])])
        #expect(Self.align("A protocol is here. A class is there, with a long tail of words about other things. A method is elsewhere.\n", "这里是协议。别处是方法。\n",
                           glossary: glossary) == ["0:0", "1:", "2:1"])
        // Questions pair with questions.
        #expect(Self.align("Does it work? It does.\n", "能用吗？能用。\n") == ["0:0", "1:1"])
    }

    /// A question joined to a group whose other side asks none costs what a question paired with a
    /// statement costs: a merge hides no question the translation left out.
    @Test func aQuestionAGroupDoesNotAskCostsAsAtTheEnd() {
        func sentence(_ features: SentenceFeatures) -> Sentence {
            Sentence(text: "s", start: TextPosition(line: 1, column: 1), features: features)
        }
        func english(_ ending: SentenceFeatures.Ending, _ latin: Int) -> Sentence { sentence(SentenceFeatures(latin: latin, ending: ending)) }
        func chinese(_ ending: SentenceFeatures.Ending, _ cjk: Int) -> Sentence { sentence(SentenceFeatures(cjk: cjk, ending: ending)) }
        let aligner = SentenceAligner()
        func cost(_ source: [Sentence], _ target: [Sentence]) -> Double {
            aligner.cost(source, target, group: SentenceLink(source: 0..<source.count, target: 0..<target.count))
        }
        let mark = aligner.weights.punctuation
        // 2:1, the first English sentence a question, the Chinese a statement.
        let plain = cost([english(.plain, 40), english(.plain, 100)], [chinese(.plain, 45)])
        #expect(abs(cost([english(.question, 40), english(.plain, 100)], [chinese(.plain, 45)]) - plain - mark) < 1e-9)
        // Asked on both sides, wherever it stands: nothing more than the last marks say.
        let twoByTwo = cost([english(.plain, 40), english(.plain, 100)], [chinese(.plain, 15), chinese(.plain, 30)])
        #expect(abs(cost([english(.question, 40), english(.plain, 100)], [chinese(.question, 15), chinese(.plain, 30)]) - twoByTwo) < 1e-9)
        #expect(abs(cost([english(.question, 40), english(.plain, 100)], [chinese(.plain, 15), chinese(.question, 30)]) - twoByTwo - mark) < 1e-9)
        // 1:1 as before: a question against a statement, once.
        #expect(abs(cost([english(.question, 40)], [chinese(.plain, 15)]) - cost([english(.plain, 40)], [chinese(.plain, 15)]) - mark) < 1e-9)
        // A 1:2 split: the last marks alone weigh it, whichever Chinese sentence asks.
        let split = cost([english(.question, 60)], [chinese(.question, 10), chinese(.plain, 10)])
        #expect(abs(split - cost([english(.question, 60)], [chinese(.plain, 10), chinese(.plain, 10)])) < 1e-9)
    }

    @Test func emptySides() {
        #expect(Self.align("One. Two.\n", "```\ncode\n```\n") == ["0:", "1:"])
        #expect(Self.align("```\ncode\n```\n", "一。二。\n") == [":0", ":1"])
        #expect(Self.align("```\ncode\n```\n", "```\ncode\n```\n").isEmpty)
    }

    /// Every sentence once, in order, on random beads, and a long bead's work grows linearly.
    @Test func everySentenceOnceAndLinear() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let n = Int.random(in: 0...12, using: &generator), m = Int.random(in: 0...12, using: &generator)
            let source = (0..<n).map { _ in Sentence(text: "s", start: TextPosition(line: 1, column: 1),
                                                     features: SentenceFeatures(latin: .random(in: 1...200, using: &generator))) }
            let target = (0..<m).map { _ in Sentence(text: "t", start: TextPosition(line: 1, column: 1),
                                                     features: SentenceFeatures(cjk: .random(in: 1...80, using: &generator))) }
            let links = SentenceAligner().align(source, target)
            #expect(links.flatMap { Array($0.source) } == Array(0..<n))
            #expect(links.flatMap { Array($0.target) } == Array(0..<m))
            #expect(links.allSatisfy { !$0.source.isEmpty || !$0.target.isEmpty })
        }
        func timed(_ count: Int) -> Double {
            let source = (0..<count).map { i in Sentence(text: "s", start: TextPosition(line: 1, column: 1),
                                                         features: SentenceFeatures(latin: 30 + i % 50, tokens: [SentenceToken("w\(i)")])) }
            let target = (0..<(count * 3 / 2)).map { i in Sentence(text: "t", start: TextPosition(line: 1, column: 1),
                                                                   features: SentenceFeatures(cjk: 10 + i % 20, tokens: [SentenceToken("w\(i)")])) }
            let clock = ContinuousClock()
            let start = clock.now
            let links = SentenceAligner().align(source, target)
            #expect(links.flatMap { Array($0.source) }.count == count)
            let elapsed = clock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        }
        // The fastest of three runs each: one run of either could be held up by another process.
        let small = (0..<3).map { _ in timed(400) }.min()!, large = (0..<3).map { _ in timed(4000) }.min()!
        #expect(large < small * 30, "4,000 sentences took \(large) s, 400 took \(small) s: not linear")
    }
}
