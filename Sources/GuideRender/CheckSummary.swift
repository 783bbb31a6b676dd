import GuideCheck
import GuideModel

/// What the dashboard shows of a snippet check: its summary line, run-level problems
/// (no clang…), and the results worth a translator's or maintainer's look.
public struct CheckSummary: Sendable {
    public var line: String
    public var problems: [String]
    public var results: [SnippetResult]
    /// Translations whose snippet compiles differently from the source's.
    public var divergences: [(source: SnippetResult, translation: SnippetResult)]

    public init(_ report: CheckReport) {
        // Counts only: the report's own summary has timings and cache hits, which would make
        // two builds of the same book differ.
        let counted = report.counts
        let counts = SnippetOutcome.allCases.compactMap { outcome -> String? in
            let count = counted[outcome] ?? 0
            return count == 0 ? nil : "\(count) \(outcome.rawValue)"
        }
        line = "\(report.results.count) snippets: " + counts.joined(separator: ", ")
        problems = report.problems
        results = report.results
        divergences = report.divergences
        var noteworthy: [String: [SnippetResult]] = [:]
        for index in results.indices where [.fail, .warn, .unexpectedPass, .notChecked].contains(results[index].outcome) {
            noteworthy[results[index].chapterPath, default: []].append(results[index])
        }
        noteworthyByChapter = noteworthy
        divergencesByChapter = Dictionary(grouping: divergences, by: \.translation.chapterPath)
    }

    /// Results that are not simply fine, by chapter path, each chapter's in reading order
    /// (grouped once: the dashboard asks per chapter, and filtering every result for every
    /// chapter grew with the square of the book).
    let noteworthyByChapter: [String: [SnippetResult]]
    /// `divergences` by the translation's chapter path.
    let divergencesByChapter: [String: [(source: SnippetResult, translation: SnippetResult)]]
}
