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
    /// `language`: what the lines say; `filter`: which kinds they show (typography, unless asked
    /// for in full, as one line per chapter with its count and `guide fix-spacing`).
    public static func report(_ reviews: [ChapterReview], failing: Set<BeadStatus> = [], readers: Bool = false,
                              limit: Int = ReportLimit.perChapter, language: ReviewLanguage = .en,
                              filter: ReviewFilter = .everything) -> [(diagnostics: [Diagnostic], summary: String)] {
        var filesDone: Set<String> = []
        return reviews.map { review in
            var out: [Diagnostic] = []
            var shown = 0, hiddenFails = false
            var typography = 0, typographyFails = false, typographyAt: SourceLocation?
            var beads = review.beads[...]
            if let untranslated = review.untranslatedFinding(in: language) {
                var found = untranslated
                found.severity = failing.contains(.missing) ? .error : .warning
                if filter.shows(.untranslated) { out.append(found.diagnostic(in: language)) }
                beads = []   // every block is missing: the one line says so
            }
            for bead in beads where bead.review.findingCount > 0 {
                if filter.summarizesTypography && filter.shows(status: .typography) { typography += bead.review.typographyCount }
                for finding in bead.review.findings where filter.shows(status: finding.status) {
                    let fails = failing.contains(finding.status)
                    if finding.status == .typography && filter.summarizesTypography {
                        typographyFails = typographyFails || fails
                        if typographyAt == nil { typographyAt = reviewFinding(finding, bead: bead, in: review).location }
                        continue
                    }
                    shown += 1
                    if shown <= limit { out.append(diagnostic(finding, bead: bead, in: review, language: language).gated(fails)) }
                    hiddenFails = hiddenFails || (shown > limit && fails)
                }
                // Findings a bead does not list (past its chapter's first): counted when the filter may show them.
                let unlistedShown = bead.review.statuses.contains { filter.shows(status: $0) }
                if unlistedShown { shown += bead.review.unlisted }
                hiddenFails = hiddenFails || (unlistedShown && bead.review.unlisted > 0
                    && !failing.isDisjoint(with: bead.review.statuses.filter { filter.shows(status: $0) }))
            }
            if let typographyAt {
                out.append(ReviewFinding(rule: BeadStatus.typography.name, message: typographySummary(typography, in: language),
                                         location: typographyAt).diagnostic(in: language).gated(typographyFails))
            }
            if shown > limit {
                // The JSON has the findings the chapter lists: all, or the first (`ChapterReview.listed`).
                let listed = review.beads.reduce(0) { $0 + $1.review.findings.count }
                let more = listed == shown ? ReviewMessage(.findingsNotShown, ReportLimit.more(shown - limit))
                    : ReviewMessage(.findingsNotShownFirst, ReportLimit.more(shown - limit), ReportLimit.grouped(listed))
                out.append(Diagnostic(.warning, more.text(in: language),
                                      at: SourceLocation(file: review.target.displayPath)).gated(hiddenFails))
            }
            // Each file's reader findings, found once for its lines and the pair's summary.
            let readerFindings = [review.source, review.target].map { ReaderChecks.findings(in: $0.blocks) }
            for (chapter, findings) in zip([review.source, review.target], readerFindings)
            where filesDone.insert(chapter.displayPath).inserted {
                let shownFindings = findings.filter { filter.shows(ReviewKind($0.kind)) }
                out += shownFindings.prefix(limit).map { diagnostic($0, in: chapter, language: language).gated(readers) }
                if shownFindings.count > limit {
                    out.append(Diagnostic(.warning, ReviewMessage(.readerNotShown, ReportLimit.more(shownFindings.count - limit)).text(in: language),
                                          at: SourceLocation(file: chapter.displayPath)))
                }
            }
            return (out, summary(review, readerFindings: readerFindings.reduce(0) { $0 + $1.count }, language: language))
        }
    }

    /// `file:line: warning: heading-skip: level 4 after level 1 “Heading”`.
    static func diagnostic(_ finding: ReaderFinding, in chapter: Chapter, language: ReviewLanguage = .en) -> Diagnostic {
        reviewFinding(finding, in: chapter, language: language).diagnostic(in: language)
    }

    static func reviewFinding(_ finding: ReaderFinding, in chapter: Chapter, language: ReviewLanguage = .en) -> ReviewFinding {
        ReviewFinding(rule: finding.kind.rawValue,
                      message: finding.explanation.text(in: language)
                        + (finding.excerpt.isEmpty ? "" : " “\(Excerpt.of(finding.excerpt, length: 50))”"),
                      location: chapter.location(line: finding.line))
    }

    static func diagnostic(_ finding: BeadFinding, bead: ChapterReview.ReviewedBead, in review: ChapterReview,
                           language: ReviewLanguage = .en) -> Diagnostic {
        reviewFinding(finding, bead: bead, in: review, language: language).diagnostic(in: language)
    }

    static func reviewFinding(_ finding: BeadFinding, bead: ChapterReview.ReviewedBead, in review: ChapterReview,
                              language: ReviewLanguage = .en) -> ReviewFinding {
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
        var text = finding.explanation.text(in: language)
        // A typography message quotes the text around the problem already.
        // So does a sentence finding, which quotes its sentence.
        if let block, !block.text.isEmpty, finding.status != .typography, !finding.status.isSentence {
            text += " “\(Excerpt.of(block.text, length: 50))”"
        }
        return ReviewFinding(rule: finding.status.name, severity: finding.status.isInformational ? .note : .warning,
                             message: text, location: here, english: there)
    }

    /// `readerFindings`: how many the pair's two files have (`ChapterReview.readerFindings`).
    static func summary(_ review: ChapterReview, readerFindings reader: Int, language: ReviewLanguage = .en) -> String {
        let counts = review.counts
        let parts = BeadStatus.precedence.reversed().compactMap { status in
            counts[status].map { ReviewMessage(.summaryCount, $0, ReviewKind(status).label(in: language)).text(in: language) }
        }
        let translated = review.progress.translatedPercent
        let accepted = review.progress.acceptedPercent
        var line = ReviewMessage(.chapterSummary, TerminalText.line(name(review.target)), review.beads.count,
                                 parts.joined(separator: language == .zh ? "，" : ", "), translated, accepted).text(in: language)
        if review.target.untranslated != nil { line += ReviewMessage(.summaryNotTranslated).text(in: language) }
        if reader > 0 { line += (reader == 1 ? ReviewMessage(.summaryReaderOne) : ReviewMessage(.summaryReaderMany, reader)).text(in: language) }
        return line
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
    /// `language`: the findings' `message`s; beside each its stable `messageId` and `status`.
    /// `filter`: the findings and reader findings listed (a pair keeps its status and counts).
    public static func json(_ reviews: [ChapterReview], snippetFindings: [Diagnostic] = [],
                            snippetCounts: [String: Int]? = nil, language: ReviewLanguage = .en,
                            filter: ReviewFilter = .everything) -> String {
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
            var status: String; var messageId: String; var message: String; var line: Int?; var column: Int?
            var englishLine: Int?; var confidence: Double?
        }
        struct ReaderRow: Encodable {
            var kind: String; var file: String; var line: Int; var messageId: String; var message: String; var excerpt: String
        }
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
        struct Document: Encodable { var language: String; var chapters: [Chapter]; var snippets: [String]; var check: [String: Int]? }
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
                        findings: bead.review.findings.filter { filter.shows(status: $0.status) }.map {
                            Finding(status: $0.status.name, messageId: $0.explanation.id.rawValue,
                                    message: $0.explanation.text(in: language), line: $0.line, column: $0.column,
                                    englishLine: $0.sourceLine, confidence: $0.confidence)
                        },
                        unlisted: bead.review.unlisted > 0 ? bead.review.unlisted : nil,
                        excerpt: Excerpt.of(texts.first ?? "", length: 60))
                },
                reader: review.readerFindings.filter { filter.shows(ReviewKind($0.finding.kind)) }.map { chapter, finding in
                    ReaderRow(kind: finding.kind.rawValue, file: chapter.location(line: finding.line).file,
                              line: chapter.location(line: finding.line).line ?? finding.line,
                              messageId: finding.explanation.id.rawValue, message: finding.explanation.text(in: language),
                              excerpt: finding.excerpt)
                },
                untranslated: review.target.untranslated.map { Untranslated(reason: $0.explanation().text(in: language), english: $0.sourceEntry.description) })
        }
        return JSONOutput.text(Document(language: language.rawValue, chapters: chapters, snippets: snippetFindings.map(\.description),
                                        check: snippetCounts))
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
