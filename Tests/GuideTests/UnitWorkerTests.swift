import Foundation
@testable import GuideCheck
import GuideModel
import Testing

/// The worker (`guide-compile-units`) compiles a batch of units in one process, a fresh
/// translation unit each: what it leaves must be what clang's command line leaves for each
/// unit alone, whatever came before it in the batch.
@Suite struct UnitWorkerTests {
    let environment = ProcessInfo.processInfo.environment
    static let arguments = ["-fsyntax-only", "-Wall", "-fno-color-diagnostics", "-fno-caret-diagnostics",
                            "-fdiagnostics-show-option", "-fno-diagnostics-fixit-info", "-x", "objective-c"]

    /// A runner in the sandbox that reads `folder`, and the worker for this machine's clang.
    /// `jobs` through a pool of one worker, as a check sends them (a unit it does not answer
    /// compiled alone on the command line).
    static func throughOneWorker(_ worker: UnitWorker, runner: ProcessRunner, clang: String,
                                 _ jobs: [BatchRunner.Job]) -> [ProcessOutput] {
        let pool = WorkerPool(worker: worker, runner: runner, count: 1)
        defer { pool.close() }
        return BatchRunner(runner: runner, pool: pool).run(clang, jobs)
    }

    func setUp(_ folder: TempFolder, timeout: Double = 30) throws -> (clang: String, runner: ProcessRunner, worker: UnitWorker) {
        let clang = try ClangLocator.locate(configured: nil, environment: environment).get().path
        var runner = ProcessRunner(timeout: timeout)
        var sandbox = try ClangSandbox.locate(environment: environment, memoryLimit: ClangSandbox.defaultMemoryLimit,
                                              clang: clang, content: folder.path, cache: folder.path).get()
        let worker = try #require(UnitWorker.candidate(clang: clang, environment: environment),
                                  "guide-compile-units beside the test binary, and libclang beside \(clang)")
        sandbox.readable.append(worker.executable)
        runner.sandbox = sandbox
        let version = runner.run(clang, ["--version"]).stdout
        #expect(worker.matches(clangVersion: version, runner: runner))
        #expect(!worker.matches(clangVersion: "clang version 0.0\n", runner: runner))
        return (clang, runner, worker)
    }

    /// Diagnostics as guide reads them, each file named by its last part (the command line and
    /// the worker write a unit to folders of their own).
    func read(_ output: ProcessOutput) -> [String] {
        ClangOutputParser.parse(output.stderr).flatMap { [$0] + $0.notes }.map { diagnostic in
            "\(diagnostic.file.map { PathText.lastComponent($0) } ?? "-"):\(diagnostic.line ?? 0):\(diagnostic.column ?? 0) "
                + "\(diagnostic.severity) \(diagnostic.message) \(diagnostic.flag ?? "")"
        }
    }

    static let units = [
        "#line 10 \"content/en/a.md\"\nint y = undefined_thing;\n",                           // an error, under #line
        "#pragma clang diagnostic ignored \"-Wunused-variable\"\nvoid f(void) { int q; }\n",  // silences its own warning
        "void g(void) { int r; }\n",                                                           // …and no other unit's
        "int h(int c) { int u; if (c) u = 1; return u; }\n",                                   // flow analysis, after errors
        "int counter;\nvoid k(void) { countr = 1; }\n",                                        // "did you mean"
        "void z(void) { int a = 1; if (a = 2) {} }\n",                                         // a warning with notes
    ]

    @Test func eachUnitGetsWhatClangsCommandLineGivesItAlone() throws {
        let folder = try TempFolder()
        let (clang, runner, worker) = try setUp(folder)
        let jobs = Self.units.map { BatchRunner.Job(arguments: Self.arguments, text: $0) }
        let batched = Self.throughOneWorker(worker, runner: runner, clang: clang, jobs)
        let alone = jobs.map { runner.run(clang, $0.arguments, input: $0.text, inputFile: "snippet.m") }
        #expect(batched.map(\.status) == alone.map(\.status))
        #expect(batched.map(\.status) == [1, 0, 0, 0, 1, 0])
        for (one, other) in zip(batched, alone) { #expect(read(one) == read(other)) }
        // The worker did compile them: each unit in a folder of its own (`work/N/snippet.m`).
        #expect(batched[2].stderr.contains("/work/2/snippet.m:1:20: warning"), "\(batched[2].stderr)")
        #expect(alone[2].stderr.contains("/work/snippet.m:1:20: warning"), "\(alone[2].stderr)")
        #expect(read(batched[0]) == ["a.md:10:9 error use of undeclared identifier 'undefined_thing' "])
        #expect(batched[1].stderr.isEmpty)
        #expect(read(batched[2]).first?.contains("unused variable 'r'") == true)
        #expect(read(batched[3]).first?.contains("-Wsometimes-uninitialized") == true)
        #expect(read(batched[4]).first?.contains("did you mean 'counter'?") == true)
        #expect(read(batched[5]).count == 3)   // the warning and its two notes
    }

    /// A unit that ends the worker leaves the units after it without a verdict: each is
    /// compiled again alone, on the command line, and comes out as it would. The worker ends
    /// past a unit's time (its timer), or after libclang recovered from a crash (a macro bomb
    /// past the memory limit), whose process it does not trust.
    @Test func unitsTheWorkerDidNotFinishAreCompiledAlone() throws {
        let folder = try TempFolder()
        let (clang, runner, worker) = try setUp(folder, timeout: 1)
        // Seconds of constant evaluation in little memory.
        let spin = "constexpr long spin() { long s = 0; for (long i = 0; i < 4000000000; i++) s += i; return s; }\n"
            + "static_assert(spin() > 0, \"\");\n"
        let bomb = "#define A(x) x x x x x x x x x x x x x x x x\n#define B(x) A(A(A(A(x))))\nint f(void) { return 0 B(B(+ 1)); }\n"
        for bad in [spin, bomb] {
            var jobs = ([Self.units[0], bad] + Self.units[2...]).map { BatchRunner.Job(arguments: Self.arguments, text: $0) }
            if bad == spin {
                jobs[1].arguments = Self.arguments.dropLast() + ["objective-c++", "-std=c++17", "-fconstexpr-steps=2147483647"]
            }
            let start = Date()
            let outputs = Self.throughOneWorker(worker, runner: runner, clang: clang, jobs)
            // Not the batch's own limit (7 units × 2 s): the worker's timer ended the spin.
            #expect(Date().timeIntervalSince(start) < 12)
            #expect(bad == spin ? outputs[1].timedOut : outputs[1].timedOut || outputs[1].status != 0)
            #expect(outputs.map(\.status)[2...] == [0, 0, 1, 0])
            // The first unit came from the worker, those after the bad one from the command line.
            #expect(outputs[0].status == 1 && read(outputs[0]).count == 1)
            #expect(outputs[2].stderr.contains("/work/snippet.m:1:20: warning"), "\(outputs[2].stderr)")
            #expect(read(outputs[2]).first?.contains("unused variable 'r'") == true)
            #expect(read(outputs[4]).first?.contains("did you mean 'counter'?") == true)
        }
    }

    /// A check keeps its workers for every round, and each round's units are compiled by
    /// threads that end with the round: the workers outlive them (bubblewrap ends a child
    /// when the thread that started it ends, so only the pool's owner starts workers).
    @Test func aPoolKeepsItsWorkersFromRoundToRound() throws {
        let folder = try TempFolder()
        let (_, runner, worker) = try setUp(folder)
        let pool = WorkerPool(worker: worker, runner: runner, count: 2)
        defer { pool.close() }
        let jobs = Self.units.map { BatchRunner.Job(arguments: Self.arguments, text: $0) }
        var answers: [ProcessOutput?] = []
        for round in 0..<3 {
            let roundAnswers = Array(jobs.indices).concurrentMap(width: 2) { pool.compile(jobs[$0]) }
            #expect(roundAnswers.allSatisfy { $0 != nil }, "round \(round): a worker was lost")
            answers += roundAnswers
            usleep(50_000)   // the round's threads are gone by now
        }
        let statuses = answers.map { $0?.status }
        #expect(statuses == Array(repeating: [1, 0, 0, 0, 1, 0] as [Int32?], count: 3).flatMap { $0 })
        // Later rounds' units are numbered on from the earlier ones': the same two processes.
        let numbers = answers.compactMap { answer -> Int? in
            guard let stderr = answer?.stderr, let range = stderr.range(of: #"/work/(\d+)/snippet\.m"#, options: .regularExpression)
            else { return nil }
            return Int(stderr[range].split(separator: "/")[1])
        }
        #expect(numbers.contains { $0 >= Self.units.count })
    }

    /// A unit that ends its worker gets no answer (the caller compiles it on the command line);
    /// the pool has one worker fewer until its owner refills it.
    @Test func aLostWorkerIsReplacedForTheNextRound() throws {
        let folder = try TempFolder()
        let (_, runner, worker) = try setUp(folder, timeout: 1)
        let pool = WorkerPool(worker: worker, runner: runner, count: 1)
        defer { pool.close() }
        let spin = BatchRunner.Job(arguments: Self.arguments.dropLast() + ["objective-c++", "-std=c++17", "-fconstexpr-steps=2147483647"],
                                   text: "constexpr long spin() { long s = 0; for (long i = 0; i < 4000000000; i++) s += i; return s; }\n"
                                       + "static_assert(spin() > 0, \"\");\n")
        let plain = BatchRunner.Job(arguments: Self.arguments, text: Self.units[2])
        #expect(pool.compile(plain)?.status == 0)
        #expect(pool.compile(spin) == nil)
        #expect(pool.compile(plain) == nil)   // no worker left this round
        pool.refill()
        let answer = pool.compile(plain)
        #expect(answer?.status == 0)
        #expect(answer?.stderr.contains("/work/0/snippet.m:1:20: warning") == true, "\(answer?.stderr ?? "")")
    }

    @Test func theMaintainerCanTurnTheWorkerOff() throws {
        let clang = try ClangLocator.locate(configured: nil, environment: environment).get().path
        var environment = self.environment
        #expect(UnitWorker.candidate(clang: clang, environment: environment) != nil)
        environment["GUIDE_CLANG_WORKER"] = "off"
        #expect(UnitWorker.candidate(clang: clang, environment: environment) == nil)
    }
}
