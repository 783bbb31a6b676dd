import GuideModel

/// Cuts blocks into sentences: a pure function of each block's markdown source.
///
/// The prose leaves are those of `ProseScanner` (a paragraph, a heading, a block quote, each
/// paragraph of a list item); a sentence never runs from one leaf into another, so a heading
/// and a list item are units of their own. A heading is one sentence whatever it holds. Where
/// the scan of a leaf does not match cmark's text (markdown the scan misreads), the leaf is
/// one sentence rather than cut wrongly. Code blocks, HTML and rules have no sentences.
public enum SentenceSplitter {
    /// The sentences of consecutive blocks, in order; `glossary`: find its terms in each.
    public static func sentences<Blocks: Sequence>(of blocks: Blocks, glossary: SentenceGlossary.Side? = nil) -> [Sentence]
    where Blocks.Element == Block {
        var out: [Sentence] = []
        var leaf = 0
        for block in blocks { append(block, firstInItem: false, glossary: glossary, to: &out, leaf: &leaf) }
        return out
    }

    public static func sentences(of block: Block, glossary: SentenceGlossary.Side? = nil) -> [Sentence] {
        var out: [Sentence] = []
        var leaf = 0
        append(block, firstInItem: false, glossary: glossary, to: &out, leaf: &leaf)
        return out
    }

    static func append(_ block: Block, firstInItem: Bool, glossary: SentenceGlossary.Side?, to out: inout [Sentence], leaf: inout Int) {
        switch block.kind {
        case .list:
            for item in block.items {
                for (index, child) in item.enumerated() {
                    append(child, firstInItem: index == 0, glossary: glossary, to: &out, leaf: &leaf)
                }
            }
        case .paragraph, .heading, .blockQuote:
            let units = ProseScanner.scannedUnits(of: block, firstInItem: firstInItem)
            let isHeading = block.headingLevel != nil
            let cut = !isHeading && ProseScanner.matches(units, text: block.text)
            var source = SourceColumns(block: block)
            for range in SentenceBoundaries.ranges(units, splitting: cut) {
                var next = sentence(units[range], source: &source, glossary: glossary)
                next.leaf = leaf
                out.append(next)
            }
            leaf += 1
        default:
            break
        }
    }

    /// The sentence of `units`: its text as in the source, and its features.
    static func sentence(_ units: ArraySlice<ProseUnit>, source: inout SourceColumns, glossary: SentenceGlossary.Side?) -> Sentence {
        var text = ""
        var features = SentenceFeatures()
        var tokens = TokenCollector()
        var atLineStart = false
        var last: Character = " "
        for index in units.indices {
            let unit = units[index]
            switch unit.kind {
            case .lineBreak:
                while let end = text.last, end == " " || end == "\t" || end == "\u{3000}" { text.removeLast() }
                text.append(" ")
                atLineStart = true
                tokens.endWord()
            case .hidden:
                let isEscape = unit.source == "\\"
                let endsLine = index + 1 == units.endIndex || units[index + 1].kind == .lineBreak
                if (atLineStart && !isEscape) || endsLine { continue }
                text += unit.source
            case .space:
                tokens.endWord()
                if atLineStart { continue }
                text += unit.source
            case .text:
                atLineStart = false
                let c = unit.character
                if unit.end.line != unit.start.line || unit.end.column - unit.start.column != 1 {
                    text += source.text(from: unit.start, to: unit.end)   // an entity, as written
                } else {
                    text.append(c)
                }
                switch ScriptClass(c) {
                case .latin:
                    features.latin += 1
                    tokens.add(c)
                case .cjk:
                    features.cjk += 1
                    tokens.endWord()
                default:
                    if c == "_" { tokens.add(c) } else { tokens.endWord() }
                }
                last = c
            case .code:
                atLineStart = false
                text += unit.source
                let visible = unit.visible
                features.latin += visible.count
                tokens.endWord()
                for character in visible {
                    if ProseText.isWordCharacter(character) { tokens.add(character) } else { tokens.endWord(kept: true) }
                }
                tokens.endWord(kept: true)
                last = "`"
            case .url:
                atLineStart = false
                text += unit.source
                features.latin += unit.source.count
                tokens.endWord()
                tokens.insert(unit.visible.lowercased(), kept: true)
                last = "/"
            case .opening, .closing:
                atLineStart = false
                text += unit.source
                if unit.kind == .closing, unit.source.hasPrefix("]("), unit.source.count > 3 {
                    tokens.endWord()
                    tokens.insert(String(unit.source.dropFirst(2).dropLast()).lowercased(), kept: true)
                }
            }
        }
        tokens.endWord()
        while let end = text.last, end == " " || end == "\t" || end == "\u{3000}" { text.removeLast() }
        features.tokens = tokens.tokens
        features.kept = tokens.kept
        features.ending = ending(last)
        features.isAside = isAside(units)
        if let glossary {
            var prose = ProseText()
            prose.append(leaf: Array(units))
            features.terms = glossary.terms(in: prose)
        }
        return Sentence(text: text, start: units.first?.start ?? TextPosition(line: 1, column: 1), features: features)
    }

    /// A sentence wholly in brackets: `(…)`, `（…）`, `[…]` or `【…】`, closed at its end.
    static func isAside(_ units: ArraySlice<ProseUnit>) -> Bool {
        let visible = units.filter { $0.kind == .text || $0.kind == .code || $0.kind == .url }
        guard let first = visible.first, let last = visible.last, first.kind == .text, last.kind == .text else { return false }
        let pairs: [Character: Character] = ["(": ")", "（": "）", "[": "]", "【": "】"]
        guard let close = pairs[first.character], last.character == close || last.character == "）" || last.character == ")" else { return false }
        // The opening bracket must be the one the last closes: count the depth across the sentence.
        var depth = 0
        for (index, unit) in visible.enumerated() where unit.kind == .text {
            if pairs[unit.character] != nil { depth += 1 }
            if pairs.values.contains(unit.character) {
                depth -= 1
                if depth == 0, index != visible.count - 1 { return false }
            }
        }
        return depth == 0
    }

    static func ending(_ c: Character) -> SentenceFeatures.Ending {
        switch c {
        case "?", "？": return .question
        case "!", "！": return .exclamation
        case ":", "：": return .colon
        default: return .plain
        }
    }

    /// Lower-cased words (letters, digits, `_`) of two characters or more, and numbers, each
    /// once; `kept`: those a translation must keep (numbers, the words of code, addresses).
    struct TokenCollector {
        var tokens: [String] = []
        var kept: [String] = []
        var seen: Set<String> = []
        var word = ""

        mutating func add(_ c: Character) { word.append(c) }

        mutating func endWord(kept isKept: Bool = false) {
            guard !word.isEmpty else { return }
            defer { word = "" }
            var trimmed = Substring(word)
            while trimmed.first == "_" { trimmed = trimmed.dropFirst() }
            while trimmed.last == "_" { trimmed = trimmed.dropLast() }
            let isNumber = trimmed.allSatisfy { $0.isASCII && $0.isNumber }
            guard trimmed.count >= 2 || isNumber else { return }
            // A plural's `s` dropped (both sides alike): `protocols` in English, `protocol` kept in Chinese.
            if trimmed.count > 3, trimmed.hasSuffix("s"), !trimmed.hasSuffix("ss") { trimmed = trimmed.dropLast() }
            insert(trimmed.lowercased(), kept: isKept || isNumber)
        }

        mutating func insert(_ token: String, kept isKept: Bool) {
            guard !token.isEmpty else { return }
            if seen.insert(token).inserted { tokens.append(token) }
            if isKept, !kept.contains(token) { kept.append(token) }
        }
    }
}

/// A block's source lines as characters, made only when a sentence needs a slice of them
/// (an entity written as `&amp;`, which the units keep decoded).
struct SourceColumns {
    let block: Block
    var lines: [[Character]]?

    init(block: Block) { self.block = block }

    /// The characters from `start` up to (not including) `end`, on one line.
    mutating func text(from start: TextPosition, to end: TextPosition) -> String {
        if lines == nil {
            lines = Array(block.source).split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
                .map { Array($0) }
        }
        let row = start.line - block.lines.start
        guard let lines, lines.indices.contains(row) else { return "" }
        let line = lines[row]
        let from = min(max(0, start.column - 1), line.count)
        let to = end.line == start.line ? min(max(from, end.column - 1), line.count) : line.count
        return String(line[from..<to])
    }
}
