/// One unit of an alignment: English blocks paired with the Chinese blocks that translate them.
/// 1:1 is the common case; 1:0 is untranslated, 0:1 is Chinese only, n:m is a merge or split.
public struct Bead: Hashable, Sendable, Codable {
    /// Indexes into the source chapter's blocks (consecutive).
    public var source: [Int]
    /// Indexes into the translation's blocks (consecutive).
    public var target: [Int]

    public init(source: [Int], target: [Int]) {
        self.source = source
        self.target = target
    }
}

/// Where a chapter pair's beads come from: the aligner (`GuideMerge`), or a cache in front of it.
/// The check reads alignments through one of these, so it needs no aligner of its own.
public typealias BeadSource = @Sendable ([Block], [Block]) -> [Bead]
