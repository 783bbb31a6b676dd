@testable import GuideMerge
import GuideModel
import GuideParse
import Testing

/// A sentence left alone next to a block with one side only (`SentenceReview.pairsNextDoor`):
/// its counterpart may be in that block, unless the block renders the pair beyond it.
@Suite struct SentenceNeighbourTests {
    let parser = MarkdownParser()

    /// Our pair: two English sentences, the Chinese of the first only. The next English block
    /// (the pair beyond) says `interval` too.
    static let english = """
        The timer starts at `fireDate`. It repeats after each `interval` of seconds.

        Set `interval` to 0 and it fires only once.

        """

    @Test func aBlockThatRendersThePairBeyondExplainsNothing() {
        let english = parser.parse(Self.english)
        // The unpaired Chinese block renders the English block beyond it, whose own Chinese
        // is gone: it shares `interval` with the missing sentence, but `interval` and 0 with
        // the other.
        let chinese = parser.parse("""
            计时器在 `fireDate` 开始。

            把 `interval` 设为 0，它就只触发一次。

            """)
        let review = SentenceReview()
        let bead = Bead(source: [0], target: [0])
        let side = SentenceReview.Neighbours.Side(bead: Bead(source: [], target: [1]), after: true)
        // The block alone: the missing sentence pairs with its sentence (`interval`) at less
        // cost than it stays alone, so the block may hold its counterpart.
        #expect(review.findings(bead, source: english, target: chinese, besides: .init(sides: [side])).isEmpty)
        // With the pair beyond it, the block's sentence is that one's: the sentence is missing.
        var beyond = side
        beyond.beyond = Bead(source: [1], target: [])
        let found = review.findings(bead, source: english, target: chinese, besides: .init(sides: [beyond]))
        #expect(found.map(\.status) == [.sentenceMissing])
        #expect(found.first?.message.contains("It repeats after each") == true)
    }

    @Test func aBlockThatRendersTheSentenceStillExplainsItWithThePairBeyond() {
        let english = parser.parse(Self.english)
        // The Chinese cut our paragraph in two; the pair beyond is translated.
        let chinese = parser.parse("""
            计时器在 `fireDate` 开始。

            每过一个 `interval` 秒，它就重复一次。

            把 `interval` 设为 0，它就只触发一次。

            """)
        let review = SentenceReview()
        let bead = Bead(source: [0], target: [0])
        let side = SentenceReview.Neighbours.Side(bead: Bead(source: [], target: [1]), beyond: Bead(source: [1], target: [2]),
                                                  after: true)
        #expect(review.findings(bead, source: english, target: chinese, besides: .init(sides: [side])).isEmpty)
        #expect(review.findings(bead, source: english, target: chinese).map(\.status) == [.sentenceMissing])
    }

    @Test func theNeighboursOfABeadAreTheBeadsWithOneSideOnlyAndTheOnesBeyond() {
        let beads = [Bead(source: [0], target: [0]), Bead(source: [], target: [1]), Bead(source: [1], target: [2]),
                     Bead(source: [2], target: []), Bead(source: [3], target: [3])]
        let around = SentenceReview.Neighbours(beads, around: 2)
        #expect(around.sides.map(\.bead) == [beads[1], beads[3]])
        #expect(around.sides.map(\.beyond) == [beads[0], beads[4]])
        #expect(around.sides.map(\.after) == [false, true])
        #expect(SentenceReview.Neighbours(beads, around: 0).sides.map(\.beyond) == [beads[2]])
        #expect(SentenceReview.Neighbours(beads, around: 4).sides.map(\.beyond) == [beads[2]])
    }
}
