import Foundation

/// The cost of one candidate bead: lower is more likely. Roughly a negative
/// log-likelihood: a bead type's prior, a length model, shape agreement
/// (heading levels, list lengths, code), and the lexical evidence of tokens
/// the translation kept. Negative costs are evidence for the pairing.
struct BeadScorer: Sendable {
    var source: [BlockSignature]
    var target: [BlockSignature]
    var weights: TokenWeights
    /// English characters per Chinese character (Latin characters count one for one).
    var cjkWidth: Double
    var costs = Costs()

    struct Costs: Sendable {
        var skip = 3.3
        var skipRule = 2.5
        var merge2 = 3.0      // 1:2 and 2:1
        var merge3 = 5.0      // 1:3, 3:1 and 2:2
        var merge4 = 7.0      // 1:4 and 4:1
        var splitAlongLines = -1.5
        var furtherLineSplit = 1.0
        var lengthSigma = 0.3
        var headingSigma = 0.6
        var lengthSmoothing = 12.0
        var lengthKnee = 0.5
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
        if s.isEmpty { return skipCost(target[t.lowerBound]) }
        if t.isEmpty { return skipCost(source[s.lowerBound]) }
        if s.count == 1, t.count == 1 { return pairCost(source[s.lowerBound], target[t.lowerBound]) }
        return mergeCost(Array(source[s]), Array(target[t]))
    }

    func skipCost(_ block: BlockSignature) -> Double {
        block.shape == .rule ? costs.skipRule : costs.skip
    }

    func pairCost(_ e: BlockSignature, _ z: BlockSignature) -> Double {
        switch (e.shape, z.shape) {
        case (.code, .code):
            if e.codeLiteral == z.codeLiteral { return costs.identicalCode }
            return costs.codeMismatch - costs.codeSimilarity * SortedSets.dice(e.codeTokens, z.codeTokens)
        case (.code, _), (_, .code), (.rule, _), (_, .rule):
            if e.shape == .rule, z.shape == .rule { return costs.rules }
            return .infinity
        case (.image, .image):
            let shared = SortedSets.overlap(e.keeps, z.keeps) { _ in 1 }.both
            return shared > 0 ? costs.identicalImage : costs.otherImage
        case (.html, .html):
            if e.codeLiteral == z.codeLiteral { return costs.identicalHTML }
            return textCost([e], [z], sigma: costs.lengthSigma)
        case (.heading(let a), .heading(let b)):
            return textCost([e], [z], sigma: costs.headingSigma)
                + (a == b ? costs.sameHeadingLevel : costs.otherHeadingLevel)
        case (.list(let a), .list(let b)):
            return textCost([e], [z], sigma: costs.lengthSigma)
                + (a == b ? costs.sameListLength : costs.otherListLength)
        case (.paragraph, .paragraph), (.quote, .quote):
            return textCost([e], [z], sigma: costs.lengthSigma) + labelCost(e, z)
        default:
            let prose = e.shape.isProse && z.shape.isProse
            return textCost([e], [z], sigma: costs.lengthSigma) + (prose ? costs.proseShapeChange : costs.shapeChange)
        }
    }

    /// n:m beads join prose only (paragraphs, lists, quotes); code, headings and images stay whole.
    func mergeCost(_ e: [BlockSignature], _ z: [BlockSignature]) -> Double {
        guard e.allSatisfy(\.shape.isProse), z.allSatisfy(\.shape.isProse) else { return .infinity }
        var prior = [0, 0, 0, costs.merge2, costs.merge3, costs.merge4][min(5, e.count + z.count)]
        // One block of several lines against as many blocks or fewer: a translator
        // who gave each line of a draft its own paragraph. Cheaper, and each
        // further block costs only a little more.
        if (e.count == 1 && e[0].lines >= z.count) || (z.count == 1 && z[0].lines >= e.count) {
            prior = costs.merge2 + costs.splitAlongLines + Double(e.count + z.count - 3) * costs.furtherLineSplit
        }
        let lists = abs(e.filter(\.isList).count - z.filter(\.isList).count)
        let labels = abs(e.filter(\.isLabel).count - z.filter(\.isLabel).count)
            + abs(e.filter(\.isAside).count - z.filter(\.isAside).count)
        // A scrap (a marker, a label) leads what it belongs to more often than it trails it.
        let crumbs = [e, z].filter { $0.count > 1 && equivalentLength($0.last!) < costs.crumbLength }.count
        return prior + textCost(e, z, sigma: costs.lengthSigma)
            + Double(lists) * costs.proseShapeChange + Double(labels) * costs.labelDisagrees
            + Double(crumbs) * costs.trailingCrumb
    }

    func labelCost(_ e: BlockSignature, _ z: BlockSignature) -> Double {
        switch (e.isLabel, z.isLabel) {
        case (true, true): return costs.labelsAgree
        case (false, false): return 0
        default: return costs.labelDisagrees
        }
    }

    /// Length in English characters.
    func equivalentLength(_ block: BlockSignature) -> Double {
        Double(block.latin) + cjkWidth * Double(block.cjk)
    }

    /// Length agreement, kept tokens and emphasis of two runs of blocks.
    func textCost(_ e: [BlockSignature], _ z: [BlockSignature], sigma: Double) -> Double {
        let smoothing = costs.lengthSmoothing
        let ratio = abs(log((z.map(equivalentLength).reduce(0, +) + smoothing)
                            / (e.map(equivalentLength).reduce(0, +) + smoothing)))
        // Gaussian near the expected ratio, linear in the tails (a translator's note
        // appended to a paragraph should not outweigh a shared URL).
        let knee = costs.lengthKnee
        let length = ratio <= knee ? ratio * ratio / (2 * sigma * sigma) : (knee * ratio - knee * knee / 2) / (sigma * sigma)

        let weight = { (id: Int) in weights[id] }
        let words = SortedSets.overlap(SortedSets.union(e.map(\.words)), SortedSets.union(z.map(\.words)), weight: weight)
        let keeps = SortedSets.overlap(SortedSets.union(e.map(\.keeps)), SortedSets.union(z.map(\.keeps)), weight: weight)
        let shared = min(costs.sharedCap, words.both) + costs.keepBoost * min(costs.sharedCap, keeps.both)
        let lexical = -costs.sharedWeight * shared
            + costs.targetOnlyWeight * (words.rightOnly + costs.keepBoost * keeps.rightOnly)
            + costs.sourceKeepOnlyWeight * costs.keepBoost * keeps.leftOnly

        let emphasisGap = abs(e.map(\.emphasis).reduce(0, +) - z.map(\.emphasis).reduce(0, +))
        let emphasis = min(costs.emphasisCap, costs.emphasisWeight * Double(emphasisGap))
        return length + lexical + emphasis
    }
}

extension BlockSignature {
    var isList: Bool {
        if case .list = shape { return true }
        return false
    }
}
