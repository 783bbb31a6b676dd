@testable import GuideMerge
import GuideModel
import GuideParse
import Testing

/// The block aligner's length term, capped for blocks that share what a translation keeps
/// (`BeadScorer.Costs.lengthCap`), and the search's lower bound, which must stay under the cost.
@Suite struct AlignerLengthCapTests {
    let parser = MarkdownParser()

    func shapes(_ english: String, _ chinese: String) -> [String] {
        Aligner().align(parser.parse(english), parser.parse(chinese)).map { bead in
            let side = { (indexes: [Int]) in indexes.isEmpty ? "-" : indexes.map(String.init).joined(separator: ",") }
            return side(bead.source) + ":" + side(bead.target)
        }
    }

    static let english = """
        # Equality

        Given an object the result of `hash` should be deterministic, and this matters most when the object is \
        added to a container such as `NSArray`, `NSSet` or `NSDictionary`, since every container uses the hash to \
        look its objects up and to keep them unique. So compute the hash from immutable properties only, or \
        better yet make the object immutable as a whole, and test both methods together every time you change one.

        Two equal objects must have the same hash.
        """

    @Test func aTranslationThatLostMostOfItsSentencesStaysWithItsEnglish() {
        // Only the first clause is left, with the code it shares: still that paragraph's translation.
        let chinese = """
            # 相等

            一个对象的 `hash` 结果应该是确定的。

            两个相等的对象必须有相同的 hash。
            """
        #expect(shapes(Self.english, chinese) == ["0:0", "1:1", "2:2"])
    }

    @Test func withoutSharedTokensLengthsStillPartThem() {
        // An untranslated paragraph and a short note of the translator's sharing nothing: apart.
        let chinese = """
            # 相等

            （译者注：这一段没有翻译。）

            两个相等的对象必须有相同的 hash。
            """
        let found = shapes(Self.english, chinese)
        #expect(found == ["0:0", "1:-", "-:1", "2:2"] || found == ["0:0", "-:1", "1:-", "2:2"])
    }

    /// On random chapter pairs, every candidate's lower bound is at most its cost: the search
    /// skips only candidates that cannot win.
    @Test func theSearchBoundNeverExceedsTheCost() {
        var generator = SystemRandomNumberGenerator()
        let words = ["hash", "object", "container", "`NSArray`", "`hash`", "immutable", "http://a.example/x", "42", "set"]
        let characters = Array("对象容器哈希不可变集合确定结果")
        for _ in 0..<40 {
            let english = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                (0..<Int.random(in: 1...60, using: &generator)).map { _ in words.randomElement(using: &generator)! }
                    .joined(separator: " ") + "."
            }.joined(separator: "\n\n")
            let chinese = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                    Bool.random(using: &generator) ? words.randomElement(using: &generator)! + " "
                        : String((0..<Int.random(in: 1...20, using: &generator)).map { _ in characters.randomElement(using: &generator)! })
                }.joined() + "。"
            }.joined(separator: "\n\n")
            let source = parser.parse(english), target = parser.parse(chinese)
            var tokens = TokenTable()
            var sourceSignatures = source.indices.map { BlockSignature(source, at: $0, tokens: &tokens) }
            var targetSignatures = target.indices.map { BlockSignature(target, at: $0, tokens: &tokens) }
            let weights = TokenWeights(source: sourceSignatures, target: targetSignatures, tokenCount: tokens.count)
            for index in sourceSignatures.indices { weights.filter(&sourceSignatures[index]) }
            for index in targetSignatures.indices { weights.filter(&targetSignatures[index]) }
            let scorer = BeadScorer(source: sourceSignatures, target: targetSignatures, weights: weights,
                                    cjkWidth: Aligner.defaultCJKWidth)
            for sourceEnd in 1...source.count {
                for targetEnd in 1...target.count {
                    for sourceCount in 1...min(3, sourceEnd) {
                        for targetCount in 1...min(3, targetEnd) where sourceCount + targetCount <= 5 {
                            let cost = scorer.cost(sourceEnd: sourceEnd, sourceCount: sourceCount,
                                                   targetEnd: targetEnd, targetCount: targetCount)
                            let bound = scorer.lowerBound(sourceEnd: sourceEnd, sourceCount: sourceCount,
                                                          targetEnd: targetEnd, targetCount: targetCount)
                            #expect(bound <= cost + BeadScorer.boundSlack)
                        }
                    }
                }
            }
        }
    }
}
