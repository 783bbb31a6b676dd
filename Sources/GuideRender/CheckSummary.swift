import Foundation
import GuideCheck
import GuideMerge
import GuideModel

/// What the dashboard shows of a snippet check: its summary line, run-level problems
/// (no clang…), and the results worth a translator's or maintainer's look.
public struct CheckSummary: Sendable {
    /// Each outcome's count, in `SnippetOutcome`'s order, and the total.
    let counts: [(outcome: String, count: Int)]
    let total: Int
    /// Warnings here, on the dashboard as in the terminal: a build never fails on the check
    /// (it shows the snippets not checked), so what stopped the check does not fail it either.
    public var problems: [Diagnostic]

    /// The results grouped for the dashboard's sections, worked out when a section is first
    /// rendered: a rebuild whose sections are all kept does not group a large book's results.
    private let grouping: Grouping

    public init(_ report: CheckReport) {
        // Counts only: the report's own summary has timings and cache hits, which would make
        // two builds of the same book differ. Assumed snippets are counted apart from failures.
        let counted = report.counts
        counts = SnippetOutcome.allCases.map { ($0.rawValue, counted[$0] ?? 0) }
        total = report.results.count
        problems = report.problems.map { $0.gated(false) }
        grouping = Grouping(report)
    }

    /// `231 snippets: 68 pass, …` in `language`, as `guide review` ends.
    public func line(in language: ReviewLanguage) -> String { ReviewMessage.checkCounts(total: total, counts, in: language) }

    /// Results that are not simply fine, of one chapter path (every language), in reading order.
    func noteworthy(_ chapterPath: String) -> [SnippetResult] { grouping.chapter(chapterPath).noteworthy }
    /// Results that compile once names nothing declares are assumed, of one chapter path.
    func assumed(_ chapterPath: String) -> [SnippetResult] { grouping.chapter(chapterPath).assumed }
    /// The translations at one chapter path whose snippet compiles differently from the source's.
    func divergences(_ chapterPath: String) -> [(source: SnippetResult, translation: SnippetResult)] {
        grouping.chapter(chapterPath).divergences
    }

    /// The results by chapter path, each path's grouped when a dashboard section first asks
    /// (a rebuild renders one section; grouping a large book's 60,000 results showed).
    private final class Grouping: Sendable {
        struct Chapter {
            var noteworthy: [SnippetResult]
            var assumed: [SnippetResult]
            var divergences: [(source: SnippetResult, translation: SnippetResult)]
        }

        let report: CheckReport
        /// Each chapter path's runs of results (the check reports chapter by chapter).
        private let runs: [String: [Range<Int>]]
        private let chapters = MemoTable<String, Chapter>()

        init(_ report: CheckReport) {
            self.report = report
            runs = CheckReport.runs(of: report.results) { $0.chapterPath }
        }

        /// The noteworthy outcomes and `CheckReport.divergences` of one path's results.
        func chapter(_ path: String) -> Chapter {
            chapters.value(path) {
                let results = report.results, indices = (runs[path] ?? []).joined()
                return Chapter(
                    noteworthy: indices.map { results[$0] }.filter { [.fail, .warn, .unexpectedPass, .notChecked].contains($0.outcome) },
                    assumed: indices.map { results[$0] }.filter { $0.outcome == .assumed },
                    divergences: CheckReport.divergences(results, among: indices))
            }
        }
    }
}
