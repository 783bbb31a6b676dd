import Foundation

/// How much a shared token says about two blocks belonging together.
///
/// A token only counts when it occurs on both sides of the chapter pair (an
/// English word the translation never keeps says nothing), and it counts less
/// the more blocks it occurs in (inverse document frequency, taken over both
/// sides of this chapter pair, so the weights do not depend on the book).
struct TokenWeights: Sendable {
    /// Weight by token id; 0 for a token that is not on both sides.
    private(set) var weight: [Double]

    init(source: [BlockSignature], target: [BlockSignature], tokenCount: Int) {
        var sourceFrequency = [Int](repeating: 0, count: tokenCount)
        var targetFrequency = [Int](repeating: 0, count: tokenCount)
        // By index: a `for signature in` loop copies each signature (three arrays retained).
        for index in source.indices {
            for id in source[index].words { sourceFrequency[id] += 1 }
            for id in source[index].keeps { sourceFrequency[id] += 1 }
        }
        for index in target.indices {
            for id in target[index].words { targetFrequency[id] += 1 }
            for id in target[index].keeps { targetFrequency[id] += 1 }
        }
        let blocks = Double(source.count + target.count)
        weight = (0..<tokenCount).map { id in
            guard sourceFrequency[id] > 0, targetFrequency[id] > 0 else { return 0 }
            let frequency = Double(sourceFrequency[id] + targetFrequency[id])
            return max(0.1, log((blocks + 1) / (frequency + 0.5)))
        }
    }

    subscript(id: Int) -> Double { weight[id] }

    /// Drops the tokens of no weight from a signature (fewer to compare), in place (a list with nothing to drop
    /// is left as it is: no new array).
    func filter(_ signature: inout BlockSignature) {
        if signature.words.contains(where: { weight[$0] <= 0 }) { signature.words.removeAll { weight[$0] <= 0 } }
        if signature.keeps.contains(where: { weight[$0] <= 0 }) { signature.keeps.removeAll { weight[$0] <= 0 } }
    }
}
