import GuideModel
import GuideFiles

extension Aligner {
    /// The least-cost path through the band, as beads in document order: of the
    /// bead shapes ending in a cell, the cheapest wins, and of equally cheap ones
    /// the first in `beadShapes`.
    ///
    /// Scoring every shape in every cell is what made the aligner slow, so each
    /// shape is first given the scorer's cheap lower bound, and one that cannot
    /// win on that bound is not scored; a merge first gets a rougher bound still,
    /// from one number per run. Skips (1:0, 0:1) are tried first: their
    /// cost is a constant, and it rules out most other shapes in cells off the
    /// path. The beads are those full scoring would give.
    ///
    /// Only the step taken into each cell is kept for the whole band (one byte a cell); the
    /// cost of reaching a cell is needed only while the rows a bead can span are current, so
    /// it lives in a ring of `RunTable.longest + 1` rows (eight bytes a cell for every cell
    /// made the band's memory grow nine times faster than it had to).
    static func search(_ scorer: BeadScorer, band: SearchBand) -> [Bead] {
        search(scorer, band: band, from: (0, 0), to: (band.lower.count - 1, band.upper[band.upper.count - 1]))
    }

    /// The least-cost path from cell `from` to cell `to` (both in the band): the band's rows
    /// between them, its columns cut to those between them. From (0, 0) to the last cell it
    /// is the whole band, cut nowhere.
    static func search(_ scorer: BeadScorer, band: SearchBand, from first: (row: Int, column: Int),
                       to last: (row: Int, column: Int)) -> [Bead] {
        let order = [1, 2, 0] + Array(3..<beadShapes.count)   // skips first
        let shapes = order.map { (kind: $0, source: beadShapes[$0].source, target: beadShapes[$0].target) }
        // Row `row`'s bounds are lower[row - first.row]...upper[row - first.row].
        let lower = band.lower[first.row...last.row].map { max($0, first.column) }
        let upper = band.upper[first.row...last.row].map { min($0, last.column) }
        let sourceFloors = scorer.sourceFloors, targetFloors = scorer.targetFloors
        let leastMergePriors = (0...2 * RunTable.longest).map { scorer.leastMergePrior(size: $0) }
        let rows = lower.count
        // Cell (row, column)'s step is step[start[row] + column]; its cost, while its row is
        // one of the last `ring` rows, is best[ringStart(row) + column] (rows counted from `first`).
        var start = [Int](repeating: 0, count: rows)
        var cells = 0, widest = 0
        for row in 0..<rows {
            start[row] = cells - lower[row]
            cells += upper[row] - lower[row] + 1
            widest = max(widest, upper[row] - lower[row] + 1)
        }
        let ring = RunTable.longest + 1
        func ringStart(_ row: Int) -> Int { (row % ring) * widest - lower[row] }
        var best = [Double](repeating: .infinity, count: ring * widest)
        var step = [UInt8](repeating: 0, count: cells)

        best[ringStart(0) + first.column] = 0
        for row in 0..<rows {
            let sourceRow = first.row + row
            // The rows a bead ending in this row starts from (this one, or 1 to `RunTable.longest` back),
            // with the rough merge bound's floor of the source run from there.
            let from = (0...RunTable.longest).map { back in
                row - back < 0 ? (lower: 1, upper: 0, start: 0, floor: Double.infinity)
                    : (lower: lower[row - back], upper: upper[row - back], start: ringStart(row - back),
                       floor: back > 0 ? sourceFloors[RunTable.index(end: sourceRow, length: back)] : .infinity)
            }
            let here = ringStart(row)
            for column in lower[row]...upper[row] where row > 0 || column > first.column {
                var cheapest = Double.infinity, cheapestKind = 0
                for (kind, sourceCount, targetCount) in shapes {
                    let before = from[sourceCount], fromColumn = column - targetCount
                    guard fromColumn >= before.lower, fromColumn <= before.upper else { continue }
                    let reached = best[before.start + fromColumn]
                    guard reached < .infinity else { continue }
                    func cannotWin(_ bound: Double) -> Bool {
                        let atLeast = reached + (bound - BeadScorer.boundSlack)
                        return atLeast > cheapest || (atLeast == cheapest && kind > cheapestKind)
                    }
                    if sourceCount + targetCount > 2 {
                        // A merge: first its rough bound, from one number per run.
                        let targetFloor = targetFloors[RunTable.index(end: column, length: targetCount)]
                        if cannotWin(leastMergePriors[sourceCount + targetCount] + max(before.floor, targetFloor)) { continue }
                    }
                    if sourceCount > 0, targetCount > 0, cannotWin(scorer.lowerBound(
                        sourceEnd: sourceRow, sourceCount: sourceCount, targetEnd: column, targetCount: targetCount)) { continue }
                    let total = reached + scorer.cost(sourceEnd: sourceRow, sourceCount: sourceCount,
                                                      targetEnd: column, targetCount: targetCount)
                    if total < cheapest || (total == cheapest && kind < cheapestKind) {
                        cheapest = total
                        cheapestKind = kind
                    }
                }
                best[here + column] = cheapest
                step[start[row] + column] = UInt8(cheapestKind)
            }
        }

        var beads: [Bead] = []
        var row = rows - 1, column = last.column
        while row > 0 || column > first.column {
            let shape = beadShapes[Int(step[start[row] + column])]
            let sourceRow = first.row + row
            beads.append(Bead(source: Array((sourceRow - shape.source)..<sourceRow), target: Array((column - shape.target)..<column)))
            row -= shape.source
            column -= shape.target
        }
        return beads.reversed()
    }

    /// Source blocks a piece of a long chapter's search holds at least.
    public static let pieceRows = 50_000

    /// The search of a chapter of more than `2 × pieceRows` blocks, in pieces searched on every
    /// core: one path from cell to cell, each cut where an anchor (an identical code block, which
    /// the path all but always takes) is nearest the piece's end, else in the middle of the band.
    /// A path may leave a piece's end cell only by a few blocks on so long a chapter (its band
    /// is already narrowed to a few cells: `SearchBand.fittedMargin`), and the pieces' paths
    /// join into one whole alignment. A shorter chapter is searched whole, as before.
    static func searchInPieces(_ scorer: BeadScorer, band: SearchBand, anchors: [Anchors.Pair],
                               pieceRows: Int = Self.pieceRows) -> [Bead] {
        let ends = pieceEnds(band: band, anchors: anchors, pieceRows: pieceRows)
        guard ends.count > 2 else { return search(scorer, band: band) }
        let spans = Array(zip(ends, ends.dropFirst())).map { (from: $0.0, to: $0.1) }
        return spans.concurrentMap { span in search(scorer, band: band, from: span.from, to: span.to) }.flatMap { $0 }
    }

    /// Where the pieces of a search begin and end, first (0, 0), last the band's last cell:
    /// just those two for a chapter of fewer than `2 × pieceRows` source blocks.
    static func pieceEnds(band: SearchBand, anchors: [Anchors.Pair], pieceRows: Int) -> [(row: Int, column: Int)] {
        let sourceCount = band.lower.count - 1, targetCount = band.upper[sourceCount]
        let pieces = sourceCount / max(1, pieceRows)
        var ends: [(row: Int, column: Int)] = [(0, 0)]
        for piece in 1..<max(1, pieces) {
            let row = sourceCount * piece / pieces
            // The anchor nearest the planned end, if one is near: the path goes through it.
            let near = anchors.min { abs($0.source - row) < abs($1.source - row) }
                .flatMap { abs($0.source - row) <= pieceRows / 10 ? $0 : nil }
            var end = near.map { (row: $0.source, column: $0.target) }
                ?? (row: row, column: (band.lower[row] + band.upper[row]) / 2)
            // In the band, after the previous end.
            end.row = max(end.row, ends[ends.count - 1].row + 1)
            end.column = min(max(end.column, band.lower[end.row], ends[ends.count - 1].column), band.upper[end.row])
            ends.append(end)
        }
        ends.append((sourceCount, targetCount))
        return ends
    }
}
