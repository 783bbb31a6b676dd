import GuideMerge
import GuideModel

/// Reads a draft `guide merge` wrote (it starts with `DraftMarker.header`): a block's text is
/// the draft's bytes from its first line up to the next block, corrected by the marker
/// before it, so both chapters come back byte for byte. Edits a translator makes are kept
/// as written: a new paragraph goes to the side its script tells, with the blank lines after it.
struct DraftReader {
    typealias Side = InterleavedDraft.Side

    struct Result {
        var english: String
        var chinese: String
        /// The sides each unit went to, by the draft line it starts on (for `DraftWriter`'s check).
        var units: [Int: [Side]]
    }

    /// One unit's text for one side.
    private struct Part {
        var side: Side
        var before = ""
        var body = ""
        var trailing = ""
        var after: String?
        /// A marker's `text`: the whole of a chapter with no blocks.
        var fixed: String?
    }

    private let lines: RawLines
    private var parts: [Part] = []
    private var units: [Int: [Side]] = [:]

    private init(text: String) { lines = RawLines(text) }

    static func read(text: String, blocks: [Block]) -> Result {
        var reader = DraftReader(text: text)
        reader.read(blocks)
        return Result(english: reader.text(for: .en), chinese: reader.text(for: .zh), units: reader.units)
    }

    private mutating func read(_ blocks: [Block]) {
        var claim: DraftMarker?
        for (index, block) in blocks.enumerated() {
            let next = index + 1 < blocks.count ? blocks[index + 1].lines.start : lines.count + 1
            let isHeader = index == 0 && DraftMarker.isHeader(block)
            // A marker's next block is content even when it looks like a marker.
            if claim == nil, let marker = isHeader ? DraftMarker() : DraftMarker(block) {
                if let text = marker.text {
                    parts += sides(marker.lang ?? .both).map { Part(side: $0, fixed: text) }
                }
                let claims = !isHeader && marker.text == nil
                // Lines after the marker that are no block (link reference definitions) are its unit.
                let ownEnd = min(block.lines.end, next - 1)
                if let first = (ownEnd + 1..<max(ownEnd + 1, next)).first(where: { !lines.isBlank($0) }) {
                    add(from: first, to: next, block: nil, marker: claims ? marker : nil)
                } else if claims {
                    claim = marker
                }
                continue
            }
            add(from: block.lines.start, to: next, block: block, marker: claim)
            claim = nil
        }
    }

    /// The unit of the draft's lines `from ..< to`.
    private mutating func add(from: Int, to next: Int, block: Block?, marker: DraftMarker?) {
        let start = lines.start(of: from)
        let bodyEnd = lines.lastNonBlank(in: from...max(from, next - 1)).map(lines.contentEnd) ?? start
        var body = lines.text(start..<bodyEnd)
        let trailing = lines.text(bodyEnd..<lines.start(of: next))
        if marker?.unclosed == true { body = LineEnds.droppingLastLine(body) }
        let pieces = self.pieces(body: body, block: block, next: next, marker: marker)
        units[from] = pieces.map(\.side)
        for (side, text) in pieces {
            for member in sides(side) {
                parts.append(Part(side: member, before: marker?.before(member) ?? "", body: text,
                                  trailing: trailing, after: marker?.after(member)))
            }
        }
    }

    /// What goes to which side: a marked unit whole to its side; else as the script tells,
    /// cutting a bilingual heading in two and a list joined from both languages into runs.
    private func pieces(body: String, block: Block?, next: Int, marker: DraftMarker?) -> [(side: Side, text: String)] {
        if let side = marker?.lang { return [(side, body)] }
        guard let block else { return [(.both, body)] }
        let guessed = InterleavedDraft.pieces(of: block)
        if guessed.count > 1 {
            return guessed.map { piece, side in
                let last = max(piece.lines.start, min(piece.lines.end, next - 1))
                return (side, lines.text(lines.start(of: piece.lines.start)..<lines.contentEnd(of: last)))
            }
        }
        if guessed[0].1 == .both, let (english, chinese) = InterleavedDraft.splitBilingualHeading(block) {
            return [(.en, english), (.zh, chinese)]
        }
        return [(guessed[0].1, body)]
    }

    private func sides(_ side: Side) -> [Side] { side == .both ? [.en, .zh] : [side] }

    /// One side's chapter. Its last unit, unless a marker says otherwise, ends at its first
    /// line end: the draft's blank lines after it belong to the other side's blocks.
    private func text(for side: Side) -> String {
        let own = parts.filter { $0.side == side }
        let last = own.lastIndex { $0.fixed == nil }
        return own.indices.map { index in
            let part = own[index]
            if let fixed = part.fixed { return fixed }
            let after = part.after ?? (index == last ? LineEnds.throughFirst(part.trailing) : part.trailing)
            return part.before + part.body + after
        }.joined()
    }
}
