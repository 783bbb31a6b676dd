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
        let order = [1, 2, 0, 3, 4, 5, 6, 7, 8, 9]   // skips first
        let shapes = order.map { (kind: $0, source: beadShapes[$0].source, target: beadShapes[$0].target) }
        let lower = band.lower, upper = band.upper
        let sourceFloors = scorer.sourceFloors, targetFloors = scorer.targetFloors
        let leastMergePriors = (0...2 * RunTable.longest).map { scorer.leastMergePrior(size: $0) }
        let rows = lower.count
        // Cell (row, column)'s step is step[start[row] + column]; its cost, while its row is
        // one of the last `ring` rows, is best[ringStart(row) + column].
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

        best[ringStart(0)] = 0
        for row in 0..<rows {
            // The rows a bead ending in this row starts from (this one, or 1 to 4 back),
            // with the rough merge bound's floor of the source run from there.
            let from = (0...RunTable.longest).map { back in
                row - back < 0 ? (lower: 1, upper: 0, start: 0, floor: Double.infinity)
                    : (lower: lower[row - back], upper: upper[row - back], start: ringStart(row - back),
                       floor: back > 0 ? sourceFloors[RunTable.index(end: row, length: back)] : .infinity)
            }
            let here = ringStart(row)
            for column in lower[row]...upper[row] where row > 0 || column > 0 {
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
                        sourceEnd: row, sourceCount: sourceCount, targetEnd: column, targetCount: targetCount)) { continue }
                    let total = reached + scorer.cost(sourceEnd: row, sourceCount: sourceCount,
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
        var row = rows - 1, column = upper[rows - 1]
        while row > 0 || column > 0 {
            let shape = beadShapes[Int(step[start[row] + column])]
            beads.append(Bead(source: Array((row - shape.source)..<row), target: Array((column - shape.target)..<column)))
            row -= shape.source
            column -= shape.target
        }
        return beads.reversed()
    }
}
