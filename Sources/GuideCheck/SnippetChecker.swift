import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GuideMerge
import GuideModel

/// How to run the harness; what is nil comes from the book's `check:` config.
public struct CheckOptions: Sendable {
    /// The content folder on disk.
    public var contentRoot: String
    /// The content folder as messages name it (e.g. `content`).
    public var displayRoot: String
    /// The cache (`.guide-cache`); nil: none (a temporary folder for the run's files).
    public var cache: CacheStore?
    public var clang: String?
    public var jobs: Int?
    public var timeout: Double?
    public var sdk: SDKProfile.Kind?
    /// Precompile the context header (off: `-include` it in every snippet; for measuring).
    public var precompile: Bool
    /// Assume nothing (`--strict`); nil: the book's `check.strict`.
    public var strict: Bool?
    public var environment: [String: String]

    public init(contentRoot: String, displayRoot: String? = nil, cache: CacheStore? = nil, clang: String? = nil,
                jobs: Int? = nil, timeout: Double? = nil, sdk: SDKProfile.Kind? = nil, precompile: Bool = true,
                strict: Bool? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.strict = strict
        // Absolute: clang runs in an empty folder of its own.
        self.contentRoot = Self.absolute(contentRoot)
        self.displayRoot = displayRoot ?? contentRoot
        self.cache = cache
        self.clang = clang
        self.jobs = jobs
        self.timeout = timeout
        self.sdk = sdk
        self.precompile = precompile
        self.environment = environment
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// Compiles every Objective-C code block of the book, in every language, with clang.
///
///     let report = SnippetChecker(options: CheckOptions(contentRoot: "content")).run(book: book)
///     for result in report.results where result.outcome == .fail { … }
public struct SnippetChecker: Sendable {
    public var options: CheckOptions
    /// How a translation is aligned with its source, to inherit the source's annotations
    /// (a build passes its alignment cache).
    public var align: BeadSource = { Aligner().align($0, $1) }

    public init(options: CheckOptions) {
        self.options = options
    }

    /// Per snippet, in reading order (source language first).
    public func check(book: Book) -> [SnippetResult] {
        run(book: book).results
    }

    public func run(book: Book) -> CheckReport {
        let start = Date()
        let config = book.config.check
        var report = CheckReport(results: [], problems: [], compiler: nil,
                                 sdk: (options.sdk ?? kind(config.sdk)).rawValue, seconds: 0, compiled: 0, cacheHits: 0)
        let environment = options.environment
        let timeout = options.timeout ?? config.timeout
        let runner = ProcessRunner(timeout: timeout, environment: environment)
        let chapters = planningOrder(book)

        // A run with a cache takes unchanged chapters' results as they were; their key includes
        // the compiler session, so it is prepared first (when there is code at all).
        var session: Result<Session, SessionProblem>?
        var keys = [CacheKey?](repeating: nil, count: chapters.count)
        var kept = [[SnippetResult]?](repeating: nil, count: chapters.count)
        let cache = options.cache
        // The check's stages are done with when the run is (a build goes on with others).
        defer { cache?.save([.checkChapters, .compileRecords, .precompiledHeader, .sdkHeaders]) }
        if let cache, chapters.contains(where: { $0.chapter.facts.codeBlockCount > 0 }) {
            session = prepare(config: config, runner: runner, timeout: timeout)
            if case .success(let prepared)? = session {
                let languages = config.languages, source = book.source
                let found = chapters.concurrentMap { language, chapter -> (CacheKey?, [SnippetResult]?) in
                    let original = language == source.language ? nil : source.chapter(at: chapter.path)
                    guard let key = ChapterResults.key(language: language, chapter: chapter, original: original,
                                                       languages: languages, session: prepared) else { return (nil, nil) }
                    guard let (results, records) = cache.read(.checkChapters, key, ChapterResults.decode) else { return (key, nil) }
                    // The compile records the results come from stay with them.
                    for record in records { cache.keep(.compileRecords, record) }
                    return (key, results)
                }
                keys = found.map(\.0)
                kept = found.map(\.1)
            }
        }

        // The chapters' text, for the annotations' exact lines (see `CodeSnippet.all`): only
        // those planned (and their source chapters).
        let root = options.contentRoot
        var wanted = Set<String>()
        for (index, (language, chapter)) in chapters.enumerated() where kept[index] == nil {
            wanted.insert(language.code + "/" + chapter.path)
            if language != book.source.language { wanted.insert(book.source.language.code + "/" + chapter.path) }
        }
        let toRead = book.editions.flatMap { edition in
            edition.chapters.filter { wanted.contains(edition.language.code + "/" + $0.path) }.map { (edition.language, $0) }
        }
        let texts = toRead.concurrentMap { language, chapter in
            try? String(contentsOfFile: root + "/" + language.code + "/" + chapter.path, encoding: .utf8)
        }
        var markdown: [String: String] = [:]
        for ((_, chapter), text) in zip(toRead, texts) { markdown[chapter.displayPath] = text }
        let perChapter = plan(book: book, markdown: markdown, skipping: Set(kept.indices.filter { kept[$0] != nil }))
        var plans = perChapter.flatMap { $0 }

        let toCompile = plans.indices.filter { plans[$0].unit != nil && plans[$0].result == nil }
        func notChecked(_ reason: String) {
            for index in toCompile where plans[index].result == nil {
                plans[index].result = plans[index].finish(.notChecked, reason: reason)
            }
        }
        if !toCompile.isEmpty {
            switch session ?? prepare(config: config, runner: runner, timeout: timeout) {
            case .failure(let problem):
                report.problems.append(contentsOf: problem.diagnostics)
                notChecked(problem.reason)
            case .success(let session):
                report.compiler = session.compilerDescription
                compile(plans: &plans, indices: toCompile, session: session,
                        jobs: options.jobs ?? config.jobs, report: &report)
                session.cleanUp()
            }
        } else if case .success(let session)? = session {
            report.compiler = session.compilerDescription
            session.cleanUp()
        }

        // Results in planning order: kept chapters' as they were, planned ones' as they came.
        var planned = plans[...]
        for index in chapters.indices {
            let (language, chapter) = chapters[index]
            if let results = kept[index] {
                report.results += results
                report.cacheHits += results.count(where: \.cached)
                if let key = keys[index] { report.chapterKeys["\(language.code)/\(chapter.path)"] = key }
                continue
            }
            let chapterPlans = planned.prefix(perChapter[index].count)
            planned = planned.dropFirst(chapterPlans.count)
            let results = chapterPlans.compactMap(\.result)
            report.results += results
            // Kept as a warm run would give them: every compiled snippet's result from the cache.
            if let cache, let key = keys[index], !results.contains(where: { $0.outcome == .notChecked }) {
                let results = chapterPlans.compactMap { plan in
                    plan.result.map { result in
                        var result = result
                        result.cached = plan.unit != nil
                        return result
                    }
                }
                cache.write(.checkChapters, key, ChapterResults.encode(results, records: chapterPlans.flatMap(\.recordKeys)))
                report.chapterKeys["\(language.code)/\(chapter.path)"] = key
            }
        }
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    private func kind(_ name: String) -> SDKProfile.Kind {
        SDKProfile.Kind(rawValue: name) ?? SDKProfile.platformDefault
    }

    // MARK: - Planning (pure)

    /// One snippet on its way to a result.
    struct Plan {
        var snippet: CodeSnippet
        var annotation: Annotation?
        var shape: SnippetShape
        var unit: WrappedUnit?
        var currentPart: Int = 0
        var extraFlags: [String] = []
        var counterpart: SourceLocation?
        var result: SnippetResult?
        /// The keys of the compile records its result was made from (`CacheStage.compileRecords`):
        /// its chapter's cached results keep them.
        var recordKeys: [CacheKey] = []
        /// What the snippet declares, for the chapter's later snippets (`ChapterContext`).
        var declarations: ChapterSnippetDeclarations?
        /// The parts and wrapping of `unit`, to wrap again with assumptions.
        var parts: [SnippetPart] = []
        var wrapping = WrapperContext()
        /// What the chapter declared before the snippet, and the snippet itself (for `BookDeclarations`).
        var bookDeclarations: [[Declaration]] = []
        /// Identifiers the chapter's later snippets declare.
        var laterIdentifiers: Set<String> = []
        /// The annotation asks for no assumptions.
        var strict = false
        /// The snippet's `...` stand for statements left out.
        var elidesStatements = false

        func finish(_ outcome: SnippetOutcome, diagnostics: [SnippetDiagnostic] = [], unmet: [String] = [],
                    reason: String? = nil, cached: Bool = false, assumed: [AssumedName] = []) -> SnippetResult {
            var result = SnippetResult(language: snippet.language, chapterPath: snippet.chapterPath, file: snippet.file,
                                       fenceLine: snippet.fenceLine, blockPath: snippet.blockPath, shape: shape,
                                       outcome: outcome, diagnostics: diagnostics, unmetExpectations: unmet,
                                       reason: reason, annotationLocation: annotation?.location, cached: cached)
            result.counterpart = counterpart
            result.assumed = assumed
            return result
        }
    }

    /// The chapters in the order they are planned and reported: the source's, then each translation's.
    func planningOrder(_ book: Book) -> [(language: Language, chapter: Chapter)] {
        ([book.source] + book.translations).flatMap { edition in edition.chapters.map { (edition.language, $0) } }
    }

    /// Each chapter's plans, in `planningOrder`; chapters at `skipping` get none.
    func plan(book: Book, markdown: [String: String] = [:], skipping: Set<Int> = []) -> [[Plan]] {
        let languages = book.config.check.languages
        let source = book.source
        // Chapters are planned independently (a translation against its source's snippets): on every core.
        let chapters = planningOrder(book).enumerated().map { ($0.offset, $0.element.language, $0.element.chapter) }
        return chapters.concurrentMap { [align] position, language, chapter -> [Plan] in
            if skipping.contains(position) { return [] }
            let original = language == source.language ? nil : source.chapter(at: chapter.path)
            let markdownText = markdown[chapter.displayPath]
            let originalMarkdown = original.flatMap { markdown[$0.displayPath] }
            var snippets = CodeSnippet.all(in: chapter, language: language, languages: languages, markdown: markdownText)
            var counterparts: [SourceLocation?] = Array(repeating: nil, count: snippets.count)
            if let original {
                let originals = CodeSnippet.all(in: original, language: source.language, languages: languages,
                                                markdown: originalMarkdown)
                let beads = align(original.blocks, chapter.blocks)
                let pairs = AnnotationInheritance.counterparts(source: original.blocks, target: chapter.blocks,
                                                               beads: beads, sourceSnippets: originals,
                                                               targetSnippets: snippets)
                snippets = AnnotationInheritance.inherit(source: original, target: chapter, sourceSnippets: originals,
                                                         targetSnippets: snippets, beads: beads)
                counterparts = pairs.map { $0.map { originals[$0].location } }
            }
            return planChapter(snippets, counterparts: counterparts)
        }
    }

    func planChapter(_ snippets: [CodeSnippet], counterparts: [SourceLocation?]) -> [Plan] {
        let content = ConfinedFolder(options.contentRoot, role: "the content folder")
        var plans: [Plan] = []
        for (index, snippet) in snippets.enumerated() {
            let annotation = snippet.annotation
            let code = Self.trimmedCode(snippet.code)
            var plan = Plan(snippet: snippet, annotation: annotation,
                            shape: annotation?.shape ?? (annotation?.text == true ? .text : ShapeClassifier.classify(code)),
                            counterpart: counterparts[index])
            defer { plans.append(plan) }

            if !snippet.annotationProblems.isEmpty {
                let diagnostics = snippet.annotationProblems.map {
                    SnippetDiagnostic(severity: .error, location: SourceLocation(file: snippet.file, line: $0.line),
                                      message: $0.message)
                }
                plan.result = plan.finish(.fail, diagnostics: diagnostics, reason: "the snippet's annotation has mistakes")
                continue
            }
            if annotation?.ignore == true {
                plan.result = plan.finish(.ignored, reason: annotation?.reason ?? "ignore")
                continue
            }
            if plan.shape == .text {
                plan.result = plan.finish(.ignored, reason: annotation?.reason ?? "text, not code")
                continue
            }

            // The chain of snippets this one builds on, oldest first.
            var chain = [index]
            var cursor = index
            while snippets[cursor].annotation?.continues == true {
                guard let previous = plans.indices.last(where: { $0 < cursor && plans[$0].isCompiled }) else { break }
                chain.insert(previous, at: 0)
                cursor = previous
            }
            if annotation?.continues == true && chain.count == 1 {
                plan.result = plan.finish(.fail, diagnostics: [SnippetDiagnostic(
                    severity: .error, location: annotation?.location ?? snippet.location,
                    message: "'continues', but no compiled snippet comes before it in the chapter")])
                continue
            }
            var parts: [SnippetPart] = []
            var refusals: [SnippetDiagnostic] = []
            var chainDeclarations: [ChapterSnippetDeclarations] = []
            for member in chain {
                let memberPlan = member == index ? plan : plans[member]
                let memberSnippet = memberPlan.snippet
                let memberAnnotation = memberPlan.annotation
                let rawCode = Self.trimmedCode(memberSnippet.code)
                let elision = memberAnnotation?.elide == true ? Elision.blankAll(rawCode) : Elision.apply(rawCode)
                let memberCode = elision.code
                for violation in IncludeGuard.violations(in: memberCode, content: content) where member == index {
                    refusals.append(SnippetDiagnostic(severity: .error, location: SourceLocation(
                        file: memberSnippet.file, line: memberSnippet.firstCodeLine + violation.line), message: violation.message))
                }
                for setup in memberAnnotation?.setup ?? [] {
                    for violation in IncludeGuard.violations(in: setup.code, content: content) {
                        refusals.append(SnippetDiagnostic(severity: .error, location: SourceLocation(
                            file: memberAnnotation?.location?.file ?? memberSnippet.file, line: setup.line),
                            message: violation.message))
                    }
                }
                parts.append(SnippetPart(code: memberCode, shape: memberPlan.shape, file: memberSnippet.file,
                                         firstLine: memberSnippet.firstCodeLine, setup: memberAnnotation?.setup ?? [],
                                         setupFile: memberAnnotation?.location?.file ?? memberSnippet.file,
                                         indents: memberSnippet.indents, closers: elision.closers))
                if member == index { plan.elidesStatements = elision.statements }
                chainDeclarations.append(memberPlan.declarations ?? ChapterSnippetDeclarations(
                    code: memberCode, file: memberSnippet.file, firstLine: memberSnippet.firstCodeLine,
                    indents: memberSnippet.indents, shape: memberPlan.shape))
            }
            if !refusals.isEmpty {
                plan.result = plan.finish(.fail, diagnostics: refusals,
                                          reason: "refused before compiling: it includes a file outside the content folder")
                continue
            }
            let chainAnnotations = chain.compactMap { $0 == index ? annotation : plans[$0].annotation }
            let className = chainAnnotations.last(where: { $0.className != nil })?.className
            let superclass = chainAnnotations.last(where: { $0.className == className && $0.superclass != nil })?.superclass
            let expected = Set(chainAnnotations.flatMap(\.expectedFlags))
            let silenced = SnippetWrapper.fragmentWarnings.filter { !expected.contains($0) }
            // What the snippet declares, for the snippets after it; what the chapter declared before, for it.
            var own = chainDeclarations[chainDeclarations.count - 1]
            own.wrapperClass = className
            plan.declarations = own
            let earlier = plans.indices.filter { $0 < index && !chain.contains($0) }.compactMap { plans[$0].declarations }
            let prelude = ChapterContext.prelude(earlier: earlier, current: chainDeclarations, wrapperClass: className)
            var wrapping = WrapperContext(className: className, superclass: superclass, silenced: silenced, prelude: prelude)
            wrapping.returnType = ReturnedValues.type(of: parts.filter { $0.shape == .statements }.map(\.code))
            plan.parts = parts
            plan.wrapping = wrapping
            plan.bookDeclarations = earlier.map(\.declarations) + chainDeclarations.map(\.declarations)
            // A snippet expected to fail is about its errors: nothing is assumed away.
            plan.strict = chainAnnotations.contains { $0.strict } || !(annotation?.expectErrors.isEmpty ?? true)
            plan.unit = SnippetWrapper.wrap(parts, context: wrapping)
            plan.currentPart = parts.count - 1
            plan.extraFlags = (annotation?.expectedFlags ?? []).sorted()
        }
        // What each snippet's later ones declare: a name used before the chapter declares it is a mistake.
        var later = Set<String>()
        for index in plans.indices.reversed() {
            plans[index].laterIdentifiers = later
            if let declarations = plans[index].declarations { later.formUnion(declarations.identifiers) }
        }
        return plans
    }

    /// cmark keeps the newline that ends the last line.
    static func trimmedCode(_ code: String) -> String {
        code.hasSuffix("\n") ? String(code.dropLast()) : code
    }

    // MARK: - Compiling (the edge)

    struct SessionProblem: Error {
        var reason: String
        var diagnostics: [Diagnostic]
    }

    /// What every snippet of a run shares: the compiler, the SDK, the precompiled context header.
    struct Session: Sendable {
        var clang: String
        var version: String
        var flags: [String]
        /// `-include-pch x` or `-include x` (or nothing).
        var prefixFlags: [String]
        var contextText: String
        /// clang's path and version, the SDK, the flags, the memory limit: the `compiler` version of keys.
        var fingerprint: String
        var cache: CacheStore?
        var temporaryFolder: String?
        var displayPaths: [String: String]
        /// Runs clang in the sandbox, under its limits.
        var runner: ProcessRunner
        /// Names nothing declares are assumed (not `--strict`, nor `check.strict`).
        var assume = true

        var versions: CacheStage.Versions { CacheStage.Versions(compiler: fingerprint) }

        /// What of the session a chapter's results depend on besides the compiler (see `ChapterResults`).
        func hashInputs(_ hash: Digest) {
            for part in [contextText] + prefixFlags + displayPaths.sorted(by: { $0.key < $1.key }).flatMap({ [$0.key, $0.value] }) {
                hash.updateCounted(part)
            }
            // Whether names nothing declares are assumed decides outcomes too.
            hash.updateCounted(assume ? "assume" : "strict")
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

        func cleanUp() {
            if let temporaryFolder { try? FileManager.default.removeItem(atPath: temporaryFolder) }
        }
    }

    private func prepare(config: CheckConfig, runner: ProcessRunner, timeout: Double) -> Result<Session, SessionProblem> {
        let environment = options.environment
        let manager = FileManager.default
        // Without a cache, the files clang reads go to a store of their own, removed after the run.
        let files = options.cache ?? CacheStore(root: NSTemporaryDirectory() + "guide-check-" + UUID().uuidString)
        let temporaryFolder = options.cache == nil ? files.root : nil
        let cacheRoot = files.root + "/check"
        try? manager.createDirectory(atPath: cacheRoot, withIntermediateDirectories: true)
        func fail(_ reason: String, _ diagnostics: [Diagnostic] = []) -> Result<Session, SessionProblem> {
            if let temporaryFolder { try? manager.removeItem(atPath: temporaryFolder) }
            return .failure(SessionProblem(reason: reason, diagnostics: diagnostics.isEmpty ? [Diagnostic(.error, reason)] : diagnostics))
        }

        let kind = options.sdk ?? self.kind(config.sdk)
        let setup = SDKSetup(kind: kind, cache: files, runner: runner, environment: environment,
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
                                   content: options.contentRoot, cache: cacheRoot) {
        case .success(let sandbox): runner.sandbox = sandbox
        case .failure(let problem): return fail(problem.message)
        }
        let versionOutput = runner.run(clang, ["--version"])
        guard versionOutput.status == 0, !versionOutput.timedOut else {
            let said = versionOutput.stderr.split(separator: "\n").prefix(3).joined(separator: " / ")
            let why = versionOutput.launchError ?? (versionOutput.timedOut ? "it did not answer within \(timeout) s"
                : "it exited with status \(versionOutput.status)" + (said.isEmpty ? "" : ": " + said))
            return fail("\(clang) --version failed\(runner.sandbox?.bwrap == nil ? "" : " in the sandbox"): \(why)")
        }
        let version = versionOutput.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
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
                                           "memory \(config.memoryLimit)"]
            .joined(separator: "\u{1}"))
        var prefixFlags: [String] = []
        if !contextText.isEmpty {
            let key = CacheStage.precompiledHeader.key(CacheStage.Versions(compiler: fingerprint)) { $0.updateCounted(contextText) }
            let header = files.file(.precompiledHeader, key, suffix: ".h")
            // The copy, and the header precompiled from it, are checked before use: a damaged or
            // foreign one is made again, never turned into every snippet's failure.
            if FileBytes.read(header).map({ !$0.elementsEqual(contextText.utf8) }) ?? true {
                CacheStore.replace(header, with: Array(contextText.utf8))
            }
            displayPaths[header] = contextDisplay
            if options.precompile {
                let pch = files.file(.precompiledHeader, key, suffix: ".pch")
                if !files.fileHolds(.precompiledHeader, key, suffix: ".pch") {
                    let temporary = pch + ".tmp-" + UUID().uuidString
                    let pchFlags = flags.filter { $0 != "-fsyntax-only" }
                    let output = runner.run(clang, pchFlags + ["-x", "objective-c-header", header, "-o", temporary],
                                            writable: [PathText.parent(pch)])
                    guard output.status == 0, !output.timedOut, manager.fileExists(atPath: temporary) else {
                        try? manager.removeItem(atPath: temporary)
                        let diagnostics = ClangOutputParser.parse(output.stderr).map {
                            Evaluation.displayed($0, paths: displayPaths).diagnostic
                        }
                        let why = output.timedOut ? "clang did not finish within \(timeout) s"
                                                  : output.launchError ?? "it does not compile"
                        let reason = "the context header \(contextDisplay) could not be precompiled: \(why)"
                        return fail(reason, [Diagnostic(.error, reason)] + diagnostics)
                    }
                    if rename(temporary, pch) != 0 { try? manager.removeItem(atPath: temporary) }
                    files.sealFile(.precompiledHeader, key, suffix: ".pch")
                }
                prefixFlags = ["-include-pch", pch]
            } else {
                prefixFlags = ["-include", header]
            }
        }
        return .success(Session(clang: clang, version: version, flags: flags, prefixFlags: prefixFlags,
                                contextText: contextText, fingerprint: fingerprint,
                                cache: options.cache, temporaryFolder: temporaryFolder, displayPaths: displayPaths, runner: runner,
                                assume: !(options.strict ?? config.strict)))
    }

    /// Compiles the planned snippets; those that fail only for names nothing declares are
    /// compiled again with those names assumed (`FragmentAnalysis`), a few rounds at most.
    private func compile(plans: inout [Plan], indices: [Int], session: Session,
                         jobs: Int, report: inout CheckReport) {
        let units = indices.compactMap { index in plans[index].unit.map { (index, $0) } }
        let records = run(units, plans: plans, session: session, jobs: jobs, report: &report)
        var active: [Int: Assuming] = [:]
        let contextDeclarations = session.assume ? session.contextDeclarations : []
        let snippetSuperclass = session.snippetSuperclass
        for (index, unit) in units {
            guard let compiled = records[index] else { continue }
            if case .record(_, _, let key) = compiled { plans[index].recordKeys.append(key) }
            plans[index].result = evaluate(plans[index], unit: unit, compiled: compiled, session: session)
            guard session.assume, !plans[index].strict, case .record(let record, _, _) = compiled, record.failure == nil,
                  plans[index].result?.outcome == .fail else { continue }
            var assuming = Assuming(plans[index], unit: unit, contextDeclarations: contextDeclarations,
                                    snippetSuperclass: snippetSuperclass, contextFiles: Set(session.displayPaths.keys))
            switch assuming.analysis.decide(record.diagnostics, unit: unit, current: assuming.set, history: &assuming.history) {
            case .assume(let set):
                assuming.set = set
                active[index] = assuming
            case .mistake(let why), .stuck(let why):
                let reason = plans[index].result?.reason
                plans[index].result?.reason = reason ?? "nothing assumed: " + why
            }
        }
        // Each round compiles the snippets still assuming; a snippet gets `maximumRounds` more compiles at most.
        for _ in 0..<Self.maximumRounds where !active.isEmpty {
            var wrapped: [(Int, WrappedUnit)] = []
            for (index, assuming) in active.sorted(by: { $0.key < $1.key }) {
                var wrapping = plans[index].wrapping
                wrapping.assumed = assuming.set.text
                wrapping.assumedLate = assuming.set.late
                wrapped.append((index, SnippetWrapper.wrap(plans[index].parts, context: wrapping)))
            }
            let records = run(wrapped, plans: plans, session: session, jobs: jobs, report: &report)
            for (index, unit) in wrapped {
                guard var assuming = active[index], let compiled = records[index] else { continue }
                if case .record(_, _, let key) = compiled { plans[index].recordKeys.append(key) }
                guard case .record(let record, _, _) = compiled, record.failure == nil else {
                    active[index] = nil
                    continue
                }
                let result = evaluate(plans[index], unit: unit, compiled: compiled, session: session,
                                      assumed: assuming.set.names)
                if result.outcome != .fail, let why = assuming.analysis.renamedVariable(
                    record.diagnostics, unit: unit, set: assuming.set, history: assuming.history) {
                    plans[index].result?.reason = "nothing assumed: " + why
                    active[index] = nil
                    continue
                }
                if result.outcome != .fail {
                    plans[index].result = result
                    active[index] = nil
                    continue
                }
                switch assuming.analysis.decide(record.diagnostics, unit: unit, current: assuming.set, history: &assuming.history) {
                case .assume(let set):
                    assuming.set = set
                    active[index] = assuming
                case .mistake(let why), .stuck(let why):
                    plans[index].result?.reason = "assuming " + assuming.set.names.map { "'\($0.label)'" }.joined(separator: ", ")
                        + " did not help: " + why
                    active[index] = nil
                }
            }
        }
        for index in active.keys {
            plans[index].result?.reason = "still failing after \(Self.maximumRounds) rounds of assumed names"
        }
        // Snippets whose result came from the cache (each round's compile of it did).
        report.cacheHits += indices.count { plans[$0].result?.cached == true }
    }

    /// Compiles after the first that one snippet may take to assume what it needs.
    static let maximumRounds = 4

    /// One snippet on its way through the rounds of assumption.
    struct Assuming {
        var analysis: FragmentAnalysis
        var history = FragmentAnalysis.History()
        var set = AssumptionSet()

        init(_ plan: Plan, unit: WrappedUnit, contextDeclarations: [Declaration], snippetSuperclass: String,
             contextFiles: Set<String>) {
            let wrapperClass = plan.wrapping.className ?? SnippetWrapper.defaultClass
            let book = BookDeclarations([contextDeclarations] + plan.bookDeclarations, wrapperClass: wrapperClass,
                                        wrapperSuperclass: plan.wrapping.superclass ?? snippetSuperclass)
            let code = plan.parts.last?.code ?? ""
            var context = FragmentAnalysis.Context(
                code: code, currentPart: plan.currentPart, laterIdentifiers: plan.laterIdentifiers, book: book,
                contextFiles: contextFiles, elidesStatements: plan.elidesStatements)
            context.localClasses = [wrapperClass]
            for declaration in plan.bookDeclarations.joined() {
                switch declaration.kind {
                case .classInterface, .implementation, .forwardClass: context.localClasses.insert(declaration.name)
                default: break
                }
            }
            analysis = FragmentAnalysis(context: context)
        }
    }

    /// What compiling a unit gave: a record (from the cache or clang), or why there is none.
    enum Compiled {
        case record(CompileRecord, cached: Bool, key: CacheKey)
        /// A timeout, a clang that could not start: not a verdict, never kept.
        case notChecked(String)
    }

    /// Each unit's compile record: from the cache, or compiled (identical units once).
    private func run(_ units: [(Int, WrappedUnit)], plans: [Plan], session: Session, jobs: Int,
                     report: inout CheckReport, share: Bool = true) -> [Int: Compiled] {
        struct Job: Sendable {
            var key: CacheKey
            var text: String
            var arguments: [String]
            var unit: WrappedUnit
            var shape: String
        }
        var jobsToRun: [Job] = []
        // Units of one shape (`SharedCompiles`) wait for the first: index, its key, its unit.
        var waiting: [String: [(Int, CacheKey, WrappedUnit)]] = [:]
        var jobOfShape: [String: Int] = [:]
        var compiled: [Int: Compiled] = [:]
        for (index, unit) in units {
            let arguments = session.flags + plans[index].extraFlags + session.prefixFlags + ["-x", "objective-c"]
            let key = CacheStage.compileRecords.key(session.versions) { hash in
                for part in [session.contextText] + arguments + [unit.text] { hash.updateCounted(part) }
            }
            if let record = session.cache?.read(.compileRecords, key, CompileRecord.init(decoding:)) {
                compiled[index] = .record(record, cached: true, key: key)
                continue
            }
            let shape = share ? Digest.hex(arguments.joined(separator: "\u{0}") + "\u{1}" + SharedCompiles.shape(unit)) : key.hex
            if jobOfShape[shape] == nil {
                jobOfShape[shape] = jobsToRun.count
                jobsToRun.append(Job(key: key, text: unit.text, arguments: arguments, unit: unit, shape: shape))
            }
            waiting[shape, default: []].append((index, key, unit))
        }
        let clang = session.clang, runner = session.runner, batches = BatchRunner(runner: runner)
        // Batches of compiles, a few per worker so the workers stay even, and at least four a
        // batch (a sandbox each) when there are that many: the later rounds compile few.
        let workers = max(1, jobs)
        let size = max(min(4, (jobsToRun.count + workers - 1) / workers), min(16, jobsToRun.count / (4 * workers)), 1)
        let chunks = stride(from: 0, to: jobsToRun.count, by: size).map { Array(jobsToRun[$0..<min($0 + size, jobsToRun.count)]) }
        let outputs = ParallelMap.run(chunks, jobs: max(1, jobs)) { chunk in
            batches.run(clang, chunk.map { BatchRunner.Job(arguments: $0.arguments, text: $0.text) })
        }.flatMap { $0 }
        var alone: [(Int, WrappedUnit)] = []
        for (job, output) in zip(jobsToRun, outputs) {
            if output.timedOut || output.launchError != nil {
                let reason = output.launchError ?? "clang did not finish within \(runner.timeout) s (stopped)"
                for (index, _, _) in waiting[job.shape] ?? [] { compiled[index] = .notChecked(reason) }
                continue
            }
            // A crash (or running out of memory) is kept like any verdict: the key holds the limits.
            var record = CompileRecord(status: output.status, diagnostics: ClangOutputParser.parse(output.stderr))
            record.failure = ClangFailure.describe(status: output.status, stderr: output.stderr,
                                                   memoryLimit: runner.sandbox?.memoryLimit)
            // The driver's own line about the failure ("clang frontend command failed…") is said better by `failure`.
            if record.failure != nil { record.diagnostics.removeAll { $0.file == nil } }
            var stored = Set<CacheKey>()
            for (index, key, unit) in waiting[job.shape] ?? [] {
                // The others of its shape: the same diagnostics at their own lines (or compiled alone).
                guard let own = key == job.key ? record : SharedCompiles.translate(record, from: job.unit, to: unit) else {
                    alone.append((index, unit))
                    continue
                }
                if stored.insert(key).inserted { session.cache?.write(.compileRecords, key, own.encoded) }
                compiled[index] = .record(own, cached: false, key: key)
            }
        }
        report.compiled += jobsToRun.count
        if !alone.isEmpty {
            for (index, result) in run(alone, plans: plans, session: session, jobs: jobs, report: &report, share: false) {
                compiled[index] = result
            }
        }
        return compiled
    }

    /// A snippet's result from one compile of it.
    private func evaluate(_ plan: Plan, unit: WrappedUnit, compiled: Compiled, session: Session,
                          assumed: [AssumedName] = []) -> SnippetResult {
        guard case .record(let record, let cached, _) = compiled else {
            if case .notChecked(let reason) = compiled { return plan.finish(.notChecked, reason: reason) }
            return plan.finish(.notChecked)
        }
        let evaluation = Evaluation(unit: unit, currentPart: plan.currentPart, snippetFile: plan.snippet.file,
                                    fenceLine: plan.snippet.fenceLine, annotation: plan.annotation,
                                    displayPaths: session.displayPaths)
        var (outcome, diagnostics, unmet) = evaluation.evaluate(record.diagnostics)
        if let failure = record.failure {
            outcome = .fail
            diagnostics.append(SnippetDiagnostic(severity: .error, location: plan.snippet.location, message: failure))
        } else if record.status != 0 && !record.diagnostics.contains(where: { $0.severity == .error }) {
            outcome = .fail
            diagnostics.append(SnippetDiagnostic(severity: .error, location: plan.snippet.location,
                                                 message: "clang failed (status \(record.status)) without saying why"))
        }
        if !assumed.isEmpty, outcome == .pass || outcome == .warn { outcome = .assumed }
        return plan.finish(outcome, diagnostics: diagnostics, unmet: unmet, cached: cached,
                           assumed: outcome == .fail ? [] : assumed)
    }
}

extension SnippetChecker.Plan {
    /// Compiled (not ignored, not text, no early failure): a snippet others may continue.
    var isCompiled: Bool { unit != nil }
}

/// A bounded pool of threads over a list: at most `jobs` bodies run at once.
enum ParallelMap {
    static func run<Item: Sendable, Output: Sendable>(_ items: [Item], jobs: Int,
                                                       _ body: @escaping @Sendable (Item) -> Output) -> [Output] {
        guard !items.isEmpty else { return [] }
        let box = Box<Output>(count: items.count)
        let group = DispatchGroup()
        for _ in 0..<min(jobs, items.count) {
            group.enter()
            let thread = Thread {
                while let index = box.next() {
                    box.set(index, body(items[index]))
                }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        return box.values.map { $0! }
    }

    /// The next item to run and the outputs so far, shared by the threads.
    private final class Box<Output: Sendable>: Sendable {
        private let state: Mutex<(cursor: Int, values: [Output?])>

        init(count: Int) { state = Mutex((0, Array(repeating: nil, count: count))) }

        func next() -> Int? {
            state.withLock { state in
                guard state.cursor < state.values.count else { return nil }
                state.cursor += 1
                return state.cursor - 1
            }
        }

        func set(_ index: Int, _ value: Output) { state.withLock { $0.values[index] = value } }

        var values: [Output?] { state.withLock { $0.values } }
    }
}
