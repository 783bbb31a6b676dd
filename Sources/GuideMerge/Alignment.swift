import Foundation
import GuideModel

/// A chapter pair with its beads, and the two ways `guide align` prints it.
public struct Alignment: Sendable {
    public var sourcePath: String
    public var targetPath: String
    public var sourceBlocks: [Block]
    public var targetBlocks: [Block]
    public var beads: [Bead]
    /// Each bead's sentences and their pairs (`guide align --sentences`), one per bead; nil: not asked for.
    public var sentences: [BeadSentences]?

    public init(sourcePath: String, targetPath: String, sourceBlocks: [Block], targetBlocks: [Block], beads: [Bead],
                sentences: [BeadSentences]? = nil) {
        self.sourcePath = sourcePath
        self.targetPath = targetPath
        self.sourceBlocks = sourceBlocks
        self.targetBlocks = targetBlocks
        self.beads = beads
        self.sentences = sentences
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
        let blankTail = trailingBlankLines(blocks[index].source)
        range.end = min(range.end, blocks[index].lines.end - blankTail)
        range.end = max(range.start, range.end)
        return range
    }

    /// The lines of `source`, split at "\n", that are blank (all whitespace) at its end:
    /// read from the end, so a block's text is not split into lines to find none.
    static func trailingBlankLines(_ source: String) -> Int {
        // Most blocks end in ASCII that is not whitespace, which ends a Character
        // that is not whitespace either: no blank line, and no Characters to read.
        if let last = source.utf8.last, last < 0x80, !TextMeasure.isWhitespace(Unicode.Scalar(last)) { return 0 }
        var blank = 0
        for character in source.reversed() {
            if character == "\n" {
                blank += 1
            } else if !character.isWhitespace {
                return blank
            }
        }
        return blank + 1   // the first line is blank too
    }

    /// The `guide align --format json` contract: on one line, keys sorted, a bead's missing side `null`.
    public func json() -> String {
        let document = JSONDocument(beads: beads.indices.map { index in
            let bead = beads[index]
            let links = (sentences?[index]).map { sentences in
                sentences.links.map { JSONLink(source: sentences.source[$0.source].map(\.text), target: sentences.target[$0.target].map(\.text)) }
            }
            return JSONBead(sentences: links, source: Self.span(bead.source, in: sourceBlocks), target: Self.span(bead.target, in: targetBlocks))
        }, source: sourcePath, target: targetPath)
        return JSONOutput.text(document, pretty: false) + "\n"
    }

    private struct JSONDocument: Encodable {
        var beads: [JSONBead]
        var source: String
        var target: String
    }

    private struct JSONBead: Encodable {
        var sentences: [JSONLink]?
        var source: LineRange?
        var target: LineRange?

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(sentences, forKey: .sentences)
            try container.encode(source, forKey: .source)
            try container.encode(target, forKey: .target)
        }

        enum CodingKeys: String, CodingKey { case sentences, source, target }
    }

    private struct JSONLink: Encodable {
        var source: [String]
        var target: [String]
    }

    /// A readable side-by-side listing.
    public func listing() -> String {
        var out = ""
        for (index, bead) in beads.enumerated() {
            let left = Self.span(bead.source, in: sourceBlocks).map { "\(sourcePath):\($0.start)-\($0.end)" } ?? "—"
            let right = Self.span(bead.target, in: targetBlocks).map { "\(targetPath):\($0.start)-\($0.end)" } ?? "—"
            out += "\(bead.source.count):\(bead.target.count)  \(left)  ⟷  \(right)\n"
            guard let sentences = sentences?[index] else { continue }
            for link in sentences.links {
                let english = sentences.source[link.source].map(\.text).joined(separator: " ")
                let chinese = sentences.target[link.target].map(\.text).joined(separator: " ")
                let shape = "\(link.source.count):\(link.target.count)"
                out += "    \(shape)  " + (english.isEmpty ? "—" : english) + "\n"
                out += "    " + String(repeating: " ", count: shape.count) + "  ⟷ " + (chinese.isEmpty ? "—" : chinese) + "\n"
            }
        }
        return out
    }
}
