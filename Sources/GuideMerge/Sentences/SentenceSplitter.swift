import GuideModel

/// Cuts blocks into sentences: a pure function of each block's markdown source.
///
/// The prose leaves are those of `ProseScanner` (a paragraph, a heading, a block quote, each
/// paragraph of a list item); a sentence never runs from one leaf into another, so a heading
/// and a list item are units of their own. A heading is one sentence whatever it holds. Where
/// the scan of a leaf does not match cmark's text (markdown the scan misreads), the leaf is
/// one sentence rather than cut wrongly. Code blocks, HTML and rules have no sentences.
public enum SentenceSplitter {
    /// The sentences of consecutive blocks, in order; `glossary`: find its terms in each;
    /// `visible`: count what a reader sees of each (`Sentence.visible`).
    /// `scanned`: each block's leaves as scanned already (`BeadProse`), else they are scanned here.
    public static func sentences<Blocks: Sequence>(of blocks: Blocks, glossary: SentenceGlossary.Side? = nil,
                                                   visible: Bool = false, scanned: [[ProseScanner.Leaf]]? = nil) -> [Sentence]
    where Blocks.Element == Block {
        var out: [Sentence] = []
        var leaf = 0
        for (offset, block) in blocks.enumerated() {
            var feed = scanned.map { LeafFeed(leaves: $0[offset]) }
            append(block, firstInItem: false, glossary: glossary, visible: visible, to: &out, leaf: &leaf, feed: &feed)
        }
        return out
    }

    public static func sentences(of block: Block, glossary: SentenceGlossary.Side? = nil, visible: Bool = false,
                                 scanned: [ProseScanner.Leaf]? = nil) -> [Sentence] {
        var out: [Sentence] = []
        var leaf = 0
        var feed = scanned.map { LeafFeed(leaves: $0) }
        append(block, firstInItem: false, glossary: glossary, visible: visible, to: &out, leaf: &leaf, feed: &feed)
        return out
    }

    /// What the length model reads of a paragraph that holds at most one sentence by its stops
    /// (`SentenceReview.mostSentences`), measured without cutting it: the latin and CJK counts
    /// `sentence` would give its one sentence, and how many sentences it holds (0 when nothing
    /// in it is visible). Nil for anything else, or when it might still hold two (an ellipsis,
    /// or two line breaks with nothing between): cut it then.
    public static func oneSentence(of block: Block, scanned: ProseScanner.Leaf? = nil) -> (latin: Int, cjk: Int, sentences: Int)? {
        guard case .paragraph = block.kind else { return nil }
        var first: UInt8 = 0, second: UInt8 = 0
        for byte in block.text.utf8 {
            if first == 0xE2, second == 0x80, byte == 0xA6 { return nil }   // …
            first = second
            second = byte
        }
        let units = scanned?.units ?? ProseScanner.scannedUnits(of: block)
        var latin = 0, cjk = 0, visible = false, afterBreak = false
        for unit in units {
            switch unit.kind {
            case .text:
                visible = true
                switch ScriptClass(unit.lead) {
                case .latin: latin += 1
                case .cjk: cjk += 1
                default: break
                }
            case .code:
                visible = true
                latin += unit.source.unicodeScalars.count { $0 != "`" }
            case .url:
                visible = true
                latin += unit.source.utf8.count
            case .lineBreak:
                if afterBreak { return nil }
                afterBreak = true
                continue
            case .space, .hidden:
                continue
            case .opening, .closing:
                break
            }
            afterBreak = false
        }
        return (latin, cjk, visible ? 1 : 0)
    }

    /// A block's scanned leaves, handed out in the order `append` reaches them.
    struct LeafFeed {
        let leaves: [ProseScanner.Leaf]
        var next = 0

        mutating func take() -> ProseScanner.Leaf? {
            guard next < leaves.count else { return nil }
            defer { next += 1 }
            return leaves[next]
        }
    }

    static func append(_ block: Block, firstInItem: Bool, glossary: SentenceGlossary.Side?, visible: Bool,
                       to out: inout [Sentence], leaf: inout Int, feed: inout LeafFeed?) {
        switch block.kind {
        case .list:
            for item in block.items {
                for (index, child) in item.enumerated() {
                    append(child, firstInItem: index == 0, glossary: glossary, visible: visible, to: &out, leaf: &leaf, feed: &feed)
                }
            }
        case .paragraph, .heading, .blockQuote:
            let scanned = feed?.take()
            let units = scanned?.units ?? ProseScanner.scannedUnits(of: block, firstInItem: firstInItem)
            let isHeading = block.headingLevel != nil
            let cut = !isHeading && (scanned?.matches ?? ProseScanner.matches(units, text: block.text))
            let leafUnits = SentenceBoundaries.LeafUnits(units)
            let first = out.count
            let ranges = SentenceBoundaries.ranges(leafUnits, splitting: cut)
            for range in ranges {
                var next = sentence(leafUnits, range, block: block)
                next.leaf = leaf
                out.append(next)
            }
            if let glossary, !ranges.isEmpty {
                // Each term goes to the sentence it starts in: the last whose first unit is not after it.
                // An English leaf's terms may be found already (`BeadProse.findTerms`).
                let found = glossary.isSource ? scanned?.terms?.map { ($0.term, $0.position) } : nil
                for (term, position) in found ?? glossary.occurrences(in: ProseText([units])) {
                    var index = ranges.count - 1
                    while index > 0, units[ranges[index].lowerBound].start > position { index -= 1 }
                    if !out[first + index].features.terms.contains(term) { out[first + index].features.terms.append(term) }
                }
                for index in first..<out.count { out[index].features.terms.sort() }
            }
            if visible, !ranges.isEmpty {
                let counts = visibleCounts(units, ranges, text: block.text)
                for (index, count) in zip(first..<out.count, counts) { out[index].visible = count }
            }
            leaf += 1
        default:
            break
        }
    }

    /// The sentence of the units in `range`: its features, and its text as in the source, made
    /// only when something reads it (`SentenceText`: most sentences are weighed and never quoted).
    static func sentence(_ leaf: SentenceBoundaries.LeafUnits, _ range: Range<Int>, block: Block) -> Sentence {
        let units = leaf.units, kinds = leaf.kinds, leads = leaf.leads
        var features = SentenceFeatures()
        var tokens = TokenCollector()
        var last: Unicode.Scalar = " "
        var mayHoldNote = false
        for index in range {
            let lead = leads[index]
            switch kinds[index] {
            case .lineBreak, .space:
                tokens.endWord()
            case .hidden:
                mayHoldNote = mayHoldNote || Sentence.holdsYi(units[index].source)
            case .text:
                if lead == "译" { mayHoldNote = true }
                switch ScriptClass(lead) {
                case .latin:
                    features.latin += 1
                    tokens.add(lead)
                case .cjk:
                    features.cjk += 1
                    tokens.endWord()
                default:
                    if lead == "_" { tokens.add(lead) } else { tokens.endWord() }
                }
                last = lead
            case .code:
                let unit = units[index]
                mayHoldNote = mayHoldNote || Sentence.holdsYi(unit.source)
                tokens.endWord()
                for scalar in unit.source.unicodeScalars {
                    if scalar == "`" {
                        tokens.endWord(kept: true)
                        continue
                    }
                    features.latin += 1
                    if scalar == "_" || ScriptClass(scalar) == .latin { tokens.add(scalar) } else { tokens.endWord(kept: true) }
                }
                tokens.endWord(kept: true)
                last = "`"
            case .url:
                let unit = units[index]
                mayHoldNote = mayHoldNote || Sentence.holdsYi(unit.source)
                features.latin += unit.source.utf8.count
                tokens.endWord()
                tokens.insert(SentenceToken(unit.visible.lowercased()), kept: true)
                last = "/"
            case .opening, .closing:
                let unit = units[index]
                mayHoldNote = mayHoldNote || Sentence.holdsYi(unit.source)
                if kinds[index] == .closing, lead == "]", unit.source.hasPrefix("]("), unit.source.utf8.count > 3 {
                    tokens.endWord()
                    tokens.insert(SentenceToken(String(unit.source.dropFirst(2).dropLast()).lowercased()), kept: true)
                }
            }
        }
        tokens.endWord()
        features.tokens = tokens.tokens
        features.kept = tokens.kept
        features.ending = ending(last)
        features.isAside = isAside(leaf, range)
        return Sentence(SentenceText(leaf: leaf, range: range, block: block), start: units[range.lowerBound].start,
                        features: features, mayHoldNote: mayHoldNote)
    }

    /// What a reader sees of each sentence of a leaf (`Sentence.visible`), counted against
    /// cmark's text of the leaf (`text`: its text nodes, code and breaks, which is what its
    /// HTML shows, an image's as its alt text): a leaf of one sentence has all of it. The
    /// sentences of a leaf cut in several are counted by walking the units along that text: a
    /// character the scan calls prose or code must come next in it; one the scan calls markup
    /// counts only where cmark kept it as text (`*`, `_`, `[`… whose role only cmark knows). nil
    /// for each when the walk and the text part ways.
    static func visibleCounts(_ units: [ProseUnit], _ ranges: [Range<Int>], text: String) -> [Int?] {
        guard ranges.count > 1 else { return [Sentence.visibleCount(text)] }
        return text.withUTF8Bytes { visibleCounts(units, ranges, bytes: $0) }
    }

    /// The same over cmark's text as UTF-8 (a `String`'s, so valid): each scalar decoded in
    /// place (the string's scalar iterator was half of this walk).
    static func visibleCounts(_ units: [ProseUnit], _ ranges: [Range<Int>], bytes: UnsafeBufferPointer<UInt8>) -> [Int?] {
        // cmark's text read as it comes, blanks skipped: `upcoming` is the next scalar to match.
        var position = 0
        func following() -> Unicode.Scalar? {
            while position < bytes.count {
                let (scalar, length) = bytes.scalar(at: position)
                position += length
                if !Sentence.isBlank(scalar) { return scalar }
            }
            return nil
        }
        var upcoming = following()
        var counts = [Int](repeating: 0, count: ranges.count)
        var sentence = 0
        func owner(_ unit: Int) -> Int? {
            while sentence < ranges.count, ranges[sentence].upperBound <= unit { sentence += 1 }
            return sentence < ranges.count && ranges[sentence].contains(unit) ? sentence : nil
        }
        // By index, reading fields in place (`for unit in` copied each unit, its payload retained).
        for index in units.indices {
            let at = owner(index)
            func take(_ scalar: Unicode.Scalar, required: Bool) -> Bool {
                guard !Sentence.isBlank(scalar) else { return true }
                if let expected = upcoming, expected == scalar {
                    upcoming = following()
                    if let at { counts[at] += 1 }
                    return true
                }
                // The scan took markup for prose (cmark dropped it), or cmark dropped markup.
                return !required || scalar.isOne(of: .ignoredInComparison)
            }
            switch units[index].kind {
            case .text:
                if units[index].leadIsWhole {
                    if !take(units[index].lead, required: true) { return ranges.map { _ in nil } }
                } else {
                    for scalar in units[index].character.unicodeScalars where !take(scalar, required: true) {
                        return ranges.map { _ in nil }
                    }
                }
            case .code:
                for scalar in codeScalars(units[index].source) where !take(scalar, required: true) { return ranges.map { _ in nil } }
            case .url:
                let source = units[index].source
                let inner = source.hasPrefix("<") && source.hasSuffix(">") ? source.dropFirst().dropLast() : Substring(source)
                for scalar in inner.unicodeScalars where !take(scalar, required: true) { return ranges.map { _ in nil } }
            case .opening, .closing, .hidden:
                for scalar in units[index].source.unicodeScalars where scalar.isOne(of: .ignoredInComparison) {
                    _ = take(scalar, required: false)
                }
            case .space, .lineBreak:
                break
            }
        }
        return upcoming == nil ? counts : ranges.map { _ in nil }
    }

    /// The scalars a code span shows: not its backticks, nor, where it runs over lines, the
    /// indentation and quote marks that start the next line (as `appendSpan` drops them).
    static func codeScalars(_ source: String) -> [Unicode.Scalar] {
        let scalars = Array(source.unicodeScalars)
        var start = 0, end = scalars.count
        while start < end, scalars[start] == "`" { start += 1 }
        while end > start, scalars[end - 1] == "`" { end -= 1 }
        var out: [Unicode.Scalar] = [], inBreak = false
        for scalar in scalars[start..<end] {
            if scalar == "\n" { inBreak = true; continue }
            if inBreak {
                if scalar == " " || scalar == "\t" || scalar == ">" { continue }
                inBreak = false
            }
            out.append(scalar)
        }
        return out
    }

    /// A sentence wholly in brackets: `(…)`, `（…）`, `[…]` or `【…】`, closed at its end.
    static func isAside(_ leaf: SentenceBoundaries.LeafUnits, _ range: Range<Int>) -> Bool {
        let isVisible = { (index: Int) in leaf.kinds[index] == .text || leaf.kinds[index] == .code || leaf.kinds[index] == .url }
        guard let first = range.first(where: isVisible), let last = range.last(where: isVisible),
              leaf.kinds[first] == .text, leaf.kinds[last] == .text,
              SentenceBoundaries.bracket(leaf.leads[first]) == 1, SentenceBoundaries.bracket(leaf.leads[last]) == -1 else { return false }
        // The opening bracket must be the one the last closes: count the depth across the sentence.
        var depth = 0
        for index in first...last where leaf.kinds[index] == .text {
            guard let kind = SentenceBoundaries.bracket(leaf.leads[index]) else { continue }
            depth += kind
            if depth == 0, index != last { return false }
        }
        return depth == 0
    }

    static func ending(_ c: Unicode.Scalar) -> SentenceFeatures.Ending {
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
        var tokens: [SentenceToken] = []
        var kept: [SentenceToken] = []
        var seen: Set<SentenceToken> = []
        /// The word so far, lower-cased, as UTF-8.
        var word: [UInt8] = []
        var wordScalars = 0

        @inline(__always)
        mutating func add(_ c: Unicode.Scalar) {
            wordScalars += 1
            if c.isASCII {
                let byte = UInt8(c.value)
                word.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            } else {
                word += String(c).lowercased().utf8
            }
        }

        mutating func endWord(kept isKept: Bool = false) {
            guard !word.isEmpty else { return }
            defer { word.removeAll(keepingCapacity: true); wordScalars = 0 }
            let token: (hash: UInt64, isNumber: Bool)? = word.withUnsafeBufferPointer { word in
                var start = 0, end = word.count, scalars = wordScalars
                while start < end, word[start] == 0x5F { start += 1; scalars -= 1 }
                while end > start, word[end - 1] == 0x5F { end -= 1; scalars -= 1 }
                guard start < end else { return nil }
                var isNumber = true
                for byte in word[start..<end] where byte < 0x30 || byte > 0x39 { isNumber = false; break }
                guard scalars >= 2 || isNumber else { return nil }
                // A plural's `s` dropped (both sides alike): `protocols` in English, `protocol` kept in Chinese.
                if scalars > 3, word[end - 1] == 0x73, word[end - 2] != 0x73 { end -= 1 }
                var hash = SentenceToken.basis
                for byte in word[start..<end] { hash = SentenceToken.mix(hash, byte) }
                return (hash, isNumber)
            }
            guard let token else { return }
            insert(SentenceToken(value: token.hash), kept: isKept || token.isNumber)
        }

        mutating func insert(_ token: SentenceToken, kept isKept: Bool) {
            // Most sentences have a few tokens: looked for in the list; a set only past `listed`.
            if tokens.count < Self.listed {
                if !tokens.contains(token) { tokens.append(token) }
            } else {
                if seen.isEmpty { seen = Set(tokens) }
                if seen.insert(token).inserted { tokens.append(token) }
            }
            if isKept, !kept.contains(token) { kept.append(token) }
        }

        static let listed = 24
    }
}
