import ArgumentParser
import Foundation
import GuideCheck
import GuideModel
import GuideParse

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compile every Objective-C code block of the book with clang, in every language.",
        discussion: """
            Each code block is classified (file scope, method declarations or definitions, \
            statements, an expression, text), wrapped so it compiles in its context, and checked \
            with clang -fsyntax-only under ARC against the SDK profile (GNUstep's Foundation on \
            Linux) and the guide's context header. Diagnostics are printed on standard error at \
            the markdown file and line; a summary line (or --format json) on standard output. \
            Annotations in an HTML comment above a fence (<!-- snippet: ignore -->, expect-error, \
            expect-warning, setup, class, superclass, continues, elide, text, shape) tune each \
            snippet; translations inherit them. Results are cached in .guide-cache/ next to the \
            content folder.
            """
    )

    enum Format: String, ExpressibleByArgument { case text, json }

    @Option(help: "The content folder (guide.yml, en/, zh/).") var content = "content"
    @Option(help: "Output format: text (a summary line) or json (every snippet).") var format: Format = .text
    @Option(name: .customLong("fail-on"),
            help: "Outcomes that make the command exit non-zero, comma-separated (pass, warn, fail, expected, unexpected-pass, ignored, not-checked), or 'never'.")
    var failOn = "fail,unexpected-pass,not-checked"
    @Option(help: "clang processes at once (default: check.jobs, 2).") var jobs: Int?
    @Option(help: "Seconds one clang process may run (default: check.timeout, 30).") var timeout: Double?
    @Option(help: "The clang to use (default: check.clang, $CLANG, the Swift toolchain's, PATH).") var clang: String?
    @Option(help: "SDK profile: gnustep, apple or none (default: check.sdk).") var sdk: String?
    @Option(help: "The cache folder (default: .guide-cache next to the content folder).") var cache: String?
    @Flag(name: .customLong("no-cache"), help: "Compile every snippet again, and keep nothing.") var noCache = false
    @Flag(name: .customLong("no-pch"), help: "Include the context header in each snippet instead of precompiling it (slower; for measuring).")
    var noPCH = false

    func validate() throws {
        _ = try outcomes()
        if let sdk, SDKProfile.Kind(rawValue: sdk) == nil {
            throw ValidationError("--sdk must be gnustep, apple or none")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let timeout, timeout <= 0 { throw ValidationError("--timeout must be positive") }
    }

    func outcomes() throws -> Set<SnippetOutcome> {
        if failOn == "never" || failOn.isEmpty { return [] }
        var result = Set<SnippetOutcome>()
        for name in failOn.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let outcome = SnippetOutcome(rawValue: name) else {
                throw ValidationError("--fail-on: unknown outcome '\(name)' (one of "
                    + SnippetOutcome.allCases.map(\.rawValue).joined(separator: ", ") + ", or never)")
            }
            result.insert(outcome)
        }
        return result
    }

    func run() throws {
        try reportingErrors { printer in
            let loader = ContentLoader(root: content)
            let book = try loader.load()
            let options = CheckOptions(
                // Named as build names it (`./content` is `content`): the same keys for the same book.
                contentRoot: content, displayRoot: loader.displayRoot,
                cache: noCache ? nil : try cache.map { CacheStore(root: $0) } ?? CacheStore(forContent: content),
                clang: clang, jobs: jobs, timeout: timeout, sdk: sdk.flatMap(SDKProfile.Kind.init(rawValue:)),
                precompile: !noPCH)
            let report = SnippetChecker(options: options).run(book: book)
            printer.print(report.diagnostics(failingOn: try outcomes()), to: printError)
            switch format {
            case .json: printJSON(report.json())
            case .text: printText(report.summary)
            }
        }
    }
}
