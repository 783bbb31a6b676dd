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

    public func run(book: Book) -> CheckReport {
        let start = Date()
        let config = book.config.check
        var report = CheckReport(results: [], problems: [], compiler: nil,
                                 sdk: options.sdkKind(config).rawValue, seconds: 0, compiled: 0, cacheHits: 0)
        let environment = options.environment
        let timeout = options.timeout ?? config.timeout
        let runner = ProcessRunner(timeout: timeout, environment: environment)
        let chapters = CheckPlanner.order(book)

        // A run that remembers takes unchanged chapters' results as they were; what they are made
        // from includes the compiler session, so it is prepared first (when there is code at all).
        var session: Result<CompilerSession, SessionProblem>?
        var keys = [CacheKey?](repeating: nil, count: chapters.count)
        var kept = [[SnippetResult]?](repeating: nil, count: chapters.count)
        let memo = options.memo ?? RunFolder()
        // The check's files are done with when the run is (a build goes on with others), unless
        // a chapter's file changed under it: results of a text that is gone are not kept.
        defer { memo.finish(keeping: book.rereadFailure == nil) }
        if chapters.contains(where: { $0.chapter.facts.codeBlockCount > 0 }) {
            session = CompilerSession.prepare(options: options, config: config, runner: runner, timeout: timeout, memo: memo)
        }
        // The context header is precompiled, when a chapter with code is to be compiled, from
        // the moment the first such chapter is known (a chapter the memo holds no results
        // for): while the other chapters' results are looked up and the snippets planned. (A
        // cold check waited for the lookups, then for the header on one core, the other idle.)
        let precompiled = StartedOnce<SessionProblem?>()
        let precompile: @Sendable () -> Void = { [session] in
            guard case .success(let prepared)? = session, let precompile = prepared.precompile else { return }
            precompiled.start { precompile.make(clang: prepared.clang, runner: prepared.runner, displayPaths: prepared.displayPaths) }
        }
        if options.memo == nil { precompile() }
        if options.memo != nil, case .success(let prepared)? = session {
            let languages = config.languages, source = book.source
            let earlierDigests = ChapterResults.earlierDigests(chapters)
            let found = Array(chapters.enumerated()).concurrentMap { position, item -> (CacheKey?, [SnippetResult]?) in
                let (language, chapter) = item
                let original = language == source.language ? nil : source.chapter(at: chapter.path)
                guard let inputs = ChapterResults.inputs(language: language, chapter: chapter, original: original,
                                                         earlier: earlierDigests[position], languages: languages,
                                                         session: prepared) else { return (nil, nil) }
                let (key, found) = memo.chapterResults(inputs, ChapterResults.decode)
                guard let (results, records) = found else {
                    if chapter.facts.codeBlockCount > 0 { precompile() }
                    return (key, nil)
                }
                // The compile records the results come from stay with them.
                memo.keepCompileRecords(records)
                return (key, results)
            }
            keys = found.map(\.0)
            kept = found.map(\.1)
        }

        let planner = CheckPlanner(contentRoot: options.contentRoot, align: align)
        let perChapter = planner.plan(book: book, skipping: Set(kept.indices.filter { kept[$0] != nil }))
        var plans = perChapter.flatMap { $0 }

        let toCompile = plans.indices.filter { plans[$0].unit != nil && plans[$0].result == nil }
        func notChecked(_ reason: String) {
            for index in toCompile where plans[index].result == nil {
                plans[index].result = plans[index].finish(.notChecked, reason: reason)
            }
        }
        if !toCompile.isEmpty {
            let prepared = session ?? CompilerSession.prepare(options: options, config: config, runner: runner, timeout: timeout,
                                                              memo: memo)
            let jobs = CheckOptions.processCount(asked: options.jobs ?? config.jobs)
            // The workers start (a sandbox, a process, libclang loaded each) while the header is precompiled.
            let pool = (try? prepared.get()).flatMap { session in
                session.worker.map { WorkerPool(worker: $0, runner: session.runner, count: jobs) }
            }
            defer { pool?.close() }
            let ready = prepared.flatMap { session -> Result<CompilerSession, SessionProblem> in
                let problem = precompiled.value
                    ?? session.precompile?.make(clang: session.clang, runner: session.runner, displayPaths: session.displayPaths)
                guard let problem else { return .success(session) }
                return .failure(problem)
            }
            switch ready {
            case .failure(let problem):
                report.problems.append(contentsOf: problem.diagnostics)
                notChecked(problem.reason)
            case .success(let session):
                report.compiler = session.compilerDescription
                CompileExecutor(session: session, jobs: jobs).compile(plans: &plans, indices: toCompile, pool: pool, report: &report)
            }
        } else if case .success(let session)? = session {
            report.compiler = session.compilerDescription
            // A header precompiled for nothing (a chapter of ignored code only) is the cache's all the same.
            _ = precompiled.value
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
            if let key = keys[index], !results.contains(where: { $0.outcome == .notChecked }) {
                let results = chapterPlans.compactMap { plan in
                    plan.result.map { result in
                        var result = result
                        result.cached = plan.unit != nil
                        return result
                    }
                }
                memo.rememberChapterResults(ChapterResults.encode(results, records: chapterPlans.flatMap(\.recordKeys)), as: key)
                report.chapterKeys["\(language.code)/\(chapter.path)"] = key
            }
        }
        report.seconds = Date().timeIntervalSince(start)
        return report
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
