import GuideModel

/// Pairs the blocks of a chapter with the blocks of its translation.
///
/// A dynamic programme over bead types (1:1, 1:0, 0:1, 1:2, 2:1, 2:2, 1:3, 3:1, 1:4, 4:1, 1:5, 5:1, 1:6, 6:1)
/// minimising the sum of `BeadScorer` costs, searched inside a band around
/// anchors (identical code blocks), so the work grows linearly with the
/// chapter. The Chinese/English length ratio is re-estimated from a first
/// pass's 1:1 prose pairs, so it adapts to the translation at hand.
public struct Aligner: Sendable {
    /// Band cells on each side of the anchor path.
    public var margin: Int
    /// Cells the band may add to its margin for imbalanced stretches (`SearchBand.extraCells`).
    public var extraCells: Int
    /// Source blocks a piece of a long chapter's search holds at least (`searchInPieces`).
    public var pieceRows: Int

    public init(margin: Int = 20, extraCells: Int = SearchBand.extraCells, pieceRows: Int = Self.pieceRows) {
        self.margin = margin
        self.extraCells = extraCells
        self.pieceRows = pieceRows
    }

    static let beadShapes: [(source: Int, target: Int)] = [(1, 1), (1, 0), (0, 1), (1, 2), (2, 1), (2, 2), (1, 3), (3, 1), (1, 4), (4, 1),
                                                           (1, 5), (5, 1), (1, 6), (6, 1)]
    static let defaultCJKWidth = 3.0

    /// Comment blocks (snippet annotations and the like) are invisible to readers: they
    /// are aligned with nothing and join the bead of the block that follows them. Translators'
    /// habits the search leaves as gaps are regrouped after it (`TranslatorHabits`).
    public func align(_ source: [Block], _ target: [Block]) -> [Bead] {
        let visibleSource = source.indices.filter { !Self.isComment(source[$0]) }
        let visibleTarget = target.indices.filter { !Self.isComment(target[$0]) }
        let beads = scoredAlign(source, visibleSource, target, visibleTarget).map(\.bead)
        // Most chapters have no comment: then there is nothing to map or attach.
        if visibleSource.count == source.count, visibleTarget.count == target.count {
            return TranslatorHabits.regroup(beads, source: source, target: target)
        }
        let mapped = beads.map { Bead(source: $0.source.map { visibleSource[$0] }, target: $0.target.map { visibleTarget[$0] }) }
        return TranslatorHabits.regroup(HiddenBlocks.attach(to: mapped, sourceCount: source.count, targetCount: target.count),
                                        source: source, target: target)
    }

    /// `Block.isComment`, asked only of HTML blocks: a call to it copies the whole
    /// block (it is compiled in another module), and only HTML can be a comment.
    static func isComment(_ block: borrowing Block) -> Bool {
        guard case .html = block.kind else { return false }
        return block.isComment
    }

    /// The beads with the cost the scorer gave each (lower is surer; negative
    /// means the evidence is for the pairing): for reviews that want to show
    /// the doubtful pairs first, and for tuning.
    public func scoredAlign(_ source: [Block], _ target: [Block]) -> [ScoredBead] {
        scoredAlign(source, Array(source.indices), target, Array(target.indices))
    }

    /// Aligns the blocks at `sourceIndexes` with those at `targetIndexes` (without
    /// copying them out); the beads number the blocks by their place in those lists.
    func scoredAlign(_ source: [Block], _ sourceIndexes: [Int], _ target: [Block], _ targetIndexes: [Int]) -> [ScoredBead] {
        if sourceIndexes.isEmpty || targetIndexes.isEmpty {
            let beads = sourceIndexes.indices.map { Bead(source: [$0], target: []) }
                + targetIndexes.indices.map { Bead(source: [], target: [$0]) }
            return beads.map { ScoredBead(bead: $0, cost: 0) }
        }
        // One array of signatures a side, filtered in place, and the token table dropped once
        // counted (a chapter of a million blocks would hold copies side by side).
        var tokens = TokenTable()
        var sourceSignatures: [BlockSignature] = [], targetSignatures: [BlockSignature] = []
        sourceSignatures.reserveCapacity(sourceIndexes.count)
        targetSignatures.reserveCapacity(targetIndexes.count)
        for index in sourceIndexes { sourceSignatures.append(BlockSignature(source, at: index, tokens: &tokens)) }
        for index in targetIndexes { targetSignatures.append(BlockSignature(target, at: index, tokens: &tokens)) }
        let weights = TokenWeights(source: sourceSignatures, target: targetSignatures, tokenCount: tokens.count)
        tokens = TokenTable()
        for index in sourceSignatures.indices { weights.filter(&sourceSignatures[index]) }
        for index in targetSignatures.indices { weights.filter(&targetSignatures[index]) }

        let anchors = Anchors.find(sourceSignatures, targetSignatures)
        let band = SearchBand(anchors: anchors,
                              sourceCount: sourceIndexes.count, targetCount: targetIndexes.count, margin: margin,
                              extraCells: extraCells)
        var scorer = BeadScorer(source: sourceSignatures, target: targetSignatures,
                                weights: weights, cjkWidth: Self.defaultCJKWidth)
        var beads = Self.searchInPieces(scorer, band: band, anchors: anchors, pieceRows: pieceRows)
        if let width = Self.estimateCJKWidth(beads, scorer: scorer),
           abs(width - scorer.cjkWidth) > 0.15 * scorer.cjkWidth {
            scorer.cjkWidth = width
            beads = Self.searchInPieces(scorer, band: band, anchors: anchors, pieceRows: pieceRows)
        }
        return beads.map { bead in
            let sourceRange = (bead.source.first ?? 0)..<((bead.source.first ?? 0) + bead.source.count)
            let targetRange = (bead.target.first ?? 0)..<((bead.target.first ?? 0) + bead.target.count)
            return ScoredBead(bead: bead, cost: scorer.cost(sourceRange, targetRange))
        }
    }

    /// The median English characters per Chinese character over 1:1 prose pairs
    /// that are mostly Chinese; nil when there are too few to say.
    static func estimateCJKWidth(_ beads: [Bead], scorer: BeadScorer) -> Double? {
        var widths: [Double] = []
        for bead in beads where bead.source.count == 1 && bead.target.count == 1 {
            let e = scorer.source.blocks[bead.source[0]], z = scorer.target.blocks[bead.target[0]]
            guard e.shape != .code, e.shape != .image, z.cjk >= 8, z.cjk >= z.latin, e.cjk == 0 else { continue }
            widths.append(Double(e.latin - z.latin) / Double(z.cjk))
        }
        guard widths.count >= 5 else { return nil }
        widths.sort()
        return min(5.0, max(1.5, widths[widths.count / 2]))
    }
}

/// A bead and the cost the aligner's scorer gave it.
public struct ScoredBead: Hashable, Sendable {
    public var bead: Bead
    public var cost: Double

    public init(bead: Bead, cost: Double) {
        self.bead = bead
        self.cost = cost
    }
}
