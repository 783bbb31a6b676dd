import GuideModel

/// The book's typography rules for Chinese text (prose only: never in code, URLs, link
/// targets or HTML):
///
/// - one half-width space between Chinese and Latin letters, digits, inline code or a URL
///   (a half-width parenthesis counts as Latin; `10%`, `C++`, `C#`, `-1`, `Hello!` as one word;
///   `%d`, `$1`, `\d` are left alone, as autocorrect does);
/// - no space next to full-width punctuation, nor between a curly quote and Chinese;
///   one space, not several or an ideographic one, between Chinese and Latin;
/// - half-width letters and digits (`Ａ１` → `A1`);
/// - full-width punctuation in a Chinese sentence (`中文,` → `中文，`, `中文.` at the end → `中文。`,
///   `...` → `……`);
/// - no repeated punctuation (`！！`).
public enum Typography {
    /// Every finding in a block (its list items one by one), in source order.
    public static func findings(in block: Block) -> [TypographyFinding] {
        findings(in: block, leaves: ProseScanner.leaves(of: block))
    }

    /// The same, from the block's prose leaves scanned already (`ProseScanner.leaves(of: block)`).
    static func findings(in block: Block, leaves: [[ProseUnit]]) -> [TypographyFinding] {
        let lines = SourceLineText(block)
        return leaves.flatMap { findings(in: $0, lineText: lines.characters) }
    }

    /// A block's source lines as characters, split only when a finding first asks for its
    /// excerpt (most blocks have none).
    final class SourceLineText {
        let block: Block
        private var lines: [[Character]]?

        init(_ block: Block) {
            self.block = block
        }

        func characters(_ line: Int) -> [Character] {
            if lines == nil {
                lines = block.source.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(Array.init)
            }
            let index = line - block.lines.start
            return lines!.indices.contains(index) ? lines![index] : []
        }
    }

    /// The findings of one scanned leaf; `lineText` gives a file line's characters (for excerpts).
    public static func findings(in units: [ProseUnit], lineText: (Int) -> [Character]) -> [TypographyFinding] {
        findings(in: units, lineText: lineText, limit: .max).shown
    }

    /// The first `limit` findings (in source order) made whole, and how many there are in all:
    /// a finding's excerpt and message cost far more than finding it, and a megabyte of mixed
    /// text has a million.
    static func findings(in units: [ProseUnit], lineText: (Int) -> [Character], limit: Int)
        -> (shown: [TypographyFinding], total: Int) {
        guard hasChinese(units) else { return ([], 0) }
        var rules = Rules(units: units)
        rules.run()
        let first = rules.found.count <= limit ? rules.found
            : Array(rules.found.sorted { $0.position < $1.position }.prefix(max(0, limit)))
        return (made(first, lineText: lineText), rules.found.count)
    }

    private static func made(_ found: [Rules.Found], lineText: (Int) -> [Character]) -> [TypographyFinding] {
        found.map { found in
            let (excerpt, suggestion) = excerpts(found.edits, line: lineText(found.position.line))
            return TypographyFinding(rule: found.rule, position: found.position, edits: found.edits,
                                     excerpt: excerpt, suggestion: suggestion, isSafe: found.rule != .repeatedPunctuation)
        }.sorted { $0.position < $1.position }
    }

    /// The rules apply to Chinese text only.
    static func hasChinese(_ units: [ProseUnit]) -> Bool {
        units.contains { $0.kind == .text && $0.character.isCJK }
    }

    /// A few characters of the line around the edits, before and after them.
    static func excerpts(_ edits: [TextEdit], line: [Character], context: Int = 5) -> (String, String) {
        guard let first = edits.map(\.column).min(), let last = edits.map({ $0.column + $0.length }).max() else { return ("", "") }
        let from = max(1, first - context), to = min(line.count + 1, last + context)
        guard from <= to, to - 1 <= line.count else { return ("", "") }
        var fixed = Array(line[(from - 1)..<(to - 1)])
        for edit in edits.sorted(by: { $0.column > $1.column }) where edit.column >= from && edit.column + edit.length <= to {
            let start = edit.column - from
            fixed.replaceSubrange(start..<(start + edit.length), with: Array(edit.replacement))
        }
        return (String(line[(from - 1)..<(to - 1)]), String(fixed))
    }
}

/// One pass of the rules over a leaf's units.
private struct Rules {
    struct Found {
        var rule: TypographyFinding.Rule
        var position: TextPosition
        var edits: [TextEdit]
    }

    let units: [ProseUnit]
    /// Indexes of the units the rules look at (markup is transparent).
    let visible: [Int]
    /// Per unit: its `scriptClass`, and its character's scalar when that is single-scalar
    /// text (see `SingleScalarText`): the rules ask these instead of the `Character`s.
    let classes: [ScriptClass]
    let scalars: [Unicode.Scalar?]
    var found: [Found] = []

    init(units: [ProseUnit]) {
        self.units = units
        visible = units.indices.filter { !units[$0].isMarkup }
        classes = units.map(\.scriptClass)
        scalars = units.map { unit in
            if unit.leadIsWhole { return SingleScalarText.qualifies(unit.lead) ? unit.lead : nil }
            let scalars = unit.character.unicodeScalars
            guard let first = scalars.first, scalars.count == 1, SingleScalarText.qualifies(first) else { return nil }
            return first
        }
    }

    /// Whether unit `index` is prose text whose character is one of `set`'s
    /// (single-scalar text, as `SingleScalarText` qualifies it).
    func isText(_ index: Int, oneOf set: String) -> Bool {
        guard units[index].kind == .text else { return false }
        if let scalar = scalars[index] { return set.unicodeScalars.contains(scalar) }
        return set.contains(units[index].character)
    }

    /// Prose text that is Chinese.
    func isCJK(_ index: Int) -> Bool { units[index].kind == .text && classes[index] == .cjk }

    /// Prose text that is an ASCII digit (`Character.isASCII && isNumber`).
    func isASCIIDigit(_ index: Int) -> Bool {
        guard units[index].kind == .text else { return false }
        if let scalar = scalars[index] { return (0x30...0x39).contains(scalar.value) }
        return units[index].character.isASCII && units[index].character.isNumber
    }

    /// Whether two units' characters are the same.
    func sameCharacter(_ a: Int, _ b: Int) -> Bool {
        if let first = scalars[a], let second = scalars[b] { return first == second }
        return units[a].character == units[b].character
    }

    mutating func run() {
        spacing()
        punctuation()
        fullwidthLetters()
    }

    // MARK: Spacing

    /// Each pair of neighbouring visible units on a line, with the spaces between them.
    mutating func spacing() {
        var k = 0
        while k < visible.count {
            let left = visible[k]
            guard isToken(left) else { k += 1; continue }
            var spaces: [Int] = []
            var j = k + 1
            while j < visible.count, units[visible[j]].kind == .space { spaces.append(visible[j]); j += 1 }
            guard j < visible.count, isToken(visible[j]) else { k = j; continue }
            check(left: left, spaces: spaces, right: visible[j], leftVisible: k)
            k = j
        }
    }

    func isToken(_ index: Int) -> Bool {
        units[index].kind != .space && units[index].kind != .lineBreak
    }

    mutating func check(left: Int, spaces: [Int], right: Int, leftVisible k: Int) {
        let leftCJK = isCJK(left), rightCJK = isCJK(right)
        let mixed = (leftCJK && latinOnRight(right)) || (latinOnLeft(left, visible: k) && rightCJK)
        if spaces.isEmpty {
            guard mixed else { return }
            let at = insertionPoint(after: left, before: right)
            found.append(Found(rule: .spaceMissing, position: at,
                               edits: [TextEdit(line: at.line, column: at.column, length: 0, replacement: " ")]))
            return
        }
        let lc = classes[left], rc = classes[right]
        let fullwidth = lc == .fullwidthPunctuation || rc == .fullwidthPunctuation
        let quoteByChinese = (lc == .quote && rightCJK) || (leftCJK && rc == .quote)
        let first = units[spaces[0]].start
        if fullwidth || quoteByChinese {
            found.append(Found(rule: .spaceExtra, position: first, edits: spaces.map { remove(units[$0]) }))
            return
        }
        let ideographic = spaces.contains { !isSpace($0) }
        guard ideographic || (mixed && spaces.count > 1) else { return }
        var edits: [TextEdit] = []
        if !isSpace(spaces[0]) {
            edits.append(TextEdit(line: first.line, column: first.column, length: 1, replacement: " "))
        }
        edits += spaces.dropFirst().map { remove(units[$0]) }
        found.append(Found(rule: .spaceExtra, position: first, edits: edits))
    }

    /// A space unit that is a plain space (not a tab or an ideographic space).
    func isSpace(_ index: Int) -> Bool {
        if let scalar = scalars[index] { return scalar == " " }
        return units[index].character == " "
    }

    func remove(_ unit: ProseUnit) -> TextEdit {
        TextEdit(line: unit.start.line, column: unit.start.column, length: 1, replacement: "")
    }

    /// Latin as the right neighbour of Chinese: a letter or digit, code, a URL, `(`, a signed number (`-1`).
    func latinOnRight(_ index: Int) -> Bool {
        switch units[index].kind {
        case .code, .url: return true
        case .text:
            if classes[index] == .latin || isText(index, oneOf: "(") { return true }
            guard isText(index, oneOf: "-+"), index + 1 < units.count else { return false }
            return isASCIIDigit(index + 1)
        default: return false
        }
    }

    /// Latin as the left neighbour of Chinese: also `)`, `10%`, `C++`, `C#`, `Hello!`; not `%d`, `$1`
    /// or `\d` (format strings and escapes, as autocorrect leaves them).
    func latinOnLeft(_ index: Int, visible k: Int) -> Bool {
        switch units[index].kind {
        case .code, .url: return true
        case .text:
            if classes[index] == .latin {
                return !(k > 0 && isText(visible[k - 1], oneOf: "%$\\"))
            }
            if isText(index, oneOf: ")") { return true }
            if isText(index, oneOf: "!") {
                return k > 0 && units[visible[k - 1]].kind == .text && classes[visible[k - 1]] == .latin
            }
            guard isText(index, oneOf: "%+#") else { return false }
            let percent = isText(index, oneOf: "%")
            var j = k - 1
            while j >= 0, isText(visible[j], oneOf: "+#"), !percent { j -= 1 }
            guard j >= 0, units[visible[j]].kind == .text else { return false }
            return percent ? isASCIIDigit(visible[j]) : classes[visible[j]] == .latin
        default: return false
        }
    }

    /// Where a missing space goes when markup stands between the two: after what closes
    /// the left element, before what opens the right one (`中文 **bold**`, `[link](x) 中文`).
    func insertionPoint(after left: Int, before right: Int) -> TextPosition {
        for index in (left + 1)..<right where units[index].kind == .opening { return units[index].start }
        return units[right].start
    }

    // MARK: Punctuation

    mutating func punctuation() {
        var k = 0
        while k < visible.count {
            let index = visible[k]
            guard units[index].kind == .text else { k += 1; continue }
            // A run of the same mark.
            var end = k + 1
            while end < visible.count, units[visible[end]].kind == .text, sameCharacter(visible[end], index) { end += 1 }
            let run = end - k
            let previous = k > 0 ? visible[k - 1] : nil
            let afterCJK = previous.map(isCJK) ?? false
            let afterLatin = previous.map { units[$0].kind == .text && classes[$0] == .latin } ?? false
            let character = units[index].character
            if isText(index, oneOf: "."), run >= 2 {
                if afterCJK, run >= 3 { replace(k..<end, with: "……", rule: .halfwidthPunctuation) }
            } else if run >= 2, isText(index, oneOf: "，。、；：！？") || (afterCJK && isText(index, oneOf: "!?,")) {
                replace(k..<end, with: String(character), rule: .repeatedPunctuation)
            } else if classes[index] == .halfwidthPunctuation, let full = ScriptClass.fullwidthForm[character] {
                // Ends the sentence: nothing, a space or Chinese follows, or code, a URL or markup (the text ends there).
                let next = end < visible.count ? visible[end] : nil
                let markupAfter = end < visible.count && visible[end] != visible[end - 1] + 1
                let nextOpen = next.map {
                    markupAfter || units[$0].kind != .text || isCJK($0)
                } ?? true
                let chineseAfterSpaces = nextChineseAfterSpaces(from: end)
                let commaOrQuestion = isText(index, oneOf: ",?")
                if afterCJK && (commaOrQuestion || nextOpen) || afterLatin && commaOrQuestion && chineseAfterSpaces {
                    replaceWithTrailingSpaces(k..<end, with: String(repeating: full, count: run), rule: .halfwidthPunctuation)
                }
            }
            k = end
        }
    }

    /// Whether, after spaces or none, the next visible unit is Chinese.
    func nextChineseAfterSpaces(from k: Int) -> Bool {
        var j = k
        while j < visible.count, units[visible[j]].kind == .space { j += 1 }
        guard j < visible.count else { return false }
        return isCJK(visible[j])
    }

    /// Replaces visible units that stand together in the source (no markup between them).
    @discardableResult
    mutating func replace(_ range: Range<Int>, with text: String, rule: TypographyFinding.Rule) -> Bool {
        let low = visible[range.lowerBound], high = visible[range.upperBound - 1]
        let first = units[low].start, last = units[high].end
        guard high - low == range.count - 1, first.line == last.line else { return false }
        found.append(Found(rule: rule, position: first,
                           edits: [TextEdit(line: first.line, column: first.column, length: last.column - first.column, replacement: text)]))
        return true
    }

    /// The mark and the spaces after it (a full-width mark takes none; spaces before a line end stay).
    mutating func replaceWithTrailingSpaces(_ range: Range<Int>, with text: String, rule: TypographyFinding.Rule) {
        var end = range.upperBound
        while end < visible.count, units[visible[end]].kind == .space { end += 1 }
        if end < visible.count, units[visible[end]].kind == .lineBreak { end = range.upperBound }
        if end == visible.count { end = range.upperBound }
        if !replace(range.lowerBound..<end, with: text, rule: rule) { replace(range, with: text, rule: rule) }
    }

    // MARK: Full-width letters and digits

    mutating func fullwidthLetters() {
        var k = 0
        while k < visible.count {
            guard units[visible[k]].kind == .text, classes[visible[k]] == .fullwidthAlnum else { k += 1; continue }
            var end = k + 1
            while end < visible.count, units[visible[end]].kind == .text, classes[visible[end]] == .fullwidthAlnum,
                  visible[end] == visible[end - 1] + 1 { end += 1 }
            replace(k..<end, with: String((k..<end).map { ScriptClass.halfwidth(units[visible[$0]].character) }), rule: .fullwidthAlnum)
            k = end
        }
    }
}
