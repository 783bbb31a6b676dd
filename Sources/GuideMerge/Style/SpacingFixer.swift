import GuideModel

/// Applies the safe typography fixes to a markdown file (`guide fix-spacing`), never inside
/// code, and proves the result parses to the same markdown as before.
public enum SpacingFixer {
    public enum Scope: Sendable {
        /// Missing and extra spaces only.
        case spaces
        /// Also full-width letters and half-width punctuation (not repeated punctuation: it may be meant).
        case all

        func includes(_ finding: TypographyFinding) -> Bool {
            switch self {
            case .spaces: return finding.rule.isSpacing
            case .all: return finding.isSafe
            }
        }
    }

    public struct Result: Sendable {
        public var text: String
        /// The findings fixed, in source order.
        public var fixed: [TypographyFinding]
        /// Lines of blocks left as they were because fixing them would change their markdown.
        public var refusedBlocks: [Int]
    }

    /// The fixed text. `parse` is the markdown parser (cmark), given as a function so this
    /// stays free of the parse stage. Throws when the fixed file would not parse to the same
    /// blocks (kinds, code, links, emphasis), which the per-block check should make impossible.
    public static func fix(_ text: String, scope: Scope = .spaces, parse: (String) -> [Block]) throws -> Result {
        let blocks = parse(text)
        var edits: [TextEdit] = []
        var fixed: [TypographyFinding] = []
        var refused: [Int] = []
        for block in blocks {
            var taken: [TextEdit] = []
            var findings: [TypographyFinding] = []
            for finding in Typography.findings(in: block) where scope.includes(finding) {
                guard !finding.edits.contains(where: { edit in taken.contains { overlaps($0, edit) } }) else { continue }
                taken += finding.edits
                findings.append(finding)
            }
            guard !taken.isEmpty else { continue }
            let before = block.source
            let after = apply(taken, to: before, firstLine: block.lines.start)
            guard shape(parse(before)) == shape(parse(after)) else { refused.append(block.lines.start); continue }
            edits += taken
            fixed += findings
        }
        let result = apply(edits, to: text, firstLine: 1)
        guard shape(parse(result)) == shape(blocks) else {
            throw StructureChanged()
        }
        return Result(text: result, fixed: fixed, refusedBlocks: refused)
    }

    public struct StructureChanged: Error, Sendable {}

    static func overlaps(_ a: TextEdit, _ b: TextEdit) -> Bool {
        guard a.line == b.line else { return false }
        if a.length == 0 && b.length == 0 { return a.column == b.column }
        return a.column < b.column + max(b.length, 1) && b.column < a.column + max(a.length, 1)
    }

    /// The text with the edits made; lines are cut at `\n` only, so `\r\n` endings stay.
    public static func apply(_ edits: [TextEdit], to text: String, firstLine: Int) -> String {
        guard !edits.isEmpty else { return text }
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
        let byLine = Dictionary(grouping: edits, by: \.line)
        for (line, lineEdits) in byLine {
            let index = line - firstLine
            guard lines.indices.contains(index) else { continue }
            var characters = Array(lines[index])
            for edit in lineEdits.sorted(by: { ($0.column, $0.length) > ($1.column, $1.length) }) {
                let start = edit.column - 1
                guard start >= 0, start + edit.length <= characters.count else { continue }
                characters.replaceSubrange(start..<(start + edit.length), with: Array(edit.replacement))
            }
            lines[index] = String(characters)
        }
        return lines.joined(separator: "\n")
    }

    /// What must not change: every block's kind (code included), inline code, links, images, emphasis; recursively.
    /// Not the links' texts: a fix may rightly change the spaces in them.
    struct Shape: Equatable {
        var kind: Block.Kind
        var inline: InlineFeatures
        var items: [[Shape]]
    }

    static func shape(_ blocks: [Block]) -> [Shape] {
        blocks.map { block in
            var inline = block.inline
            inline.labels = inline.labels.map { InlineLabel($0.kind, text: "", destination: $0.destination, line: $0.line) }
            return Shape(kind: block.kind, inline: inline, items: block.items.map(shape))
        }
    }
}
