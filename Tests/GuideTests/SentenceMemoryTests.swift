import Foundation
@testable import GuideExchange
@testable import GuideMerge
import GuideModel
import GuideParse
import Testing

/// `guide export tmx --segment sentence`: the memory's units sentence by sentence, on hand-made pairs.
@Suite struct SentenceMemoryTests {
    static func memory(en: String, zh: String, all: Bool = false) -> TranslationMemory {
        let messages = CatalogTests.messages(en: en, zh: zh)
        let review = ChapterReview.make(source: chapter(en, "en"), target: chapter(zh, "zh"), language: Language("zh"),
                                        ledger: AcceptLedger(), doubtMarkers: ["【疑问】"])
        let (sentences, aligner) = ChapterSentences.aligned(source: review.source.blocks, target: review.target.blocks,
                                                            beads: review.beads.map(\.bead), glossary: nil)
        var memory = TranslationMemory(sourceLanguage: "en", targetLanguage: "zh", segment: .sentence)
        memory.add(messages, sentences: sentences, aligner: aligner, all: all)
        return memory
    }

    static func chapter(_ text: String, _ language: String) -> Chapter {
        Chapter(path: "a.md", displayPath: "content/\(language)/a.md", title: "A", blocks: MarkdownParser().parse(text))
    }

    static func confidences(en: String, zh: String) -> [Double?] {
        let source = MarkdownParser().parse(en), target = MarkdownParser().parse(zh)
        let bead = Bead(source: Array(source.indices), target: Array(target.indices))
        let sentences = ChapterSentences.align(source: source, target: target, beads: [bead])
        return SentenceConfidence.confidences(sentences[0], aligner: SentenceAligner())
    }

    static func pairs(_ memory: TranslationMemory) -> [String] {
        memory.units.map { "\($0.source) = \($0.target)" }
    }

    @Test func eachPairedSentenceIsAUnitWithItsLine() {
        let en = "# Title\n\nThe first sentence is short.\nThe second one says a little more about it.\n"
        let zh = "# 标题\n\n第一句很短。第二句对此多说了一点。\n"
        let memory = Self.memory(en: en, zh: zh)
        #expect(Self.pairs(memory) == ["Title = 标题", "The first sentence is short. = 第一句很短。",
                                       "The second one says a little more about it. = 第二句对此多说了一点。"])
        #expect(memory.units.map(\.reference) == ["en/a.md:1", "en/a.md:3", "en/a.md:4"])
        let text = memory.text
        #expect(text.contains("segtype=\"sentence\""))
        #expect(text.contains("<seg>The first sentence is short.</seg>"))
        #expect(text == Self.memory(en: en, zh: zh).text)   // same pairs, same bytes
    }

    @Test func aSentenceTheTranslatorCutInTwoIsOneUnit() {
        let en = "This long sentence has a clause about `alpha`, and the translator cut it in two.\n"
        let zh = "这个长句有一个关于 `alpha` 的分句。译者把它切成了两句。\n"
        #expect(Self.pairs(Self.memory(en: en, zh: zh)) == [
            "This long sentence has a clause about `alpha`, and the translator cut it in two. = 这个长句有一个关于 `alpha` 的分句。译者把它切成了两句。",
        ])
        // The other way round, English joined by a space.
        #expect(Self.pairs(Self.memory(en: "It is one. It is two.\n", zh: "它是一也是二。\n")) == ["It is one. It is two. = 它是一也是二。"])
        // Chinese runs on, but for a space between two ASCII ends.
        #expect(TranslationMemory.joinedChinese(["一。", "二。"]) == "一。二。")
        #expect(TranslationMemory.joinedChinese(["见 `x`.", "Then 走。"]) == "见 `x`. Then 走。")
    }

    @Test func aSentencePairedWithNothingIsNoUnitEvenWithAll() {
        let en = "Use `alpha` here.\n"
        let zh = "这里用 `alpha`。（译者注：这是译者加的一句说明。）\n"
        #expect(Self.pairs(Self.memory(en: en, zh: zh, all: true)) == ["Use `alpha` here. = 这里用 `alpha`。"])
    }

    @Test func aDoubtfulPairIsLeftOutUnlessAll() {
        let en = "The first paragraph.\n\nThe second paragraph. It has two sentences.\n"
        let zh = "第一段。\n\n第二段。【疑问】它有两句。\n"
        #expect(Self.pairs(Self.memory(en: en, zh: zh)) == ["The first paragraph. = 第一段。"])
        #expect(Self.memory(en: en, zh: zh, all: true).units.count == 3)
    }

    @Test func aLowConfidencePairIsLeftOutUnlessAll() {
        // The Chinese leaves out the version and the file: pairing the two is the aligner's best
        // reading, but leaving both unpaired costs little more.
        let en = "Version 42 of the compiler rewrote `main.m` from scratch.\n"
        let zh = "编译器重写了。\n"
        let confidence = Self.confidences(en: en, zh: zh)
        #expect(confidence.count == 1 && confidence[0]! > 0.5 && confidence[0]! < TranslationMemory.sentenceConfidence)
        #expect(Self.memory(en: en, zh: zh).units.isEmpty)
        #expect(Self.pairs(Self.memory(en: en, zh: zh, all: true)) == ["\(en.dropLast()) = 编译器重写了。"])
        // A plain pair is sure.
        #expect(Self.confidences(en: "Set `alpha` to 42 first.\n", zh: "先把 `alpha` 设为 42。\n")[0]! > 0.99)
    }

    @Test func aReadingThatKeepsTheGroupsSentencesTogetherDoesNotQuestionIt() {
        let link = SentenceLink(source: 2..<3, target: 2..<4)
        #expect(SentenceConfidence.agrees(1..<3, 1..<4, with: link))    // joined to the group before
        #expect(SentenceConfidence.agrees(2..<3, 2..<3, with: link))    // a finer cut
        #expect(!SentenceConfidence.agrees(2..<2, 3..<4, with: link))   // a sentence left alone
        #expect(!SentenceConfidence.agrees(2..<3, 3..<5, with: link))   // paired across its edge
        #expect(Self.confidences(en: "Hello.\n", zh: "") == [nil])   // 1:0: SentenceFindings weighs it
    }

    @Test func codeThatDiffersIsOneUnitAsInTheParagraphMemory() {
        let fence = "```"
        let en = "Say hello:\n\n\(fence)objc\n// Say hello\nhello();\n\(fence)\n"
        let zh = "打个招呼：\n\n\(fence)objc\n// 打个招呼\nhello();\n\(fence)\n"
        let memory = Self.memory(en: en, zh: zh)
        #expect(Self.pairs(memory) == ["Say hello: = 打个招呼：",
                                       "\(fence)objc\n// Say hello\nhello();\n\(fence) = \(fence)objc\n// 打个招呼\nhello();\n\(fence)"])
        #expect(memory.units[1].reference == "en/a.md:3")
    }
}
