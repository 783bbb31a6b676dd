import Foundation

/// How sure the aligner is that the sentences of a group it paired translate each other (what
/// `guide export tmx` weighs before it offers a group as a translation unit).
///
/// The idea of `SentenceFindings`, for a group with both sides: the logistic of how much more the
/// cheapest reading that questions the group would cost than the aligner's own. The readings are
/// the cuts of the stretch made of the group and the groups just before and after it into the
/// aligner's shapes (1:1, 1:0, 0:1, 2:1, 1:2, 2:2, 1:3, 3:1); one questions the group when it
/// leaves one of its sentences unpaired or pairs one with a sentence outside it. A reading that
/// joins the whole group to a neighbour, or cuts it into smaller pairs, agrees with it (the
/// group's sentences still translate each other), so it is not an alternative. 0.5: a reading
/// that questions the group costs as little; near 1: every such reading costs much more. The
/// aligner's own cut is the cheapest, so a confidence is 0.5 or more (up to rounding); 1 when
/// no reading questions the group.
public enum SentenceConfidence {
    /// Per link of `bead`, in order: the confidence of a link with both sides, nil for 1:0 and 0:1
    /// (`SentenceFindings` weighs those). `aligner`: the one that paired the bead (its length model).
    public static func confidences(_ bead: BeadSentences, aligner: SentenceAligner) -> [Double?] {
        guard !bead.source.isEmpty, !bead.target.isEmpty else { return bead.links.map { _ in nil } }
        let scorer = SentenceAligner.Scorer(aligner: aligner, source: bead.source, target: bead.target)
        let costs = bead.links.map { scorer.cost($0.source, $0.target) }
        return bead.links.indices.map { number -> Double? in
            let link = bead.links[number]
            guard !link.source.isEmpty, !link.target.isEmpty else { return nil }
            let stretch = max(0, number - 1)...min(bead.links.count - 1, number + 1)
            let chosen = stretch.reduce(0.0) { $0 + costs[$1] }
            let source = bead.links[stretch.lowerBound].source.lowerBound..<bead.links[stretch.upperBound].source.upperBound
            let target = bead.links[stretch.lowerBound].target.lowerBound..<bead.links[stretch.upperBound].target.upperBound
            // The cheapest cut that questions `link`: none of its groups agrees with it.
            let other = cheapest(source, target, scorer: scorer) { agrees($0, $1, with: link) }
            return other.isInfinite ? 1 : 1 / (1 + exp(-(other - chosen)))
        }
    }

    /// A group that does not question `link`: one holding all of it (the link then is a finer
    /// cut of a pair), or a pair of sentences inside it (a finer cut of the link).
    static func agrees(_ s: Range<Int>, _ t: Range<Int>, with link: SentenceLink) -> Bool {
        if s.lowerBound <= link.source.lowerBound, s.upperBound >= link.source.upperBound,
           t.lowerBound <= link.target.lowerBound, t.upperBound >= link.target.upperBound { return true }
        return !s.isEmpty && !t.isEmpty && s.lowerBound >= link.source.lowerBound && s.upperBound <= link.source.upperBound
            && t.lowerBound >= link.target.lowerBound && t.upperBound <= link.target.upperBound
    }

    /// The cheapest cut of the stretch `source` × `target` into the aligner's shapes (1:1, 1:0,
    /// 0:1, 2:1, 1:2, 2:2, 1:3, 3:1) with no group `excluded` (infinity when there is none).
    static func cheapest(_ source: Range<Int>, _ target: Range<Int>, scorer: SentenceAligner.Scorer,
                         excluding excluded: (Range<Int>, Range<Int>) -> Bool) -> Double {
        let n = source.count, m = target.count
        var best = [[Double]](repeating: [Double](repeating: .infinity, count: m + 1), count: n + 1)
        best[0][0] = 0
        for i in 0...n {
            for j in 0...m where i > 0 || j > 0 {
                for (a, b) in SentenceAligner.shapes where a <= i && b <= j && best[i - a][j - b] < .infinity {
                    let s = (source.lowerBound + i - a)..<(source.lowerBound + i)
                    let t = (target.lowerBound + j - b)..<(target.lowerBound + j)
                    if excluded(s, t) { continue }
                    best[i][j] = min(best[i][j], best[i - a][j - b] + scorer.cost(s, t))
                }
            }
        }
        return best[n][m]
    }
}
