import GuideModel

/// Puts blocks the aligner did not see (comments) back into the beads, each into the
/// bead of the next visible block on its side (also between two blocks of one bead), so beads stay consecutive and cover
/// every block. Trailing hidden blocks join the last bead that has that side.
enum HiddenBlocks {
    static func attach(to beads: [Bead], sourceCount: Int, targetCount: Int) -> [Bead] {
        var result = beads
        fill(&result, count: sourceCount, side: \.source)
        fill(&result, count: targetCount, side: \.target)
        return result
    }

    private static func fill(_ beads: inout [Bead], count: Int, side: WritableKeyPath<Bead, [Int]>) {
        var next = 0   // the first block of this side not yet placed
        for index in beads.indices {
            // Hidden blocks before the bead's first block, or between its blocks, join it.
            // (The key path is read once per bead: each read costs a look-up and a copy.)
            guard let last = beads[index][keyPath: side].last else { continue }
            beads[index][keyPath: side] = Array(next...last)
            next = last + 1
        }
        guard next < count else { return }
        if let last = beads.lastIndex(where: { !$0[keyPath: side].isEmpty }) {
            beads[last][keyPath: side] += Array(next..<count)
        } else {
            // No visible block on this side at all: the hidden ones stand alone.
            let bead = side == \Bead.source ? Bead(source: Array(next..<count), target: [])
                                           : Bead(source: [], target: Array(next..<count))
            beads.append(bead)
        }
    }
}
