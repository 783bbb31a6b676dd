import GuideModel

/// The prose of a bead's blocks, scanned once (`ProseScanner.scannedLeaves`) for every check
/// that reads it: the style review (its glossary terms and typography) and the sentence cutter.
public struct BeadProse: Sendable {
    /// Each source block's leaves, in the bead's order of blocks.
    public var source: [[ProseScanner.Leaf]]
    /// Each target block's leaves, likewise.
    public var target: [[ProseScanner.Leaf]]

    public init(_ bead: Bead, source: [Block], target: [Block]) {
        self.source = bead.source.map { ProseScanner.scannedLeaves(of: source[$0]) }
        self.target = bead.target.map { ProseScanner.scannedLeaves(of: target[$0]) }
    }

    /// Searches each English leaf for the glossary's terms once (`ProseScanner.Leaf.terms`),
    /// for the sentence cutter and the style review alike (a leaf searched already is left).
    public mutating func findTerms(_ matcher: GlossaryMatcher) {
        for block in source.indices {
            for leaf in source[block].indices where source[block][leaf].terms == nil {
                source[block][leaf].terms = matcher.occurrences(in: ProseText([source[block][leaf].units]))
            }
        }
    }

    /// Whether every English leaf has its terms (`findTerms`).
    public var hasTerms: Bool { source.allSatisfy { $0.allSatisfy { $0.terms != nil } } }

    /// Units held: what keeping the scan costs (40 bytes each).
    public var unitCount: Int {
        (source + target).reduce(0) { total, block in block.reduce(total) { $0 + $1.units.count } }
    }
}
