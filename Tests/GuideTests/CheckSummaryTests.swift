import GuideCheck
import GuideModel
@testable import GuideRender
import Testing

@Suite struct CheckSummaryTests {
    /// The dashboard asks per chapter path; the answers are the report's own, grouped.
    @Test func perChapterGapsAreTheReportsGrouped() {
        func result(_ language: String, _ path: String, line: Int, _ outcome: SnippetOutcome,
                    counterpart: Int? = nil) -> SnippetResult {
            var result = SnippetResult(language: Language(language), chapterPath: path, file: "content/\(language)/\(path)",
                                       fenceLine: line, blockPath: [line], shape: .statements, outcome: outcome)
            result.counterpart = counterpart.map { SourceLocation(file: "content/en/\(path)", line: $0) }
            return result
        }
        let results = [
            result("en", "a.md", line: 3, .pass), result("en", "a.md", line: 9, .fail),
            result("en", "b.md", line: 2, .pass),
            result("zh", "a.md", line: 4, .fail, counterpart: 3), result("zh", "a.md", line: 10, .fail, counterpart: 9),
            result("zh", "b.md", line: 2, .warn, counterpart: 2), result("zh", "b.md", line: 5, .expected, counterpart: 99),
        ]
        let report = CheckReport(results: results, problems: [], compiler: nil, sdk: "linux", seconds: 0, compiled: 0, cacheHits: 0)
        let summary = CheckSummary(report)
        for path in ["a.md", "b.md", "c.md"] {
            let expected = report.divergences.filter { $0.translation.chapterPath == path }
            #expect(summary.divergences(path).map(\.translation) == expected.map(\.translation))
            #expect(summary.divergences(path).map(\.source) == expected.map(\.source))
            #expect(summary.noteworthy(path) == results.filter {
                $0.chapterPath == path && [.fail, .warn, .unexpectedPass, .notChecked].contains($0.outcome)
            })
        }
        // Only the Chinese a.md line 4 compiles differently from its English.
        #expect(summary.divergences("a.md").map(\.translation.fenceLine) == [4])
        #expect(["a.md", "b.md"].flatMap { summary.divergences($0) }.count == report.divergences.count)
        #expect(report.divergences.count == 1)
    }
}
