import Foundation
import GuideModel

/// A chapter pair with its beads, and the two ways `guide align` prints it.
public struct Alignment: Sendable {
    public var sourcePath: String
    public var targetPath: String
    public var sourceBlocks: [Block]
    public var targetBlocks: [Block]
    public var beads: [Bead]

    public init(sourcePath: String, targetPath: String, sourceBlocks: [Block], targetBlocks: [Block], beads: [Bead]) {
        self.sourcePath = sourcePath
        self.targetPath = targetPath
        self.sourceBlocks = sourceBlocks
        self.targetBlocks = targetBlocks
        self.beads = beads
    }

    /// From the first line of the first block to the last line of the last; nil for an empty side.
    public static func span(_ indexes: [Int], in blocks: [Block]) -> LineRange? {
        guard let first = indexes.first, let last = indexes.last else { return nil }
        return LineRange(start: blocks[first].lines.start, end: ownLines(of: last, in: blocks).end)
    }

    /// A block's lines without the ones cmark lends it from its surroundings: a
    /// setext heading's range runs into the next block when no blank line
    /// separates them, and a list's can end on the blank line after it.
    public static func ownLines(of index: Int, in blocks: [Block]) -> LineRange {
        var range = blocks[index].lines
        if index + 1 < blocks.count { range.end = min(range.end, blocks[index + 1].lines.start - 1) }
        var blankTail = 0
        for line in blocks[index].source.split(separator: "\n", omittingEmptySubsequences: false).reversed() {
            guard line.allSatisfy(\.isWhitespace) else { break }
            blankTail += 1
        }
        range.end = min(range.end, blocks[index].lines.end - blankTail)
        range.end = max(range.start, range.end)
        return range
    }

    /// The `guide align --format json` contract.
    public func json() -> String {
        struct Side: Encodable { var start: Int; var end: Int }
        struct Row: Encodable {
            var source: Side?
            var target: Side?
            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(source, forKey: .source)   // explicit null, not a missing key
                try container.encode(target, forKey: .target)
            }
            enum CodingKeys: String, CodingKey { case source, target }
        }
        struct Document: Encodable { var source: String; var target: String; var beads: [Row] }
        let rows = beads.map { bead in
            Row(source: Self.span(bead.source, in: sourceBlocks).map { Side(start: $0.start, end: $0.end) },
                target: Self.span(bead.target, in: targetBlocks).map { Side(start: $0.start, end: $0.end) })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try! encoder.encode(Document(source: sourcePath, target: targetPath, beads: rows))
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A readable side-by-side listing.
    public func listing() -> String {
        var out = ""
        for bead in beads {
            let left = Self.span(bead.source, in: sourceBlocks).map { "\(sourcePath):\($0.start)-\($0.end)" } ?? "—"
            let right = Self.span(bead.target, in: targetBlocks).map { "\(targetPath):\($0.start)-\($0.end)" } ?? "—"
            out += "\(bead.source.count):\(bead.target.count)  \(left)  ⟷  \(right)\n"
        }
        return out
    }
}
