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

    /// Terse, not short: lengths alone call this Chinese far shorter than its English (its terms
    /// are long English phrases and short Chinese words), but it renders nearly every word, so
    /// with a dictionary it is no finding; the same English with half its Chinese gone still is.
    @Test func aTerseTranslationThatRendersItsWordsIsNotShort() throws {
        let dictionary = SentenceDictionary(entries: [
            ("关系", ["relational"]), ("数据库", ["database"]), ("扩展", ["scale"]), ("技术", ["techniques"]),
            ("主从", ["master-slave"]), ("复制", ["replication"]), ("联合", ["federation"]), ("分片", ["sharding"]),
            ("规范化", ["normalization", "denormalization"]), ("调优", ["tuning"]), ("许多", ["many"]),
        ])
        let english = "There are many techniques to scale a relational database: master-slave replication, " +
            "federation, sharding, denormalization, and careful query tuning of every slow statement. Each has its costs.\n"
        let terse = "扩展关系数据库有许多技术：主从复制、联合、分片、反规范化和调优。每种技术都有代价。\n"
        let review = SentenceReview(aligner: SentenceAligner(dictionary: dictionary))
        let bead = Bead(source: [0], target: [0])
        // Lengths alone find it short …
        let sentences = try #require(review.sentences(bead, source: parser.parse(english), target: parser.parse(terse)))
        #expect(review.fallingShort(sentences).count == 1)
        // … the words say it is all there.
        #expect(review.findings(bead, source: parser.parse(english), target: parser.parse(terse)).isEmpty)
        // Half of it gone: the words do not cover the English, the finding stays.
        let half = "扩展关系数据库有许多技术。每种技术都有代价。\n"
        #expect(review.findings(bead, source: parser.parse(english), target: parser.parse(half)).map(\.status) == [.sentenceMissing])
    }

    @Test func aSentenceTheLengthsSingleOutInAGroupIsNoFindingWhenItsWordsAreRendered() throws {
        let dictionary = SentenceDictionary(entries: [
            ("缓存", ["cache"]), ("条目", ["entry", "entries"]), ("保存", ["keeps"]), ("已经", ["already"]),
            ("看到", ["seen"]), ("归档", ["archive"]), ("打开", ["open"]), ("句柄", ["handle"]), ("计数", ["count"]),
            ("遍历", ["walk"]), ("读取", ["read"]),
        ])
        let review = SentenceReview(aligner: SentenceAligner(dictionary: dictionary))
        let english = "Open the archive with a read handle before you walk through all of its entries and count them one by one. " +
            "The cache keeps every entry it has already seen, whatever archive or folder it came from.\n"
        func group(_ chinese: String) -> BeadSentences {
            let source = SentenceSplitter.sentences(of: parser.parse(english)).map(\.withText)
            let target = SentenceSplitter.sentences(of: parser.parse(chinese)).map(\.withText)
            return BeadSentences(source: source, target: target, links: [SentenceLink(source: 0..<2, target: 0..<1)])
        }
        // A Chinese as long as the first sentence that renders the second: the lengths single
        // the second out; its words are there.
        let verbose = group("缓存会一直保存它已经看到过的每一个条目，不必再去读一遍。\n")
        let hidden = try #require(review.hiddenInGroups(verbose).first)
        #expect(hidden.index == 1)
        #expect(review.rendersOwnWords(hidden, in: verbose, dictionary: dictionary))
        // A Chinese that renders the first sentence: the second's words are not there.
        let first = group("先用读取句柄打开归档文件，然后逐个遍历它的条目并计数，一个也不要漏掉，最后再关闭句柄。\n")
        for found in review.hiddenInGroups(first) where found.index == 1 {
            #expect(!review.rendersOwnWords(found, in: first, dictionary: dictionary))
        }
        #expect(!review.rendersOwnWords(SentenceFinding(kind: .missing, index: 1, sentence: first.source[1], confidence: 0.9),
                                        in: first, dictionary: dictionary))
    }
}
