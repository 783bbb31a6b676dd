import Foundation

/// Gale & Church's length model for English–Chinese sentences.
///
/// A side's length is its Latin characters plus `cjkWidth` for each CJK letter (what an
/// English reader's characters a Chinese character stands for). A translation's length is
/// taken as normal (with a share of wider outliers) around `ratio` × the source's, with variance `variance` × the source's
/// length: δ = (t − ratio·s) / √(variance · (s + t/ratio)/2), and the cost of a pairing is
/// −ln P(|Δ| ≥ |δ|), as in Gale & Church (1993).
public struct LengthModel: Hashable, Sendable {
    public var cjkWidth: Double
    public var ratio: Double
    public var variance: Double

    public init(cjkWidth: Double, ratio: Double, variance: Double) {
        self.cjkWidth = cjkWidth
        self.ratio = ratio
        self.variance = variance
    }

    /// Estimated from the 1:1 sentence pairs of the whole book (`estimate`, over the 13
    /// chapter pairs of `../shared/corpus/objc-zen-book`: 219 beads of one sentence a side); a chapter with enough
    /// pairs of its own uses its own (`ChapterSentences`).
    public static let book = LengthModel(cjkWidth: 3.23, ratio: 1.04, variance: 2.1)

    /// The share of pairs whose lengths follow the wider normal, and how much wider it is.
    static let outliers = 0.1
    static let outlierWidth = 4.0
    /// No pairing costs more than this for its lengths: a sentence that carries a long note
    /// of the translator's is still its English sentence's translation (dropping both costs more).
    static let maximumCost = 7.0

    /// One side's length in this model.
    public func length(latin: Int, cjk: Int) -> Double {
        Double(latin) + cjkWidth * Double(cjk)
    }

    /// The cost of pairing text of these lengths (0 for two empty sides).
    public func cost(source: Double, target: Double) -> Double {
        let mean = (source + target / ratio) / 2
        guard mean > 0 else { return 0 }
        let delta = (target - ratio * source) / (variance * mean).squareRoot()
        // P(|Δ| ≥ |δ|) for a standard normal, mixed with one four times as wide: translations
        // that add or leave out a clause are too common for the normal's tails alone.
        let z = abs(delta) / 2.0.squareRoot()
        let tail = (1 - Self.outliers) * erfc(z) + Self.outliers * erfc(z / Self.outlierWidth)
        return min(Self.maximumCost, -log(max(tail, 1e-30)))
    }

    /// One pair's measures: the source's length, and the target's Latin and CJK letters.
    public struct Pair: Hashable, Sendable {
        public var source: Double
        public var targetLatin: Double
        public var targetCJK: Double

        public init(source: Double, targetLatin: Double, targetCJK: Double) {
            self.source = source
            self.targetLatin = targetLatin
            self.targetCJK = targetCJK
        }
    }

    /// The model of a set of 1:1 pairs, robustly: the CJK width is the median of what each
    /// mostly Chinese pair says, the ratio that of the sums, and the variance the median of
    /// the squared scaled differences over the median of χ²₁ (0.455), so a few bad pairs
    /// (a note the translator added, a pair the paragraph aligner got wrong) move nothing.
    /// Nil with fewer than `minimumPairs` usable pairs.
    public static func estimate(_ pairs: [Pair], minimumPairs: Int = 12) -> LengthModel? {
        let usable = pairs.filter { $0.source >= 10 && $0.targetCJK >= 4 }
        guard usable.count >= minimumPairs else { return nil }
        let widths = usable.map { ($0.source - $0.targetLatin) / $0.targetCJK }
        let width = min(6, max(1, median(widths)))
        let targets = usable.map { $0.targetLatin + width * $0.targetCJK }
        let ratio = targets.reduce(0, +) / usable.map(\.source).reduce(0, +)
        let scaled = zip(usable, targets).map { pair, target in
            let mean = (pair.source + target / ratio) / 2
            let d = target - ratio * pair.source
            return d * d / mean
        }
        // The mean of the squared differences without the largest tenth: the pairs that are
        // no translation of each other (a note added, a pair the block aligner got wrong).
        let kept = scaled.sorted().prefix(max(1, scaled.count * 9 / 10))
        let variance = max(1, kept.reduce(0, +) / Double(kept.count) / 0.75)
        return LengthModel(cjkWidth: width, ratio: ratio, variance: variance)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
