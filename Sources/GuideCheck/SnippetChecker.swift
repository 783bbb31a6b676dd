import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GuideFiles
import GuideModel

/// How to run the harness; what is nil comes from the book's `check:` config.
public struct CheckOptions: Sendable {
    /// The content folder on disk.
    public var contentRoot: String
    /// The content folder as messages name it (e.g. `content`).
    public var displayRoot: String
    /// What the check remembers between runs (`GuidePipeline.CheckCache`); nil: nothing (a
    /// temporary folder for the run's files).
    public var memo: (any CheckMemo)?
    public var clang: String?
    public var jobs: Int?
    public var timeout: Double?
    public var sdk: SDKProfile.Kind?
    /// Precompile the context header (off: `-include` it in every snippet; for measuring).
    public var precompile: Bool
    /// Assume nothing (`--strict`); nil: the book's `check.strict`.
    public var strict: Bool?
    public var environment: [String: String]

    public init(contentRoot: String, displayRoot: String? = nil, memo: (any CheckMemo)? = nil, clang: String? = nil,
                jobs: Int? = nil, timeout: Double? = nil, sdk: SDKProfile.Kind? = nil, precompile: Bool = true,
                strict: Bool? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.strict = strict
        // Absolute: clang runs in an empty folder of its own.
        self.contentRoot = Self.absolute(contentRoot)
        self.displayRoot = displayRoot ?? contentRoot
        self.memo = memo
        self.clang = clang
        self.jobs = jobs
        self.timeout = timeout
        self.sdk = sdk
        self.precompile = precompile
        self.environment = environment
    }

    /// The SDK profile: the option's, else the book's (`check.sdk`), else the platform's.
    func sdkKind(_ config: CheckConfig) -> SDKProfile.Kind {
        sdk ?? SDKProfile.Kind(rawValue: config.sdk) ?? SDKProfile.platformDefault
    }

    /// clang processes at once: as many as asked, never more than cores (`check.jobs` comes with
    /// the book, and 100,000 started ten thousand processes and 17 GB before the machine gave out).
    public static func processCount(asked: Int) -> Int {
        max(1, min(asked, ProcessInfo.processInfo.activeProcessorCount))
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// Compiles every Objective-C code block of the book, in every language, with clang.
///
///     let report = SnippetChecker(options: CheckOptions(contentRoot: "content"), align: Aligner().align).run(book: book)
///     for result in report.results where result.outcome == .fail { … }
public struct SnippetChecker: Sendable {
    public var options: CheckOptions
    /// How a translation is aligned with its source, to inherit the source's annotations:
    /// the merge stage's aligner, or the build's alignment cache in front of it. Passed in, so
    /// the check does not depend on the merge stage (the two modules compile side by side).
    public var align: BeadSource

    public init(options: CheckOptions, align: @escaping BeadSource) {
        self.options = options
        self.align = align
    }

    /// Per snippet, in reading order (source language first).
    public func check(book: Book) -> [SnippetResult] {
        run(book: book).results
    }

    /// Looks up what is remembered, plans the rest, compiles it, and reports every chapter's results.
    public func run(book: Book) -> CheckReport {
        let start = Date()
        let config = book.config.check
        var report = CheckReport(results: [], problems: [], compiler: nil,
                                 sdk: options.sdkKind(config).rawValue, seconds: 0, compiled: 0, cacheHits: 0)
        let chapters = CheckPlanner.order(book)
        let memo = options.memo ?? RunFolder()
        // The check's files are done with when the run is (a build goes on with others), unless
        // a chapter's file changed under it: results of a text that is gone are not kept.
        defer { memo.finish(keeping: book.rereadFailure == nil) }
        let session = Session(options: options, config: config, memo: memo,
                              hasCode: chapters.contains { $0.chapter.facts.codeBlockCount > 0 })
        if options.memo == nil { session.precompileSoon() }
        let kept = remembered(chapters, book: book, session: session)
        let perChapter = CheckPlanner(contentRoot: options.contentRoot, align: align)
            .plan(book: book, skipping: Set(kept.indices.filter { kept[$0].results != nil }))
        var plans = perChapter.flatMap { $0 }
        compile(&plans, session: session, config: config, report: &report)
        collect(chapters, kept: kept, plans: plans, perChapter: perChapter, memo: memo, into: &report)
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    /// The compiler session, prepared once there is code, and its context header precompiled
    /// from the moment a chapter with code is to be compiled: while the other chapters' results
    /// are looked up and the snippets planned. (A cold check waited for the lookups, then for the
    /// header on one core, the other idle.)
    struct Session {
        let prepared: Result<CompilerSession, SessionProblem>?
        let precompiled = StartedOnce<SessionProblem?>()

        init(options: CheckOptions, config: CheckConfig, memo: any CheckMemo, hasCode: Bool) {
            let timeout = options.timeout ?? config.timeout
            let runner = ProcessRunner(timeout: timeout, environment: options.environment)
            prepared = hasCode ? CompilerSession.prepare(options: options, config: config, runner: runner, timeout: timeout, memo: memo)
                               : nil
        }

        func precompileSoon() {
            guard case .success(let session)? = prepared, let precompile = session.precompile else { return }
            precompiled.start { precompile.make(clang: session.clang, runner: session.runner, displayPaths: session.displayPaths) }
        }

        /// The session once its header is precompiled, or why it cannot compile.
        var ready: Result<CompilerSession, SessionProblem>? {
            prepared?.flatMap { session in
                let problem = precompiled.value
                    ?? session.precompile?.make(clang: session.clang, runner: session.runner, displayPaths: session.displayPaths)
                return problem.map { .failure($0) } ?? .success(session)
            }
        }
    }

    /// Each chapter's results as an earlier run left them (what they are made from includes the
    /// session), and the key they are remembered under.
    private func remembered(_ chapters: [(language: Language, chapter: Chapter)], book: Book,
                            session: Session) -> [(key: CacheKey?, results: [SnippetResult]?)] {
        guard let memo = options.memo, case .success(let prepared)? = session.prepared else {
            return chapters.map { _ in (nil, nil) }
        }
        let languages = book.config.check.languages, source = book.source
        let earlierDigests = ChapterResults.earlierDigests(chapters)
        return Array(chapters.enumerated()).concurrentMap { position, item in
            let (language, chapter) = item
            let original = language == source.language ? nil : source.chapter(at: chapter.path)
            guard let inputs = ChapterResults.inputs(language: language, chapter: chapter, original: original,
                                                     earlier: earlierDigests[position], languages: languages,
                                                     session: prepared) else { return (nil, nil) }
            let (key, found) = memo.chapterResults(inputs, ChapterResults.decode)
            guard let (results, records) = found else {
                if chapter.facts.codeBlockCount > 0 { session.precompileSoon() }
                return (key, nil)
            }
            // The compile records the results come from stay with them.
            memo.keepCompileRecords(records)
            return (key, results)
        }
    }

    /// Compiles the planned snippets that have a unit and no result yet.
    private func compile(_ plans: inout [SnippetPlan], session: Session, config: CheckConfig, report: inout CheckReport) {
        let toCompile = plans.indices.filter { plans[$0].unit != nil && plans[$0].result == nil }
        guard !toCompile.isEmpty else {
            if case .success(let prepared)? = session.prepared {
                report.compiler = prepared.compilerDescription
                // A header precompiled for nothing (a chapter of ignored code only) is the memo's all the same.
                _ = session.precompiled.value
            }
            return
        }
        let jobs = CheckOptions.processCount(asked: options.jobs ?? config.jobs)
        // The workers start (a sandbox, a process, libclang loaded each) while the header is precompiled.
        let pool = (try? session.prepared?.get()).flatMap { session in
            session.worker.map { WorkerPool(worker: $0, runner: session.runner, count: jobs) }
        }
        defer { pool?.close() }
        switch session.ready {
        case .failure(let problem)?:
            report.problems.append(contentsOf: problem.diagnostics)
            for index in toCompile { plans[index].result = plans[index].finish(.notChecked, reason: problem.reason) }
        case .success(let prepared)?:
            report.compiler = prepared.compilerDescription
            CompileExecutor(session: prepared, jobs: jobs).compile(plans: &plans, indices: toCompile, pool: pool, report: &report)
        case nil:
            break
        }
    }

    /// The results in planning order: remembered chapters' as they were, planned ones' as they
    /// came, which are remembered as a warm run would give them (every compiled snippet's result
    /// from the memo).
    private func collect(_ chapters: [(language: Language, chapter: Chapter)], kept: [(key: CacheKey?, results: [SnippetResult]?)],
                         plans: [SnippetPlan], perChapter: [[SnippetPlan]], memo: any CheckMemo, into report: inout CheckReport) {
        var planned = plans[...]
        for (index, (language, chapter)) in chapters.enumerated() {
            let name = "\(language.code)/\(chapter.path)"
            if let results = kept[index].results {
                report.results += results
                report.cacheHits += results.count(where: \.cached)
                if let key = kept[index].key { report.chapterKeys[name] = key }
                continue
            }
            let chapterPlans = planned.prefix(perChapter[index].count)
            planned = planned.dropFirst(chapterPlans.count)
            let results = chapterPlans.compactMap(\.result)
            report.results += results
            guard let key = kept[index].key, !results.contains(where: { $0.outcome == .notChecked }) else { continue }
            let remembered = chapterPlans.compactMap { plan in
                plan.result.map { result in
                    var result = result
                    result.cached = plan.unit != nil
                    return result
                }
            }
            memo.rememberChapterResults(ChapterResults.encode(remembered, records: chapterPlans.flatMap(\.recordKeys)), as: key)
            report.chapterKeys[name] = key
        }
    }
}

/// Work started on another thread by the first of several callers that may ask for it.
final class StartedOnce<T: Sendable>: Sendable {
    private let work = Locked<InBackground<T>?>(nil)

    /// Starts `make` unless it was started already.
    func start(_ make: @escaping @Sendable () -> T) {
        work.withLock { started in
            if started == nil { started = InBackground(make) }
        }
    }

    /// Its result once done; nil when it was never started.
    var value: T? { work.withLock { $0 }?.value }
}
