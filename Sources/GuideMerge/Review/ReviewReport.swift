import Foundation
import GuideModel

/// How `guide review` prints a book's reviews: compiler-style lines, or JSON.
public enum ReviewReport {
    /// Per chapter pair, one diagnostic per gap, `file:line: warning: status: message “excerpt”
    /// (other side file:line)`, then the reader findings of both chapter files (an English file's
    /// once, with its first translation); then its summary line. A chapter shows its first `limit`
    /// gaps, and a file its first `limit` reader findings, and counts the rest (the JSON lists every
    /// reader finding, and the first `ChapterReview.listed` findings of a chapter's pairs).
    /// Findings of a status in `failing` (reader findings, with `readers`) are errors: they fail
    /// the review (`--fail-on`), and so does a count of findings not shown that may hold one.
    public static func report(_ reviews: [ChapterReview], failing: Set<BeadStatus> = [], readers: Bool = false,
                              limit: Int = ReportLimit.perChapter) -> [(diagnostics: [Diagnostic], summary: String)] {
        var filesDone: Set<String> = []
        return reviews.map { review in
            var out: [Diagnostic] = []
            var shown = 0, hiddenFails = false
            var beads = review.beads[...]
            if let untranslated = review.untranslatedFinding {
                var found = untranslated
                found.severity = failing.contains(.missing) ? .error : .warning
                out.append(found.diagnostic)
                beads = []   // every block is missing: the one line says so
            }
            for bead in beads where bead.review.findingCount > 0 {
                for finding in bead.review.findings {
                    shown += 1
                    let fails = failing.contains(finding.status)
                    if shown <= limit { out.append(diagnostic(finding, bead: bead, in: review).gated(fails)) }
                    hiddenFails = hiddenFails || (shown > limit && fails)
                }
                shown += bead.review.unlisted
                hiddenFails = hiddenFails || (bead.review.unlisted > 0 && !failing.isDisjoint(with: bead.review.statuses))
            }
            if shown > limit {
                // The JSON has the findings the chapter lists: all, or the first (`ChapterReview.listed`).
                let listed = review.beads.reduce(0) { $0 + $1.review.findings.count }
                let lists = listed == shown ? "them all" : "the first \(ReportLimit.grouped(listed))"
                out.append(Diagnostic(.warning, "\(ReportLimit.more(shown - limit)) findings in this chapter not shown "
                    + "(`guide review --format json` lists \(lists))", at: SourceLocation(file: review.target.displayPath)).gated(hiddenFails))
            }
            // Each file's reader findings, found once for its lines and the pair's summary.
            let readerFindings = [review.source, review.target].map { ReaderChecks.findings(in: $0.blocks) }
            for (chapter, findings) in zip([review.source, review.target], readerFindings)
            where filesDone.insert(chapter.displayPath).inserted {
                out += findings.prefix(limit).map { diagnostic($0, in: chapter).gated(readers) }
                if findings.count > limit {
                    out.append(Diagnostic(.warning, "\(ReportLimit.more(findings.count - limit)) reader findings in this file "
                        + "not shown (`guide review --format json` lists them all)", at: SourceLocation(file: chapter.displayPath)))
                }
            }
            return (out, summary(review, readerFindings: readerFindings.reduce(0) { $0 + $1.count }))
        }
    }

    /// `file:line: warning: heading-skip: level 4 after level 1 “Heading”`.
    static func diagnostic(_ finding: ReaderFinding, in chapter: Chapter) -> Diagnostic {
        reviewFinding(finding, in: chapter).diagnostic
    }

    static func reviewFinding(_ finding: ReaderFinding, in chapter: Chapter) -> ReviewFinding {
        ReviewFinding(rule: finding.kind.rawValue,
                      message: finding.message + (finding.excerpt.isEmpty ? "" : " “\(Excerpt.of(finding.excerpt, length: 50))”"),
                      location: chapter.location(line: finding.line))
    }

    static func diagnostic(_ finding: BeadFinding, bead: ChapterReview.ReviewedBead, in review: ChapterReview) -> Diagnostic {
        reviewFinding(finding, bead: bead, in: review).diagnostic
    }

    static func reviewFinding(_ finding: BeadFinding, bead: ChapterReview.ReviewedBead, in review: ChapterReview) -> ReviewFinding {
        let sourceRange = review.sourceLines(bead.bead)
        let targetRange = review.targetLines(bead.bead)
        let here: SourceLocation, there: SourceLocation?
        let block: Block?
        // Point at the Chinese side where there is one: that is where the translator works.
        if let targetRange {
            here = review.target.location(line: finding.line
                ?? finding.targetBlock.map { review.target.blocks[$0].lines.start } ?? targetRange.start, column: finding.column)
            there = sourceRange.map { review.source.location(line: finding.sourceLine ?? $0.start) }
            block = finding.targetBlock.map { review.target.blocks[$0] } ?? bead.bead.target.first.map { review.target.blocks[$0] }
        } else {
            here = review.source.location(line: finding.sourceBlock.map { review.source.blocks[$0].lines.start } ?? sourceRange?.start ?? 1)
            there = nil
            block = bead.bead.source.first.map { review.source.blocks[$0] }
        }
        var text = finding.message
        // A typography message quotes the text around the problem already.
        // So does a sentence finding, which quotes its sentence.
        if let block, !block.text.isEmpty, finding.status != .typography, !finding.status.isSentence {
            text += " “\(Excerpt.of(block.text, length: 50))”"
        }
        return ReviewFinding(rule: finding.status.name, severity: finding.status.isInformational ? .note : .warning,
                             message: text, location: here, english: there)
    }

    /// `readerFindings`: how many the pair's two files have (`ChapterReview.readerFindings`).
    static func summary(_ review: ChapterReview, readerFindings reader: Int) -> String {
        let counts = review.counts
        let parts = BeadStatus.precedence.reversed().compactMap { status in
            counts[status].map { "\($0) \(status.name)" }
        }
        let translated = review.progress.translatedPercent
        let accepted = review.progress.acceptedPercent
        return "\(TerminalText.line(name(review.target))): \(review.beads.count) pairs: \(parts.joined(separator: ", ")); "
            + "\(translated)% of the English translated, \(accepted)% accepted"
            + (review.target.untranslated == nil ? "" : "; not translated yet")
            + (reader == 0 ? "" : "; \(reader) reader finding\(reader == 1 ? "" : "s") in the pair's files")
    }

    /// How a summary line names a chapter: its file, and, for a chapter that is a section of a
    /// file cut into chapters (a README), the line it starts on and its title.
    static func name(_ chapter: Chapter) -> String {
        guard let part = chapter.listedParts?.first, !part.within.hasSuffix(chapter.path),
              chapter.parts.count == 1, let first = chapter.blocks.first else { return chapter.displayPath }
        return "\(chapter.displayPath):\(first.lines.start) (\(Excerpt.of(chapter.title, length: 40)))"
    }

    /// `snippetFindings`: snippets that compile differently in a translation.
    /// `snippetCounts`: the check's outcomes counted (`assumed` apart from `fail`), when it ran.
    public static func json(_ reviews: [ChapterReview], snippetFindings: [Diagnostic] = [],
                            snippetCounts: [String: Int]? = nil) -> String {
        struct Side: Encodable {
            var file: String; var start: Int; var end: Int
            /// The lines in the user's own file (a chapter of several files names the one holding them).
            init(_ chapter: GuideModel.Chapter, _ lines: LineRange) {
                let first = chapter.location(line: lines.start)
                file = first.file
                start = first.line ?? lines.start
                end = start + (lines.end - lines.start)
            }
        }
        struct Finding: Encodable {
            var status: String; var message: String; var line: Int?; var column: Int?
            var englishLine: Int?; var confidence: Double?
        }
        struct ReaderRow: Encodable { var kind: String; var file: String; var line: Int; var message: String; var excerpt: String }
        struct Row: Encodable {
            var status: String
            var statuses: [String]
            var accepted: Bool
            var source: Side?
            var target: Side?
            var findings: [Finding]
            /// Findings the pair has past those its chapter lists (`ChapterReview.listed`); absent when none.
            var unlisted: Int?
            var excerpt: String
            func encode(to encoder: Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(status, forKey: .status)
                try c.encode(statuses, forKey: .statuses)
                try c.encode(accepted, forKey: .accepted)
                try c.encode(source, forKey: .source)   // null, not absent, where a side is missing
                try c.encode(target, forKey: .target)
                try c.encode(findings, forKey: .findings)
                try c.encodeIfPresent(unlisted, forKey: .unlisted)
                try c.encode(excerpt, forKey: .excerpt)
            }
            enum CodingKeys: String, CodingKey { case status, statuses, accepted, source, target, findings, unlisted, excerpt }
        }
        struct Chapter: Encodable {
            var chapter: String
            var language: String
            var source: String
            var target: String
            var translated: Double
            var accepted: Double
            var counts: [String: Int]
            var beads: [Row]
            /// The reader findings of both files of the pair.
            var reader: [ReaderRow]
            /// Why the translation has no file for the chapter yet (absent when it has one).
            var untranslated: Untranslated?
        }
        struct Untranslated: Encodable { var reason: String; var english: String }
        struct Document: Encodable { var chapters: [Chapter]; var snippets: [String]; var check: [String: Int]? }
        let chapters = reviews.map { review in
            Chapter(
                chapter: review.source.path, language: review.language.code,
                source: review.source.displayPath, target: review.target.displayPath,
                translated: (review.translatedShare * 1000).rounded() / 1000,
                accepted: (review.acceptedShare * 1000).rounded() / 1000,
                counts: Dictionary(uniqueKeysWithValues: review.counts.map { ($0.key.name, $0.value) }),
                beads: review.beads.map { bead in
                    let texts = (bead.bead.source.map { review.source.blocks[$0].text }
                                 + bead.bead.target.map { review.target.blocks[$0].text })
                    return Row(
                        status: bead.status.name, statuses: bead.review.statuses.map(\.name), accepted: bead.accepted,
                        source: review.sourceLines(bead.bead).map { Side(review.source, $0) },
                        target: review.targetLines(bead.bead).map { Side(review.target, $0) },
                        findings: bead.review.findings.map {
                            Finding(status: $0.status.name, message: $0.message, line: $0.line, column: $0.column,
                                    englishLine: $0.sourceLine, confidence: $0.confidence)
                        },
                        unlisted: bead.review.unlisted > 0 ? bead.review.unlisted : nil,
                        excerpt: Excerpt.of(texts.first ?? "", length: 60))
                },
                reader: review.readerFindings.map { chapter, finding in
                    ReaderRow(kind: finding.kind.rawValue, file: chapter.location(line: finding.line).file,
                              line: chapter.location(line: finding.line).line ?? finding.line,
                              message: finding.message, excerpt: finding.excerpt)
                },
                untranslated: review.target.untranslated.map { Untranslated(reason: $0.reason, english: $0.sourceEntry.description) })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(Document(chapters: chapters, snippets: snippetFindings.map(\.description), check: snippetCounts)), as: UTF8.self) + "\n"
    }
}

extension BeadStatus {
    /// The name users type and read: `code-drift`, `english-left`…
    public var name: String {
        switch self {
        case .codeDrift: return "code-drift"
        case .codeCommentsTranslated: return "code-comments-translated"
        case .englishLeft: return "english-left"
        case .sentenceMissing: return "sentence-missing"
        case .sentenceExtra: return "sentence-extra"
        default: return rawValue
        }
    }

    public init?(name: String) {
        guard let status = BeadStatus.allCases.first(where: { $0.name == name }) else { return nil }
        self = status
    }
}
