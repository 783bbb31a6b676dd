@testable import GuideMerge
import GuideModel
import GuideParse
import Testing

/// English a paired group's Chinese does not render, by the dictionary (`UnrenderedEnglish`),
/// and what the dictionary reads for it: clauses, references between entries, renderings of
/// two characters or more. A hand-made dictionary of a dozen entries.
@Suite struct UnrenderedEnglishTests {
    static let dictionary = try! SentenceDictionary(cedict: """
        團隊 团队 [tuan2 dui4] /team/
        清晰 清晰 [qing1 xi1] /clear; distinct/
        代碼 代码 [dai4 ma3] /code/
        邏輯 逻辑 [luo2 ji5] /logic/
        簡單 简单 [jian3 dan1] /simple/
        名字 名字 [ming2 zi5] /name/
        小心 小心 [xiao3 xin1] /careful/
        幫助 帮助 [bang1 zhu4] /to help/
        讀者 读者 [du2 zhe3] /reader/
        審查 审查 [shen3 cha2] /to review/
        短 短 [duan3] /short/
        傚仿 效仿 [xiao4 fang3] /see 仿傚|仿效[fang3 xiao4]/
        仿傚 仿效 [fang3 xiao4] /to imitate/
        實例 实例 [shi2 li4] /example/instance/
        屬性 属性 [shu3 xing4] /attribute; property/

        """)

    func sentences(_ markdown: String) -> [Sentence] {
        SentenceSplitter.sentences(of: MarkdownParser().parse(markdown))
    }

    @Test func clausesEndAtMarksAndConjunctionsNotInURLsOrLinks() {
        let d = Self.dictionary
        let read = d.english("Teams review code because names help; readers [imitate](a.md) https://clear.example/x logic, too")
        // teams, review, code | because, names, help | readers, imitate, logic: "because" opens a clause, a URL's
        // colon and a link's bracket do not.
        #expect(read.clauses == [0, 0, 0, 1, 1, 1, 2, 2, 2])
        let text = Array("Teams review code because names help; readers".utf8)
        #expect(read.clauseEnds.count == 3)
        #expect(text[read.clauseEnds[0]] == UInt8(ascii: " "))   // the space before "because"
        #expect(text[read.clauseEnds[1]] == UInt8(ascii: ";"))
        #expect(d.english("Code, then reader").clauses == [0, 1])   // a clause of one word ends at its mark
        #expect(d.english("The code, then").clauseEnds.count == 1)
    }

    @Test func asOpensAClauseAsTheConjunctionsDo() {
        let d = Self.dictionary
        #expect(d.english("Names help readers as teams review code").clauses == [0, 0, 0, 1, 1, 1])
        #expect(d.english("As teams review code").clauses == [0, 0, 0])   // nothing before it
        #expect(d.english("Names help so teams review").clauses == [0, 0, 0, 0])   // "so" opens none
    }

    @Test func aWordIsCountedAndItsLastClauseKept() throws {
        let read = Self.dictionary.english("Clear code helps, because teams review code")
        // clear, code, help | review, team: "code" said twice, first in clause 0, last in clause 1.
        let code = try #require(read.words.firstIndex(of: Self.dictionary.english("code").words[0]))
        #expect(read.clauses[code] == 0 && read.lastClauses[code] == 1 && read.counts[code] == 2)
    }

    @Test func anEntryThatRefersToAnotherRendersAsItDoes() {
        let d = Self.dictionary
        let english = d.english("They imitate it")
        #expect(english.rendered == 1)
        #expect(d.covered(english, by: d.chinese("他们效仿它")) == 1)
        #expect(d.covered(english, by: d.chinese("他们仿效它")) == 1)
    }

    @Test func aSingleCharacterCountsOnlyWhenAskedLoosely() {
        let d = Self.dictionary
        let english = d.english("short code")
        #expect(d.covered(english, by: d.chinese("短代码")) == 0b11)
        #expect(d.covered(english, by: d.chinese("短代码"), words: true) == 0b10)
        #expect(d.renderedByWords(english) == 0b10)
    }

    static let english = "Small teams review clear code, because careful names help each reader and simple logic helps.\n"
    static let half = "小团队审查清晰的代码。\n"
    static let whole = "小团队审查清晰的代码，因为小心起的名字帮助每一位读者，简单的逻辑也有帮助。\n"

    func findings(_ english: String, _ chinese: String) -> [SentenceFinding] {
        let source = sentences(english), target = sentences(chinese)
        let bead = BeadSentences(source: source, target: target,
                                 links: [SentenceLink(source: 0..<source.count, target: 0..<target.count)])
        return UnrenderedEnglish.findings(bead, dictionary: Self.dictionary, model: .book)
    }

    @Test func theLastClausesNothingRendersAreAFinding() throws {
        let found = findings(Self.english, Self.half)
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.kind == .missing && finding.index == 0)
        #expect(finding.part == "because careful names help each reader and simple logic helps")
        #expect(finding.confidence > 0.9)
        #expect(findings(Self.english, Self.whole).isEmpty)
    }

    @Test func aSentenceOfAGroupNothingRendersIsAFinding() throws {
        let english = "Small teams review clear code. Careful names help each reader with simple logic.\n"
        let found = findings(english, Self.half)
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.index == 1 && finding.part == nil)
        #expect(findings(english, "小团队审查清晰的代码。小心起的名字以简单的逻辑帮助每一位读者。\n").isEmpty)
    }

    @Test func aSentenceOfAGroupNothingRendersIsAFindingWhateverTheLengths() throws {
        // The Chinese renders the second sentence at length, longer than both English ones: the
        // lengths fit worse without the first, but its words say it has no Chinese.
        let english = "Careful names help each reader with simple logic. Small teams review clear code.\n"
        let verbose = "小团队总是一行一行地、一遍又一遍地审查那些清晰的代码，反反复复，从不停歇，直到团队里的每个人都觉得这些代码已经足够清晰为止。\n"
        let found = findings(english, verbose)
        #expect(found.map(\.index) == [0] && found.first?.part == nil)
        #expect(try #require(found.first).confidence >= SentenceReview.minimumConfidence)
        #expect(findings(english, "小心起的名字以简单的逻辑帮助每一位读者。" + verbose).isEmpty)
    }

    @Test func aWordTheGroupsOtherSentenceSaysTooSaysNothing() throws {
        // The second sentence's "teams" and "review" are the first's too, rendered once: they may
        // be the first's rendering. Its own words (careful, simple, logic, reader) are not rendered.
        let english = "Small teams review clear code. Careful teams review simple logic for each reader.\n"
        let found = findings(english, Self.half)
        #expect(found.map(\.index) == [1] && found.first?.part == nil)
        // Rendered as often as the English says them, they are the second sentence's as well.
        #expect(findings(english, "小团队审查清晰的代码，团队也审查。\n").isEmpty)
    }

    @Test func aWordTheRestOfTheSentenceSaysTooSaysNothing() throws {
        // "clear" and "code" are said in the first clauses and again in the last, rendered once.
        let english = "Careful names help each reader of clear code, because teams review clear code with simple logic.\n"
        let found = findings(english, "因为团队以简单的逻辑审查清晰的代码。\n")
        let finding = try #require(found.first)
        #expect(finding.part == "Careful names help each reader of clear code")
        #expect(findings(english, "小心起的名字帮助读者理解清晰的代码，因为团队以简单的逻辑审查清晰的代码。\n").isEmpty)
    }

    @Test func aWordRenderedOnlyByTheRestsRenderingSaysNothing() throws {
        // 实例 renders "example" and "instance", 属性 "attribute" and "property": once each, they
        // may be the last clause's (which they are).
        let english = "Careful names help each reader with this example attribute, but teams review each instance property in clear code.\n"
        let found = findings(english, "但团队审查清晰代码中每个实例属性。\n")
        let finding = try #require(found.first)
        #expect(finding.part == "Careful names help each reader with this example attribute")
        #expect(findings(english, "小心起的名字以这个实例属性帮助每位读者，但团队审查清晰代码中每个实例属性。\n").isEmpty)
    }

    @Test func aTranslatorsNoteInsideASentenceRendersNothing() throws {
        let english = "Small teams review clear code. Careful names help each reader with simple logic.\n"
        // The note holds the second sentence's words, inside the sentence that renders the first.
        let found = findings(english, "小团队审查清晰的代码（译者注：小心起的名字以简单的逻辑帮助读者）。\n")
        #expect(found.map(\.index) == [1])
    }

    @Test func aTranslatorsNoteRendersNothing() throws {
        let english = "Small teams review clear code. Careful names help each reader with simple logic.\n"
        // The note holds the second sentence's words, but in brackets: the translator's own.
        let found = findings(english, "小团队审查清晰的代码。（译者注：小心起的名字以简单的逻辑帮助读者。）\n")
        #expect(found.map(\.index) == [1])
    }

    @Test func theReviewWeighsAPairOfOneSentenceASideWithTheDictionaryOnly() throws {
        func review(_ chinese: String, dictionary: SentenceDictionary?) -> [BeadFinding] {
            let parser = MarkdownParser()
            let source = Chapter(path: "a.md", displayPath: "content/en/a.md", title: "A", blocks: parser.parse(Self.english))
            let target = Chapter(path: "a.md", displayPath: "content/zh/a.md", title: "A", blocks: parser.parse(chinese))
            return ChapterReview.make(source: source, target: target, language: Language("zh"), ledger: AcceptLedger(),
                                      doubtMarkers: [], sentences: true, dictionary: dictionary)
                .beads.flatMap(\.review.findings).filter(\.status.isSentence)
        }
        let found = review(Self.half, dictionary: Self.dictionary)
        let finding = try #require(found.first)
        #expect(finding.status == .sentenceMissing)
        #expect(finding.message.hasPrefix("part of an English sentence has no Chinese: “because careful names"))
        #expect(review(Self.half, dictionary: nil).isEmpty)
        #expect(review(Self.whole, dictionary: Self.dictionary).isEmpty)
    }

    func review(_ english: String, _ chinese: String) -> [BeadFinding] {
        let parser = MarkdownParser()
        let source = Chapter(path: "a.md", displayPath: "content/en/a.md", title: "A", blocks: parser.parse(english))
        let target = Chapter(path: "a.md", displayPath: "content/zh/a.md", title: "A", blocks: parser.parse(chinese))
        return ChapterReview.make(source: source, target: target, language: Language("zh"), ledger: AcceptLedger(),
                                  doubtMarkers: [], sentences: true, dictionary: Self.dictionary)
            .beads.flatMap(\.review.findings).filter(\.status.isSentence)
    }

    @Test func aPairOfOneSentenceASideTheChineseDoesNotRenderIsMissingOnly() throws {
        // Nothing of the English is in the Chinese: no word, no code, not its length.
        let english = "Small teams review clear code with `alpha` and `beta` because careful names help each reader.\n"
        let found = review(english, "这是一个十分有趣的话题。\n")
        #expect(found.map(\.status) == [.sentenceMissing])
        #expect(try #require(found.first).message.hasPrefix("an English sentence has no Chinese"))
        #expect(review(english, "小团队以 `alpha` 和 `beta` 审查清晰的代码，因为小心起的名字帮助每一位读者。\n").isEmpty)
    }

    @Test func aPairOfOneSentenceASideByItsCutIsWeighedToo() throws {
        // Its stops are in brackets: more than one by the stops, one sentence once cut.
        let parser = MarkdownParser()
        let source = parser.parse("(Note: small teams review clear code. Careful names help each reader.)\n")
        let target = parser.parse("小团队审查清晰的代码。\n")
        let bead = Bead(source: [0], target: [0])
        let review = SentenceReview(aligner: SentenceAligner(dictionary: Self.dictionary))
        #expect(review.willCut(bead, source: source, target: target))
        #expect(review.sentences(bead, source: source, target: target) == nil)
        let one = try #require(review.onePair(bead, source: source, target: target))
        #expect(one.source.count == 1 && one.target.count == 1)
        #expect(SentenceReview(aligner: SentenceAligner()).onePair(bead, source: source, target: target) == nil)
    }

    @Test func theBinomialTail() {
        #expect(abs(UnrenderedEnglish.binomialTail(0, of: 4, rate: 0.5) - 1.0 / 16) < 1e-12)
        #expect(abs(UnrenderedEnglish.binomialTail(1, of: 4, rate: 0.5) - 5.0 / 16) < 1e-12)
        #expect(abs(UnrenderedEnglish.binomialTail(4, of: 4, rate: 0.3) - 1) < 1e-12)
    }
}
