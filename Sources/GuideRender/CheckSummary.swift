import Foundation
import GuideCheck
import GuideModel

/// What the dashboard shows of a snippet check: its summary line, run-level problems
/// (no clang…), and the results worth a translator's or maintainer's look.
public struct CheckSummary: Sendable {
    public var line: String
    public var problems: [String]
    public var results: [SnippetResult] { grouping.report.results }
    /// Translations whose snippet compiles differently from the source's.
    public var divergences: [(source: SnippetResult, translation: SnippetResult)] { grouping.groups.divergences }

    /// The results grouped for the dashboard's sections, worked out when a section is first
    /// rendered: a rebuild whose sections are all kept does not group a large book's results.
    private let grouping: Grouping

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
        grouping = Grouping(report)
    }

    /// Results that are not simply fine, by chapter path, each chapter's in reading order
    /// (grouped once: the dashboard asks per chapter, and filtering every result for every
    /// chapter grew with the square of the book).
    var noteworthyByChapter: [String: [SnippetResult]] { grouping.groups.noteworthy }
    /// `divergences` by the translation's chapter path.
    var divergencesByChapter: [String: [(source: SnippetResult, translation: SnippetResult)]] {
        grouping.groups.divergencesByChapter
    }

    private final class Grouping: @unchecked Sendable {
        struct Groups {
            var divergences: [(source: SnippetResult, translation: SnippetResult)]
            var noteworthy: [String: [SnippetResult]]
            var divergencesByChapter: [String: [(source: SnippetResult, translation: SnippetResult)]]
        }

        let report: CheckReport
        private let lock = NSLock()
        private var made: Groups?

        init(_ report: CheckReport) {
            self.report = report
        }

        var groups: Groups {
            lock.lock()
            defer { lock.unlock() }
            if let made { return made }
            let results = report.results
            let divergences = report.divergences
            var noteworthy: [String: [SnippetResult]] = [:]
            for index in results.indices where [.fail, .warn, .unexpectedPass, .notChecked].contains(results[index].outcome) {
                noteworthy[results[index].chapterPath, default: []].append(results[index])
            }
            let groups = Groups(divergences: divergences, noteworthy: noteworthy,
                                divergencesByChapter: Dictionary(grouping: divergences, by: \.translation.chapterPath))
            made = groups
            return groups
        }
    }
}
