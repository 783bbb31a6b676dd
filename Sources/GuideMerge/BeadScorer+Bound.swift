/// A lower bound of `BeadScorer.cost`, cheap enough to work out for every
/// candidate of every cell: the prior, the shape terms and emphasis are exact;
/// the length term is bounded without a logarithm and the lexical term from the
/// runs' total weights, without merging their tokens. The search only scores
/// the candidates whose bound could still beat the cell's best bead.
extension BeadScorer {
    /// Covers the rounding by which a bound may exceed its cost (around 1e-13);
    /// far below any difference between two real costs.
    static let boundSlack = 1e-6

    func lowerBound(sourceEnd: Int, sourceCount: Int, targetEnd: Int, targetCount: Int) -> Double {
        if sourceCount == 0 || targetCount == 0 {
            return cost(sourceEnd: sourceEnd, sourceCount: sourceCount, targetEnd: targetEnd, targetCount: targetCount)
        }
        if sourceCount == 1, targetCount == 1 { return pairBound(sourceEnd - 1, targetEnd - 1) }
        let e = source[end: sourceEnd, length: sourceCount], z = target[end: targetEnd, length: targetCount]
        guard e.allProse, z.allProse else { return .infinity }
        let lists = abs(e.lists - z.lists)
        let labels = abs(e.labels - z.labels) + abs(e.asides - z.asides)
        let crumbs = trailingCrumbs(sourceEnd: sourceEnd, sourceCount: sourceCount, targetEnd: targetEnd, targetCount: targetCount)
        return mergePrior(sourceEnd: sourceEnd, sourceCount: sourceCount, targetEnd: targetEnd, targetCount: targetCount)
            + textBound(sourceEnd: sourceEnd, sourceCount: sourceCount, targetEnd: targetEnd, targetCount: targetCount,
                        sigma: costs.lengthSigma)
            + Double(lists) * costs.proseShapeChange + Double(labels) * costs.labelDisagrees
            + Double(crumbs) * costs.trailingCrumb
    }

    /// The least prior of a merge of `size` blocks in all, on either branch of
    /// `mergePrior`. With the two runs' `mergeFloor`s it makes a rough lower bound
    /// of a merge's cost, from one number per run and no pairing: cheap enough to
    /// rule out most merges before `lowerBound` looks at them.
    func leastMergePrior(size: Int) -> Double {
        let prior = Self.prior(size: size, costs)
        return min(prior, costs.merge2 + costs.splitAlongLines + Double(size - 3) * costs.furtherLineSplit)
    }

    /// The least lexical term a merge with this run can have (every other term of
    /// `mergeCost` but the prior is at least zero): all its tokens shared, up to the
    /// caps. Infinite when the run is not all prose, as the merge then is.
    func mergeFloor(_ run: RunTable.Run) -> Double {
        guard run.allProse else { return .infinity }
        return -costs.sharedWeight * (min(costs.sharedCap, run.wordWeight) + costs.keepBoost * min(costs.sharedCap, run.keepWeight))
    }

    /// Mirrors `pairCost` case by case.
    private func pairBound(_ s: Int, _ t: Int) -> Double {
        let e = source.blocks[s].shape, z = target.blocks[t].shape
        switch (e, z) {
        case (.code, .code):
            if source.blocks[s].codeLiteral == target.blocks[t].codeLiteral { return costs.identicalCode }
            // Dice is at most 2 min(a, b) / (a + b): snippets of unlike lengths cannot be alike.
            let a = source.blocks[s].codeTokens.count, b = target.blocks[t].codeTokens.count
            let dice = a + b == 0 ? 1 : 2 * Double(min(a, b)) / Double(a + b)
            return costs.codeMismatch - costs.codeSimilarity * dice
        case (.code, _), (_, .code), (.rule, _), (_, .rule), (.image, .image):
            return pairCost(s, t)
        case (.html, .html):
            if source.blocks[s].codeLiteral == target.blocks[t].codeLiteral { return costs.identicalHTML }
            return pairTextBound(s, t, sigma: costs.lengthSigma)
        case (.heading(let a), .heading(let b)):
            return pairTextBound(s, t, sigma: costs.headingSigma) + (a == b ? costs.sameHeadingLevel : costs.otherHeadingLevel)
        case (.list(let a), .list(let b)):
            return pairTextBound(s, t, sigma: costs.lengthSigma) + (a == b ? costs.sameListLength : costs.otherListLength)
        case (.paragraph, .paragraph), (.quote, .quote):
            return pairTextBound(s, t, sigma: costs.lengthSigma) + labelCost(s, t)
        default:
            let prose = e.isProse && z.isProse
            return pairTextBound(s, t, sigma: costs.lengthSigma) + (prose ? costs.proseShapeChange : costs.shapeChange)
        }
    }

    /// `textBound` of the single blocks `s` and `t`.
    private func pairTextBound(_ s: Int, _ t: Int, sigma: Double) -> Double {
        textBound(sourceEnd: s + 1, sourceCount: 1, targetEnd: t + 1, targetCount: 1, sigma: sigma)
    }

    /// Mirrors `textCost`.
    private func textBound(sourceEnd: Int, sourceCount: Int, targetEnd: Int, targetCount: Int, sigma: Double) -> Double {
        let index = (source: RunTable.index(end: sourceEnd, length: sourceCount),
                     target: RunTable.index(end: targetEnd, length: targetCount))
        let e = source.runs[index.source], z = target.runs[index.target]
        // With q = (z + s) / (e + s), |log q| ≥ 2|q − 1| / (q + 1) = 2|z − e| / (z + e + 2s),
        // and the length term grows with |log q|.
        let sourceLength = sourceLengths.runs[index.source], targetLength = targetLengths.runs[index.target]
        let ratio = 2 * abs(targetLength - sourceLength) / (targetLength + sourceLength + 2 * costs.lengthSmoothing)
        let knee = costs.lengthKnee
        var length = (ratio <= knee ? ratio * ratio / 2 : knee * ratio - knee * knee / 2) / (sigma * sigma)

        // The lexical term falls as the shared weight grows, and a run pair cannot
        // share more than its lighter side holds, nor anything when the masks miss.
        let wordsBoth = e.wordMask & z.wordMask == 0 ? 0 : min(e.wordWeight, z.wordWeight)
        let keepsBoth = e.keepMask & z.keepMask == 0 ? 0 : min(e.keepWeight, z.keepWeight)
        let shared = min(costs.sharedCap, wordsBoth) + costs.keepBoost * min(costs.sharedCap, keepsBoth)
        // The cost caps its length term when the runs share tokens or neither holds an aside: so
        // does the bound when they may.
        if shared > 0 || (e.asides == 0 && z.asides == 0) { length = min(length, costs.lengthCap) }
        let lexical = -costs.sharedWeight * shared
            + costs.targetOnlyWeight * ((z.wordWeight - wordsBoth) + costs.keepBoost * (z.keepWeight - keepsBoth))
            + costs.sourceKeepOnlyWeight * costs.keepBoost * (e.keepWeight - keepsBoth)

        let emphasisGap = abs(e.emphasis - z.emphasis)
        let emphasis = min(costs.emphasisCap, costs.emphasisWeight * Double(emphasisGap))
        return length + lexical + emphasis
    }
}
