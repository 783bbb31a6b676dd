import GuideMerge
import GuideModel

/// A chapter's exact bytes cut into units, one per top-level block, for a draft that must give
/// the chapter back byte for byte: `lead` and every unit's `body + tail`, in order, are the text.
///
/// A unit runs from its block's first line to the next block's first line. cmark's start lines
/// are exact, its end lines are not (a setext heading directly followed by a list ends on the
/// list's first line), so only start lines cut.
struct ChapterCut {
    /// What comes before the first unit: a byte order mark and blank lines (the whole text of
    /// a chapter with no blocks).
    var lead: String
    var units: [Unit]
    /// The unit of each block, by block index.
    var unitOfBlock: [Int]

    struct Unit {
        /// From the unit's first line to its last non-blank line, without that line's end: the
        /// block, and link reference definitions after it (cmark keeps no block for those).
        var body: String
        /// The rest, up to the next unit: the last line's end and blank lines (empty at the end
        /// of a file without a final line end).
        var tail: String
        /// nil for the link reference definitions before a chapter's first block.
        var block: Block?
        /// The unit's first line in the chapter, and the first lines of its blocks (one but where
        /// cmark starts a block on the line another ends).
        var line = 0
        var blockLines: [Int] = []
    }

    /// `text` as read from the file (a byte order mark kept); `blocks` parsed from it without the mark.
    init(text: String, blocks: [Block]) {
        let byteOrderMark = text.hasPrefix("\u{FEFF}") ? "\u{FEFF}" : ""
        let lines = RawLines(String(text.dropFirst(byteOrderMark.isEmpty ? 0 : 1)))
        var starts: [Int] = []
        var owners: [Block?] = []
        var blockStarts: [Int] = []
        for block in blocks {
            // Start lines always grow; should one not, the block stays in the unit before it.
            if let last = starts.last, block.lines.start <= last { blockStarts.append(starts.count - 1); continue }
            blockStarts.append(starts.count)
            starts.append(block.lines.start)
            owners.append(block)
        }
        // Lines before the first block that are not blank (link reference definitions) are a unit too.
        let firstBlockLine = starts.first ?? lines.count + 1
        if let firstLine = (1..<firstBlockLine).first(where: { $0 <= lines.count && !lines.isBlank($0) }) {
            starts.insert(firstLine, at: 0)
            owners.insert(nil, at: 0)
            blockStarts = blockStarts.map { $0 + 1 }
        }
        lead = byteOrderMark + lines.text(0..<lines.start(of: starts.first ?? lines.count + 1))
        units = []
        unitOfBlock = blockStarts
        for (index, start) in starts.enumerated() {
            let next = index + 1 < starts.count ? starts[index + 1] : lines.count + 1
            let bodyEnd = lines.lastNonBlank(in: start...max(start, next - 1)).map(lines.contentEnd) ?? lines.start(of: start)
            units.append(Unit(body: lines.text(lines.start(of: start)..<bodyEnd),
                              tail: lines.text(bodyEnd..<lines.start(of: next)),
                              block: owners[index], line: start))
        }
        for (block, unit) in zip(blocks, blockStarts) { units[unit].blockLines.append(block.lines.start) }
    }

    /// The chapter's text again.
    var text: String { lead + units.map { $0.body + $0.tail }.joined() }
}
