/// Where the sentences of one leaf (a paragraph, a list item's paragraph, a block quote) end,
/// read from its `ProseUnit`s: cmark's inline structure located in the source, so code spans,
/// URLs, link targets and markup are units of their own and never cut.
///
/// A sentence ends at
/// - `。！？` (and `…`, and `!?.` written after Chinese), with the closing quotes, brackets and
///   markup that follow it, unless a comma-like mark follows (`“对吗？”，`);
/// - `.!?` followed by a space or the end of the line, unless the next word starts in lower
///   case (and has no capital further on: `iOS` starts a sentence) or the `.` ends an
///   abbreviation (`e.g.`, `i.e.`, `U.S.`, `vs.`, a single capital: an initial). A `.` glued
///   to what follows (`file.h`, `3.14`, `example.com`) ends nothing;
/// - a blank line inside a block quote.
/// Nothing inside a link's text is cut unless the sentence ends with the link, nor inside
/// brackets that close in the leaf (an aside keeps its sentences: `(see above. It matters.)`).
enum SentenceBoundaries {
    /// The unit ranges of the leaf's sentences, trimmed of spaces, line breaks and line marks,
    /// each with something visible in it.
    static func ranges(_ units: [ProseUnit], splitting: Bool = true) -> [Range<Int>] {
        var cuts: [Int] = [0]
        if splitting {
            var depth = 0   // link texts open at this unit
            let closed = closedBrackets(units)
            var open: [Int] = []   // brackets open at this unit that close later in the leaf
            var k = 0
            while k < units.count {
                let unit = units[k]
                if unit.kind == .text, let kind = bracket(unit.character) {
                    if kind > 0 { if closed[k] { open.append(k) } } else if !open.isEmpty { open.removeLast() }
                }
                switch unit.kind {
                case .opening:
                    if unit.source.hasSuffix("[") { depth += 1 }
                case .closing:
                    if unit.source.hasPrefix("]") { depth = max(0, depth - 1) }
                case .lineBreak:
                    var j = k + 1
                    while j < units.count, units[j].kind == .space || units[j].kind == .hidden { j += 1 }
                    if j < units.count, units[j].kind == .lineBreak { cuts.append(j) }
                case .text where isTerminator(unit.character) && open.count <= closingBrackets(after: k, in: units):
                    if let end = boundary(after: k, in: units, linkDepth: depth) {
                        cuts.append(end)
                        depth = 0
                        open.removeAll()
                        k = end
                        continue
                    }
                default:
                    break
                }
                k += 1
            }
        }
        cuts.append(units.count)
        var ranges: [Range<Int>] = []
        for (lower, upper) in zip(cuts, cuts.dropFirst()) where lower < upper {
            var a = lower, b = upper
            while a < b, isFrame(units[a]) { a += 1 }
            while b > a, isFrame(units[b - 1]) { b -= 1 }
            guard units[a..<b].contains(where: { $0.kind == .text || $0.kind == .code || $0.kind == .url }) else { continue }
            ranges.append(a..<b)
        }
        return ranges
    }

    /// 1 for an opening bracket, -1 for a closing one, nil for anything else.
    static func bracket(_ c: Character) -> Int? {
        switch c {
        case "(", "（", "[", "【": return 1
        case ")", "）", "]", "】": return -1
        default: return nil
        }
    }

    /// The closing brackets among the stops and closing marks right after `k` (`.)` closes one).
    static func closingBrackets(after k: Int, in units: [ProseUnit]) -> Int {
        var count = 0
        var j = k + 1
        while j < units.count {
            let unit = units[j]
            if unit.kind == .closing {
                j += 1
            } else if unit.kind == .text, isTerminator(unit.character) || closers.contains(unit.character) {
                if bracket(unit.character) == -1 { count += 1 }
                j += 1
            } else {
                break
            }
        }
        return count
    }

    /// For each unit, whether it is an opening bracket that a closing one matches later in the
    /// leaf: a sentence inside brackets does not end there. One pass with a stack; a bracket
    /// left open (`1)`, a smiley) holds back nothing.
    static func closedBrackets(_ units: [ProseUnit]) -> [Bool] {
        var closed = [Bool](repeating: false, count: units.count)
        var stack: [Int] = []
        for (index, unit) in units.enumerated() where unit.kind == .text {
            guard let kind = bracket(unit.character) else { continue }
            if kind > 0 { stack.append(index) } else if let opening = stack.popLast() { closed[opening] = true }
        }
        return closed
    }

    /// Spaces, line breaks and line marks: never the first or last unit of a sentence.
    static func isFrame(_ unit: ProseUnit) -> Bool {
        switch unit.kind {
        case .space, .lineBreak: return true
        case .hidden: return unit.source != "\\"
        default: return false
        }
    }

    static func isTerminator(_ c: Character) -> Bool {
        c == "." || c == "!" || c == "?" || c == "。" || c == "！" || c == "？" || c == "…"
    }

    static func isFullwidthTerminator(_ c: Character) -> Bool {
        c == "。" || c == "！" || c == "？"
    }

    /// What may follow a sentence's last mark and still belong to it.
    static let closers: Set<Character> = ["\"", "'", ")", "]", "”", "’", "）", "】", "》", "」", "』", "〉", "〕"]
    /// What may open a sentence before its first word.
    static let openers: Set<Character> = ["\"", "'", "(", "[", "“", "‘", "（", "【", "《", "「", "『", "〈", "〔", "*", "_"]
    /// After these a Chinese sentence goes on (`“好吗？”，他问`).
    static let continuing: Set<Character> = ["，", "、", "；", "：", ",", ";", ":"]

    /// The index just after the sentence that the terminator at `k` ends (its closing marks
    /// taken along), or nil when it ends none.
    static func boundary(after k: Int, in units: [ProseUnit], linkDepth: Int) -> Int? {
        let mark = units[k].character
        var depth = linkDepth
        var j = k + 1
        while j < units.count {
            let unit = units[j]
            if unit.kind == .closing {
                if unit.source.hasPrefix("]") { depth -= 1 }
                j += 1
            } else if unit.kind == .text, isTerminator(unit.character) || closers.contains(unit.character) {
                j += 1
            } else {
                break
            }
        }
        guard depth <= 0 else { return nil }
        let after: ProseUnit? = j < units.count ? units[j] : nil
        let before = previousVisible(k, in: units)
        let chinese = isFullwidthTerminator(mark)
            || before.map { ScriptClass($0) == .cjk || ScriptClass($0) == .fullwidthPunctuation } ?? false
        guard let after else { return j }
        if chinese {
            switch after.kind {
            case .space, .lineBreak, .hidden:
                return j
            case .text:
                let next = after.character
                if continuing.contains(next) { return nil }
                if mark == ".", ScriptClass(next) == .latin { return nil }   // 在.m文件
                return j
            case .code, .url, .opening, .closing:
                return mark == "." ? nil : j
            }
        }
        switch after.kind {
        case .text:
            return ScriptClass(after.character) == .cjk ? j : nil
        case .code, .url, .opening, .closing:
            return nil
        case .space, .lineBreak, .hidden:
            break
        }
        if mark == ".", isAbbreviation(before: k, in: units) { return nil }
        return startsSentence(from: j, in: units) ? j : nil
    }

    /// The last visible character before `k` (code and URLs count as Latin), skipping markup.
    static func previousVisible(_ k: Int, in units: [ProseUnit]) -> Character? {
        var t = k - 1
        while t >= 0 {
            switch units[t].kind {
            case .text: return units[t].character
            case .code, .url: return "a"
            case .opening, .closing: t -= 1
            default: return nil
            }
        }
        return nil
    }

    /// Whether what follows `j` (spaces, line marks, opening markup and quotes skipped) can be
    /// the start of a sentence: anything but a word in lower case with no capital in it.
    static func startsSentence(from j: Int, in units: [ProseUnit]) -> Bool {
        var m = j
        while m < units.count {
            let unit = units[m]
            if unit.kind == .space || unit.kind == .lineBreak || unit.kind == .hidden || unit.kind == .opening
                || (unit.kind == .text && openers.contains(unit.character)) {
                m += 1
            } else {
                break
            }
        }
        guard m < units.count, units[m].kind == .text else { return true }
        if continuing.contains(units[m].character) || closers.contains(units[m].character) { return false }
        // Chinese after a Latin stop and a space goes on with the sentence (`(Integer, etc...) 或者`).
        if ScriptClass(units[m].character) == .cjk { return false }
        guard units[m].character.isLowercase else { return true }
        while m < units.count, units[m].kind == .text, ProseText.isWordCharacter(units[m].character) {
            if units[m].character.isUppercase { return true }
            m += 1
        }
        return false
    }

    /// Abbreviations that a capitalised word follows without a new sentence.
    static let abbreviations: Set<String> = [
        "vs", "cf", "viz", "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "fig", "figs", "eq", "approx", "resp",
        "al", "ca", "ch", "sec", "vol", "op", "cit", "ibid", "esp", "incl",
    ]

    /// Whether the `.` at `k` ends an abbreviation: letters with inner dots (`e.g`, `i.e`,
    /// `U.S`), a single capital (an initial), or one of `abbreviations`.
    static func isAbbreviation(before k: Int, in units: [ProseUnit]) -> Bool {
        var t = k - 1
        var token: [Character] = []
        while t >= 0, units[t].kind == .text, units[t].character.isLetter || units[t].character == "." {
            token.append(units[t].character)
            t -= 1
        }
        if t >= 0, units[t].kind == .text, units[t].character.isNumber { return false }
        token.reverse()
        guard !token.isEmpty else { return false }
        let pieces = token.split(separator: ".", omittingEmptySubsequences: false)
        if pieces.count >= 2 { return pieces.allSatisfy { (1...2).contains($0.count) } }
        if token.count == 1 { return token[0].isUppercase }
        return abbreviations.contains(String(token).lowercased())
    }
}
