import Foundation
import GuideFiles
import GuideModel

/// Runs several compiles in one sandbox: starting the sandbox (namespaces, mounts) costs a few
/// milliseconds, a fifth of what clang takes for a snippet, so a worker pays for it once per
/// batch instead of once per snippet. Inside, a shell script runs each compile in turn under
/// coreutils' `timeout` (each keeps its own time limit; the memory limit is each process's
/// own) and leaves its output, errors and status in files of its own. A compile the batch
/// did not finish (the whole batch stopped) is run again alone.
///
/// With a `UnitWorker`, the units go to workers of a `WorkerPool` instead of the script, one
/// unit at a time, and a lone unit goes through one too: a unit's verdict does not depend on
/// the batch it fell in.
struct BatchRunner: Sendable {
    var runner: ProcessRunner
    var worker: UnitWorker?
    /// Workers kept for a whole check (else, with `worker`, started for this batch).
    var pool: WorkerPool?

    struct Job: Sendable {
        var arguments: [String]
        /// The translation unit, `snippet.m` in a folder of its own (the worker's is never written).
        var text: String
    }

    func run(_ executable: String, _ jobs: [Job]) -> [ProcessOutput] {
        guard jobs.count > 1 || worker != nil, runner.sandbox != nil,
              let timeoutCommand = ClangLocator.searchPath("timeout", environment: ["PATH": "/usr/bin:/bin"],
                                                           isExecutable: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return jobs.map { runner.run(executable, $0.arguments, input: $0.text, inputFile: "snippet.m") } }
        if let pool { return run(executable, jobs, through: pool) }
        if let worker {
            let pool = WorkerPool(worker: worker, runner: runner, count: 1)
            defer { pool.close() }
            return run(executable, jobs, through: pool)
        }
        let start = Date()
        var outputs: [ProcessOutput?] = Array(repeating: nil, count: jobs.count)
        let limit = String(format: "%.3f", runner.timeout)
        var batch = runner
        // Every compile may take its whole time; a second more each for the shell.
        batch.timeout = Double(jobs.count) * (runner.timeout + 1)
        let ran = batch.runInFolder { work in
            var script = "#!/bin/sh\n"
            for (index, job) in jobs.enumerated() {
                let folder = work + "/\(index)"
                guard mkdir(folder, 0o700) == 0, FileBytes.write(Array(job.text.utf8), to: folder + "/snippet.m") else {
                    return nil
                }
                let command = [timeoutCommand, "-k", "1", limit, executable] + job.arguments + [folder + "/snippet.m"]
                script += command.map(Self.quoted).joined(separator: " ")
                    + " </dev/null >\(folder)/out 2>\(folder)/err; echo $? >\(folder)/status\n"
            }
            guard FileBytes.write(Array(script.utf8), to: work + "/batch.sh") else { return nil }
            return ("/bin/sh", [work + "/batch.sh"])
        } collect: { work in
            for index in jobs.indices {
                let folder = work + "/\(index)"
                guard let statusText = FileBytes.read(folder + "/status"),
                      let status = Int32(String(decoding: statusText, as: UTF8.self)
                          .trimmingCharacters(in: .whitespacesAndNewlines)) else { continue }
                let read = { (name: String) in FileBytes.read(folder + "/" + name).map { String(decoding: $0, as: UTF8.self) } ?? "" }
                // Not run at all (its file was busy): run again alone, where that is retried.
                if ProcessRunner.isBusyExecutable(status: status, stderr: read("err")) { continue }
                // timeout's 124: the compile ran out of time and was stopped.
                outputs[index] = ProcessOutput(status: status == 124 ? -1 : status, stdout: read("out"), stderr: read("err"),
                                               timedOut: status == 124, launchError: nil,
                                               seconds: Date().timeIntervalSince(start) / Double(jobs.count))
            }
        }
        if let launchError = ran?.launchError {
            return jobs.map { _ in ProcessOutput(status: -1, stdout: "", stderr: "", timedOut: false,
                                                 launchError: launchError, seconds: 0) }
        }
        return jobs.indices.map { index in
            outputs[index] ?? runner.run(executable, jobs[index].arguments, input: jobs[index].text, inputFile: "snippet.m")
        }
    }

    /// Each unit through a worker of the pool; a unit no worker answered is compiled again
    /// alone, on the command line.
    private func run(_ executable: String, _ jobs: [Job], through pool: WorkerPool) -> [ProcessOutput] {
        jobs.map { job in
            pool.compile(job) ?? runner.run(executable, job.arguments, input: job.text, inputFile: "snippet.m")
        }
    }

    /// A shell word that stands for `text` exactly.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
