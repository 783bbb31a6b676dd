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
        switch block.kind {
        case .list:
            return block.items.flatMap { item in
                item.enumerated().flatMap { index, child in leaves(of: child, firstInItem: index == 0) }
            }
        case .paragraph, .heading, .blockQuote:
            return units(of: block, firstInItem: firstInItem).map { [$0] } ?? []
        default:
            return []
        }
    }

    /// The units of one paragraph, heading or block quote; nil when the scan does not match cmark's text.
    public static func units(of block: Block, firstInItem: Bool = false) -> [ProseUnit]? {
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
        return matches(units, text: block.text) ? units : nil
    }

    /// The scan agrees with cmark when the visible characters are the same, ignoring
    /// whitespace and the characters whose role (markup or literal) only cmark can tell.
    static func matches(_ units: [ProseUnit], text: String) -> Bool {
        if let scanned = visibleScalars(units), let cmark = SingleScalarText.scalars(text) {
            return comparisonKey(scanned) == comparisonKey(cmark)
        }
        return comparisonKey(units.lazy.flatMap(\.visible)) == comparisonKey(text)
    }

    static func comparisonKey<S: Sequence>(_ characters: S) -> [S.Element] where S.Element: ProseCharacter {
        characters.filter { !$0.isWhitespace && !$0.isOne(of: ignoredInComparison) }
    }

    static let ignoredInComparison = "*_[]\\`!"

    /// The scalars of the units' `visible` text, when every one is `SingleScalarText`
    /// (then they compare as the characters would).
    static func visibleScalars(_ units: [ProseUnit]) -> [Unicode.Scalar]? {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(units.count)
        for unit in units {
            switch unit.kind {
            case .text:
                scalars.append(contentsOf: unit.character.unicodeScalars)
            case .code, .url:
                scalars.append(contentsOf: unit.visible.unicodeScalars)
            case .space, .lineBreak:
                scalars.append(" ")
            case .opening, .closing, .hidden:
                break
            }
        }
        return scalars.allSatisfy(SingleScalarText.qualifies) ? scalars : nil
    }

    static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©",
        "mdash": "—", "ndash": "–", "hellip": "…", "ldquo": "“", "rdquo": "”", "lsquo": "‘", "rsquo": "’",
    ]
}
