import ArgumentParser
import Foundation
import GuideCheck
import GuideCommandLine
import GuideFiles
import GuideModel
import GuideParse
import GuidePipeline

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
            expect-warning, setup, class, superclass, continues, elide, text, shape, strict) tune each \
            snippet; translations inherit them. Results are cached in .guide-cache/ next to the \
            content folder.

            A snippet compiles with the declarations of the earlier snippets of its chapter, and \
            `...` stands for code left out. A name it uses that nothing declares is assumed (the \
            outcome is "assumed", with the names), unless it is a real mistake: a misspelling \
            clang can correct, a name used out of its scope or before the chapter declares it, a \
            call that leaves out an argument, or any error that is not about a missing name. \
            --strict (or check.strict: true) assumes nothing; --suggest-context prints what was \
            assumed as a draft for the context header, and --write appends it there.
            """
    )

    enum Format: String, ExpressibleByArgument { case text, json }

    @Option(help: "The content folder (guide.yml, en/, zh/).") var content = Workspace.defaultContent
    @Option(help: "Output format: text (a summary line) or json (every snippet).") var format: Format = .text
    @Option(name: .customLong("fail-on"),
            help: "Outcomes that make the command exit non-zero, comma-separated (pass, warn, assumed, fail, expected, intended, unexpected-pass, ignored, not-checked), or 'never'.")
    var failOn = "fail,unexpected-pass,not-checked"
    @Option(help: "clang processes at once (default: check.jobs, 2).") var jobs: Int?
    @Option(help: "Seconds one clang process may run (default: check.timeout, 30).") var timeout: Double?
    @Option(help: "The clang to use (default: check.clang, $CLANG, the Swift toolchain's, PATH).") var clang: String?
    @Option(help: "SDK profile: gnustep, apple or none (default: check.sdk).") var sdk: String?
    @Option(help: "The cache folder (default: .guide-cache next to the content folder).") var cache: String?
    @Flag(name: .customLong("no-cache"), help: "Compile every snippet again, and keep nothing.") var noCache = false
    @Flag(name: .customLong("no-pch"), help: "Include the context header in each snippet instead of precompiling it (slower; for measuring).")
    var noPCH = false
    @Flag(help: "Assume nothing: a name nothing declares fails its snippet (default: check.strict).") var strict = false
    @Flag(name: .customLong("suggest-context"),
          help: "Print every declaration assumed across the book, grouped and once each, as a draft for the context header (instead of the summary line).")
    var suggestContext = false
    @Flag(help: "With --suggest-context: append the draft to the context header (check.context), atomically.") var write = false

    func validate() throws {
        _ = try outcomes()
        if let sdk, SDKProfile.Kind(rawValue: sdk) == nil {
            throw ValidationError("--sdk must be gnustep, apple or none")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let timeout, timeout <= 0 { throw ValidationError("--timeout must be positive") }
        if write && !suggestContext { throw ValidationError("--write appends what --suggest-context drafts: give both") }
        if strict && suggestContext { throw ValidationError("--suggest-context drafts what is assumed, and --strict assumes nothing") }
        if suggestContext && format == .json { throw ValidationError("--suggest-context prints a draft, not JSON (the JSON lists each snippet's assumed names)") }
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
            // Named and keyed as build names them (`./content` is `content`).
            let workspace = Workspace(content: content, cache: noCache ? .none : cache.map { .folder($0) } ?? .besideContent)
            let book = try workspace.loadBook()
            let store = try workspace.openCache()
            // The context header as it was before the run: one saved meanwhile is not written over.
            let context = content + "/" + book.config.check.context
            let contextBefore = write ? FileBytes.read(context) : nil
            let report = Stages.check(book, in: workspace, cache: store) { options in
                options.clang = clang
                options.jobs = jobs
                options.timeout = timeout
                options.sdk = sdk.flatMap(SDKProfile.Kind.init(rawValue:))
                options.precompile = !noPCH
                if strict { options.strict = true }
            }
            printer.print(report.diagnostics(failingOn: try outcomes()), to: printError)
            if suggestContext {
                let draft = ContextDraft.draft(report.results)
                printDocument(draft)
                printError(report.summary)
                if write, !draft.isEmpty {
                    try append(draft, to: context, before: contextBefore,
                               shown: workspace.displayRoot + "/" + book.config.check.context)
                }
                return
            }
            switch format {
            case .json: printJSON(report.json())
            case .text: printText(report.summary)
            }
        }
    }

    /// The draft after the context header's text (a new header imports Foundation first),
    /// written whole or not at all, the file keeping its mode.
    private func append(_ draft: String, to path: String, before: [UInt8]?, shown: String) throws {
        var text = before.map { String(decoding: $0, as: UTF8.self) } ?? "#import <Foundation/Foundation.h>\n"
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        text += "\n" + draft
        try OutputFiles.write([(path, text)], read: before.map { [path: $0] } ?? [:],
                              inside: ConfinedFolder(content, role: "the content folder"))
        printError("\(TerminalText.line(shown)): appended the draft (\(draft.split(separator: "\n").count) lines); review it before you commit")
    }
}
