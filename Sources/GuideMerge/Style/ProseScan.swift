import GuideModel

/// The scan of one block for `ProseScanner`: its source as characters with their
/// positions, and what is markup. Generic over how a character is read (see
/// `ProseCharacter`): `Unicode.Scalar` for `SingleScalarText`, `Character` otherwise.
struct ProseScan<C: ProseCharacter> {
    let characters: [C]
    let positions: [TextPosition]
    /// Per source line (0-based), where its content starts and ends (prefix and suffix are markup).
    var contentStart: [Int] = []
    var contentEnd: [Int] = []
    let kind: Block.Kind
    var units: [ProseUnit] = []
    /// Open emphasis runs (`*` or `_`), to tell openers from closers.
    var emphasis: [C] = []

    /// `lines`: the block's source lines, without their line ends.
    init(lines: [ArraySlice<C>], block: Block, firstInItem: Bool) {
        kind = block.kind
        var characters: [C] = []
        var positions: [TextPosition] = []
        var lineStarts: [Int] = []
        characters.reserveCapacity(lines.reduce(lines.count) { $0 + $1.count })
        positions.reserveCapacity(characters.capacity)
        for (offset, line) in lines.enumerated() {
            if offset > 0 {
                positions.append(TextPosition(line: block.lines.start + offset - 1, column: (characters.count - lineStarts.last!) + 1))
                characters.append("\n")
            }
            lineStarts.append(characters.count)
            for column in 0..<line.count {
                positions.append(TextPosition(line: block.lines.start + offset, column: column + 1))
            }
            characters.append(contentsOf: line)
        }
        self.characters = characters
        self.positions = positions
        // A setext heading ends at its underline (cmark may count the next line into the block).
        var underline = Int.max
        if case .heading = block.kind {
            underline = lines.indices.first { $0 > 0 && Self.isUnderline(lines[$0]) } ?? Int.max
        }
        for (offset, line) in lines.enumerated() {
            let line = Array(line)
            let start = lineStarts[offset]
            let prefix = offset >= underline ? line.count
                : Self.prefixLength(line, line: offset, kind: block.kind, firstInItem: firstInItem)
            contentStart.append(start + prefix)
            contentEnd.append(start + line.count - Self.suffixLength(line, line: offset, kind: block.kind, prefix: prefix))
        }
    }

    static func isUnderline(_ line: ArraySlice<C>) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard let first = trimmed.first, first == "=" || first == "-" else { return false }
        return trimmed.allSatisfy { $0 == first || $0 == " " || $0 == "\t" }
    }

    /// Markup at the start of a line: indentation, `#`, `>`, a list marker, a link reference definition.
    static func prefixLength(_ line: [C], line index: Int, kind: Block.Kind, firstInItem: Bool) -> Int {
        var i = 0
        func skipSpaces() { while i < line.count, line[i] == " " || line[i] == "\t" { i += 1 } }
        skipSpaces()
        switch kind {
        case .heading:
            if index == 0, i < line.count, line[i] == "#" {
                while i < line.count, line[i] == "#" { i += 1 }
                skipSpaces()
            }
        case .blockQuote:
            while i < line.count, line[i] == ">" {
                i += 1
                if i < line.count, line[i] == " " || line[i] == "\t" { i += 1 }
                skipSpaces()
            }
        case .paragraph:
            if index == 0, firstInItem { i += listMarkerLength(line, from: i); skipSpaces() }
            if isReferenceDefinition(line[i...]) { return line.count }
        default:
            break
        }
        return i
    }

    /// An ATX heading's closing `#`s (and trailing spaces).
    static func suffixLength(_ line: [C], line index: Int, kind: Block.Kind, prefix: Int) -> Int {
        guard case .heading = kind, index == 0 else { return 0 }
        var end = line.count
        while end > prefix, line[end - 1] == " " || line[end - 1] == "\t" { end -= 1 }
        var hashes = end
        while hashes > prefix, line[hashes - 1] == "#" { hashes -= 1 }
        guard hashes < end, hashes == prefix || line[hashes - 1] == " " || line[hashes - 1] == "\t" else { return 0 }
        return line.count - hashes
    }

    /// `*`, `-`, `+`, `1.`, `1)` followed by a space (or the end of the line).
    static func listMarkerLength(_ line: [C], from start: Int) -> Int {
        guard start < line.count else { return 0 }
        var i = start
        if line[i].isOne(of: "*-+") {
            i += 1
        } else {
            while i < line.count, i - start < 9, line[i].isASCII, line[i].isNumber { i += 1 }
            guard i > start, i < line.count, line[i] == "." || line[i] == ")" else { return 0 }
            i += 1
        }
        return i == line.count || line[i] == " " || line[i] == "\t" ? i - start : 0
    }

    /// `[label]: destination` on a line of its own (cmark keeps it out of the paragraph's text).
    static func isReferenceDefinition(_ line: ArraySlice<C>) -> Bool {
        guard line.first == "[", let close = line.firstIndex(of: "]"), close > line.startIndex + 1,
              line.index(after: close) < line.endIndex, line[line.index(after: close)] == ":" else { return false }
        return line[line.index(close, offsetBy: 2)...].contains { !$0.isWhitespace }
    }

    // MARK: - The scan

    mutating func scan() -> [ProseUnit] {
        // A unit covers at least one character: room for them all at once, not doubling.
        units.reserveCapacity(characters.count)
        var line = 0
        var i = 0
        if contentStart.first ?? 0 > 0 { emit(.hidden, 0, contentStart[0]) }
        i = contentStart.first ?? 0
        while i < characters.count {
            if characters[i] == "\n" {
                emit(.lineBreak, i, i + 1)
                line += 1
                i += 1
                if contentStart[line] > i { emit(.hidden, i, contentStart[line]); i = contentStart[line] }
                continue
            }
            if i >= contentEnd[line] {
                let end = characters[i...].firstIndex(of: "\n") ?? characters.count
                emit(.hidden, i, end)
                i = end
                continue
            }
            let next = step(at: i)
            // A span (code, HTML) may run over line ends: keep the line count in step.
            for k in i..<next where characters[k] == "\n" { line += 1 }
            i = next
        }
        return units
    }

    /// Emits the unit(s) starting at `i`; returns where the next starts.
    mutating func step(at i: Int) -> Int {
        let c = characters[i]
        switch c {
        case "`":
            let run = runLength(at: i)
            if let close = closingBackticks(from: i + run, length: run) {
                emit(.code, i, close + run)
                return close + run
            }
            for k in i..<(i + run) { emit(.text, k, k + 1) }
            return i + run
        case "\\":
            if i + 1 < characters.count, characters[i + 1] == "\n" { emit(.hidden, i, i + 1); return i + 1 }
            if i + 1 < characters.count, characters[i + 1].isASCIIPunctuation {
                emit(.hidden, i, i + 1)
                emit(.text, i + 1, i + 2)
                return i + 2
            }
        case "<":
            if let end = autolinkEnd(from: i) { emit(.url, i, end); return end }
            if let (end, kind) = htmlEnd(from: i) { emit(kind, i, end); return end }
        case "&":
            if let (end, decoded) = entity(from: i) { emit(.text, i, end, character: decoded); return end }
        case "!":
            if i + 1 < characters.count, characters[i + 1] == "[" { emit(.opening, i, i + 2); return i + 2 }
        case "[":
            emit(.opening, i, i + 1)
            return i + 1
        case "]":
            let end = linkTail(from: i + 1) ?? i + 1
            emit(.closing, i, end)
            return end
        case "*", "_":
            return emphasis(at: i)
        case " ", "\t", "\u{3000}":
            emit(.space, i, i + 1)
            return i + 1
        default:
            if let end = bareURLEnd(from: i) { emit(.url, i, end); return end }
        }
        emit(.text, i, i + 1)
        return i + 1
    }

    mutating func emit(_ kind: ProseUnit.Kind, _ start: Int, _ end: Int, character: Character? = nil) {
        guard end > start else { return }
        let last = positions[end - 1]
        let first = characters[start].character
        units.append(ProseUnit(
            kind: kind, character: character ?? first,
            source: end == start + 1 ? String(first) : C.string(characters[start..<end]),
            start: positions[start],
            end: TextPosition(line: last.line, column: last.column + 1)))
    }

    func runLength(at i: Int) -> Int {
        var j = i
        while j < characters.count, characters[j] == characters[i] { j += 1 }
        return j - i
    }

    /// The start of the next backtick run of exactly `length` (a code span's end).
    func closingBackticks(from start: Int, length: Int) -> Int? {
        var j = start
        while j < characters.count {
            if characters[j] == "`" {
                let run = runLength(at: j)
                if run == length { return j }
                j += run
            } else {
                j += 1
            }
        }
        return nil
    }

    /// `*` and `_` runs: emphasis markup when they can open or close, literal otherwise.
    mutating func emphasis(at i: Int) -> Int {
        let c = characters[i]
        let run = runLength(at: i)
        let before: C = i > 0 ? characters[i - 1] : " "
        let after: C = i + run < characters.count ? characters[i + run] : " "
        let spaceBefore = before.isWhitespace || i == 0 || isLinePrefixEnd(i)
        let spaceAfter = after.isWhitespace
        let intraword = c == "_" && !spaceBefore && !spaceAfter && isAlphanumeric(before) && isAlphanumeric(after)
        if (spaceBefore && spaceAfter) || intraword {
            for k in i..<(i + run) { emit(.text, k, k + 1) }
            return i + run
        }
        let opens: Bool
        if spaceBefore { opens = true } else if spaceAfter { opens = false } else { opens = !emphasis.contains(c) }
        if opens {
            emphasis.append(c)
        } else if let last = emphasis.lastIndex(of: c) {
            emphasis.remove(at: last)
        }
        emit(opens ? .opening : .closing, i, i + run)
        return i + run
    }

    func isLinePrefixEnd(_ i: Int) -> Bool { contentStart.contains(i) }

    /// After a `]`: `(destination "title")` or `[label]`; the index after it.
    func linkTail(from i: Int) -> Int? {
        guard i < characters.count else { return nil }
        if characters[i] == "[" {
            guard let close = characters[(i + 1)...].firstIndex(where: { $0 == "]" || $0 == "[" }),
                  characters[close] == "]" else { return nil }
            return close + 1
        }
        guard characters[i] == "(" else { return nil }
        var j = i + 1
        var depth = 0
        var quote: C? = nil
        while j < characters.count {
            let c = characters[j]
            if let open = quote {
                if c == open || (open == "(" && c == ")") { quote = nil }
            } else if c == "\\" {
                j += 1
            } else if c == "<", depth == 0, j == i + 1 {
                guard let close = characters[(j + 1)...].firstIndex(where: { $0 == ">" || $0 == "\n" }),
                      characters[close] == ">" else { return nil }
                j = close
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "(" {
                depth += 1
            } else if c == ")" {
                if depth == 0 { return j + 1 }
                depth -= 1
            }
            j += 1
        }
        return nil
    }

    /// `<scheme:…>` or `<address@host>`.
    func autolinkEnd(from i: Int) -> Int? {
        guard let close = characters[(i + 1)...].prefix(2048).firstIndex(where: { $0 == ">" || $0 == "<" || $0.isWhitespace }),
              characters[close] == ">", close > i + 1 else { return nil }
        let inside = characters[(i + 1)..<close]
        if let colon = inside.firstIndex(of: ":") {
            let scheme = inside[..<colon]
            if (2...32).contains(scheme.count), scheme.first!.isASCII, scheme.first!.isLetter,
               scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0.isOne(of: "+.-")) }) {
                return close + 1
            }
        }
        if let at = inside.firstIndex(of: "@"), at > inside.startIndex, inside.index(after: at) < inside.endIndex,
           inside.allSatisfy({ $0.isASCII && !$0.isWhitespace }) {
            return close + 1
        }
        return nil
    }

    /// An inline HTML tag or comment: its end, and whether it opens or closes.
    func htmlEnd(from i: Int) -> (Int, ProseUnit.Kind)? {
        guard i + 1 < characters.count else { return nil }
        let next = characters[i + 1]
        if next == "!", i + 3 < characters.count, characters[i + 2] == "-", characters[i + 3] == "-" {
            var j = i + 4
            while j + 2 < characters.count {
                if characters[j] == "-", characters[j + 1] == "-", characters[j + 2] == ">" { return (j + 3, .hidden) }
                j += 1
            }
            return nil
        }
        let closing = next == "/"
        let nameStart = closing ? i + 2 : i + 1
        guard nameStart < characters.count, characters[nameStart].isASCII,
              characters[nameStart].isLetter || (!closing && characters[nameStart].isOne(of: "!?")) else { return nil }
        var j = nameStart
        var quote: C? = nil
        while j < characters.count {
            let c = characters[j]
            if let open = quote { if c == open { quote = nil } } else if c == "\"" || c == "'" { quote = c } else if c == ">" {
                let selfClosing = j > i + 1 && characters[j - 1] == "/"
                return (j + 1, closing ? .closing : (selfClosing ? .hidden : .opening))
            } else if c == "<" {
                return nil
            }
            j += 1
        }
        return nil
    }

    /// `&amp;`, `&#20013;`, `&#x4E2D;`: the end and the character it stands for.
    func entity(from i: Int) -> (Int, Character)? {
        guard let semicolon = characters[(i + 1)...].prefix(34).firstIndex(of: ";"), semicolon > i + 1 else { return nil }
        let name = C.string(characters[(i + 1)..<semicolon])
        var scalar: Unicode.Scalar?
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        } else if name.hasPrefix("#") {
            scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
        } else if name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            // Names cmark knows but this table does not give a replacement character: the
            // comparison with cmark's text then fails and the block is skipped, never misread.
            scalar = Self.entities[name].flatMap { $0.unicodeScalars.first } ?? "\u{FFFD}"
        }
        guard let scalar else { return nil }
        return (semicolon + 1, Character(scalar))
    }

    static var entities: [String: String] { ProseScanner.entities }

    /// `http://…`, `https://…`, `www.…` written as plain text: up to a space, Chinese text
    /// or full-width punctuation, without trailing sentence punctuation.
    func bareURLEnd(from i: Int) -> Int? {
        // Called at every character: rule out most of them before building a string.
        guard characters[i].isOne(of: .urlStarts) else { return nil }
        if i > 0, characters[i - 1].scriptClass == .latin || characters[i - 1] == "/" { return nil }
        let head = C.string(characters[i..<min(i + 8, characters.count)]).lowercased()
        guard ["http://", "https://", "ftp://", "mailto:", "www."].contains(where: { head.hasPrefix($0) }) else { return nil }
        var j = i
        while j < characters.count {
            let c = characters[j]
            if c.isWhitespace || c == "<" || c == "`" { break }
            let script = c.scriptClass
            if script == .cjk || script == .fullwidthPunctuation || script == .quote { break }
            j += 1
        }
        var end = j
        while end > i {
            let last = characters[end - 1]
            if last.isOne(of: ".,:;!?'\"*_") { end -= 1; continue }
            if last == ")" {
                let url = characters[i..<end]
                if url.filter({ $0 == ")" }).count > url.filter({ $0 == "(" }).count { end -= 1; continue }
            }
            break
        }
        return end > i + 4 ? end : nil
    }

    func isAlphanumeric(_ c: C) -> Bool { c.isLetter || c.isNumber }
}
