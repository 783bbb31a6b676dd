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
            not becomes `stale`.
            """
    )

    enum Format: String, ExpressibleByArgument { case text, json, sarif, github }

    @Option(help: "The content folder.") var content = Workspace.defaultContent
    @Option(help: "Output format: text, json, sarif (SARIF 2.1.0) or github (GitHub Actions annotations).")
    var format: Format = .text
    @Option(help: ArgumentHelp("Exit non-zero when a pair has one of these statuses (comma-separated; also 'snippet', 'reader': a reader finding).",
                               valueName: "status,…"))
    var failOn: String?
    @Flag(help: "Record every current pair as accepted (translators: after reviewing).") var accept = false
    @Flag(name: .customLong("no-check"), help: "Do not compile the snippets (skips the snippet findings).")
    var noCheck = false
    @Option(help: ArgumentHelp("A bilingual dictionary in CC-CEDICT's format for the sentence review, or 'none' (default: guide.yml's review.dictionary, else the words learned from the book, with CC-CEDICT when scripts/setup.sh installed it).",
                               valueName: "file"))
    var dictionary: String?
    @Option(help: ArgumentHelp("Count only English changes made after this commit or tag as making a pair stale (the book kept in git).",
                               valueName: "ref"))
    var since: String?

    /// `--fail-on snippet`: a translation's snippet compiles differently from the English one.
    static let snippetGate = "snippet"
    /// `--fail-on reader`: a chapter file has a reader finding (`ReaderChecks`).
    static let readerGate = "reader"
    static let gates = [snippetGate, readerGate]

    func validate() throws {
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

    func run() throws {
        try reportingErrors { printer in
            // The ledgers as they are before the book is read: one saved meanwhile is not written over.
            let ledgersRead = accept ? Self.ledgers(in: content) : [:]
            let workspace = Workspace(content: content)
            let book = try workspace.loadBook()
            let cache = try workspace.openCache()
            let words = try Stages.dictionary(for: book, in: workspace, path: dictionary, cache: cache) { printError("note: \($0)") }
            // Pairs whose English changed after their Chinese, from the book's git history.
            let history = try Stages.history(book, in: workspace, cache: cache, since: since)
            if let note = history.note { printer.print([Diagnostic(.note, note, at: SourceLocation(file: content))], to: printError) }
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
            let snippetFindings = divergences.map { pair in
                Diagnostic(.warning, "snippet: \(pair.translation.outcome.rawValue) in \(pair.translation.language.code), "
                    + "\(pair.source.outcome.rawValue) in \(pair.source.language.code) (English: \(pair.source.location))",
                    at: pair.translation.location).gated(failOnNames.contains(Self.snippetGate))
            }
            // The report is the command's output (standard output); with JSON, its findings are only counted.
            let chapters = ReviewReport.report(reviews, failing: failOnStatuses.known, readers: failOnNames.contains(Self.readerGate))
            // For CI: every finding the chapters list, snippets' included, each with both places.
            let ciFindings = { ReviewReport.findings(reviews, failing: self.failOnStatuses.known,
                                                     readers: self.failOnNames.contains(Self.readerGate))
                + snippetFindings.map { ReviewFinding(rule: Self.snippetGate, severity: $0.severity,
                                                      message: String($0.message.dropFirst("\(Self.snippetGate): ".count)),
                                                      location: $0.location ?? SourceLocation(file: content)) } }
            if format == .json || format == .sarif || format == .github {
                switch format {
                case .sarif: printJSON(ReviewReport.sarif(ciFindings()))
                case .github: printDocument(ReviewReport.github(ciFindings()))
                default:
                    let counts = check.map { report in
                        Dictionary(uniqueKeysWithValues: SnippetOutcome.allCases.map { ($0.rawValue, report.count($0)) })
                            .merging(["snippets": report.results.count]) { $1 }
                    }
                    printJSON(ReviewReport.json(reviews, snippetFindings: snippetFindings, snippetCounts: counts))
                }
                printer.print(chapters.flatMap(\.diagnostics) + snippetFindings) { _ in }
            } else {
                for chapter in chapters {
                    printer.print(chapter.diagnostics) { printText($0) }
                    printText(chapter.summary)
                }
                printer.print(snippetFindings) { printText($0) }
                // The check's outcomes, assumed snippets apart from failures (`guide check` lists them).
                if let check, !check.results.isEmpty { printText("\(TerminalText.line(content)): \(check.countsLine) (guide check)") }
            }
        }
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
