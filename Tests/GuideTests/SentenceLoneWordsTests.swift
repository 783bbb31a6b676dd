@testable import GuideMerge
import GuideModel
import GuideParse
import Testing

/// A sentence the aligner left alone, but only just (its confidence below the review's), weighed
/// by its words too (`SentenceReview.weighedByWords`): as if joined to the group beside it, the
/// whole-sentence test of `UnrenderedEnglish`; not when the aligner without the dictionary pairs it.
@Suite struct SentenceLoneWordsTests {
    static let dictionary = UnrenderedEnglishTests.dictionary
    /// The second sentence long: lengths leave it alone beside the first's translation.
    static let english = "Small teams review clear code. Careful names help each reader with simple logic, "
        + "and a simple name keeps the review of every change short for the whole team over many years of work.\n"

    func sentences(_ markdown: String) -> [Sentence] {
        SentenceSplitter.sentences(of: MarkdownParser().parse(markdown))
    }

    /// The review's weighing of the second English sentence, left alone with a confidence of 0.45 (below the review's threshold).
    func weighed(_ chinese: String, links: [SentenceLink]) -> (before: Double, after: Double) {
        let source = sentences(Self.english), target = sentences(chinese)
        let bead = BeadSentences(source: source, target: target, links: links)
        let finding = SentenceFinding(kind: .missing, index: 1, sentence: source[1], confidence: 0.45)
        let review = SentenceReview(aligner: SentenceAligner(dictionary: Self.dictionary))
        let after = review.weighedByWords([finding], in: bead, dictionary: Self.dictionary)
        return (finding.confidence, after[0].confidence)
    }

    @Test func aLoneSentenceTheNeighboursChineseDoesNotRenderIsSurer() {
        let chinese = "小团队审查清晰的代码。\n"
        // Lengths alone leave it alone too (the words are not all that say so).
        let plain = SentenceAligner().align(sentences(Self.english), sentences(chinese))
        #expect(plain.contains { $0.source == 1..<2 && $0.target.isEmpty })
        let (before, after) = weighed(chinese, links: [SentenceLink(source: 0..<1, target: 0..<1),
                                                        SentenceLink(source: 1..<2, target: 0..<0)])
        #expect(after > SentenceReview.minimumConfidence && after > before)
    }

    @Test func notWhenOnlyTheDictionaryLeftItAlone() {
        // A translation in words the dictionary does not know: lengths pair it.
        let chinese = "小团队审查清晰的代码。起名谨慎对每位看的人都有益，条理也不绕弯子。\n"
        let plain = SentenceAligner().align(sentences(Self.english), sentences(chinese))
        #expect(plain.map(\.source) == [0..<1, 1..<2] && plain.map(\.target) == [0..<1, 1..<2])
        let (before, after) = weighed(chinese, links: [SentenceLink(source: 0..<1, target: 0..<1),
                                                        SentenceLink(source: 1..<2, target: 0..<0),
                                                        SentenceLink(source: 2..<2, target: 1..<2)])
        #expect(after == before)
    }

    @Test func aSureFindingIsLeftAsItIs() {
        let source = sentences(Self.english), target = sentences("小团队审查清晰的代码。\n")
        let bead = BeadSentences(source: source, target: target, links: [SentenceLink(source: 0..<1, target: 0..<1),
                                                                         SentenceLink(source: 1..<2, target: 0..<0)])
        let sure = SentenceFinding(kind: .missing, index: 1, sentence: source[1], confidence: 0.7)
        let review = SentenceReview(aligner: SentenceAligner(dictionary: Self.dictionary))
        #expect(review.weighedByWords([sure], in: bead, dictionary: Self.dictionary)[0].confidence == 0.7)
    }
}
