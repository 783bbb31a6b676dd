import GuideModel

/// A markdown text split into lines, for cutting out a block's source by its line range.
struct SourceLines {
    private let lines: [Substring]

    init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    }

    var count: Int { lines.count }

    /// The range without trailing blank lines (cmark counts them into lists and items).
    func trimmed(_ range: LineRange) -> LineRange {
        var end = min(range.end, lines.count)
        while end > range.start, lines[end - 1].allSatisfy({ $0 == " " || $0 == "\t" }) { end -= 1 }
        return LineRange(start: range.start, end: max(end, range.start))
    }

    func text(of range: LineRange) -> String {
        let start = max(range.start, 1) - 1
        let end = min(range.end, lines.count)
        guard start < end else { return "" }
        return lines[start..<end].joined(separator: "\n")
    }
}
