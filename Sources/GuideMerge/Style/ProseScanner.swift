import GuideModel

/// Cuts a block's markdown source into `ProseUnit`s: prose characters with their file
/// positions, and the spans the style checks must skip (code spans, URLs, link targets,
/// HTML, line prefixes).
///
/// cmark remains the parser: the scan only locates, in the source, what cmark already
/// decided. Each scanned block is checked against cmark's own text of it (`Block.text`):
/// when the visible characters differ, the scan misread the markdown and the block is
/// skipped (`nil`) rather than checked wrongly.
public enum ProseScanner {
    /// The prose leaves of a block (paragraphs, headings, quotes; list items one by one),
    /// each as its units. Code blocks, HTML and rules have none. Leaves the scan could not
    /// match with cmark's text are left out.
    public static func leaves(of block: Block) -> [[ProseUnit]] {
        leaves(of: block, firstInItem: false)
    }

    static func leaves(of block: Block, firstInItem: Bool) -> [[ProseUnit]] {
        var leaves: [[ProseUnit]] = []
        forEachLeaf(of: block, firstInItem: firstInItem) { leaves.append($0) }
        return leaves
    }

    /// The leaves one at a time, for a caller that needs one at a time: a list of a million
    /// items, or a paragraph of ten million characters, is never held as units all at once.
    public static func forEachLeaf(of block: Block, _ body: ([ProseUnit]) -> Void) {
        forEachLeaf(of: block, firstInItem: false, body)
    }

    static func forEachLeaf(of block: Block, firstInItem: Bool, _ body: ([ProseUnit]) -> Void) {
        switch block.kind {
        case .list:
            for item in block.items {
                for (index, child) in item.enumerated() { forEachLeaf(of: child, firstInItem: index == 0, body) }
            }
        case .paragraph, .heading, .blockQuote:
            if let units = units(of: block, firstInItem: firstInItem) { body(units) }
        default:
            break
        }
    }

    /// One prose leaf as scanned: its units, and whether they match cmark's text (`matches`).
    public struct Leaf: Sendable {
        public var units: [ProseUnit]
        public var matches: Bool
        /// The glossary's English terms in the leaf, once searched (`BeadProse.findTerms`): the
        /// style review and the sentence cutter both read them.
        public var terms: [GlossaryMatcher.Occurrence]?
    }

    /// Every prose leaf of a block, in `forEachLeaf`'s order, whether or not it matches cmark's
    /// text: what a bead's checks share (`BeadProse`) instead of scanning the block each.
    public static func scannedLeaves(of block: Block) -> [Leaf] {
        var leaves: [Leaf] = []
        func walk(_ block: Block, firstInItem: Bool) {
            switch block.kind {
            case .list:
                for item in block.items {
                    for (index, child) in item.enumerated() { walk(child, firstInItem: index == 0) }
                }
            case .paragraph, .heading, .blockQuote:
                let units = scannedUnits(of: block, firstInItem: firstInItem)
                leaves.append(Leaf(units: units, matches: matches(units, text: block.text), terms: nil))
            default:
                break
            }
        }
        walk(block, firstInItem: false)
        return leaves
    }

    /// The units of one paragraph, heading or block quote; nil when the scan does not match cmark's text.
    public static func units(of block: Block, firstInItem: Bool = false) -> [ProseUnit]? {
        let units = scannedUnits(of: block, firstInItem: firstInItem)
        return matches(units, text: block.text) ? units : nil
    }

    /// The units of one paragraph, heading or block quote, whether or not they match cmark's
    /// text: they always cover the block's source, one unit after another (what the sentence
    /// splitter needs to give every sentence back whole; it cuts only a leaf that matches).
    static func scannedUnits(of block: Block, firstInItem: Bool = false) -> [ProseUnit] {
        let units: [ProseUnit]
        if let scalars = SingleScalarText.scalars(block.source) {
            // No carriage returns in such text: lines end at `\n`.
            let lines = scalars[...].split(separator: "\n", omittingEmptySubsequences: false)
            var scan = ProseScan(lines: lines, block: block, firstInItem: firstInItem)
            units = scan.scan()
        } else {
            let lines = Array(block.source).split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            var scan = ProseScan(lines: lines, block: block, firstInItem: firstInItem)
            units = scan.scan()
        }
        return units
    }

    /// The scan agrees with cmark when the visible characters are the same, ignoring
    /// whitespace and the characters whose role (markup or literal) only cmark can tell.
    static func matches(_ units: [ProseUnit], text: String) -> Bool {
        if let same = scalarsMatch(units, text: text) { return same }
        return comparisonKey(units.lazy.flatMap(\.visible)) == comparisonKey(text)
    }

    static func comparisonKey<S: Sequence>(_ characters: S) -> [S.Element] where S.Element: ProseCharacter {
        characters.filter { !$0.isWhitespace && !$0.isOne(of: .ignoredInComparison) }
    }

    /// `matches` by scalars, when both sides are `SingleScalarText` (nil otherwise): the
    /// units' visible scalars, then cmark's, compared as they come.
    static func scalarsMatch(_ units: [ProseUnit], text: String) -> Bool? {
        var key: [Unicode.Scalar] = []
        key.reserveCapacity(units.count)
        func add<S: Sequence>(_ scalars: S) -> Bool where S.Element == Unicode.Scalar {
            for scalar in scalars {
                guard SingleScalarText.qualifies(scalar) else { return false }
                if isCompared(scalar) { key.append(scalar) }
            }
            return true
        }
        // By index, fields read in place (`for unit in` copied each unit, its payload retained).
        for index in units.indices {
            switch units[index].kind {
            case .text where units[index].leadIsWhole:
                let scalar = units[index].lead   // nearly every unit: one scalar, compared here
                guard SingleScalarText.qualifies(scalar) else { return nil }
                if isCompared(scalar) { key.append(scalar) }
            case .text:
                guard add(units[index].character.unicodeScalars) else { return nil }
            case .code:
                let scalars = units[index].source.unicodeScalars
                // `visible` drops the span's backticks; every backtick is compared away anyway.
                guard add(scalars) else { return nil }
            case .url:
                let scalars = units[index].source.unicodeScalars
                let bracketed = scalars.first == "<" && scalars.last == ">"
                guard add(bracketed ? scalars.dropFirst().dropLast() : scalars[...]) else { return nil }
            case .space, .lineBreak, .opening, .closing, .hidden:
                break   // nothing visible but a space, which is not compared
            }
        }
        var next = 0, same = true
        for scalar in text.unicodeScalars {
            guard SingleScalarText.qualifies(scalar) else { return nil }
            guard same, isCompared(scalar) else { continue }
            same = next < key.count && key[next] == scalar
            next += 1
        }
        return same && next == key.count
    }

    @inline(__always)
    static func isCompared(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.isWhitespace && !scalar.isOne(of: .ignoredInComparison)
    }

    static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©",
        "mdash": "—", "ndash": "–", "hellip": "…", "ldquo": "“", "rdquo": "”", "lsquo": "‘", "rsquo": "’",
    ]
}
