/// Where the sentences of one leaf (a paragraph, a list item's paragraph, a block quote) end,
/// read from its `ProseUnit`s: cmark's inline structure located in the source, so code spans,
/// URLs, link targets and markup are units of their own and never cut.
///
/// A sentence ends at
/// - `。！？` (and `…`, and `!?.` written after Chinese), with the closing quotes, brackets and
///   markup that follow it, unless a comma-like mark follows (`“对吗？”，`);
/// - `.!?` followed by a space or the end of the line, unless the next word starts in lower
///   case (and has no capital further on: `iOS` starts a sentence), or Chinese follows, or
///   the `.` ends an abbreviation (`e.g.`, `i.e.`, `U.S.`, `vs.`, a single capital: an
///   initial). A `.` glued to what follows (`file.h`, `3.14`, `example.com`) ends nothing;
/// - a blank line inside a block quote.
/// Nothing inside a link's text is cut unless the sentence ends with the link, nor inside
/// brackets that close in the leaf (an aside keeps its sentences: `(see two. Or three.)`)
/// unless the stop is the bracket's last mark (`(see above.) Then`).
///
/// Read by scalars (`LeafUnits`): the first scalar of each character, which is all the rules
/// ask about; comparing `Character`s was most of the cost of cutting a chapter.
enum SentenceBoundaries {
    /// The units of one leaf with what the rules read of each, made once.
    struct LeafUnits {
        let units: [ProseUnit]
        let kinds: [ProseUnit.Kind]
        /// Text and space: the character's first scalar; opening markup: its last (`[`, `*`);
        /// closing markup: its first (`]`, `*`); anything else: U+0000.
        let leads: [Unicode.Scalar]

        init(_ units: [ProseUnit]) {
            self.units = units
            kinds = units.map(\.kind)
            leads = units.map { unit in
                switch unit.kind {
                case .text, .space, .closing: return unit.lead
                case .opening: return unit.source.unicodeScalars.last ?? "\0"
                default: return "\0"
                }
            }
        }

        var count: Int { units.count }
        func isText(_ i: Int) -> Bool { kinds[i] == .text }
    }

    static func ranges(_ units: [ProseUnit], splitting: Bool = true) -> [Range<Int>] {
        ranges(LeafUnits(units), splitting: splitting)
    }

    /// The unit ranges of the leaf's sentences, trimmed of spaces, line breaks and line marks,
    /// each with something visible in it.
    static func ranges(_ leaf: LeafUnits, splitting: Bool = true) -> [Range<Int>] {
        let kinds = leaf.kinds, leads = leaf.leads
        var cuts: [Int] = [0]
        if splitting {
            var depth = 0   // link texts open at this unit
            let closed = closedBrackets(leaf)
            var open = 0   // brackets open at this unit that close later in the leaf
            var k = 0
            while k < kinds.count {
                let lead = leads[k]
                switch kinds[k] {
                case .opening:
                    if lead == "[" { depth += 1 }
                case .closing:
                    if lead == "]" { depth = max(0, depth - 1) }
                case .lineBreak:
                    var j = k + 1
                    while j < kinds.count, kinds[j] == .space || kinds[j] == .hidden { j += 1 }
                    if j < kinds.count, kinds[j] == .lineBreak { cuts.append(j) }
                case .text:
                    if let kind = bracket(lead) {
                        if kind > 0 { if closed[k] { open += 1 } } else if open > 0 { open -= 1 }
                    } else if isTerminator(lead), open <= closingBrackets(after: k, in: leaf),
                              let end = boundary(after: k, in: leaf, linkDepth: depth) {
                        cuts.append(end)
                        depth = 0
                        open = 0
                        k = end
                        continue
                    }
                default:
                    break
                }
                k += 1
            }
        }
        cuts.append(kinds.count)
        var ranges: [Range<Int>] = []
        for (lower, upper) in zip(cuts, cuts.dropFirst()) where lower < upper {
            var a = lower, b = upper
            while a < b, isFrame(leaf, a) { a += 1 }
            while b > a, isFrame(leaf, b - 1) { b -= 1 }
            guard kinds[a..<b].contains(where: { $0 == .text || $0 == .code || $0 == .url }) else { continue }
            ranges.append(a..<b)
        }
        return ranges
    }

    /// 1 for an opening bracket, -1 for a closing one, nil for anything else.
    @inline(__always)
    static func bracket(_ c: Unicode.Scalar) -> Int? {
        switch c {
        case "(", "（", "[", "【": return 1
        case ")", "）", "]", "】": return -1
        default: return nil
        }
    }

    /// The index after the stops and closing marks right after `k`, and how many closing
    /// brackets and link ends are among them.
    static func run(after k: Int, in leaf: LeafUnits) -> (end: Int, brackets: Int, linkEnds: Int) {
        var brackets = 0, linkEnds = 0
        var j = k + 1
        while j < leaf.count {
            let lead = leaf.leads[j]
            if leaf.kinds[j] == .closing {
                if lead == "]" { linkEnds += 1 }
                j += 1
            } else if leaf.kinds[j] == .text, isTerminator(lead) || isCloser(lead) {
                if bracket(lead) == -1 { brackets += 1 }
                j += 1
            } else {
                break
            }
        }
        return (j, brackets, linkEnds)
    }

    /// The closing brackets among the stops and closing marks right after `k` (`.)` closes one).
    static func closingBrackets(after k: Int, in leaf: LeafUnits) -> Int {
        run(after: k, in: leaf).brackets
    }

    /// For each unit, whether it is an opening bracket that a closing one matches later in the
    /// leaf: a sentence inside brackets does not end there. One pass with a stack; a bracket
    /// left open (`1)`, a smiley) holds back nothing.
    static func closedBrackets(_ leaf: LeafUnits) -> [Bool] {
        var closed = [Bool](repeating: false, count: leaf.count)
        var stack: [Int] = []
        for index in 0..<leaf.count where leaf.kinds[index] == .text {
            guard let kind = bracket(leaf.leads[index]) else { continue }
            if kind > 0 { stack.append(index) } else if let opening = stack.popLast() { closed[opening] = true }
        }
        return closed
    }

    /// Spaces, line breaks and line marks: never the first or last unit of a sentence.
    static func isFrame(_ leaf: LeafUnits, _ i: Int) -> Bool {
        switch leaf.kinds[i] {
        case .space, .lineBreak: return true
        case .hidden: return leaf.units[i].source != "\\"
        default: return false
        }
    }

    @inline(__always)
    static func isTerminator(_ c: Unicode.Scalar) -> Bool {
        c == "." || c == "!" || c == "?" || c == "。" || c == "！" || c == "？" || c == "…"
    }

    @inline(__always)
    static func isFullwidthTerminator(_ c: Unicode.Scalar) -> Bool {
        c == "。" || c == "！" || c == "？"
    }

    /// What may follow a sentence's last mark and still belong to it.
    static func isCloser(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "\"", "'", ")", "]", "”", "’", "）", "】", "》", "」", "』", "〉", "〕": return true
        default: return false
        }
    }

    /// What may open a sentence before its first word.
    static func isOpener(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "\"", "'", "(", "[", "“", "‘", "（", "【", "《", "「", "『", "〈", "〔", "*", "_": return true
        default: return false
        }
    }

    /// After these a sentence goes on (`“好吗？”，他问`).
    static func isContinuing(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "，", "、", "；", "：", ",", ";", ":": return true
        default: return false
        }
    }

    static func isLatin(_ c: Unicode.Scalar) -> Bool { ScriptClass(c) == .latin }
    static func isCJK(_ c: Unicode.Scalar) -> Bool { ScriptClass(c) == .cjk }
    static func isLetter(_ c: Unicode.Scalar) -> Bool { c.isASCII ? (c.value | 0x20) >= 0x61 && (c.value | 0x20) <= 0x7A : c.properties.isAlphabetic }
    static func isUppercase(_ c: Unicode.Scalar) -> Bool { c.isASCII ? c.value >= 0x41 && c.value <= 0x5A : c.properties.isUppercase }
    static func isLowercase(_ c: Unicode.Scalar) -> Bool { c.isASCII ? c.value >= 0x61 && c.value <= 0x7A : c.properties.isLowercase }
    static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 0x30 && c.value <= 0x39 }

    /// The index just after the sentence that the terminator at `k` ends (its closing marks
    /// taken along), or nil when it ends none.
    static func boundary(after k: Int, in leaf: LeafUnits, linkDepth: Int) -> Int? {
        let mark = leaf.leads[k]
        let (j, _, linkEnds) = run(after: k, in: leaf)
        guard linkDepth - linkEnds <= 0 else { return nil }
        guard j < leaf.count else { return j }
        let before = previousVisible(k, in: leaf)
        let chinese = isFullwidthTerminator(mark)
            || before.map { let c = ScriptClass($0); return c == .cjk || c == .fullwidthPunctuation } ?? false
        let afterKind = leaf.kinds[j], after = leaf.leads[j]
        if chinese {
            switch afterKind {
            case .space, .lineBreak, .hidden:
                return j
            case .text:
                if isContinuing(after) { return nil }
                if mark == ".", isLatin(after) { return nil }   // 在.m文件
                return j
            case .code, .url, .opening, .closing:
                return mark == "." ? nil : j
            }
        }
        switch afterKind {
        case .text:
            return isCJK(after) ? j : nil
        case .code, .url, .opening, .closing:
            return nil
        case .space, .lineBreak, .hidden:
            break
        }
        if mark == ".", isAbbreviation(before: k, in: leaf) { return nil }
        return startsSentence(from: j, in: leaf) ? j : nil
    }

    /// The last visible character before `k` (code and URLs count as Latin), skipping markup.
    static func previousVisible(_ k: Int, in leaf: LeafUnits) -> Unicode.Scalar? {
        var t = k - 1
        while t >= 0 {
            switch leaf.kinds[t] {
            case .text: return leaf.leads[t]
            case .code, .url: return "a"
            case .opening, .closing: t -= 1
            default: return nil
            }
        }
        return nil
    }

    /// Whether what follows `j` (spaces, line marks, opening markup and quotes skipped) can be
    /// the start of a sentence: not a comma-like or closing mark, not Chinese (which goes on
    /// after a Latin stop), not a word in lower case with no capital in it.
    static func startsSentence(from j: Int, in leaf: LeafUnits) -> Bool {
        var m = j
        while m < leaf.count {
            let kind = leaf.kinds[m]
            if kind == .space || kind == .lineBreak || kind == .hidden || kind == .opening
                || (kind == .text && isOpener(leaf.leads[m])) {
                m += 1
            } else {
                break
            }
        }
        guard m < leaf.count, leaf.kinds[m] == .text else { return true }
        let first = leaf.leads[m]
        if isContinuing(first) || isCloser(first) || isCJK(first) { return false }
        guard isLowercase(first) else { return true }
        while m < leaf.count, leaf.kinds[m] == .text, isLatin(leaf.leads[m]) || leaf.leads[m] == "_" {
            if isUppercase(leaf.leads[m]) { return true }
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
    static func isAbbreviation(before k: Int, in leaf: LeafUnits) -> Bool {
        var t = k - 1
        var token = String.UnicodeScalarView()
        while t >= 0, leaf.kinds[t] == .text, isLetter(leaf.leads[t]) || leaf.leads[t] == "." {
            t -= 1
        }
        if t >= 0, leaf.kinds[t] == .text, isDigit(leaf.leads[t]) { return false }
        for i in (t + 1)..<k { token.append(leaf.leads[i]) }
        guard !token.isEmpty else { return false }
        let pieces = token.split(separator: ".", omittingEmptySubsequences: false)
        if pieces.count >= 2 { return pieces.allSatisfy { (1...2).contains($0.count) } }
        if token.count == 1 { return isUppercase(token.first!) }
        return abbreviations.contains(String(token).lowercased())
    }
}
