import Foundation
import GuideModel
import GuideFiles

/// Runs the compiles of a check: each planned unit's compile record from the cache or from
/// clang (in batches on `jobs` workers, identical units once: `SharedCompiles`), each
/// snippet's result from its record, and the rounds of assumed names for a snippet that fails
/// only for names nothing declares.
struct CompileExecutor: Sendable {
    var session: CompilerSession
    /// clang processes at once.
    var jobs: Int

    /// Compiles the planned snippets; those that fail only for names nothing declares are
    /// compiled again with those names assumed (`FragmentAnalysis`), a few rounds at most.
    /// The workers (`pool`, the session's `worker` started by the caller) stay for every round
    /// (each round is a few units); without them each unit runs on clang's command line.
    func compile(plans: inout [SnippetPlan], indices: [Int], pool: WorkerPool?, report: inout CheckReport) {
        let units = indices.compactMap { index in plans[index].unit.map { (index, $0) } }
        let records = run(units, plans: plans, pool: pool, report: &report)
        let contextDeclarations = session.assume ? session.contextDeclarations : []
        let snippetSuperclass = session.snippetSuperclass
        let contextFiles = Set(session.displayPaths.keys)
        // A round's results are read on every core: the workers wait for the next round meanwhile.
        let firstPlans = plans
        let firsts = units.concurrentMap { index, unit -> Step? in
            guard let compiled = records[index] else { return nil }
            let plan = firstPlans[index]
            var step = Step(index: index, compiled: compiled, result: evaluate(plan, unit: unit, compiled: compiled))
            guard session.assume, !plan.strict, case .record(let record, _, _) = compiled, record.failure == nil,
                  step.result?.outcome == .fail else { return step }
            var assuming = Assuming(plan, unit: unit, contextDeclarations: contextDeclarations,
                                    snippetSuperclass: snippetSuperclass, contextFiles: contextFiles)
            switch assuming.analysis.decide(record.diagnostics, unit: unit, current: assuming.set, history: &assuming.history) {
            case .assume(let set):
                assuming.set = set
                step.next = assuming
            case .mistake(let why), .stuck(let why):
                let reason = step.result?.reason
                step.result?.reason = reason ?? "nothing assumed: " + why
            case .disproved(let why, let disproof):
                let reason = step.result?.reason
                step.result?.reason = reason ?? "never assumed: " + why
                if var result = step.result {
                    Self.note(disproof, in: &result)
                    step.result = result
                }
            }
            return step
        }
        var active: [Int: Assuming] = [:]
        for case let step? in firsts {
            step.apply(to: &plans)
            active[step.index] = step.next
        }
        // Each round compiles the snippets still assuming; a snippet gets `maximumRounds` more compiles at most.
        for _ in 0..<Self.maximumRounds where !active.isEmpty {
            let roundPlans = plans
            let wrapped = active.sorted(by: { $0.key < $1.key }).concurrentMap { index, assuming -> (Int, WrappedUnit) in
                var wrapping = roundPlans[index].wrapping
                wrapping.assumed = assuming.set.text
                wrapping.assumedLate = assuming.set.late
                wrapping.prelude = assuming.analysis.context.book.prelude(declaring: assuming.set.fromBook) + wrapping.prelude
                return (index, SnippetWrapper.wrap(roundPlans[index].parts, context: wrapping))
            }
            pool?.refill()
            let records = run(wrapped, plans: plans, pool: pool, report: &report)
            let roundActive = active
            let steps = wrapped.concurrentMap { index, unit -> Step? in
                guard var assuming = roundActive[index], let compiled = records[index] else { return nil }
                let plan = roundPlans[index]
                var step = Step(index: index, compiled: compiled)
                guard case .record(let record, _, _) = compiled, record.failure == nil else { return step }
                let result = evaluate(plan, unit: unit, compiled: compiled, assumed: assuming.set.names)
                if result.outcome != .fail, let why = assuming.analysis.renamedVariable(
                    record.diagnostics, unit: unit, set: assuming.set, history: assuming.history) {
                    step.reason = "nothing assumed: " + why
                    return step
                }
                if result.outcome != .fail {
                    step.result = result
                    return step
                }
                switch assuming.analysis.decide(record.diagnostics, unit: unit, current: assuming.set, history: &assuming.history) {
                case .assume(let set):
                    assuming.set = set
                    step.next = assuming
                case .mistake(let why), .stuck(let why):
                    step.reason = "assuming " + assuming.set.names.map { "'\($0.label)'" }.joined(separator: ", ")
                        + " did not help: " + why
                case .disproved(let why, let disproof):
                    // This compile's diagnostics (the names assumed so far declared): clang's own
                    // error about the call the book disproves, not the missing names of the first.
                    step.result = result
                    step.reason = "never assumed: " + why
                    step.disproof = disproof
                }
                return step
            }
            for case let step? in steps {
                step.apply(to: &plans)
                active[step.index] = step.next
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

    /// What one compile of a snippet gave it, read apart from the others (on any thread).
    struct Step: Sendable {
        var index: Int
        var compiled: Compiled
        /// Its result from this compile (nil: the one it had stands).
        var result: SnippetResult?
        /// Why its result's reason is what it is, when this compile decided it (nil: unchanged).
        var reason: String?
        /// Its state for the next round; nil when it is done.
        var next: Assuming?
        /// The book's declaration that this compile showed a missing name contradicts.
        var disproof: Disproof?

        func apply(to plans: inout [SnippetPlan]) {
            if case .record(_, _, let key?) = compiled { plans[index].recordKeys.append(key) }
            if let result { plans[index].result = result }
            if let reason { plans[index].result?.reason = reason }
            if let disproof, var result = plans[index].result {
                CompileExecutor.note(disproof, in: &result)
                plans[index].result = result
            }
        }
    }

    /// Points clang's errors about the name the book disproves (those that quote it, else the
    /// first error) at the book's declaration.
    static func note(_ disproof: Disproof, in result: inout SnippetResult) {
        guard let note = disproof.note else { return }
        let errors = result.diagnostics.indices.filter { result.diagnostics[$0].severity == .error }
        let quoting = errors.filter { result.diagnostics[$0].message.contains("'\(disproof.used)'") }
        for index in quoting.isEmpty ? Array(errors.prefix(1)) : quoting where !result.diagnostics[index].notes.contains(note) {
            result.diagnostics[index].notes.append(note)
        }
    }

    /// One snippet on its way through the rounds of assumption.
    struct Assuming {
        var analysis: FragmentAnalysis
        var history = FragmentAnalysis.History()
        var set = AssumptionSet()

        init(_ plan: SnippetPlan, unit: WrappedUnit, contextDeclarations: [Declaration], snippetSuperclass: String,
             contextFiles: Set<String>) {
            let wrapperClass = plan.wrapping.className ?? SnippetWrapper.defaultClass
            let book = BookDeclarations(context: contextDeclarations, earlierChapters: plan.earlierChapters,
                                        snippets: plan.bookDeclarations, wrapperClass: wrapperClass,
                                        wrapperSuperclass: plan.wrapping.superclass ?? snippetSuperclass)
            let code = plan.parts.last?.code ?? ""
            var context = FragmentAnalysis.Context(
                code: code, currentPart: plan.currentPart, laterIdentifiers: plan.laterIdentifiers, book: book,
                contextFiles: contextFiles, elidesStatements: plan.elidesStatements)
            context.localClasses = [wrapperClass]
            context.wrapperClass = wrapperClass
            for declaration in plan.bookDeclarations.flatMap(\.declarations) {
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
        case record(CompileRecord, cached: Bool, key: CacheKey?)
        /// A timeout, a clang that could not start: not a verdict, never kept.
        case notChecked(String)
    }

    /// Each unit's compile record: from the cache, or compiled (identical units once).
    private func run(_ units: [(Int, WrappedUnit)], plans: [SnippetPlan], pool: WorkerPool?,
                     report: inout CheckReport, share: Bool = true) -> [Int: Compiled] {
        struct Job: Sendable {
            var text: String
            var arguments: [String]
            var unit: WrappedUnit
            var shape: String
        }
        var jobsToRun: [Job] = []
        // Units of one shape (`SharedCompiles`) wait for the first: index, its key, its unit.
        var waiting: [String: [(Int, CacheKey?, WrappedUnit)]] = [:]
        var jobOfShape: [String: Int] = [:]
        var compiled: [Int: Compiled] = [:]
        for (index, unit) in units {
            let arguments = session.flags + plans[index].extraFlags + session.prefixFlags + ["-x", "objective-c"]
            let (key, kept) = session.memo.compileRecord(CompileInputs(compiler: session.fingerprint, contextText: session.contextText,
                                                                       arguments: arguments, text: unit.text))
            if let kept {
                compiled[index] = .record(kept, cached: true, key: key)
                continue
            }
            let given = arguments.joined(separator: "\u{0}") + "\u{1}"
            let shape = Digest.hex(given + (share ? SharedCompiles.shape(unit) : unit.text))
            if jobOfShape[shape] == nil {
                jobOfShape[shape] = jobsToRun.count
                jobsToRun.append(Job(text: unit.text, arguments: arguments, unit: unit, shape: shape))
            }
            waiting[shape, default: []].append((index, key, unit))
        }
        let clang = session.clang, runner = session.runner
        let batches = BatchRunner(runner: runner, pool: pool)
        // One unit at a time, to whichever worker (or process) is idle.
        let outputs = jobsToRun.concurrentMap(width: max(1, jobs)) { job in
            batches.run(clang, [BatchRunner.Job(arguments: job.arguments, text: job.text)])[0]
        }
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
                guard let own = unit.text == job.text ? record : SharedCompiles.translate(record, from: job.unit, to: unit) else {
                    alone.append((index, unit))
                    continue
                }
                if let key, stored.insert(key).inserted { session.memo.rememberCompileRecord(own, as: key) }
                compiled[index] = .record(own, cached: false, key: key)
            }
        }
        report.compiled += jobsToRun.count
        if !alone.isEmpty {
            for (index, result) in run(alone, plans: plans, pool: pool, report: &report, share: false) {
                compiled[index] = result
            }
        }
        return compiled
    }

    /// A snippet's result from one compile of it.
    private func evaluate(_ plan: SnippetPlan, unit: WrappedUnit, compiled: Compiled,
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
