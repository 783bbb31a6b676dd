import Foundation
import GuideFiles
import GuideModel

#if canImport(Glibc)
import Glibc
#endif

/// Workers (`guide-compile-units`) that live for a whole check, each in the sandbox, taking
/// one unit at a time over a socket. A check compiles in rounds (names assumed round by
/// round), each a few units: a worker per batch paid its start (the sandbox, the process,
/// loading libclang) every round, and a batch's units could not move to an idle worker.
///
/// A unit the worker did not answer in its time (its timer ended it) or on which it crashed
/// gets no output: the caller compiles it alone on clang's command line, which says what
/// happened in its own words. That worker is stopped, and a fresh one takes its place for
/// the next round.
final class WorkerPool: Sendable {
    let worker: UnitWorker
    /// The sandbox, environment and time of a unit.
    let runner: ProcessRunner
    /// Workers at once.
    let count: Int
    private let idle = Locked<(workers: [WorkerProcess], running: Int)>(([], 0))

    /// Starts `count` workers. Only the thread that owns the pool starts them (here and in
    /// `refill`), and it must outlive them: bubblewrap's `--die-with-parent` ends a worker when
    /// the thread that started it ends, and the threads that compile end with each round.
    init(worker: UnitWorker, runner: ProcessRunner, count: Int) {
        self.worker = worker
        self.runner = runner
        self.count = max(1, count)
        refill()
    }

    /// Starts workers in place of those lost (see `init` for who may call it).
    func refill() {
        let missing = idle.withLock { count - $0.running }
        let started = (0..<max(0, missing)).compactMap { _ in WorkerProcess.start(worker, runner: runner) }
        idle.withLock { state in
            state.workers += started
            state.running += started.count
        }
    }

    /// What clang's command line would have printed for the unit, from an idle worker; nil
    /// when none is idle or it gave no verdict (the caller compiles the unit on the command line).
    func compile(_ job: BatchRunner.Job) -> ProcessOutput? {
        guard let process = idle.withLock({ $0.workers.popLast() }) else { return nil }
        switch process.compile(job, seconds: runner.timeout) {
        case .verdict(let output):
            idle.withLock { $0.workers.append(process) }
            return output
        case .refused:
            idle.withLock { $0.workers.append(process) }
            return nil
        case .lost:
            process.stop()
            idle.withLock { $0.running -= 1 }
            return nil
        }
    }

    /// Ends every worker (each finishes when its input ends).
    func close() {
        let workers = idle.withLock { state in
            defer { state = ([], 0) }
            return state.workers
        }
        for process in workers { process.finish() }
    }
}

/// One running worker: its process group, the socket it reads units from and answers on,
/// and the folder it runs in.
final class WorkerProcess: Sendable {
    let pid: pid_t
    let socket: Int32
    /// Removed when the worker ends; holds the working folder the sandbox lets it write.
    let scratch: String

    private init(pid: pid_t, socket: Int32, scratch: String) {
        self.pid = pid
        self.socket = socket
        self.scratch = scratch
    }

    /// Starts a worker in the runner's sandbox and limits; nil when it cannot start.
    static func start(_ worker: UnitWorker, runner: ProcessRunner) -> WorkerProcess? {
        let scratch = NSTemporaryDirectory() + "guide-worker-" + UUID().uuidString
        let work = scratch + "/work"
        guard mkdir(scratch, 0o700) == 0, mkdir(work, 0o700) == 0 else { return nil }
        var command = (executable: worker.executable,
                       arguments: [worker.libclang, String(format: "%.3f", runner.timeout), work])
        if let sandbox = worker.sandboxed(runner).sandbox {
            command = sandbox.command(command.executable, command.arguments, scratch: work)
        }
        // A socket, not pipes: a worker that died makes a write fail (MSG_NOSIGNAL), not end guide.
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            try? FileManager.default.removeItem(atPath: scratch)
            return nil
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, scratch + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let (pid, spawned) = runner.start(command.executable, command.arguments, actions: &actions)
        close(ends[1])
        guard spawned == 0 else {
            close(ends[0])
            try? FileManager.default.removeItem(atPath: scratch)
            return nil
        }
        return WorkerProcess(pid: pid, socket: ends[0], scratch: scratch)
    }

    enum Answer {
        /// What clang's command line would have printed, and its status.
        case verdict(ProcessOutput)
        /// libclang could not take the unit (its arguments): the worker goes on.
        case refused
        /// No answer within the unit's time and a second (the worker ended: its timer, a crash).
        case lost
    }

    /// Sends the unit; the worker answers with a line "N STATUS LENGTH" (STATUS -1: refused)
    /// and LENGTH bytes of diagnostics.
    func compile(_ job: BatchRunner.Job, seconds: Double) -> Answer {
        let start = Date()
        let arguments: [UInt8] = job.arguments.flatMap { Array($0.utf8) + [0] }
        let text = Array(job.text.utf8)
        guard send(Array("\(arguments.count) \(text.count)\n".utf8) + arguments + text) else { return .lost }
        let deadline = Date().addingTimeInterval(seconds + 1)
        var received: [UInt8] = []
        while true {
            if let newline = received.firstIndex(of: UInt8(ascii: "\n")) {
                let fields = String(decoding: received[..<newline], as: UTF8.self).split(separator: " ")
                guard fields.count == 3, let status = Int32(fields[1]), let length = Int(fields[2]), length >= 0 else { return .lost }
                if status < 0 { return .refused }
                let body = newline + 1
                if received.count >= body + length {
                    return .verdict(ProcessOutput(status: status, stdout: "",
                                                  stderr: String(decoding: received[body..<body + length], as: UTF8.self),
                                                  timedOut: false, launchError: nil, seconds: Date().timeIntervalSince(start)))
                }
            }
            guard receive(into: &received, until: deadline) else { return .lost }
        }
    }

    private func send(_ bytes: [UInt8]) -> Bool {
        var at = 0
        while at < bytes.count {
            let sent = bytes[at...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            at += sent
        }
        return true
    }

    /// Appends what the worker wrote next; false at its end or past the deadline.
    private func receive(into received: inout [UInt8], until deadline: Date) -> Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let left = Int32(max(0, min(deadline.timeIntervalSinceNow * 1000, 60_000)))
        let ready = poll(&descriptor, 1, left)
        if ready < 0 && errno == EINTR { return Date() < deadline }
        guard ready > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let got = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if got < 0 && errno == EINTR { return true }
        guard got > 0 else { return false }
        received += chunk[..<got]
        return true
    }

    /// Its input ends: it leaves when its current unit is done (and is stopped after a second).
    func finish() {
        shutdown(socket, Int32(SHUT_WR))
        reap(grace: 1)
    }

    /// Stopped now, with the rest of its process group.
    func stop() {
        kill(-pid, SIGKILL)
        reap(grace: 0)
    }

    private func reap(grace: Double) {
        let deadline = Date().addingTimeInterval(grace)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() >= deadline {
                kill(-pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(1_000)
        }
        close(socket)
        try? FileManager.default.removeItem(atPath: scratch)
    }
}
