/// One side of a chapter pair as the runs of 1…6 consecutive blocks a bead can
/// take, each summarised once: the union of its tokens, the weight of that union,
/// and its counts. The dynamic programme scores ten bead shapes in every cell of
/// its band; with the runs summarised, scoring one compares two precomputed runs
/// instead of copying signatures and building sets for every candidate.
struct RunTable: Sendable {
    /// The most blocks a bead takes from one side (1:6, 6:1: a paragraph a translator cut into six).
    static let longest = 6

    /// A run's summary: plain values, so reading one costs no reference counting. Stored narrow
    /// (56 bytes, not 104): a table holds four runs a block. Read and written as `Int`s.
    struct Run: Sendable {
        /// The unions of the blocks' words and of their kept things: ranges of
        /// `tokens`, sorted unique ids (all of weight > 0).
        var words: Range<Int> {
            get { Int(wordBounds.0)..<Int(wordBounds.1) }
            set { wordBounds = (UInt32(newValue.lowerBound), UInt32(newValue.upperBound)) }
        }
        var keeps: Range<Int> {
            get { Int(keepBounds.0)..<Int(keepBounds.1) }
            set { keepBounds = (UInt32(newValue.lowerBound), UInt32(newValue.upperBound)) }
        }
        private var wordBounds: (UInt32, UInt32) = (0, 0)
        private var keepBounds: (UInt32, UInt32) = (0, 0)
        /// The weight of each union, summed in ascending id order: what an overlap
        /// with a disjoint set sums, to the last bit.
        var wordWeight = 0.0
        var keepWeight = 0.0
        /// Bit `id % 64` of each id: two runs whose masks do not meet share no token.
        var wordMask: UInt64 = 0
        var keepMask: UInt64 = 0
        var emphasis: Int {
            get { Int(emphasisCount) }
            set { emphasisCount = Int32(clamping: newValue) }
        }
        /// Of at most `longest` blocks each.
        var lists: Int {
            get { Int(counts.0) }
            set { counts.0 = UInt8(newValue) }
        }
        var labels: Int {
            get { Int(counts.1) }
            set { counts.1 = UInt8(newValue) }
        }
        var asides: Int {
            get { Int(counts.2) }
            set { counts.2 = UInt8(newValue) }
        }
        private var emphasisCount: Int32 = 0
        private var counts: (UInt8, UInt8, UInt8) = (0, 0, 0)
        /// Only prose (paragraphs, lists, quotes) may be merged or split.
        var allProse = true
    }

    let blocks: [BlockSignature]
    /// Indexed by `index(end:length:)`.
    private(set) var runs: RunStore
    private(set) var tokens: [Int32] = []

    /// Index of the run of `length` blocks that ends before block `end`.
    @inline(__always)
    static func index(end: Int, length: Int) -> Int { end &* longest &+ (length &- 1) }

    init(_ blocks: [BlockSignature], weights: TokenWeights) {
        self.blocks = blocks
        var single = [Run](repeating: Run(), count: blocks.count + 1)
        var longerStart = [Int32](repeating: 0, count: blocks.count + 2)
        var longer: [Run] = []
        var words: [Int32] = [], keeps: [Int32] = [], scratch: [Int32] = []
        for end in 1...max(1, blocks.count) where end <= blocks.count {
            longerStart[end] = Int32(longer.count)
            words.removeAll(keepingCapacity: true)
            keeps.removeAll(keepingCapacity: true)
            var run = Run()
            // Grow the run leftwards one block at a time, merging into the unions.
            for length in 1...min(Self.longest, end) {
                let block = end - length
                run.allProse = run.allProse && blocks[block].shape.isProse
                // Only prose is merged: a longer run with anything else is never read past
                // `allProse` (the store stands in one run for them all), nor any longer one.
                if length > 1, !run.allProse { break }
                Self.mergeUnion(&words, blocks[block].words, scratch: &scratch)
                Self.mergeUnion(&keeps, blocks[block].keeps, scratch: &scratch)
                run.emphasis += blocks[block].emphasis
                run.lists += blocks[block].isList ? 1 : 0
                run.labels += blocks[block].isLabel ? 1 : 0
                run.asides += blocks[block].isAside ? 1 : 0
                run.words = tokens.count..<(tokens.count + words.count)
                tokens += words
                run.keeps = tokens.count..<(tokens.count + keeps.count)
                tokens += keeps
                (run.wordWeight, run.wordMask) = Self.weightAndMask(words, weights)
                (run.keepWeight, run.keepMask) = Self.weightAndMask(keeps, weights)
                if length == 1 { single[end] = run } else { longer.append(run) }
            }
        }
        longerStart[blocks.count + 1] = Int32(longer.count)
        runs = RunStore(single: single, longerStart: longerStart, longer: longer)
    }

    /// Every run by `index(end:length:)`, stored sparsely: one a block, and the longer ones only
    /// where they are all prose (a chapter of headings has none), not four runs a block.
    struct RunStore: RandomAccessCollection, Sendable {
        private let single: [Run]
        /// Where each end's longer all-prose runs (lengths 2, 3, … as long as they are all prose) start in `longer`.
        private let longerStart: [Int32]
        private let longer: [Run]

        init(single: [Run], longerStart: [Int32], longer: [Run]) {
            self.single = single
            self.longerStart = longerStart
            self.longer = longer
        }

        /// What a run that is not all prose reads as: only `allProse` is ever read of one.
        private static let notProse: Run = {
            var run = Run()
            run.allProse = false
            return run
        }()

        var startIndex: Int { 0 }
        var endIndex: Int { single.count * RunTable.longest }

        @inline(__always)
        subscript(index: Int) -> Run {
            let end = index / RunTable.longest, length = index % RunTable.longest + 1
            if length == 1 { return single[end] }
            // Runs longer than their end were left empty (never read).
            guard length <= end else { return Run() }
            let start = Int(longerStart[end]), stored = Int(longerStart[end + 1]) - start
            return length - 2 < stored ? longer[start + length - 2] : Self.notProse
        }
    }

    subscript(end end: Int, length length: Int) -> Run {
        runs[Self.index(end: end, length: length)]
    }

    /// `union` ∪ `more`, both sorted and unique, kept sorted and unique.
    private static func mergeUnion(_ union: inout [Int32], _ more: [Int], scratch: inout [Int32]) {
        guard !more.isEmpty else { return }
        scratch.removeAll(keepingCapacity: true)
        var u = 0, m = 0
        while u < union.count || m < more.count {
            let next = m == more.count || (u < union.count && Int(union[u]) <= more[m])
                ? union[u] : Int32(more[m])
            if u < union.count, union[u] == next { u += 1 }
            if m < more.count, more[m] == Int(next) { m += 1 }
            scratch.append(next)
        }
        swap(&union, &scratch)
    }

    private static func weightAndMask(_ ids: [Int32], _ weights: TokenWeights) -> (Double, UInt64) {
        var weight = 0.0, mask: UInt64 = 0
        for id in ids {
            weight += weights[Int(id)]
            mask |= 1 << UInt64(id & 63)
        }
        return (weight, mask)
    }
}

/// The equivalent lengths (in English characters) of every block and run of one
/// side, for one Chinese width: worked out once per pass of the search.
struct RunLengths: Sendable {
    /// By block.
    private(set) var blocks: [Double]
    /// By `RunTable.index(end:length:)`.
    private(set) var runs: [Double]

    init(_ table: RunTable, cjkWidth: Double) {
        blocks = table.blocks.map { Double($0.latin) + cjkWidth * Double($0.cjk) }
        runs = [Double](repeating: 0, count: table.runs.count)
        for end in 1...max(1, blocks.count) where end <= blocks.count {
            for length in 1...min(RunTable.longest, end) {
                // Summed first block first, from zero, as `reduce(0, +)` over the run would.
                var sum = 0.0
                for block in (end - length)..<end { sum += blocks[block] }
                runs[RunTable.index(end: end, length: length)] = sum
            }
        }
    }
}
