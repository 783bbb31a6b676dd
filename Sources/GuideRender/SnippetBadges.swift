import Foundation
import GuideCheck
import GuideModel

/// What the pages show of the snippet harness's verdicts under each code block.
///
/// The verdicts (with clang's first diagnostic, its markdown line, the names the check
/// assumed, `GuideContext` and the like) are the maintainers' tools: a published page shows
/// none of them, or with `output.snippet_badges: failing` a small badge in the page's language
/// under a snippet that does not compile (`shown`). `guide serve` adds every verdict, hidden
/// until its toggle shows them (`forMaintainers`; the class `snippet-maintainer`). The
/// dashboard lists the verdicts from the check's summary, not from here.
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
    /// The badges of the chapters asked for so far (pages ask from every core).
    private let made = MemoTable<ChapterKey, [Int: String]>()
    /// Whether any result has a badge.
    private let hasBadges: Bool
    /// How the badges name files in what they quote of the check (nil: as it does).
    private let fileNames: SiteFileNames?
    /// What a reader sees (`output.snippet_badges`).
    public let shown: SnippetBadgeMode
    /// Every verdict besides, hidden until `guide serve`'s toggle shows it.
    public let forMaintainers: Bool

    /// `results` are dropped when nothing of them shows (a reader's site by default): the
    /// pages are then those of a build without the check.
    public init(_ results: [SnippetResult], keys: [String: CacheKey] = [:], fileNames: SiteFileNames? = nil,
                shown: SnippetBadgeMode = .none, forMaintainers: Bool = false) {
        let showsAny = forMaintainers || shown != .none
        let kept = showsAny ? results : []
        self.results = kept
        self.keys = showsAny ? keys : [:]
        self.fileNames = fileNames
        self.shown = shown
        self.forMaintainers = forMaintainers
        runs = CheckReport.runs(of: kept) { ChapterKey(language: $0.language, chapter: $0.chapterPath) }
        hasBadges = kept.contains { !$0.blockPath.isEmpty }
    }

    public var isEmpty: Bool { !hasBadges }

    /// The key the check stored a chapter's results under: it stands for the chapter's badges
    /// (and every other result of it) in page keys. nil when the results were not stored.
    /// The mode is part of it: a page kept from a build that showed other badges is not this one.
    func resultsKey(language: Language, chapter: String) -> CacheKey? {
        guard let key = keys["\(language.code)/\(chapter)"] else { return nil }
        let digest = Digest()
        digest.updateCounted("snippet badges \(shown.rawValue) \(forMaintainers)")
        digest.update(key.bytes)
        return digest.finalize().withUnsafeBytes { CacheKey($0, at: 0) }
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
        return made.value(chapter) {
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

    /// What a block shows: the reader's badge, then the maintainers' verdict.
    private func badge(_ result: SnippetResult) -> String {
        var html = ""
        if shown == .failing, result.outcome == .fail { html += Self.readerBadge(result.language) }
        if forMaintainers { html += verdict(result) }
        return html
    }

    /// The discreet badge of `output.snippet_badges: failing`: in the page's language, nothing
    /// of the check's own (no diagnostic, line or assumed name).
    static func readerBadge(_ language: Language) -> String {
        let (lang, label) = language.code == "zh" ? (language.htmlLang, "无法编译") : ("en", "does not compile")
        return "<p class=\"snippet-badge snippet-fail snippet-reader\" lang=\"\(HTMLEscape.text(lang))\">"
            + "<span class=\"snippet-verdict\">\(label)</span></p>\n"
    }

    /// The check's verdict as a maintainer reads it (`guide serve`, behind its toggle).
    private func verdict(_ result: SnippetResult) -> String {
        // The symbol (✓, ✗…) comes from the CSS: decoration, not text to read out.
        var label = Self.label(result.outcome)
        let warned = result.diagnostics.contains { !$0.expected && $0.severity == .warning }
        if result.outcome == .assumed, warned { label = "compiles with warnings, assuming" }
        var html = "<p class=\"snippet-badge snippet-maintainer snippet-\(result.outcome.rawValue)\" lang=\"en\">"
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
        case .intended: return "shows its own #warning or #error"
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
        case .expected, .intended: return 2
        case .assumed: return 3
        case .warn: return 4
        case .notChecked: return 5
        case .unexpectedPass: return 6
        case .fail: return 7
        }
    }
}
