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

    /// An assumed snippet is counted apart from failures, is no divergence from a translation that
    /// passes, and its badge says what it assumed.
    @Test func assumedSnippetsAreCountedApartAndSayWhatTheyAssumed() {
        var english = SnippetResult(language: Language("en"), chapterPath: "a.md", file: "content/en/a.md", fenceLine: 3,
                                    blockPath: [1], shape: .statements, outcome: .assumed)
        english.assumed = [AssumedName(kind: .variable, name: "error", declaration: "extern id error;"),
                           AssumedName(kind: .method, name: "isPad", declaration: "+ (id)isPad;", receiver: "UIDevice")]
        var chinese = SnippetResult(language: Language("zh"), chapterPath: "a.md", file: "content/zh/a.md", fenceLine: 4,
                                    blockPath: [2], shape: .statements, outcome: .pass)
        chinese.counterpart = english.location
        let failing = SnippetResult(language: Language("en"), chapterPath: "a.md", file: "content/en/a.md", fenceLine: 9,
                                    blockPath: [3], shape: .statements, outcome: .fail)
        let report = CheckReport(results: [english, failing, chinese], problems: [], compiler: nil, sdk: "gnustep",
                                 seconds: 0, compiled: 0, cacheHits: 0)
        #expect(report.countsLine == "3 snippets: 1 pass, 1 assumed, 1 fail")
        #expect(CheckSummary(report).line(in: .en) == report.countsLine)
        // The dashboard's line in Chinese names the outcomes in Chinese (as `guide review --lang zh` ends).
        #expect(CheckSummary(report).line(in: .zh) == "代码片段 3 个：通过 1，需假定名称 1，失败 1")
        #expect(report.divergences.isEmpty)
        #expect(CheckSummary(report).assumed("a.md") == [english])
        #expect(!CheckSummary(report).noteworthy("a.md").contains(english))
        let badge = SnippetBadges(report.results, forMaintainers: true).html(language: Language("en"), chapter: "a.md", block: 1)
        #expect(badge.contains("<span class=\"snippet-verdict\">compiles, assuming</span> <span class=\"snippet-assumed\">"
                               + "<code>error</code>, <code>+[UIDevice isPad]</code></span>"), "\(badge)")
        // Its warnings are told too.
        english.diagnostics = [SnippetDiagnostic(severity: .warning, location: SourceLocation(file: "content/en/a.md", line: 4, column: 2),
                                                 message: "unused function 'f'")]
        let warned = SnippetBadges([english], forMaintainers: true).html(language: Language("en"), chapter: "a.md", block: 1)
        #expect(warned.contains("compiles with warnings, assuming") && warned.contains("line 4:2: unused function"))
        // They are the maintainers' (`guide serve`): a reader's page shows none, or with
        // `output.snippet_badges: failing` only the failing one's note, in the page's language.
        #expect(SnippetBadges(report.results).html(language: Language("en"), chapter: "a.md", block: 1) == "")
        let readers = SnippetBadges(report.results, shown: .failing)
        #expect(readers.html(language: Language("en"), chapter: "a.md", block: 1) == "")
        #expect(readers.html(language: Language("en"), chapter: "a.md", block: 3)
                == "<p class=\"snippet-badge snippet-fail snippet-reader\" lang=\"en\"><span class=\"snippet-verdict\">does not compile</span></p>\n")
    }
}
