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
    static func search(_ scorer: BeadScorer, band: SearchBand) -> [Bead] {
        let shapes = beadShapes
        let order = [1, 2, 0, 3, 4, 5, 6, 7, 8, 9]
        let lower = band.lower, upper = band.upper
        let sourceFloors = scorer.sourceFloors, targetFloors = scorer.targetFloors
        let rows = lower.count
        var offsets = [Int](repeating: 0, count: rows + 1)
        for row in 0..<rows { offsets[row + 1] = offsets[row] + upper[row] - lower[row] + 1 }
        var best = [Double](repeating: .infinity, count: offsets[rows])
        var step = [UInt8](repeating: 0, count: offsets[rows])
        func cell(_ row: Int, _ column: Int) -> Int? {
            guard row >= 0, column >= lower[row], column <= upper[row] else { return nil }
            return offsets[row] + column - lower[row]
        }

        best[0] = 0
        for row in 0..<rows {
            for column in lower[row]...upper[row] where row > 0 || column > 0 {
                var cheapest = Double.infinity, cheapestKind = 0
                for kind in order {
                    let (sourceCount, targetCount) = shapes[kind]
                    guard let before = cell(row - sourceCount, column - targetCount) else { continue }
                    let reached = best[before]
                    guard reached < .infinity else { continue }
                    if sourceCount + targetCount > 2 {
                        let rough = scorer.roughMergeBound(
                            sourceFloor: sourceFloors[RunTable.index(end: row, length: sourceCount)],
                            targetFloor: targetFloors[RunTable.index(end: column, length: targetCount)],
                            size: sourceCount + targetCount)
                        let atLeast = reached + (rough - BeadScorer.boundSlack)
                        if atLeast > cheapest || (atLeast == cheapest && kind > cheapestKind) { continue }
                    }
                    if sourceCount > 0, targetCount > 0 {
                        let bound = scorer.lowerBound(sourceEnd: row, sourceCount: sourceCount,
                                                      targetEnd: column, targetCount: targetCount)
                        let atLeast = reached + (bound - BeadScorer.boundSlack)
                        if atLeast > cheapest || (atLeast == cheapest && kind > cheapestKind) { continue }
                    }
                    let total = reached + scorer.cost(sourceEnd: row, sourceCount: sourceCount,
                                                      targetEnd: column, targetCount: targetCount)
                    if total < cheapest || (total == cheapest && kind < cheapestKind) {
                        cheapest = total
                        cheapestKind = kind
                    }
                }
                let here = offsets[row] + column - lower[row]
                best[here] = cheapest
                step[here] = UInt8(cheapestKind)
            }
        }

        var beads: [Bead] = []
        var row = rows - 1, column = upper[rows - 1]
        while row > 0 || column > 0 {
            let shape = shapes[Int(step[cell(row, column)!])]
            beads.append(Bead(source: Array((row - shape.source)..<row), target: Array((column - shape.target)..<column)))
            row -= shape.source
            column -= shape.target
        }
        return beads.reversed()
    }
}
