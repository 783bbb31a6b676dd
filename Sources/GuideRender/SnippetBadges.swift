import GuideCheck
import GuideModel

/// The snippet harness's verdict shown under each code block, in every view.
///
/// Results are found by language, chapter and top-level block; a list or quote holding
/// several code blocks shows the least good of them.
public struct SnippetBadges: Sendable {
    /// Whether any result has a badge.
    private var hasBadges = false

    public init(_ results: [SnippetResult]) {
        // The check reports results chapter by chapter: runs of one chapter's results are
        // handled on every core, by index (the results are large values; copying or hashing
        // 60,000 of them into one dictionary showed in every build of a large book).
        var runs: [(key: ChapterKey, range: Range<Int>)] = []
        var start = 0
        for index in results.indices {
            let next = index + 1
            if next == results.count || results[next].chapterPath != results[index].chapterPath
                || results[next].language != results[index].language {
                runs.append((ChapterKey(language: results[index].language, chapter: results[index].chapterPath),
                             start..<next))
                start = next
            }
        }
        // Each top-level block's worst result (the first of equal rank).
        let worst = try! runs.concurrentMap { run -> [Int: Int] in
            var best: [Int: Int] = [:]
            for index in run.range {
                guard let top = results[index].blockPath.first else { continue }
                if let known = best[top], Self.rank(results[known].outcome) >= Self.rank(results[index].outcome) { continue }
                best[top] = index
            }
            return best
        }
        // A chapter in two runs (not the check's order, but possible) merges the same way.
        var byKey: [ChapterKey: [Int: Int]] = [:]
        for (run, best) in zip(runs, worst) {
            byKey[run.key, default: [:]].merge(best) { first, second in
                Self.rank(results[first].outcome) >= Self.rank(results[second].outcome) ? first : second
            }
        }
        let chapters = Array(byKey)
        let badges = try! chapters.concurrentMap { _, best in best.mapValues { Self.badge(results[$0]) } }
        for ((key, _), badges) in zip(chapters, badges) where !badges.isEmpty { byChapter[key] = badges }
        hasBadges = !byChapter.isEmpty
    }

    public var isEmpty: Bool { !hasBadges }

    /// The badge of every top-level block of a chapter ("" for blocks without checked code),
    /// looked up once per chapter: pages ask for all of them on every build.
    func badges(language: Language, chapter: String, blocks: Int) -> [String] {
        guard let known = byChapter[ChapterKey(language: language, chapter: chapter)] else {
            return Array(repeating: "", count: blocks)
        }
        return (0..<blocks).map { known[$0] ?? "" }
    }

    /// The badge for a top-level block of a chapter, or "" when it holds no checked code.
    func html(language: Language, chapter: String, block: Int) -> String {
        byChapter[ChapterKey(language: language, chapter: chapter)]?[block] ?? ""
    }

    private struct ChapterKey: Hashable {
        var language: Language
        var chapter: String
    }

    /// Each chapter's badges by block, made once.
    private var byChapter: [ChapterKey: [Int: String]] = [:]

    private static func badge(_ result: SnippetResult) -> String {
        // The symbol (✓, ✗…) comes from the CSS: decoration, not text to read out.
        let label = Self.label(result.outcome)
        var html = "<p class=\"snippet-badge snippet-\(result.outcome.rawValue)\" lang=\"en\">"
            + "<span class=\"snippet-verdict\">\(label)</span>"
        if let first = result.diagnostics.first(where: { !$0.expected && $0.severity == .error || $0.severity == .warning }) {
            let position = first.location.map { "\($0.line.map(String.init) ?? "")\($0.column.map { ":\($0)" } ?? "")" } ?? ""
            html += " <span class=\"snippet-diagnostic\">line \(HTMLEscape.attribute(position)): "
                + "\(HTMLEscape.attribute(first.message))</span>"
        } else if let reason = result.reason, result.outcome != .pass {
            html += " <span class=\"snippet-diagnostic\">\(HTMLEscape.attribute(reason))</span>"
        }
        return html + "</p>\n"
    }

    static func label(_ outcome: SnippetOutcome) -> String {
        switch outcome {
        case .pass: return "compiles"
        case .warn: return "compiles with warnings"
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
        case .warn: return 3
        case .notChecked: return 4
        case .unexpectedPass: return 5
        case .fail: return 6
        }
    }
}
