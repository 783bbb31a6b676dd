@testable import GuideMerge
import GuideModel
import GuideParse
import Testing

/// The review below the paragraph (`SentenceReview`), on hand-made pairs: a sentence the
/// Chinese leaves out, one it adds, and the pairs it must not cry wolf about.
@Suite struct SentenceReviewTests {
    let parser = MarkdownParser()

    static let english = """
        # Timers

        The `fireDate` property holds the date 2024-05-01 for the first run. It is read by `NSRunLoop` \
        every 30 seconds while the mode is `NSDefaultRunLoopMode`. Call `invalidate` before the owner goes away.

        """

    /// The review of a one-chapter pair, and its findings about sentences.
    func sentenceFindings(_ english: String, _ chinese: String) -> [BeadFinding] {
        let source = Chapter(path: "a.md", displayPath: "content/en/a.md", title: "A", blocks: parser.parse(english))
        let target = Chapter(path: "a.md", displayPath: "content/zh/a.md", title: "A", blocks: parser.parse(chinese))
        let review = ChapterReview.make(source: source, target: target, language: Language("zh"), ledger: AcceptLedger(),
                                        doubtMarkers: ["【疑问】"], sentences: true)
        return review.beads.flatMap(\.review.findings).filter(\.status.isSentence)
    }

    /// A pair's Chinese is searched for the glossary's terms only when its English holds one: a
    /// term is an anchor only when both sides hold it.
    @Test func chineseTermsAreSoughtOnlyWhereTheEnglishHoldsOne() throws {
        let glossary = Glossary(terms: [Glossary.Term(english: ["delegate"], chinese: ["委托"]),
                                        Glossary.Term(english: ["timer"], chinese: ["定时器"])])
        let review = SentenceReview(glossary: SentenceGlossary(glossary))
        func cut(_ english: String, _ chinese: String) throws -> [Sentence] {
            let source = parser.parse(english), target = parser.parse(chinese)
            let bead = Bead(source: [0], target: [0])
            return try #require(review.sentences(bead, source: source, target: target)).target
        }
        // The English names the timer: the Chinese's terms are found (the timer's and the delegate's).
        let named = try cut("The timer fires. Its owner waits.\n", "定时器触发。委托等待。\n")
        #expect(named.map(\.features.terms) == [[1], [0]])
        // It names no term: the Chinese is not searched, and pairs as before.
        let plain = try cut("The clock fires. Its owner waits.\n", "定时器触发。委托等待。\n")
        #expect(plain.count == 2 && plain.allSatisfy { $0.features.terms.isEmpty })
    }

    @Test func aWholeTranslationHasNoSentenceFindings() {
        let chinese = """
            # 定时器

            `fireDate` 属性保存首次运行的日期 2024-05-01。`NSRunLoop` 在模式为 `NSDefaultRunLoopMode` 时\
            每 30 秒读取它一次。在所有者离开之前调用 `invalidate`。

            """
        #expect(sentenceFindings(Self.english, chinese).isEmpty)
    }

    @Test func aSentenceTheChineseLeavesOutIsMissingAtItsLine() throws {
        let chinese = """
            # 定时器

            `fireDate` 属性保存首次运行的日期 2024-05-01。在所有者离开之前调用 `invalidate`。

            """
        let found = sentenceFindings(Self.english, chinese)
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.status == .sentenceMissing)
        #expect(finding.message.contains("It is read by `NSRunLoop`"))
        #expect(finding.sourceLine == 3)
        #expect((finding.confidence ?? 0) >= SentenceReview.minimumConfidence)
    }

    @Test func aSentenceTheChineseAddsIsExtra() throws {
        let chinese = """
            # 定时器

            `fireDate` 属性保存首次运行的日期 2024-05-01。`NSRunLoop` 在模式为 `NSDefaultRunLoopMode` 时\
            每 30 秒读取它一次。（译者注：运行循环的每一次迭代都会检查所有已到期的定时器，并依次触发它们。）\
            在所有者离开之前调用 `invalidate`。

            """
        let found = sentenceFindings(Self.english, chinese)
        #expect(found.map(\.status) == [.sentenceExtra])
        #expect(found.first?.message.contains("译者注") == true)
        #expect(found.first?.line == 3)
    }

    @Test func aSentenceWhoseTranslationIsInTheNextUnpairedBlockIsNotMissing() {
        // The Chinese cut the paragraph in two, and the block aligner paired only the first half:
        // the "missing" sentence is right there, in a block reported as extra.
        let english = parser.parse("""
            The `fireDate` property holds the date 2024-05-01 for the first run. It is read by `NSRunLoop` \
            every 30 seconds while the mode is `NSDefaultRunLoopMode`.

            """)
        let chinese = parser.parse("""
            `fireDate` 属性保存首次运行的日期 2024-05-01。

            `NSRunLoop` 在模式为 `NSDefaultRunLoopMode` 时每 30 秒读取它一次。

            """)
        let review = SentenceReview()
        let bead = Bead(source: [0], target: [0])
        let alone = review.findings(bead, source: english, target: chinese)
        #expect(alone.map(\.status) == [.sentenceMissing])
        let besides = review.findings(bead, source: english, target: chinese, besides: .init(targetOnly: [1]))
        #expect(besides.isEmpty)
        // A neighbour that holds something else explains nothing.
        let unrelated = parser.parse("`fireDate` 属性保存首次运行的日期 2024-05-01。\n\n我们稍后再谈内存管理。\n")
        #expect(review.findings(bead, source: english, target: unrelated, besides: .init(targetOnly: [1])).map(\.status)
                == [.sentenceMissing])
    }

    @Test func aParagraphTurnedIntoAListIsNotComparedBySentence() {
        let paragraph = parser.parse("Open it, write a summary, and close it.\n")
        let list = parser.parse("* 打开它\n* 写总结\n* 关上它\n")
        let englishList = parser.parse("* Open it\n* Write a summary\n* Close it\n")
        let bead = Bead(source: [0], target: [0])
        #expect(!SentenceReview.comparable(bead, source: paragraph, target: list))
        #expect(SentenceReview.comparable(bead, source: englishList, target: list))
        #expect(SentenceReview.comparable(bead, source: paragraph, target: parser.parse("打开它，写总结，关上它。\n")))
    }

    @Test func aBeadWithOtherFindingsIsLeftToThem() {
        // A doubt marker: the translator is asking already; the marker is no sentence of its own.
        let chinese = """
            # 定时器

            `fireDate` 属性保存首次运行的日期 2024-05-01。【疑问】在所有者离开之前调用 `invalidate`。

            """
        #expect(sentenceFindings(Self.english, chinese).isEmpty)
    }

    @Test func aPairWithEnglishLeftInItsChineseIsStillReviewedBySentence() throws {
        // The last sentence kept in English (english-left says so), the middle one left out.
        let english = """
            Timers fire on the run loop of the thread that made them, and only while it runs. \
            The loop looks at every timer of its mode 60 times a second while it waits for input from the window server. \
            Stop a timer with `invalidate` before its owner goes away, or it fires on a freed object.

            """
        let chinese = """
            定时器在创建它们的线程的运行循环上触发，而且只在它运行的时候。\
            Stop a timer with `invalidate` before its owner goes away, or it fires on a freed object.

            """
        let source = Chapter(path: "a.md", displayPath: "content/en/a.md", title: "A", blocks: parser.parse(english))
        let target = Chapter(path: "a.md", displayPath: "content/zh/a.md", title: "A", blocks: parser.parse(chinese))
        let review = ChapterReview.make(source: source, target: target, language: Language("zh"), ledger: AcceptLedger(),
                                        doubtMarkers: ["【疑问】"], sentences: true)
        let pair = try #require(review.beads.first)
        #expect(pair.review.statuses.contains(.englishLeft))
        let found = pair.review.findings.filter(\.status.isSentence)
        #expect(found.count == 1)
        #expect(found.first?.status == .sentenceMissing)
        #expect(found.first?.message.contains("The loop looks at every timer") == true)
    }

    @Test func aSentenceJoinedToItsNeighboursGroupIsStillMissing() throws {
        // Had the aligner paired both English sentences with the one Chinese sentence (2:1)
        // rather than leave one alone, the lengths still say one of them has no translation.
        let english = SentenceSplitter.sentences(of: parser.parse("""
            Braces are not required for `case` statements unless the compiler enforces them, which it \
            rarely does. When a `case` contains more than one line, braces should be added.

            """))
        let chinese = SentenceSplitter.sentences(of: parser.parse("当一个 `case` 包含多行语句的时候，需要加上括号。\n"))
        let grouped = BeadSentences(source: english, target: chinese, links: [SentenceLink(source: 0..<2, target: 0..<1)])
        let found = SentenceReview().hiddenInGroups(grouped)
        #expect(found.map(\.kind) == [.missing])
        #expect(found.first?.sentence.text.hasPrefix("Braces are not required") == true)
        // Two sentences that the one renders together are no finding.
        let whole = SentenceSplitter.sentences(of: parser.parse(
            "除非编译器强制要求，`case` 语句不需要大括号，而编译器很少这样要求；当一个 `case` 包含多行语句的时候，需要加上括号。\n"))
        #expect(whole.count == 1)
        let joined = BeadSentences(source: english, target: whole, links: [SentenceLink(source: 0..<2, target: 0..<1)])
        #expect(SentenceReview().hiddenInGroups(joined).isEmpty)
    }

    @Test func stopsBoundTheSentencesWithoutCuttingThem() {
        let blocks = parser.parse("Para 1.\n\n第1段。\n\nOne. Two\n\n一。二！三？\n\nNo stop at all\n")
        #expect((0..<5).map { SentenceReview.mostSentences([$0], in: blocks) } == [1, 1, 2, 3, 1])
        #expect(SentenceReview.mostSentences([0, 1], in: blocks) == 2)
        #expect(SentenceReview.mostSentences([0], in: parser.parse("## A heading. With two stops.\n")) == 1)
        // List items are units of their own, stop or not.
        #expect(SentenceReview.mostSentences([0], in: parser.parse("* one;\n* two;\n")) > 1)
    }

    /// `align --sentences` (and the sentence memory) estimate a chapter's length model from the
    /// pairs the review reads, prose only: a chapter whose headings pair far more tightly than
    /// its prose gets the review's model, not one its headings skew.
    @Test func alignAndTheReviewReadTheSameModel() {
        var english = "", chinese = ""
        for number in 1...14 {
            english += "# Heading number \(number) of this chapter\n\n"
            chinese += "# 第\(number)章的标题\n\n"
            english += "The paragraph numbered \(number) says what it says, and says it plainly enough.\n\n"
            chinese += "第 \(number) 段说了它要说的话，说得够清楚了，而且还多说了一些别的东西，比英文长得多。\n\n"
        }
        let source = parser.parse(english), target = parser.parse(chinese)
        let beads = Aligner().align(source, target)
        let sides = beads.map { bead in
            (SentenceSplitter.sentences(of: bead.source.map { source[$0] }), SentenceSplitter.sentences(of: bead.target.map { target[$0] }))
        }
        let model = ChapterSentences.aligned(source: source, target: target, beads: beads, glossary: nil).aligner.model
        #expect(model == SentenceReview.forChapter(beads, source: source, target: target, glossary: nil).aligner.model)
        // Every pair of one sentence a side, headings too, would make another model.
        #expect(model != ChapterSentences.estimateModel(measured: sides.compactMap { ChapterSentences.measured($0.0, $0.1) }))
        #expect(model != .book)
    }

    /// The pairs the length model is estimated from are cut once, for the model and the review
    /// alike: what the review makes of them is what it makes cutting them afresh.
    @Test func thePairsCutForTheModelGiveTheSameSentences() throws {
        let english = Self.english + "\nIt runs once. Then it stops.\n\nA short one.\n"
        let chinese = "# 定时器\n\n`fireDate` 属性保存首次运行的日期 2024-05-01。在所有者离开之前调用 `invalidate`。\n\n它运行一次。\n\n短的一句。\n"
        let source = parser.parse(english), target = parser.parse(chinese)
        let beads = Aligner().align(source, target)
        let review = SentenceReview.forChapter(beads, source: source, target: target, glossary: nil)
        #expect(!review.cutForModel.isEmpty)
        // A pair of one sentence a side is not kept: the review does not cut it again.
        #expect(review.cutForModel.count < beads.filter { ChapterSentences.isProse($0, source: source, target: target) }.count)
        var afresh = review
        afresh.cutForModel = [:]
        for (index, bead) in beads.enumerated() {
            let kept = review.sentences(bead, at: index, source: source, target: target, visible: true)
            #expect(kept == afresh.sentences(bead, at: index, source: source, target: target, visible: true))
            if let kept {
                #expect(review.findings(kept, of: bead, source: source, target: target)
                        == afresh.findings(bead, source: source, target: target))
            }
        }
    }
}
