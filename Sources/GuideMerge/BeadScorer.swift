import Foundation

/// The cost of one candidate bead: lower is more likely. Roughly a negative
/// log-likelihood: a bead type's prior, a length model, shape agreement
/// (heading levels, list lengths, code), and the lexical evidence of tokens
/// the translation kept. Negative costs are evidence for the pairing.
///
/// Beads are named by where their runs end and how long they are (see
/// `RunTable`), which is how the search meets them. `BeadScorer+Bound.swift`
/// gives a cheap lower bound of the same costs, so the search can skip most
/// candidates without working out their lexical overlap or logarithm.
struct BeadScorer: Sendable {
    let source: RunTable
    let target: RunTable
    let weights: TokenWeights
    /// English characters per Chinese character (Latin characters count one for one).
    var cjkWidth: Double {
        didSet { measureLengths() }
    }
    var costs = Costs() {
        didSet { setFloors() }
    }
    /// The runs' lengths at `cjkWidth`.
    private(set) var sourceLengths: RunLengths
    private(set) var targetLengths: RunLengths
    /// Per run (by `RunTable.index`), for the search's first, roughest bound of merges.
    private(set) var sourceFloors: [Double] = []
    private(set) var targetFloors: [Double] = []

    init(source: [BlockSignature], target: [BlockSignature], weights: TokenWeights, cjkWidth: Double) {
        self.source = RunTable(source, weights: weights)
        self.target = RunTable(target, weights: weights)
        self.weights = weights
        self.cjkWidth = cjkWidth
        sourceLengths = RunLengths(self.source, cjkWidth: cjkWidth)
        targetLengths = RunLengths(self.target, cjkWidth: cjkWidth)
        setFloors()
    }

    private mutating func measureLengths() {
        sourceLengths = RunLengths(source, cjkWidth: cjkWidth)
        targetLengths = RunLengths(target, cjkWidth: cjkWidth)
    }

    private mutating func setFloors() {
        sourceFloors = source.runs.map(mergeFloor)
        targetFloors = target.runs.map(mergeFloor)
    }

    struct Costs: Sendable {
        var skip = 3.3
        var skipRule = 2.5
        var merge2 = 3.0      // 1:2 and 2:1
        var merge3 = 5.0      // 1:3, 3:1 and 2:2
        var merge4 = 7.0      // 1:4 and 4:1
        /// Each block past 1:4 (1:5, 1:6): a paragraph a translator cut into five or six.
        var mergeFurther = 2.0
        var splitAlongLines = -1.5
        var furtherLineSplit = 1.0
        var lengthSigma = 0.3
        var headingSigma = 0.6
        var lengthSmoothing = 12.0
        var lengthKnee = 0.5
        /// The most a pair's lengths cost (unless a side holds an aside and nothing is shared): under two `skip`s.
        var lengthCap = 6.0
        var sharedWeight = 0.6
        var sharedCap = 12.0
        var targetOnlyWeight = 0.35
        var sourceKeepOnlyWeight = 0.25
        var keepBoost = 1.5
        var emphasisWeight = 0.8
        var emphasisCap = 2.4
        var labelsAgree = -1.0
        var labelDisagrees = 2.0
        var identicalCode = -8.0
        var codeMismatch = 3.0
        var codeSimilarity = 11.0
        var identicalImage = -8.0
        var otherImage = -1.0
        var rules = -4.0
        var identicalHTML = -6.0
        var sameHeadingLevel = -2.0
        var otherHeadingLevel = 1.0
        var sameListLength = -1.0
        var otherListLength = 0.5
        var proseShapeChange = 2.0
        var shapeChange = 4.0
        var trailingCrumb = 1.0
        var crumbLength = 15.0
    }

    /// The cost of pairing source blocks `s` with target blocks `t` (either may be empty, not both).
    func cost(_ s: Range<Int>, _ t: Range<Int>) -> Double {
        cost(sourceEnd: s.upperBound, sourceCount: s.count, targetEnd: t.upperBound, targetCount: t.count)
    }

    /// The cost of the bead of the `sourceCount` source blocks ending before
    /// `sourceEnd` and the `targetCount` target blocks ending before `targetEnd`.
    func cost(sourceEnd: Int, sourceCount: Int, targetEnd: Int, targetCount: Int) -> Double {
        if sourceCount == 0 { return skipCost(target.blocks[targetEnd - 1].shape) }
        if targetCount == 0 { return skipCost(source.blocks[sourceEnd - 1].shape) }
        if sourceCount == 1, targetCount == 1 { return pairCost(sourceEnd - 1, targetEnd - 1) }
        return mergeCost(sourceEnd: sourceEnd, sourceCount: sourceCount, targetEnd: targetEnd, targetCount: targetCount)
    }

    func skipCost(_ shape: BlockSignature.Shape) -> Double {
        shape == .rule ? costs.skipRule : costs.skip
    }

    /// Source block `s` with target block `t`.
    func pairCost(_ s: Int, _ t: Int) -> Double {
        let e = source.blocks[s].shape, z = target.blocks[t].shape
        switch (e, z) {
        case (.code, .code):
            if source.blocks[s].codeLiteral == target.blocks[t].codeLiteral { return costs.identicalCode }
            return costs.codeMismatch - costs.codeSimilarity * SortedSets.dice(source.blocks[s].codeTokens, target.blocks[t].codeTokens)
        case (.code, _), (_, .code), (.rule, _), (_, .rule):
            if e == .rule, z == .rule { return costs.rules }
            return .infinity
        case (.image, .image):
            let shared = sharedKeeps(source[end: s + 1, length: 1], target[end: t + 1, length: 1])
            return shared ? costs.identicalImage : costs.otherImage
        case (.html, .html):
            if source.blocks[s].codeLiteral == target.blocks[t].codeLiteral { return costs.identicalHTML }
            return pairText(s, t, sigma: costs.lengthSigma)
        case (.heading(let a), .heading(let b)):
            return pairText(s, t, sigma: costs.headingSigma) + (a == b ? costs.sameHeadingLevel : costs.otherHeadingLevel)
        case (.list(let a), .list(let b)):
            return pairText(s, t, sigma: costs.lengthSigma) + (a == b ? costs.sameListLength : costs.otherListLength)
        case (.paragraph, .paragraph), (.quote, .quote):
            return pairText(s, t, sigma: costs.lengthSigma) + labelCost(s, t)
        default:
            let prose = e.isProse && z.isProse
            return pairText(s, t, sigma: costs.lengthSigma) + (prose ? costs.proseShapeChange : costs.shapeChange)
        }
    }

    /// n:m beads join prose only (paragraphs, lists, quotes); code, headings and images stay whole.
    func mergeCost(sourceEnd: Int, sourceCount: Int, targetEnd: Int, targetCount: Int) -> Double {
        let e = source[end: sourceEnd, length: sourceCount], z = target[end: targetEnd, length: targetCount]
        guard e.allProse, z.allProse else { return .infinity }
        let prior = mergePrior(sourceEnd: sourceEnd, sourceCount: sourceCount, targetEnd: targetEnd, targetCount: targetCount)
        let lists = abs(e.lists - z.lists)
        let labels = abs(e.labels - z.labels) + abs(e.asides - z.asides)
        let crumbs = trailingCrumbs(sourceEnd: sourceEnd, sourceCount: sourceCount, targetEnd: targetEnd, targetCount: targetCount)
        return prior + textCost(sourceEnd: sourceEnd, sourceCount: sourceCount, targetEnd: targetEnd, targetCount: targetCount,
                                sigma: costs.lengthSigma)
            + Double(lists) * costs.proseShapeChange + Double(labels) * costs.labelDisagrees
            + Double(crumbs) * costs.trailingCrumb
    }

    func mergePrior(sourceEnd: Int, sourceCount: Int, targetEnd: Int, targetCount: Int) -> Double {
        // One block of several lines against as many blocks or fewer: a translator
        // who gave each line of a draft its own paragraph. Cheaper, and each
        // further block costs only a little more.
        if (sourceCount == 1 && source.blocks[sourceEnd - 1].lines >= targetCount)
            || (targetCount == 1 && target.blocks[targetEnd - 1].lines >= sourceCount) {
            return costs.merge2 + costs.splitAlongLines + Double(sourceCount + targetCount - 3) * costs.furtherLineSplit
        }
        return Self.prior(size: sourceCount + targetCount, costs)
    }

    /// The prior of a merge of `size` blocks in all (not along lines).
    static func prior(size: Int, _ costs: Costs) -> Double {
        switch size {
        case ...3: return costs.merge2   // 1:2 and 2:1
        case 4: return costs.merge3      // 1:3, 3:1 and 2:2
        default: return costs.merge4 + Double(size - 5) * costs.mergeFurther   // 1:4 and 4:1, then 1:5…
        }
    }

    /// A scrap (a marker, a label) leads what it belongs to more often than it trails it:
    /// the sides of more than one block whose last block is short.
    func trailingCrumbs(sourceEnd: Int, sourceCount: Int, targetEnd: Int, targetCount: Int) -> Int {
        (sourceCount > 1 && sourceLengths.blocks[sourceEnd - 1] < costs.crumbLength ? 1 : 0)
            + (targetCount > 1 && targetLengths.blocks[targetEnd - 1] < costs.crumbLength ? 1 : 0)
    }

    func labelCost(_ s: Int, _ t: Int) -> Double {
        switch (source.blocks[s].isLabel, target.blocks[t].isLabel) {
        case (true, true): return costs.labelsAgree
        case (false, false): return 0
        default: return costs.labelDisagrees
        }
    }

    /// `textCost` of the single blocks `s` and `t`.
    private func pairText(_ s: Int, _ t: Int, sigma: Double) -> Double {
        textCost(sourceEnd: s + 1, sourceCount: 1, targetEnd: t + 1, targetCount: 1, sigma: sigma)
    }

    /// Length agreement, kept tokens and emphasis of two runs of blocks.
    func textCost(sourceEnd: Int, sourceCount: Int, targetEnd: Int, targetCount: Int, sigma: Double) -> Double {
        let index = (source: RunTable.index(end: sourceEnd, length: sourceCount),
                     target: RunTable.index(end: targetEnd, length: targetCount))
        let e = source.runs[index.source], z = target.runs[index.target]
        let smoothing = costs.lengthSmoothing
        let ratio = abs(log((targetLengths.runs[index.target] + smoothing) / (sourceLengths.runs[index.source] + smoothing)))
        // Gaussian near the expected ratio, linear in the tails (a translator's note
        // appended to a paragraph should not outweigh a shared URL).
        let knee = costs.lengthKnee
        var length = ratio <= knee ? ratio * ratio / (2 * sigma * sigma) : (knee * ratio - knee * knee / 2) / (sigma * sigma)

        let words = overlap(e.words, e.wordWeight, e.wordMask, z.words, z.wordWeight, z.wordMask)
        let keeps = overlap(e.keeps, e.keepWeight, e.keepMask, z.keeps, z.keepWeight, z.keepMask)
        let shared = min(costs.sharedCap, words.both) + costs.keepBoost * min(costs.sharedCap, keeps.both)
        // Lengths alone do not make two blocks two omissions (a translation that lost most of
        // its sentences is still that block's): past `lengthCap`, below two skips, the tokens
        // decide. Unless a side holds a paragraph wholly in brackets and they share nothing: an
        // untranslated paragraph and a translator's note left in its place are two gaps, not a pair.
        if shared > 0 || (e.asides == 0 && z.asides == 0) { length = min(length, costs.lengthCap) }
        let lexical = -costs.sharedWeight * shared
            + costs.targetOnlyWeight * (words.rightOnly + costs.keepBoost * keeps.rightOnly)
            + costs.sourceKeepOnlyWeight * costs.keepBoost * keeps.leftOnly

        let emphasisGap = abs(e.emphasis - z.emphasis)
        let emphasis = min(costs.emphasisCap, costs.emphasisWeight * Double(emphasisGap))
        return length + lexical + emphasis
    }

    /// Total weight of the ids in both unions, in the source's only and in the target's only.
    private func overlap(_ left: Range<Int>, _ leftWeight: Double, _ leftMask: UInt64,
                         _ right: Range<Int>, _ rightWeight: Double, _ rightMask: UInt64)
        -> (both: Double, leftOnly: Double, rightOnly: Double) {
        // Disjoint: the merge would sum each side alone, in the order the table did.
        if leftMask & rightMask == 0 { return (0, leftWeight, rightWeight) }
        return source.tokens.withUnsafeBufferPointer { leftTokens in
            target.tokens.withUnsafeBufferPointer { rightTokens in
                SortedSets.overlap(UnsafeBufferPointer(rebasing: leftTokens[left]),
                                   UnsafeBufferPointer(rebasing: rightTokens[right]), weights: weights.weight)
            }
        }
    }

    private func sharedKeeps(_ e: RunTable.Run, _ z: RunTable.Run) -> Bool {
        e.keepMask & z.keepMask != 0
            && overlap(e.keeps, e.keepWeight, e.keepMask, z.keeps, z.keepWeight, z.keepMask).both > 0
    }
}

extension BlockSignature {
    var isList: Bool {
        if case .list = shape { return true }
        return false
    }
}
