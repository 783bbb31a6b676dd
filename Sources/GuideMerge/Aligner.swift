import GuideModel

/// Pairs the blocks of a chapter with the blocks of its translation.
/// (First version: position by position; the real aligner replaces this.)
public struct Aligner: Sendable {
    public init() {}

    public func align(_ source: [Block], _ target: [Block]) -> [Bead] {
        let count = max(source.count, target.count)
        return (0..<count).map { index in
            Bead(source: index < source.count ? [index] : [], target: index < target.count ? [index] : [])
        }
    }
}
