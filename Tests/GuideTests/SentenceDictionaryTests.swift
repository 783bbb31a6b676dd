@testable import GuideMerge
import GuideModel
import GuideParse
import Testing

/// The bilingual dictionary the sentence review may read (`SentenceDictionary`): reading
/// CC-CEDICT's format, what it makes of a sentence, and what it changes in the sentence
/// alignment, on a hand-made dictionary of a dozen entries.
@Suite struct SentenceDictionaryTests {
    static let cedict = """
        # A few entries in CC-CEDICT's format
        #! version=1
        團隊 团队 [tuan2 dui4] /team/
        清晰 清晰 [qing1 xi1] /clear; distinct/
        代碼 代码 [dai4 ma3] /code/
        函數 函数 [han2 shu4] /function (math.)/
        邏輯 逻辑 [luo2 ji5] /logic/
        簡單 简单 [jian3 dan1] /simple; not complicated/
        測試 测试 [ce4 shi4] /to test (machinery etc); to test (students); test; quiz/
        名字 名字 [ming2 zi5] /name (of a person or thing)/
        小心 小心 [xiao3 xin1] /to be careful; to take care/
        幫助 帮助 [bang1 zhu4] /assistance; aid; to help/
        讀者 读者 [du2 zhe3] /reader/
        短 短 [duan3] /short; brief/
        屬性 属性 [shu3 xing4] /attribute; property/
        張 张 [Zhang1] /surname Zhang/
        某 某 [mou3] /see also 某人; a long definition of what this word is used for in sentences/
        某人 某人 [mou3 ren2] /someone; see 某某 for the person/

        """

    static let dictionary = try! SentenceDictionary(cedict: cedict)

    @Test func readsEntriesAndSkipsCrossReferencesAndDefinitions() {
        let d = Self.dictionary
        // team, clear, distinct, code, function, logic, simple, complicated, test, machinery, students, quiz,
        // name, person, careful, care, take? (stop word: no), assistance, aid, help, reader, short, brief, attribute, property.
        #expect(d.english("the team").rendered == 1)
        #expect(d.english("Zhang").rendered == 0)   // "surname Zhang" is a cross-reference
        #expect(d.english("definition").rendered == 0)   // a gloss of many words is a definition
        #expect(d.chinese("某").headwords.isEmpty)
        #expect(d.english("someone person").rendered == 0b01)   // "see …" after a `;` is a cross-reference too
    }

    @Test func stemsWordsAlikeOnBothSides() {
        let d = Self.dictionary
        let english = d.english("Properties help; it helped, and helping tests are tested.")
        #expect(english.words.count == 3)   // property, help, test (stop words and short words out)
        #expect(english.rendered == 0b111)
        let chinese = d.chinese("属性帮助测试")
        #expect(d.covered(english, by: chinese) == 0b111)
        #expect(d.covered(english, by: d.chinese("属性")) == 0b001)
    }

    @Test func skipsCodeSpansLinkTargetsAndURLs() {
        let d = Self.dictionary
        #expect(d.english("`team` [x](http://team.example/code) or https://code.example/team").words.isEmpty)
        #expect(d.english("The [team](a.md) code").words.count == 2)
    }

    @Test func anEnglishWordTheChineseKeepsIsCovered() {
        let d = Self.dictionary
        let english = d.english("The Xcode window")
        #expect(english.rendered == 0)
        #expect(d.covered(english, by: d.chinese("在 Xcode 的窗口里")) == 0b01)
    }

    @Test func aLineThatIsNoEntryIsAnErrorNamingIt() {
        #expect(throws: SentenceDictionary.FormatError(line: 3, message: "not a CC-CEDICT entry (TRAD SIMP [pinyin] /gloss/…/)")) {
            try SentenceDictionary(cedict: "# comment\n團隊 团队 [tuan2 dui4] /team/\nteam 团队\n")
        }
        #expect(throws: SentenceDictionary.FormatError.self) { try SentenceDictionary(cedict: "團隊 团队 [tuan2 dui4] team\n") }
        #expect((try? SentenceDictionary(cedict: "\r\n# only comments\r\n")) != nil)
        // A byte order mark before the first line, Windows line ends.
        let marked = try? SentenceDictionary(cedict: "\u{FEFF}團隊 团队 [tuan2 dui4] /team/\r\n")
        #expect(marked?.english("team").rendered == 1)
    }

    // A paragraph of three English sentences whose Chinese leaves out the second; the third's
    // Chinese is wordy, as long as the second and third together: by lengths alone, it renders both.
    static let english = """
        Small teams write clear code when they review each change together. Careful names help each reader, and \
        clear names help the team. \
        Short functions keep the logic simple.

        """
    static let chinese = """
        小团队一起审查每一处改动时，会写出清晰的代码。短小的函数能让其中的逻辑保持简单明了，而测试也因此跑得更快，维护它的人也更轻松。

        """
    static let whole = """
        小团队一起审查每一处改动时，会写出清晰的代码。小心起的名字会帮助每一位读者，清晰的名字也会帮助团队。短小的函数能让其中的逻辑保持简单明了，\
        而测试也因此跑得更快，维护它的人也更轻松。

        """

    func sentences(_ markdown: String) -> [Sentence] {
        SentenceSplitter.sentences(of: MarkdownParser().parse(markdown))
    }

    @Test func theDictionaryTellsASentenceLeftOutFromAMerge() {
        let english = sentences(Self.english), chinese = sentences(Self.chinese)
        #expect(english.count == 3 && chinese.count == 2)
        let byLength = SentenceAligner().align(english, chinese)
        #expect(!byLength.contains { $0.target.isEmpty })
        let withWords = SentenceAligner(dictionary: Self.dictionary).align(english, chinese)
        #expect(withWords.map(\.source) == [0..<1, 1..<2, 2..<3])
        #expect(withWords.map(\.target) == [0..<1, 1..<1, 1..<2])
    }

    @Test func aWholeTranslationStaysPairedOneToOne() {
        let english = sentences(Self.english), chinese = sentences(Self.whole)
        let links = SentenceAligner(dictionary: Self.dictionary).align(english, chinese)
        #expect(links.map(\.source) == [0..<1, 1..<2, 2..<3])
        #expect(links.map(\.target) == [0..<1, 1..<2, 2..<3])
    }

    /// A dictionary reads every sentence's text, more than once: the review makes it once, as
    /// it pairs the bead; without one, a sentence's text is made only when read.
    @Test func theReviewMakesTheTextsADictionaryReadsOnce() throws {
        let parser = MarkdownParser()
        let source = parser.parse(Self.english), target = parser.parse(Self.chinese)
        let bead = Bead(source: [0], target: [0])
        let plain = try #require(SentenceReview().sentences(bead, source: source, target: target))
        let plainUnits = (plain.source + plain.target).map(\.keepsUnits)
        #expect(plainUnits == [true, true, true, true, true])
        let worded = try #require(SentenceReview(aligner: SentenceAligner(dictionary: Self.dictionary))
            .sentences(bead, source: source, target: target))
        let wordedUnits = (worded.source + worded.target).map(\.keepsUnits)
        #expect(wordedUnits == [false, false, false, false, false])
        #expect(worded.source.map(\.text) == plain.source.map(\.text))
        #expect(worded.links != plain.links)
    }

    func review(_ english: String, _ chinese: String, dictionary: SentenceDictionary?) -> [BeadFinding] {
        let parser = MarkdownParser()
        let source = Chapter(path: "a.md", displayPath: "content/en/a.md", title: "A", blocks: parser.parse(english))
        let target = Chapter(path: "a.md", displayPath: "content/zh/a.md", title: "A", blocks: parser.parse(chinese))
        let review = ChapterReview.make(source: source, target: target, language: Language("zh"), ledger: AcceptLedger(),
                                        doubtMarkers: [], sentences: true, dictionary: dictionary)
        return review.beads.flatMap(\.review.findings).filter(\.status.isSentence)
    }

    @Test func theReviewReportsTheSentenceWithTheDictionaryOnly() throws {
        let found = review(Self.english, Self.chinese, dictionary: Self.dictionary)
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.status == .sentenceMissing)
        #expect(finding.message.contains("Careful names help"))
        #expect(review(Self.english, Self.chinese, dictionary: nil).isEmpty)
        #expect(review(Self.english, Self.whole, dictionary: Self.dictionary).isEmpty)
    }

    @Test func aBeadTooLargeIsAlignedWithoutIt() {
        var aligner = SentenceAligner(dictionary: Self.dictionary)
        aligner.weights.lexicalCells = 5
        let english = sentences(Self.english), chinese = sentences(Self.chinese)
        #expect(aligner.align(english, chinese) == SentenceAligner().align(english, chinese))
    }
}
