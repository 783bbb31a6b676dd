import Foundation
import GuideCheck
import GuideModel

/// The snippet harness's verdict shown under each code block, in every view.
///
/// Results are found by language, chapter and top-level block; a list or quote holding
/// several code blocks shows the least good of them. A chapter's badges are made when first
/// asked for: a rebuild whose pages are kept (keyed by `resultsKey`) makes none.
public struct SnippetBadges: Sendable {
    private let results: [SnippetResult]
    /// Each chapter's runs of results (the check reports them chapter by chapter).
    private let runs: [ChapterKey: [Range<Int>]]
    /// The check's key for each chapter's results (`CheckReport.chapterKeys`).
    private let keys: [String: CacheKey]
    private let made = BadgeMemo()
    /// Whether any result has a badge.
    private let hasBadges: Bool
    /// How the badges name files in what they quote of the check (nil: as it does).
    private let fileNames: SiteFileNames?

    public init(_ results: [SnippetResult], keys: [String: CacheKey] = [:], fileNames: SiteFileNames? = nil) {
        self.results = results
        self.keys = keys
        self.fileNames = fileNames
        runs = CheckReport.runs(of: results) { ChapterKey(language: $0.language, chapter: $0.chapterPath) }
        hasBadges = results.indices.contains { !results[$0].blockPath.isEmpty }
    }

    public var isEmpty: Bool { !hasBadges }

    /// The key the check stored a chapter's results under: it stands for the chapter's badges
    /// (and every other result of it) in page keys. nil when the results were not stored.
    func resultsKey(language: Language, chapter: String) -> CacheKey? {
        keys["\(language.code)/\(chapter)"]
    }

    /// The badge of every top-level block of a chapter ("" for blocks without checked code).
    func badges(language: Language, chapter: String, blocks: Int) -> [String] {
        let known = byBlock(ChapterKey(language: language, chapter: chapter))
        if known.isEmpty { return Array(repeating: "", count: blocks) }
        return (0..<blocks).map { known[$0] ?? "" }
    }

    /// The badge for a top-level block of a chapter, or "" when it holds no checked code.
    func html(language: Language, chapter: String, block: Int) -> String {
        byBlock(ChapterKey(language: language, chapter: chapter))[block] ?? ""
    }

    /// A chapter's badges by block: each top-level block's worst result (the first of equal rank).
    private func byBlock(_ chapter: ChapterKey) -> [Int: String] {
        guard let runs = runs[chapter] else { return [:] }
        return made.badges(chapter) {
            var best: [Int: Int] = [:]
            for index in runs.joined() {
                guard let top = results[index].blockPath.first else { continue }
                if let known = best[top], Self.rank(results[known].outcome) >= Self.rank(results[index].outcome) { continue }
                best[top] = index
            }
            return best.mapValues { badge(results[$0]) }
        }
    }

    fileprivate struct ChapterKey: Hashable {
        var language: Language
        var chapter: String
    }

    private func badge(_ result: SnippetResult) -> String {
        // The symbol (✓, ✗…) comes from the CSS: decoration, not text to read out.
        var label = Self.label(result.outcome)
        let warned = result.diagnostics.contains { !$0.expected && $0.severity == .warning }
        if result.outcome == .assumed, warned { label = "compiles with warnings, assuming" }
        var html = "<p class=\"snippet-badge snippet-\(result.outcome.rawValue)\" lang=\"en\">"
            + "<span class=\"snippet-verdict\">\(label)</span>"
        if result.outcome == .assumed {
            html += " <span class=\"snippet-assumed\">" + Self.assumedList(result.assumed) + "</span>"
            guard warned, let first = result.diagnostics.first(where: { !$0.expected && $0.severity == .warning }) else {
                return html + "</p>\n"
            }
            let position = first.location.map { "\($0.line.map(String.init) ?? "")\($0.column.map { ":\($0)" } ?? "")" } ?? ""
            return html + "; <span class=\"snippet-diagnostic\">line \(HTMLEscape.text(position)): "
                + "\(HTMLEscape.text(named(first.message)))</span></p>\n"
        }
        if let first = result.diagnostics.first(where: { !$0.expected && $0.severity == .error || $0.severity == .warning }) {
            let position = first.location.map { "\($0.line.map(String.init) ?? "")\($0.column.map { ":\($0)" } ?? "")" } ?? ""
            html += " <span class=\"snippet-diagnostic\">line \(HTMLEscape.text(position)): "
                + "\(HTMLEscape.text(named(first.message)))</span>"
        } else if let reason = result.reason, result.outcome != .pass {
            html += " <span class=\"snippet-diagnostic\">\(HTMLEscape.text(named(reason)))</span>"
        }
        return html + "</p>\n"
    }

    /// A message of the check with the files in it named as the site names them.
    private func named(_ text: String) -> String { fileNames?.inText(text) ?? text }

    /// "`error`, `success`": the names an assumed snippet needed (the first eight, then how many more).
    static func assumedList(_ names: [AssumedName]) -> String {
        let shown = names.prefix(8).map { "<code>\(HTMLEscape.text($0.label))</code>" }.joined(separator: ", ")
        return names.count > 8 ? shown + " and \(names.count - 8) more" : shown
    }

    static func label(_ outcome: SnippetOutcome) -> String {
        switch outcome {
        case .pass: return "compiles"
        case .warn: return "compiles with warnings"
        case .assumed: return "compiles, assuming"
        case .fail: return "does not compile"
        case .expected: return "gives the diagnostic the text describes"
        case .unexpectedPass: return "the expected diagnostic is missing"
        case .ignored: return "not compiled"
        case .notChecked: return "not checked"
        }
    }

    /// Worse outcomes rank higher, so a block holding several snippets shows its worst.
    static func rank(_ outcome: SnippetOutcome) -> Int {
        switch outcome {
        case .ignored: return 0
        case .pass: return 1
        case .expected: return 2
        case .assumed: return 3
        case .warn: return 4
        case .notChecked: return 5
        case .unexpectedPass: return 6
        case .fail: return 7
        }
    }
}

/// The badges of the chapters asked for so far (pages ask from every core).
private final class BadgeMemo: Sendable {
    private let badges = Locked<[SnippetBadges.ChapterKey: [Int: String]]>([:])

    func badges(_ chapter: SnippetBadges.ChapterKey, make: () -> [Int: String]) -> [Int: String] {
        if let known = badges.withLock({ $0[chapter] }) { return known }
        let made = make()
        badges.withLock { $0[chapter] = made }
        return made
    }
}
