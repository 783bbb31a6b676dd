import GuideModel
import GuideParse

extension FuzzTarget {
    /// SUMMARY.md: a table of contents or an error; every entry on a line of the file.
    static let summary = FuzzTarget(
        name: "summary", summary: "SummaryParser.parse (SUMMARY.md: nested lists of links)",
        seedSuffixes: ["SUMMARY.md"]
    ) { bytes in
        guard let text = text(bytes) else { return }
        guard let toc = try? SummaryParser.parse(text, displayPath: "SUMMARY.md") else { return }
        let lines = lineCount(text)
        func check(_ entries: [TocEntry]) {
            for entry in entries {
                require(entry.line >= 1 && entry.line <= lines, "entry '\(entry.title)' at line \(entry.line) of \(lines)")
                check(entry.children)
            }
        }
        check(toc)
    }
}
