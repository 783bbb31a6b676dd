import GuideFiles

/// Runs compiles through the workers of the check's `WorkerPool`, one unit at a time, whichever
/// worker is idle: a worker
/// parses each unit as a fresh translation unit, with what clang's command line gives it
/// alone. A unit no worker answered, and every unit when there is no worker (no libclang beside
/// clang) or no sandbox, is compiled alone on the command line.
struct BatchRunner: Sendable {
    var runner: ProcessRunner
    /// Workers kept for the whole check; nil: every unit on the command line.
    var pool: WorkerPool?

    struct Job: Sendable {
        var arguments: [String]
        /// The translation unit, `snippet.m` in a folder of its own (the worker's is never written).
        var text: String
    }

    func run(_ executable: String, _ jobs: [Job]) -> [ProcessOutput] {
        let alone = { (job: Job) in runner.run(executable, job.arguments, input: job.text, inputFile: "snippet.m") }
        guard runner.sandbox != nil, let pool else { return jobs.map(alone) }
        return jobs.map { pool.compile($0) ?? alone($0) }
    }
}
