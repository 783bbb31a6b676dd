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

    @Test func theBinomialTail() {
        #expect(abs(UnrenderedEnglish.binomialTail(0, of: 4, rate: 0.5) - 1.0 / 16) < 1e-12)
        #expect(abs(UnrenderedEnglish.binomialTail(1, of: 4, rate: 0.5) - 5.0 / 16) < 1e-12)
        #expect(abs(UnrenderedEnglish.binomialTail(4, of: 4, rate: 0.3) - 1) < 1e-12)
    }
}
