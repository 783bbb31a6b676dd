import GuideModel

/// A translation's copy of a snippet inherits the source snippet's annotations, so that
/// translators need not repeat them: the counterpart is found through the alignment.
public enum AnnotationInheritance {
    /// For each target snippet, the index of its source counterpart (nil: none found).
    ///
    /// In order: an identical source snippet (the one in the same bead, else the nearest in
    /// reading order); else the source snippet in the same bead (by position among the bead's
    /// snippets), or the one at the same position in the chapter when both have as many
    /// snippets, whichever shares more of the code's words, if it shares at least half.
    public static func counterparts(source: [Block], target: [Block], beads: [Bead],
                                    sourceSnippets: [CodeSnippet], targetSnippets: [CodeSnippet]) -> [Int?] {
        // Top-level block index → bead index, on each side.
        var beadOfSource: [Int: Int] = [:], beadOfTarget: [Int: Int] = [:]
        for (beadIndex, bead) in beads.enumerated() {
            for index in bead.source { beadOfSource[index] = beadIndex }
            for index in bead.target { beadOfTarget[index] = beadIndex }
        }
        func bead(ofSource snippet: CodeSnippet) -> Int? { snippet.blockPath.first.flatMap { beadOfSource[$0] } }
        func bead(ofTarget snippet: CodeSnippet) -> Int? { snippet.blockPath.first.flatMap { beadOfTarget[$0] } }

        let sameCount = sourceSnippets.count == targetSnippets.count
        return targetSnippets.enumerated().map { ordinal, snippet in
            let targetBead = bead(ofTarget: snippet)
            let identical = sourceSnippets.indices.filter { sourceSnippets[$0].code == snippet.code }
            if !identical.isEmpty {
                if let inBead = identical.first(where: { targetBead != nil && bead(ofSource: sourceSnippets[$0]) == targetBead }) {
                    return inBead
                }
                return identical.min { abs($0 - ordinal) < abs($1 - ordinal) }
            }
            var candidates: [Int] = []
            if let targetBead {
                let inSourceBead = sourceSnippets.indices.filter { bead(ofSource: sourceSnippets[$0]) == targetBead }
                let inTargetBead = targetSnippets.indices.filter { bead(ofTarget: targetSnippets[$0]) == targetBead }
                if let position = inTargetBead.firstIndex(of: ordinal), !inSourceBead.isEmpty {
                    candidates.append(inSourceBead[min(position, inSourceBead.count - 1)])
                }
            }
            if sameCount, !candidates.contains(ordinal) { candidates.append(ordinal) }
            let scored = candidates.map { ($0, similarity(sourceSnippets[$0].code, snippet.code)) }
            guard let best = scored.max(by: { $0.1 < $1.1 }), best.1 >= 0.5 else { return nil }
            return best.0
        }
    }

    /// Shared ASCII words over all words (Jaccard), the words code and its translation keep.
    static func similarity(_ a: String, _ b: String) -> Double {
        func words(_ text: String) -> Set<Substring> {
            Set(text.split { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_")) })
        }
        let left = words(a), right = words(b)
        let union = left.union(right)
        guard !union.isEmpty else { return a == b ? 1 : 0 }
        return Double(left.intersection(right).count) / Double(union.count)
    }

    /// Target snippets with the annotations they inherit (their own comment, if any, wins).
    public static func inherit(source: Chapter, target: Chapter, sourceSnippets: [CodeSnippet],
                               targetSnippets: [CodeSnippet], beads: [Bead]) -> [CodeSnippet] {
        let pairs = counterparts(source: source.blocks, target: target.blocks, beads: beads,
                                 sourceSnippets: sourceSnippets, targetSnippets: targetSnippets)
        return zip(targetSnippets, pairs).map { snippet, pair in
            var snippet = snippet
            if snippet.annotation == nil, let pair, let annotation = sourceSnippets[pair].annotation {
                snippet.annotation = annotation
                snippet.annotationProblems = [] // reported once, on the source snippet
            }
            return snippet
        }
    }
}
