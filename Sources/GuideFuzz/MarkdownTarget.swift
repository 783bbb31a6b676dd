import GuideModel
import GuideParse

extension FuzzTarget {
    /// The cmark wrapper and block model: blocks in order, inside the text, nested items inside their block.
    static let markdown = FuzzTarget(
        name: "markdown", summary: "MarkdownParser.parse (cmark wrapper, block model), raw HTML off and on",
        seedSuffixes: [".md"]
    ) { bytes in
        guard let text = text(bytes) else { return }
        let lines = lineCount(text)
        for rawHTML in [false, true] {
            let blocks = MarkdownParser(options: .init(rawHTML: rawHTML)).parse(text)
            checkBlocks(blocks, within: 1...max(lines, 1))
        }
    }

    static func checkBlocks(_ blocks: [Block], within bounds: ClosedRange<Int>) {
        var previousEnd = bounds.lowerBound - 1
        var previous = "start"
        for block in blocks {
            require(block.lines.start > previousEnd,
                    "\(block.kind.name) at \(block.lines.start)–\(block.lines.end) overlaps the \(previous) ending at \(previousEnd)")
            previous = "\(block.kind.name) at \(block.lines.start)–\(block.lines.end)"
            require(block.lines.start <= block.lines.end, "block \(block.lines.start)–\(block.lines.end) ends before it starts")
            require(block.lines.end <= bounds.upperBound, "block ends at \(block.lines.end), past line \(bounds.upperBound)")
            previousEnd = block.lines.end
            for item in block.items {
                checkBlocks(item, within: block.lines.start...block.lines.end)
            }
        }
    }
}
