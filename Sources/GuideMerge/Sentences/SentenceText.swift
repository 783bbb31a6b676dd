import GuideModel

/// A sentence's text as it stands in the markdown source (`Sentence.text`), made from its
/// leaf's units when something reads it. The aligner and the review weigh a sentence by its
/// features; only a finding's quote, `align --sentences` and a translator's note read its
/// text, so a build makes the text of few sentences.
struct SentenceText: Sendable {
    let leaf: SentenceBoundaries.LeafUnits
    let range: Range<Int>
    /// The block's markdown and first line: an entity is quoted as written (`&amp;`), and the
    /// units keep it decoded.
    let source: String
    let firstLine: Int

    init(leaf: SentenceBoundaries.LeafUnits, range: Range<Int>, block: Block) {
        self.leaf = leaf
        self.range = range
        source = block.source
        firstLine = block.lines.start
    }

    /// The units' markdown, with a line break (and the line marks and indentation after it)
    /// as one space, and the spaces at the end of a line, a hard break's backslash and the
    /// sentence's trailing spaces left out.
    func make() -> String {
        let units = leaf.units, kinds = leaf.kinds, leads = leaf.leads
        var columns = SourceColumns(source: source, firstLine: firstLine)
        var text: [UInt8] = []
        text.reserveCapacity(range.count * 2)   // a byte a unit or more: grown once or not at all
        var atLineStart = false
        func dropTrailingSpaces() {
            while true {
                if let end = text.last, end == 0x20 || end == 0x09 { text.removeLast(); continue }
                if text.count >= 3, text[text.count - 3] == 0xE3, text[text.count - 2] == 0x80, text[text.count - 1] == 0x80 {
                    text.removeLast(3)   // U+3000
                    continue
                }
                return
            }
        }
        for index in range {
            let lead = leads[index]
            switch kinds[index] {
            case .lineBreak:
                dropTrailingSpaces()
                text.append(0x20)
                atLineStart = true
            case .hidden:
                let isEscape = units[index].source == "\\"
                let endsLine = index + 1 == range.upperBound || kinds[index + 1] == .lineBreak
                if (atLineStart && !isEscape) || endsLine { continue }
                Self.appendSpan(units[index].source, to: &text)
            case .space:
                if atLineStart { continue }
                // (A space is one scalar: appended as such, not as a string's bytes.)
                if units[index].leadIsWhole { Self.appendUTF8(lead, to: &text) } else { text += units[index].source.utf8 }
            case .text:
                atLineStart = false
                // Fields read in place: a copy of the unit retained its payload.
                let start = units[index].start, end = units[index].end
                if end.line != start.line || end.column - start.column != 1 {
                    text += columns.text(from: start, to: end).utf8   // an entity, as written
                } else if units[index].leadIsWhole {
                    Self.appendUTF8(lead, to: &text)   // the character is its lead scalar: no string read
                } else {
                    text += units[index].source.utf8
                }
            case .code, .url, .opening, .closing:
                atLineStart = false
                Self.appendSpan(units[index].source, to: &text)
            }
        }
        dropTrailingSpaces()
        return String(decoding: text, as: UTF8.self)
    }

    /// A scalar's UTF-8 bytes, appended.
    @inline(__always)
    static func appendUTF8(_ scalar: Unicode.Scalar, to text: inout [UInt8]) {
        let value = scalar.value
        switch value {
        case ..<0x80:
            text.append(UInt8(value))
        case ..<0x800:
            text.append(UInt8(0xC0 | value >> 6)); text.append(UInt8(0x80 | value & 0x3F))
        case ..<0x10000:
            text.append(UInt8(0xE0 | value >> 12)); text.append(UInt8(0x80 | value >> 6 & 0x3F))
            text.append(UInt8(0x80 | value & 0x3F))
        default:
            text.append(UInt8(0xF0 | value >> 18)); text.append(UInt8(0x80 | value >> 12 & 0x3F))
            text.append(UInt8(0x80 | value >> 6 & 0x3F)); text.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// A span's markdown (code, a link's target, an HTML comment) that may run over lines:
    /// each line break, with the indentation and quote marks after it, as one space.
    static func appendSpan(_ source: String, to text: inout [UInt8]) {
        var bytes = source.utf8.makeIterator()
        var inBreak = false
        while let byte = bytes.next() {
            if byte == 0x0A {
                inBreak = true
                continue
            }
            if inBreak {
                if byte == 0x20 || byte == 0x09 || byte == 0x3E { continue }   // space, tab, `>`
                text.append(0x20)
                inBreak = false
            }
            text.append(byte)
        }
        if inBreak { text.append(0x20) }
    }
}

/// A block's source lines as characters, made only when a sentence needs a slice of them
/// (an entity written as `&amp;`, which the units keep decoded).
struct SourceColumns {
    let source: String
    let firstLine: Int
    var lines: [[Character]]?

    init(source: String, firstLine: Int) {
        self.source = source
        self.firstLine = firstLine
    }

    /// The characters from `start` up to (not including) `end`, on one line.
    mutating func text(from start: TextPosition, to end: TextPosition) -> String {
        if lines == nil {
            lines = Array(source).split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
                .map { Array($0) }
        }
        let row = start.line - firstLine
        guard let lines, lines.indices.contains(row) else { return "" }
        let line = lines[row]
        let from = min(max(0, start.column - 1), line.count)
        let to = end.line == start.line ? min(max(from, end.column - 1), line.count) : line.count
        return String(line[from..<to])
    }
}
