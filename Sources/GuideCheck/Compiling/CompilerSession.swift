import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GuideFiles
import GuideModel

struct SessionProblem: Error {
    var reason: String
    var diagnostics: [Diagnostic]
}

/// What every snippet of a run shares: the compiler, the SDK, the precompiled context header.
struct CompilerSession: Sendable {
    var clang: String
    var version: String
    var flags: [String]
    /// `-include-pch x` or `-include x` (or nothing).
    var prefixFlags: [String]
    var contextText: String
    /// clang's path and version, the SDK, the flags, the memory limit: the `compiler` version of keys.
    var fingerprint: String
    /// What the run remembers, and where clang's files are.
    var memo: any CheckMemo
    var displayPaths: [String: String]
    /// Runs clang in the sandbox, under its limits.
    var runner: ProcessRunner
    /// Names nothing declares are assumed (not `--strict`, nor `check.strict`).
    var assume = true
    /// Compiles batches of units in one process (nil: each unit on clang's command line).
    var worker: UnitWorker?
    /// The context header to precompile before the first compile (nil: none, or `-include` it).
    var precompile: Precompile?

    /// What of the session every result depends on (the keys' inputs).
    var inputs: CheckSessionInputs {
        CheckSessionInputs(compiler: fingerprint, contextText: contextText, prefixFlags: prefixFlags,
                           displayPaths: displayPaths, assume: assume)
    }

    /// The context header's declarations (for the rule about calls), and its superclass of snippets.
    var contextDeclarations: [Declaration] { DeclarationReader.fileScope(contextText) }
    var snippetSuperclass: String {
        for declaration in contextDeclarations where declaration.kind == .macro && declaration.name == SnippetWrapper.superclassMacro {
            let text = String(Array(contextText)[declaration.start..<declaration.end])
            if let last = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).last { return String(last) }
        }
        return "NSObject"
    }

    var compilerDescription: String { clang + ": " + (version.split(separator: "\n").first.map(String.init) ?? version) }
}

extension CompilerSession {
    /// Finds the SDK and clang, puts clang in its sandbox, asks its version, and copies the
    /// context header (kept in the cache's `check/`); `precompile` makes its precompiled form.
    static func prepare(options: CheckOptions, config: CheckConfig, runner: ProcessRunner, timeout: Double,
                        memo: any CheckMemo) -> Result<CompilerSession, SessionProblem> {
        let environment = options.environment
        let manager = FileManager.default
        try? manager.createDirectory(atPath: memo.folder, withIntermediateDirectories: true)
        func fail(_ reason: String, _ diagnostics: [Diagnostic] = []) -> Result<CompilerSession, SessionProblem> {
            return .failure(SessionProblem(reason: reason, diagnostics: diagnostics.isEmpty ? [Diagnostic(.error, reason)] : diagnostics))
        }
    
        let kind = options.sdkKind(config)
        let setup = SDKSetup(kind: kind, memo: memo, runner: runner, environment: environment,
                             appleSDK: config.appleSDK, target: config.target)
        let profile: SDKProfile
        switch setup.resolve() {
        case .success(let resolved): profile = resolved
        case .failure(let problem): return fail("the \(kind.rawValue) SDK is not available: " + problem.message)
        }
    
        let configured = options.clang ?? (config.clang.isEmpty ? nil : config.clang)
        let clang: String
        switch ClangLocator.locate(configured: configured ?? (environment["CLANG"] == nil ? profile.clang : nil),
                                   environment: environment) {
        case .success(let found): clang = found.path
        case .failure(let notFound): return fail(notFound.message)
        }
        // Every run of clang from here on reads the book: in the sandbox, under the limits.
        var runner = runner
        switch ClangSandbox.locate(environment: environment, memoryLimit: config.memoryLimit << 20, clang: clang,
                                   content: options.contentRoot, cache: memo.folder) {
        case .success(let sandbox): runner.sandbox = sandbox
        case .failure(let problem): return fail(problem.message)
        }
        // The worker runs where clang runs, so the sandbox reads it too; batches need the sandbox.
        // Its version is asked beside clang's: each is a process started in the sandbox, ~15 ms.
        var worker = runner.sandbox == nil ? nil : UnitWorker.candidate(clang: clang, environment: environment)
        if let candidate = worker, var sandbox = runner.sandbox {
            sandbox.readable.append(candidate.executable)
            runner.sandbox = sandbox
        }
        let workerAnswer = worker.map { candidate in InBackground { [runner] in candidate.version(runner: runner) } }
        let versionOutput = runner.run(clang, ["--version"])
        guard versionOutput.status == 0, !versionOutput.timedOut else {
            let said = versionOutput.stderr.split(separator: "\n").prefix(3).joined(separator: " / ")
            let why = versionOutput.launchError ?? (versionOutput.timedOut ? "it did not answer within \(timeout) s"
                : "it exited with status \(versionOutput.status)" + (said.isEmpty ? "" : ": " + said))
            return fail("\(clang) --version failed\(runner.sandbox?.bwrap == nil ? "" : " in the sandbox"): \(why)")
        }
        let version = versionOutput.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        if let candidate = worker, let answer = workerAnswer, !candidate.matches(clangVersion: version, answer: answer.value) {
            worker = nil
        }
        let flags = SDKProfile.commonFlags + profile.flags + ["-iquote", options.contentRoot] + config.flags
    
        // The context header, copied under its hash (the PCH then never sees it change), or a
        // prefix that imports Foundation when the guide has none.
        let contextPath = options.contentRoot + "/" + config.context
        let contextDisplay = options.displayRoot + "/" + config.context
        var contextText = ""
        var displayPaths: [String: String] = [:]
        let content = ConfinedFolder(options.contentRoot, role: "the content folder")
        if manager.fileExists(atPath: contextPath) {
            guard content.contains(contextPath) else {
                return fail("the context header \(contextDisplay) is a link that leads outside the content folder; "
                            + "guide reads nothing outside it")
            }
            guard let text = try? String(contentsOfFile: contextPath, encoding: .utf8) else {
                return fail("cannot read the context header \(contextDisplay)")
            }
            let refusals = IncludeGuard.violations(in: text, content: content)
            if !refusals.isEmpty {
                return fail("the context header \(contextDisplay) includes a file outside the content folder",
                            refusals.map { Diagnostic(.error, $0.message, at: SourceLocation(file: contextDisplay, line: $0.line + 1)) })
            }
            contextText = text
        } else if kind != .none {
            contextText = "#import <Foundation/Foundation.h>\n"
        }
        // The memory limit decides whether a snippet runs out of memory: part of every key.
        let fingerprint = Digest.hex([version, clang, profile.fingerprint, flags.joined(separator: "\u{0}"),
                                           "memory \(config.memoryLimit)", worker?.fingerprint ?? "command line"]
            .joined(separator: "\u{1}"))
        var prefixFlags: [String] = []
        var precompile: Precompile?
        if !contextText.isEmpty {
            let files = memo.contextHeader(contextText, compiler: fingerprint)
            let header = files.header
            // The copy, and the header precompiled from it, are checked before use: a damaged or
            // foreign one is made again, never turned into every snippet's failure.
            if FileBytes.read(header).map({ !$0.elementsEqual(contextText.utf8) }) ?? true {
                FileBytes.replace(header, with: Array(contextText.utf8))
                // clang checks that a precompiled header's source is the file it was made from
                // (its size and time): one made from the earlier copy fails every snippet now.
                unlink(files.pch)
            }
            displayPaths[header] = contextDisplay
            if options.precompile {
                precompile = Precompile(memo: memo, files: files, flags: flags.filter { $0 != "-fsyntax-only" },
                                        contextDisplay: contextDisplay)
                prefixFlags = ["-include-pch", files.pch]
            } else {
                prefixFlags = ["-include", header]
            }
        }
        return .success(CompilerSession(clang: clang, version: version, flags: flags, prefixFlags: prefixFlags,
                                contextText: contextText, fingerprint: fingerprint,
                                memo: memo, displayPaths: displayPaths, runner: runner,
                                assume: !(options.strict ?? config.strict), worker: worker, precompile: precompile))
    }
}

/// The context header's precompiled form (`-include-pch`), kept in the cache's `check/` under
/// its key: made once per header and compiler, when a unit is to be compiled. Apart from the
/// session's preparation, so that it is made while the snippets are planned (the plan's keys
/// need only its path).
struct Precompile: Sendable {
    var memo: any CheckMemo
    var files: ContextHeaderFiles
    var flags: [String]
    var contextDisplay: String

    /// Makes the precompiled header unless the cache holds it; the problem when clang could not.
    func make(clang: String, runner: ProcessRunner, displayPaths: [String: String]) -> SessionProblem? {
        // Checked before use: a damaged or foreign one is made again, never turned into every snippet's failure.
        guard !memo.holdsPrecompiledHeader(files) else { return nil }
        let temporary = files.pch + ".tmp-" + UUID().uuidString
        let output = runner.run(clang, flags + ["-x", "objective-c-header", files.header, "-o", temporary],
                                writable: [PathText.parent(files.pch)])
        guard output.status == 0, !output.timedOut, FileManager.default.fileExists(atPath: temporary) else {
            try? FileManager.default.removeItem(atPath: temporary)
            let diagnostics = ClangOutputParser.parse(output.stderr).map {
                Evaluation.displayed($0, paths: displayPaths).diagnostic
            }
            let why = output.timedOut ? "clang did not finish within \(runner.timeout) s"
                                      : output.launchError ?? "it does not compile"
            let reason = "the context header \(contextDisplay) could not be precompiled: \(why)"
            return SessionProblem(reason: reason, diagnostics: [Diagnostic(.error, reason)] + diagnostics)
        }
        if rename(temporary, files.pch) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
        memo.sealPrecompiledHeader(files)
        return nil
    }
}
