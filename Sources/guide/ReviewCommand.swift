import ArgumentParser
import Foundation
import GuideCheck
import GuideCommandLine
import GuideFiles
import GuideMerge
import GuideModel
import GuideParse
import GuidePipeline
import GuideRender

struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "List the translation's gaps (missing, extra, doubt, english-left, code-drift, glossary, typography, structure, stale) and markdown that hurts readers.",
        discussion: """
            Every chapter is aligned with its translation; each pair of blocks gets one status. \
            Gaps are printed as `file:line: warning: status: …` (the Chinese side where there is \
            one; `error:` for a status --fail-on names), then what each chapter file's markdown \
            does that hurts readers (heading-skip: a heading level skipped; image-alt: an image \
            without alt text; link-text: a link that says only "here"), then a summary per chapter. With --accept, the current pairs are recorded in \
            content/<lang>.accepted; a pair whose English later changes while its Chinese does \
            not becomes `stale`. \
            --lang zh (or guide.yml's review.lang, or a zh locale: LC_ALL, LC_MESSAGES, LANG) prints \
            the statuses and messages in Chinese; the status names (missing, doubt…) stay as \
            --only, --skip and --fail-on take them. --only keeps the kinds it names, then --skip \
            takes its kinds away; typography is one line per chapter with its count unless \
            --only names it or --typography full asks for every finding.
            """
    )

    enum Format: String, ExpressibleByArgument { case text, json, sarif, github }
    enum TypographyDetail: String, ExpressibleByArgument { case summary, full }

    @Option(help: "The content folder.") var content = Workspace.defaultContent
    @Option(help: "Output format: text, json, sarif (SARIF 2.1.0) or github (GitHub Actions annotations).")
    var format: Format = .text
    @Option(help: ArgumentHelp("Exit non-zero when a pair has one of these statuses (comma-separated; also 'snippet', 'reader': a reader finding).",
                               valueName: "status,…"))
    var failOn: String?
    @Flag(help: "Record every current pair as accepted (translators: after reviewing).") var accept = false
    @Flag(name: .customLong("no-check"), help: "Do not compile the snippets (skips the snippet findings).")
    var noCheck = false
    @Option(help: ArgumentHelp("A bilingual dictionary in CC-CEDICT's format for the sentence review, 'learned' (words learned from the book's own pairs) or 'none' (default: guide.yml's review.dictionary, else CC-CEDICT when scripts/setup.sh installed it, else none).",
                               valueName: "file"))
    var dictionary: String?
    @Option(help: ArgumentHelp("Count only English changes made after this commit or tag as making a pair stale (the book kept in git).",
                               valueName: "ref"))
    var since: String?
    @Option(help: ArgumentHelp("The language of the statuses and messages: en or zh (default: guide.yml's review.lang, else the locale: zh* → zh, else en).",
                               valueName: "en|zh"))
    var lang: ReviewLanguage?
    @Option(help: ArgumentHelp("Show only these kinds (comma-separated: statuses, reader checks or 'reader', snippet, untranslated).",
                               valueName: "kind,…"))
    var only: String?
    @Option(help: ArgumentHelp("Leave out these kinds (comma-separated; applied after --only).", valueName: "kind,…"))
    var skip: String?
    @Option(help: ArgumentHelp("Typography findings: summary (one line per chapter with its count) or full (each one). --only typography lists them in full.",
                               valueName: "summary|full"))
    var typography: TypographyDetail = .summary

    /// `--fail-on snippet`: a translation's snippet compiles differently from the English one.
    static let snippetGate = "snippet"
    /// `--fail-on reader`: a chapter file has a reader finding (`ReaderChecks`).
    static let readerGate = "reader"
    static let gates = [snippetGate, readerGate]

    func validate() throws {
        for (option, list) in [("--only", only), ("--skip", skip)] {
            if let list, let name = ReviewFilter.kinds(list).unknown.first {
                throw ValidationError("unknown kind '\(name)' in \(option); kinds: " + ReviewFilter.names.joined(separator: ", "))
            }
        }
        for name in failOnStatuses.unknown {
            throw ValidationError("unknown status '\(name)' in --fail-on; statuses: "
                + (BeadStatus.precedence.map(\.name) + Self.gates).joined(separator: ", "))
        }
    }

    var failOnNames: [String] {
        (failOn ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    var failOnStatuses: (known: Set<BeadStatus>, unknown: [String]) {
        let names = failOnNames.filter { !Self.gates.contains($0) }
        return (Set(names.compactMap(BeadStatus.init(name:))), names.filter { BeadStatus(name: $0) == nil })
    }

    /// What --only, --skip and --typography ask to see.
    var filter: ReviewFilter {
        ReviewFilter(only: only.map { ReviewFilter.kinds($0).kinds } ?? [], skip: skip.map { ReviewFilter.kinds($0).kinds } ?? [],
                     typographyInFull: typography == .full)
    }

    func run() throws {
        try reportingErrors { printer in
            // The ledgers as they are before the book is read: one saved meanwhile is not written over.
            let ledgersRead = accept ? Self.ledgers(in: content) : [:]
            let workspace = Workspace(content: content)
            let book = try workspace.loadBook()
            let language = ReviewLanguage.chosen(flag: lang, config: book.config.reviewLanguage,
                                                 environment: ProcessInfo.processInfo.environment)
            let filter = self.filter
            let cache = try workspace.openCache()
            let words = try Stages.dictionary(for: book, in: workspace, path: dictionary, cache: cache) { printError("note: \($0)") }
            // Pairs whose English changed after their Chinese, from the book's git history.
            let history = try Stages.history(book, in: workspace, cache: cache, since: since)
            if let note = history.note { printer.print([Diagnostic(.note, note.text(in: language), at: SourceLocation(file: content))], to: printError) }
            var reviews = try Stages.reviews(book, cache: cache, dictionary: words, history: history)
            if accept {
                try record(reviews, book: book, ledgersRead: ledgersRead)
                reviews = try Stages.reviews(try workspace.loadBook(), cache: cache, dictionary: words, history: history)
            }
            cache?.save([.align, .review, .blame])
            // Snippets that compile in English but not in the translation (or the other way) are
            // a translation finding of their own; the harness's cache keeps this quick.
            let check = noCheck ? nil : Stages.check(book, in: workspace, cache: cache)
            let divergences = check?.divergences ?? []
            // Each a finding first (SARIF's message has no kind before it), then a line of the report.
            let snippetFindings = (filter.shows(.snippet) ? divergences : []).map { pair in
                ReviewFinding(rule: Self.snippetGate, severity: failOnNames.contains(Self.snippetGate) ? .error : .warning,
                              message: ReviewMessage(.snippetOutcomes, ReviewMessage.outcome(pair.translation.outcome.rawValue, in: language),
                                                     pair.translation.language.code,
                                                     ReviewMessage.outcome(pair.source.outcome.rawValue, in: language),
                                                     pair.source.language.code).text(in: language)
                                  + ReviewMessage(.englishAt, pair.source.location.description).text(in: language),
                              location: pair.translation.location)
            }
            let snippetKind = ReviewKind.snippet.named(in: language) + (language == .zh ? "：" : ": ")
            let snippetLines = snippetFindings.map { Diagnostic($0.severity, snippetKind + $0.message, at: $0.location) }
            // The report is the command's output (standard output); with JSON, its findings are only counted.
            let chapters = ReviewReport.report(reviews, failing: failOnStatuses.known, readers: failOnNames.contains(Self.readerGate),
                                               language: language, filter: filter)
            // For CI: every finding the chapters list, snippets' included, each with both places.
            let ciFindings = { ReviewReport.findings(reviews, failing: self.failOnStatuses.known,
                                                     readers: self.failOnNames.contains(Self.readerGate), language: language, filter: filter)
                + snippetFindings }
            if format == .json || format == .sarif || format == .github {
                switch format {
                case .sarif: printJSON(ReviewReport.sarif(ciFindings(), language: language))
                case .github: printDocument(ReviewReport.github(ciFindings(), language: language))
                default:
                    let counts = check.map { report in
                        Dictionary(uniqueKeysWithValues: SnippetOutcome.allCases.map { ($0.rawValue, report.count($0)) })
                            .merging(["snippets": report.results.count]) { $1 }
                    }
                    printJSON(ReviewReport.json(reviews, snippetFindings: snippetLines, snippetCounts: counts,
                                                language: language, filter: filter))
                }
                printer.print(chapters.flatMap(\.diagnostics) + snippetLines) { _ in }
            } else {
                for chapter in chapters {
                    printer.print(chapter.diagnostics) { printText($0) }
                    printText(chapter.summary)
                }
                printer.print(snippetLines) { printText($0) }
                // The check's outcomes, assumed snippets apart from failures (`guide check` lists them).
                if let check, !check.results.isEmpty, filter.shows(.snippet) {
                    printText("\(TerminalText.line(content)): \(Self.countsLine(check, in: language))"
                              + (language == .zh ? "" : " ") + ReviewMessage(.seeGuideCheck).text(in: language))
                }
            }
        }
    }

    /// `12 snippets: 10 pass, 2 fail` in the review's language (the outcomes as `guide check` names them).
    static func countsLine(_ check: CheckReport, in language: ReviewLanguage) -> String {
        let counted = check.counts
        return ReviewMessage.checkCounts(total: check.results.count,
                                         SnippetOutcome.allCases.map { ($0.rawValue, counted[$0] ?? 0) }, in: language)
    }

    /// Each accept ledger's bytes, by path.
    static func ledgers(in content: String) -> [String: [UInt8]] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: content)) ?? []).filter { $0.hasSuffix(".accepted") }
        return Dictionary(uniqueKeysWithValues: names.compactMap { name in
            FileBytes.read(content + "/" + name).map { (content + "/" + name, $0) }
        })
    }

    private func record(_ reviews: [ChapterReview], book: Book, ledgersRead: [String: [UInt8]]) throws {
        for edition in book.translations {
            var ledger = edition.ledger
            for review in reviews where review.language == edition.language {
                ledger = ledger.replacing(chapter: review.source.path, with: review.acceptEntries)
            }
            let path = "\(content)/\(ContentLoader.ledgerName(edition.language))"
            try OutputFiles.write([(path, ledger.serialized())], read: ledgersRead.filter { $0.key == path },
                                  inside: ConfinedFolder(content, role: "the content folder"))
        }
    }
}

extension ReviewLanguage: ExpressibleByArgument {}
