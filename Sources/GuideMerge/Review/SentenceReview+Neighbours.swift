import Foundation
import GuideModel

/// The blocks beside a pair that may hold a finding's counterpart: no finding is made there.
extension SentenceReview {
    /// The beads next to a pair that have one side only: when the block aligner cut a pair one
    /// block short, the "missing" sentence's translation is in the Chinese block next to it (or
    /// the "extra" sentence renders the English block next to it), and that block is reported
    /// already (`extra`, `missing`). Such a block lies between the pair and the one beyond it,
    /// and may render that one's sentences as well (`Side.beyond`).
    public struct Neighbours: Sendable {
        public struct Side: Sendable {
            /// The bead with one side only.
            public var bead: Bead
            /// The bead on its other side, if any.
            public var beyond: Bead?
            /// Whether it comes after the pair.
            public var after: Bool

            public init(bead: Bead, beyond: Bead? = nil, after: Bool) {
                self.bead = bead
                self.beyond = beyond
                self.after = after
            }
        }

        public var sides: [Side] = []

        /// Chinese blocks with no English (`targetOnly`) or English blocks with no Chinese after the pair.
        public init(targetOnly: [Int] = [], sourceOnly: [Int] = []) {
            if !targetOnly.isEmpty { sides.append(Side(bead: Bead(source: [], target: targetOnly), after: true)) }
            if !sourceOnly.isEmpty { sides.append(Side(bead: Bead(source: sourceOnly, target: []), after: true)) }
        }

        public init(sides: [Side]) {
            self.sides = sides
        }

        public init(_ beads: [Bead], around index: Int) {
            for neighbour in [index - 1, index + 1] where beads.indices.contains(neighbour) {
                guard beads[neighbour].source.isEmpty != beads[neighbour].target.isEmpty else { continue }
                let beyond = 2 * neighbour - index
                sides.append(Side(bead: beads[neighbour], beyond: beads.indices.contains(beyond) ? beads[beyond] : nil,
                                  after: neighbour > index))
            }
        }
    }

    /// Whether a sentence the pair leaves alone (`found`) may have its counterpart in a
    /// neighbouring block with one side only: it pairs with one of the block's sentences at
    /// less cost than it is left alone, and that sentence is not another's. The block may
    /// render the pair beyond it instead: the sentences of the pair, the block and the pair
    /// beyond, aligned together in their order, pair it with one of that pair's sentences.
    func pairsNextDoor(_ found: SentenceFinding, in sentences: BeadSentences, neighbours: Neighbours,
                       source: [Block], target: [Block]) -> Bool {
        let isSource = found.kind == .missing
        for side in neighbours.sides {
            // The block's side: the Chinese one for an English sentence left alone.
            let blocks = isSource ? side.bead.target : side.bead.source
            guard !blocks.isEmpty, (isSource ? side.bead.source : side.bead.target).isEmpty else { continue }
            let nextDoor = isSource ? SentenceSplitter.sentences(of: blocks.map { target[$0] }.filter { ChapterSentences.isProse($0) },
                                                                 glossary: glossary?.target)
                                    : SentenceSplitter.sentences(of: blocks.map { source[$0] }.filter { ChapterSentences.isProse($0) },
                                                                 glossary: glossary?.source)
            guard !nextDoor.isEmpty else { continue }
            let scorer = SentenceAligner.Scorer(aligner: aligner, source: isSource ? [found.sentence] : nextDoor,
                                                target: isSource ? nextDoor : [found.sentence])
            let alone = isSource ? scorer.cost(0..<1, 0..<0) : scorer.cost(0..<0, 0..<1)
            var candidates = nextDoor.indices.filter { other in
                (isSource ? scorer.cost(0..<1, other..<other + 1) : scorer.cost(other..<other + 1, 0..<1)) < alone
            }
            guard !candidates.isEmpty else { continue }
            if let bead = side.beyond {
                // In order: the pair, the block, the pair beyond (or the other way round).
                let beyond = (SentenceSplitter.sentences(of: bead.source.map { source[$0] }.filter { ChapterSentences.isProse($0) },
                                                         glossary: glossary?.source),
                              SentenceSplitter.sentences(of: bead.target.map { target[$0] }.filter { ChapterSentences.isProse($0) },
                                                         glossary: glossary?.target))
                let theirs = isSource ? beyond.0 : beyond.1
                if !theirs.isEmpty {
                    var english = side.after ? sentences.source + beyond.0 : beyond.0 + sentences.source
                    var chinese = side.after ? sentences.target + beyond.1 : beyond.1 + sentences.target
                    let at = isSource ? (side.after ? sentences.target.count : beyond.1.count)
                                      : (side.after ? sentences.source.count : beyond.0.count)
                    if isSource { chinese.insert(contentsOf: nextDoor, at: at) } else { english.insert(contentsOf: nextDoor, at: at) }
                    // The beyond pair's sentences on the found one's side, in the joint order.
                    let first = side.after ? (isSource ? sentences.source.count : sentences.target.count) : 0
                    let others = first..<(first + theirs.count)
                    for link in aligner.align(english, chinese) {
                        let (mine, block) = isSource ? (link.source, link.target) : (link.target, link.source)
                        guard mine.overlaps(others) else { continue }
                        candidates.removeAll { block.contains(at + $0) }
                    }
                }
            }
            if !candidates.isEmpty { return true }
        }
        return false
    }
}
