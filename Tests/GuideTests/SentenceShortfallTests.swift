@testable import GuideMerge
import GuideModel
import GuideParse
import Testing

/// A group whose Chinese is far shorter than its English (`SentenceReview.fallingShort`): part
/// of the English has no Chinese, though no word says which.
@Suite struct SentenceShortfallTests {
    let parser = MarkdownParser()

    static let english = """
        The timer starts at `fireDate`. The run loop checks every timer whose `fireDate` has passed, \
        fires each of them in the order in which they were scheduled, and then sleeps until the next one \
        is due or until an input source wakes it up again. Call `invalidate` before the owner goes away.

        """

    func paired(_ english: String, _ chinese: String) throws -> BeadSentences {
        try #require(SentenceReview().sentences(Bead(source: [0], target: [0]), source: parser.parse(english),
                                                target: parser.parse(chinese)))
    }

    @Test func aSentenceWhoseChineseKeepsOnlyItsFirstClauseFallsShort() throws {
        // The second sentence's Chinese stops after its first clause.
        let bead = try paired(Self.english, "计时器在 `fireDate` 开始。运行循环检查 `fireDate` 已过的每个计时器。在所有者离开之前调用 `invalidate`。\n")
        let found = SentenceReview().fallingShort(bead)
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.kind == .missing)
        #expect(finding.short)
        #expect(finding.sentence.text.hasPrefix("The run loop checks"))
        #expect(finding.confidence >= SentenceReview.minimumConfidence)
        // In the review, it is a sentence-missing finding that says what it is.
        let reviewed = SentenceReview().findings(Bead(source: [0], target: [0]), source: parser.parse(Self.english),
                                                 target: parser.parse("计时器在 `fireDate` 开始。运行循环检查 `fireDate` 已过的每个计时器。在所有者离开之前调用 `invalidate`。\n"))
        #expect(reviewed.map(\.status) == [.sentenceMissing])
        #expect(reviewed.first?.message.contains("far shorter") == true)
    }

    @Test func aGroupWhoseChineseRendersOneOfItsSentencesFallsShortAtTheOther() throws {
        // Paired by hand as a 2:1 group: the Chinese renders the first English sentence only.
        let english = SentenceSplitter.sentences(of: parser.parse(Self.english))
        let chinese = SentenceSplitter.sentences(of: parser.parse("计时器在 `fireDate` 开始。在所有者离开之前调用 `invalidate`。\n"))
        let links = [SentenceLink(source: 0..<2, target: 0..<1), SentenceLink(source: 2..<3, target: 1..<2)]
        let found = SentenceReview().fallingShort(BeadSentences(source: english, target: chinese, links: links))
        #expect(found.map(\.index) == [1])
        #expect(found.first?.short == true)
    }

    @Test func aWholeTranslationDoesNotFallShort() throws {
        let bead = try paired(Self.english, """
            计时器在 `fireDate` 开始。运行循环检查每个 `fireDate` 已过的计时器，按它们被安排的顺序逐个触发，\
            然后休眠，直到下一个到期，或者直到某个输入源再次唤醒它。在所有者离开之前调用 `invalidate`。

            """)
        #expect(SentenceReview().fallingShort(bead).isEmpty)
    }

    @Test func aGroupShortOnlyBecauseItsNeighbourTookItsChineseDoesNotFallShort() throws {
        // Paired by hand as an aligner might: the second English sentence with only the first
        // half of its Chinese, the other half given to the group after it. Joined with that
        // group, the lengths fit: nothing is missing.
        let english = SentenceSplitter.sentences(of: parser.parse(Self.english))
        let chinese = SentenceSplitter.sentences(of: parser.parse("""
            计时器在 `fireDate` 开始。运行循环检查 `fireDate` 已过的每个计时器。它按它们被安排的顺序逐个触发，\
            然后休眠，直到下一个到期，或者直到某个输入源再次唤醒它。在所有者离开之前调用 `invalidate`。

            """))
        #expect(english.count == 3 && chinese.count == 4)
        let links = [SentenceLink(source: 0..<1, target: 0..<1), SentenceLink(source: 1..<2, target: 1..<2),
                     SentenceLink(source: 2..<3, target: 2..<4)]
        #expect(SentenceReview().fallingShort(BeadSentences(source: english, target: chinese, links: links)).isEmpty)
    }
}
