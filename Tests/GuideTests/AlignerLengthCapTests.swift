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

    @Test func aParagraphThatKeptOneShortSentenceAndSharesNothingStaysWithItsEnglish() {
        // Between the same two snippets: a long English paragraph whose Chinese kept only its
        // first, short sentence, with no word or code of it. Two omissions by their lengths
        // before; a pair whose sentences the review reads now.
        let snippet = "```objc\nself.handler = ^{ [self finish]; };\n```"
        let english = """
            # Retain cycles

            \(snippet)

            That is fine for now. But what happens when the object keeps the block in a property of its own, \
            as the example below does, so that each of the two holds the other and neither is ever released?

            \(snippet)
            """
        let chinese = """
            # 循环引用

            \(snippet)

            目前没有问题。

            \(snippet)
            """
        #expect(shapes(english, chinese) == ["0:0", "1:1", "2:2", "3:3"])
    }

    @Test func aTranslatorsNoteIsNoPartOfAParagraphsLength() {
        // The English paragraph's second sentence has a Chinese paragraph of its own, made long by
        // a note: measured without the note, it joins the first (before, a note's length made it
        // no match for either English paragraph, and the review called it Chinese with no English).
        let english = """
            # Copying

            Every property whose value may be set from a mutable object should copy what it is given. This \
            keeps the object in charge of its own state, so no caller can change the value behind its back.

            Do not hand out mutable objects from the public interface either, since that would let callers \
            alter the internal representation and break the encapsulation of the class.
            """
        let chinese = """
            # 复制

            每个可能被可变对象赋值的属性都应该复制传入的值。

            这样对象才能掌握自己的状态（译者注：这里说的状态是指对象内部保存的所有数据，如果属性只是保存了传入对象的引用，\
            调用者之后修改那个可变对象时，属性的值也会随之改变，而对象本身对此毫不知情，这往往会带来很难追踪的问题）。

            也不要在公开的接口中交出可变对象，因为这会让调用者改变类的内部表示，破坏类的封装。
            """
        #expect(shapes(english, chinese) == ["0:0", "1:1,2", "2:3"])
    }

    @Test func anUntranslatedParagraphAndANoteInItsPlaceStayApart() {
        // An untranslated paragraph and a short note of the translator's (a paragraph wholly in
        // brackets) sharing nothing: two gaps, however their lengths compare.
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
