import Foundation

/// Findings the lengths make: a sentence hidden in a group, and a group whose Chinese falls short.
extension SentenceReview {
    /// A sentence the aligner joined to a neighbour's group only because nothing rendered it:
    /// the group's lengths fit badly, and without the sentence they fit well. (A Chinese
    /// sentence that renders two English ones is as long as both; one that renders one of
    /// them, and leaves the other out, is as long as one.) The confidence grows with what the
    /// fit gains past `groupGain`.
    func hiddenInGroups(_ bead: BeadSentences) -> [SentenceFinding] {
        let model = aligner.model
        let length = { (sentence: Sentence) in model.length(latin: sentence.features.latin, cjk: sentence.features.cjk) }
        var found: [SentenceFinding] = []
        for link in bead.links where !link.source.isEmpty && !link.target.isEmpty && link.source.count + link.target.count > 2 {
            let source = link.source.map { length(bead.source[$0]) }, target = link.target.map { length(bead.target[$0]) }
            let whole = model.cost(source: source.reduce(0, +), target: target.reduce(0, +))
            // Each sentence of the larger side left out in turn: the best fit without one.
            let englishSide = link.source.count > link.target.count
            let side = englishSide ? source : target
            guard side.count > 1 else { continue }
            var best = (index: 0, cost: Double.infinity)
            for index in side.indices {
                let rest = side.enumerated().filter { $0.offset != index }.reduce(0) { $0 + $1.element }
                let cost = englishSide ? model.cost(source: rest, target: target.reduce(0, +))
                                       : model.cost(source: source.reduce(0, +), target: rest)
                if cost < best.cost { best = (index, cost) }
            }
            let gain = whole - best.cost
            guard gain >= Self.groupGain, best.cost <= Self.groupFit else { continue }
            let confidence = 1 / (1 + exp(-(gain - Self.groupGain)))
            if englishSide {
                let index = link.source.lowerBound + best.index
                found.append(SentenceFinding(kind: .missing, index: index, sentence: bead.source[index], confidence: confidence))
            } else {
                let index = link.target.lowerBound + best.index
                found.append(SentenceFinding(kind: .extra, index: index, sentence: bead.target[index], confidence: confidence))
            }
        }
        return found
    }

    /// A group whose Chinese is far shorter than its English: the length model's cost of the
    /// group, the Chinese the shorter, is the surprise (in nats: 3.5 is a chance of 3 % in the
    /// chapter's model), and the finding's confidence its logistic past `shortfallEven` (0.6 at
    /// 3.5). Joined with the group before or after it, the lengths must still cost
    /// `joinedShortfall` or more: a group short only because the aligner gave part of its
    /// Chinese to a neighbour makes up the difference with it. Part of the English has no
    /// Chinese, and the lengths do not say which: the finding (`short`) is the English
    /// sentence whose removal makes the lengths fit best, the group's only one or one of
    /// several (it may be a part of it that has no Chinese, or all of it). A translator's note
    /// is no part of the Chinese's length.
    func fallingShort(_ bead: BeadSentences) -> [SentenceFinding] {
        let model = aligner.model
        let sourceLength = bead.source.map { model.length(latin: $0.features.latin, cjk: $0.features.cjk) }
        // A translator's note renders no English: neither a sentence that is one nor one inside a sentence counts.
        let targetLength = bead.target.map { sentence -> Double in
            guard !sentence.isTranslatorsNote else { return 0 }
            let notes = sentence.translatorsNotes
            return model.length(latin: max(0, sentence.features.latin - (notes?.latin ?? 0)),
                                cjk: max(0, sentence.features.cjk - (notes?.cjk ?? 0)))
        }
        // How far short the Chinese of these ranges falls (0 when it is not the shorter).
        func shortfall(_ source: Range<Int>, _ target: Range<Int>) -> Double {
            let english = source.reduce(0.0) { $0 + sourceLength[$1] }, chinese = target.reduce(0.0) { $0 + targetLength[$1] }
            return chinese < model.ratio * english ? model.cost(source: english, target: chinese) : 0
        }
        var found: [SentenceFinding] = []
        for (number, link) in bead.links.enumerated() where !link.source.isEmpty && !link.target.isEmpty {
            let cost = shortfall(link.source, link.target)
            guard cost > Self.shortfallEven else { continue }
            var joined = Double.infinity
            for neighbour in [number - 1, number + 1] where bead.links.indices.contains(neighbour) {
                let other = bead.links[neighbour]
                joined = min(joined, shortfall(SentenceFindings.join(other.source, link.source),
                                               SentenceFindings.join(other.target, link.target)))
            }
            guard joined >= Self.joinedShortfall else { continue }
            let confidence = 1 / (1 + exp(-(cost - Self.shortfallEven)))
            let english = link.source.reduce(0.0) { $0 + sourceLength[$1] }, chinese = link.target.reduce(0.0) { $0 + targetLength[$1] }
            let index = link.source.min { a, b in
                model.cost(source: english - sourceLength[a], target: chinese)
                    < model.cost(source: english - sourceLength[b], target: chinese)
            }!
            found.append(SentenceFinding(kind: .missing, index: index, sentence: bead.source[index], confidence: confidence,
                                         short: true))
        }
        return found
    }

    /// The length cost at which a group falling short has a confidence of 0.5
    /// (`fallingShort`), and the least cost of the lengths joined with a neighbouring group.
    static let shortfallEven = 3.1
    static let joinedShortfall = 3.0

    /// What leaving one sentence out of a group must gain on its lengths' cost, and how well
    /// the rest must then fit, for the sentence to be a finding (`hiddenInGroups`).
    static let groupGain = 3.0
    static let groupFit = 2.0
}
