/// The cells of the alignment grid the dynamic programme visits: for each
/// source prefix length `i` (0…n), target prefix lengths `lower[i]…upper[i]`.
/// Both bounds never decrease and consecutive rows overlap, so every cell is
/// reachable; the width around the anchor path keeps the cost near-linear.
public struct SearchBand: Sendable {
    var lower: [Int]
    var upper: [Int]

    /// Cells the band may spend beyond its margin, whatever the chapters: the widening for
    /// imbalanced stretches is cut to fit. A real chapter pair stays far below it (a
    /// 2,000-block chapter half translated needs about 4 million), and within it the band
    /// is the same as without a budget.
    public static let extraCells = 8_000_000

    /// A band following the straight lines between anchors, `margin` cells
    /// wide plus the imbalance of each stretch (a stretch with 30 more source
    /// blocks than target blocks may have them all in one place).
    ///
    /// The imbalance counted is at most the widening that keeps the band within `extraCells`
    /// cells more than its margin alone: without that bound a chapter of n blocks against a
    /// translation of n/2 (a translation in progress, or blocks cut differently) had a band
    /// n/2 wide, n²/2 cells, each a Double and a byte: 100,000 tiny paragraphs took minutes
    /// and gigabytes. Past the bound an alignment is still complete and ordered; it only
    /// looks less far from the straight line for where a long run of blocks went missing.
    init(anchors: [Anchors.Pair], sourceCount: Int, targetCount: Int, margin: Int, extraCells: Int = Self.extraCells,
         marginCells: Int = Self.marginCells) {
        let margin = Self.fittedMargin(margin, rows: sourceCount, marginCells: marginCells)
        var points = [(0, 0)]
        for anchor in anchors {
            points.append((anchor.source, anchor.target))
            points.append((anchor.source + 1, anchor.target + 1))
        }
        points.append((sourceCount, targetCount))
        let stretches = zip(points, points.dropFirst()).map { (from: $0, to: $1) }
        let widening = Self.widening(stretches, margin: margin, extraCells: extraCells)

        lower = [Int](repeating: Int.max, count: sourceCount + 1)
        upper = [Int](repeating: Int.min, count: sourceCount + 1)
        for (from, to) in stretches {
            let rows = to.0 - from.0, columns = to.1 - from.1
            let width = margin + min(widening, abs(rows - columns))
            for row in from.0...to.0 {
                var first = from.1, last = to.1
                if rows > 0 {
                    first = from.1 + columns * max(0, row - from.0 - 1) / rows
                    last = from.1 + (columns * min(rows, row - from.0 + 1) + rows - 1) / rows
                }
                lower[row] = min(lower[row], first - width)
                upper[row] = max(upper[row], last + width)
            }
        }
        for row in 0...sourceCount {
            lower[row] = max(0, lower[row])
            upper[row] = min(targetCount, upper[row])
        }
        lower[0] = 0
        upper[sourceCount] = targetCount
        // Monotone bounds, and each row overlapping the one before it.
        for row in stride(from: sourceCount - 1, through: 0, by: -1) { lower[row] = min(lower[row], lower[row + 1]) }
        for row in 1...max(1, sourceCount) where row <= sourceCount { upper[row] = max(upper[row], upper[row - 1]) }
        for row in 1...max(1, sourceCount) where row <= sourceCount { upper[row - 1] = max(upper[row - 1], lower[row]) }
    }

    /// Cells the band's margin may take, whatever the chapters: up to about 95,000 source blocks
    /// (far more than a real chapter has) the margin is the one asked for; past that it narrows
    /// to fit. The margin costs 42 cells a row: a chapter of 780,000 tiny paragraphs had a band of
    /// 33 million cells before any widening, and the search took most of the build.
    public static let marginCells = 4_000_000
    /// The narrowest margin: a band this wide still lets a bead of every shape reach each cell.
    static let leastMargin = 4

    /// `margin`, or the widest margin under it that keeps the margin's cells within `marginCells`.
    static func fittedMargin(_ margin: Int, rows: Int, marginCells: Int) -> Int {
        let perRow = marginCells / (rows + 1)   // a row spans 2 × margin + 2 cells and its slope
        return max(min(margin, leastMargin), min(margin, perRow / 2 - 1))
    }

    /// The most imbalance a stretch may widen the band by: all of it (`Int.max`) when the
    /// widened band fits the budget, else the largest that fits (found by halving, on an
    /// estimate of the cells: each row of a stretch spans twice its width plus its slope).
    static func widening(_ stretches: [(from: (Int, Int), to: (Int, Int))], margin: Int, extraCells: Int) -> Int {
        func cells(_ widening: Int) -> Int {
            stretches.reduce(0) { total, stretch in
                let rows = stretch.to.0 - stretch.from.0, columns = stretch.to.1 - stretch.from.1
                let width = margin + min(widening, abs(rows - columns))
                return total + (rows + 1) * (2 * width + 2) + columns
            }
        }
        let margins = cells(0)
        let budget = extraCells > Int.max - margins ? Int.max : margins + extraCells
        let most = stretches.map { abs(($0.to.0 - $0.from.0) - ($0.to.1 - $0.from.1)) }.max() ?? 0
        if cells(most) <= budget { return .max }
        var low = 0, high = most   // cells(low) fits, cells(high) does not
        while high - low > 1 {
            let middle = (low + high) / 2
            if cells(middle) <= budget { low = middle } else { high = middle }
        }
        return low
    }

    /// Number of cells in the band (for tests and benchmarks).
    var cellCount: Int { zip(lower, upper).reduce(0) { $0 + $1.1 - $1.0 + 1 } }
}
