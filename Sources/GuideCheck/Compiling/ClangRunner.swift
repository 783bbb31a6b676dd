import Foundation
import GuideFiles
import GuideModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one process run gave.
public struct ProcessOutput: Hashable, Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var timedOut: Bool
    /// The executable could not be started at all.
    public var launchError: String?
    public var seconds: Double

    /// A process that could not be started, and why.
    static func notStarted(_ reason: String) -> ProcessOutput {
        ProcessOutput(status: -1, stdout: "", stderr: "", timedOut: false, launchError: reason, seconds: 0)
    }
}

/// Runs clang (and the few tools the SDK set-up asks: gcc, xcrun) as child processes, each
/// with a timeout. Output goes to files, never pipes, so a chatty or stuck child (or a
/// grandchild that keeps a descriptor) can never block the harness. The side-effect edge of
/// the harness, with `SDKSetup`.
///
/// On Linux the child is started with `posix_spawn` in a process group of its own (so a
/// timeout stops the whole group): Foundation's `Process` costs tens of milliseconds per
/// launch there, more than clang itself takes for a snippet with a precompiled header.
public struct ProcessRunner: Sendable {
    public var timeout: Double
    public var environment: [String: String]?
    /// Where the child runs, with its limits (clang reading the book); nil: as it is.
    public var sandbox: ClangSandbox?

    public init(timeout: Double, environment: [String: String]? = nil) {
        self.timeout = timeout
        self.environment = environment
    }

    /// Runs `executable` in a new empty private folder (the child's working folder, the one a
    /// sandboxed child may write). With `inputFile`, `input` is written to a file of that name
    /// there and its path appended to the arguments (clang then looks for `#include "x"` next
    /// to it, not in the working folder); else `input` is standard input.
    /// `writable`: folders a sandboxed child may write besides its own.
    public func run(_ executable: String, _ arguments: [String], input: String? = nil,
                    inputFile: String? = nil, writable: [String] = []) -> ProcessOutput {
        let start = Date()
        let scratch = NSTemporaryDirectory() + "guide-run-" + UUID().uuidString
        let work = scratch + "/work"
        guard mkdir(scratch, 0o700) == 0, mkdir(work, 0o700) == 0 else {
            return .notStarted("cannot create a temporary folder: \(String(cString: strerror(errno)))")
        }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var arguments = arguments
        let inputPath = work + "/" + (inputFile ?? ".stdin")
        guard FileBytes.write(Array((input ?? "").utf8), to: inputPath) else {
            return .notStarted("cannot write to the temporary folder")
        }
        if inputFile != nil { arguments.append(inputPath) }
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            return .notStarted("cannot run \(executable): not an executable file")
        }
        let outPath = scratch + "/out", errPath = scratch + "/err"
        let inPath = inputFile == nil ? inputPath : "/dev/null"
        var command = (executable: executable, arguments: arguments)
        if let sandbox {
            command = sandbox.command(executable, arguments, scratch: work, writable: writable)
        }
        let read = { (path: String) in FileBytes.read(path).map { String(decoding: $0, as: UTF8.self) } ?? "" }
        var (status, timedOut, launchError) = spawn(command.executable, command.arguments,
                                                    stdin: inPath, stdout: outPath, stderr: errPath)
        // The same race as `spawn`'s ETXTBSY, met by the wrapper (prlimit, bwrap) that execs the
        // executable: it exits 126 "Text file busy". Passes once the other child has exec'd.
        var pause: useconds_t = 5_000
        for _ in 0..<12 where Self.isBusyExecutable(status: status, stderr: read(errPath)) {
            // 5 ms, then longer: about 3 s in all, for a loaded machine whose other child is slow to exec.
            usleep(pause)
            pause = min(pause * 2, 500_000)
            (status, timedOut, launchError) = spawn(command.executable, command.arguments,
                                                    stdin: inPath, stdout: outPath, stderr: errPath)
        }
        return ProcessOutput(status: status, stdout: read(outPath), stderr: read(errPath), timedOut: timedOut,
                             launchError: launchError, seconds: Date().timeIntervalSince(start))
    }

    /// Exit status 126 (found but could not be run) because the file was open for writing.
    static func isBusyExecutable(status: Int32, stderr: String) -> Bool {
        status == 126 && stderr.contains("Text file busy")
    }

    #if canImport(Glibc)
    /// Starts `executable` in a process group of its own (so that stopping it stops what it
    /// started), with the runner's environment and the descriptors `actions` sets up: its pid,
    /// or the `posix_spawn` error.
    func start(_ executable: String, _ arguments: [String], actions: inout posix_spawn_file_actions_t) -> (pid_t, Int32) {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let environment = (self.environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        var spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        // ETXTBSY: another thread of this process forked while holding the executable open
        // for writing (a script written a moment ago); it passes once that child has exec'd.
        for _ in 0..<20 where spawned == ETXTBSY {
            usleep(5_000)
            spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        }
        return (pid, spawned)
    }

    private func spawn(_ executable: String, _ arguments: [String], stdin: String, stdout: String, stderr: String)
        -> (Int32, Bool, String?) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let (pid, spawned) = start(executable, arguments, actions: &actions)
        guard spawned == 0 else {
            return (-1, false, "cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        // Poll: a few hundred microseconds at first (clang takes milliseconds), then coarser.
        let deadline = Date().addingTimeInterval(timeout)
        var interval: useconds_t = 200
        var status: Int32 = 0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { return (Self.exitCode(status), false, nil) }
            if done == -1 && errno != EINTR { return (-1, false, "lost track of \(executable): \(String(cString: strerror(errno)))") }
            if Date() >= deadline { break }
            usleep(interval)
            interval = min(interval * 2, 5_000)
        }
        // Too long: the whole group (a wrapper script and its clang) is asked, then made, to stop.
        kill(-pid, SIGTERM)
        let grace = Date().addingTimeInterval(1)
        while Date() < grace {
            if waitpid(pid, &status, WNOHANG) == pid { return (-1, true, nil) }
            usleep(5_000)
        }
        kill(-pid, SIGKILL)
        waitpid(pid, &status, 0)
        return (-1, true, nil)
    }

    /// WIFEXITED/WEXITSTATUS (macros Swift does not import): a signal gives 128 + its number.
    private static func exitCode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
    #else
    private func spawn(_ executable: String, _ arguments: [String], stdin: String, stdout: String, stderr: String)
        -> (Int32, Bool, String?) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: stdin))
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdout))
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderr))
            try process.run()
        } catch {
            return (-1, false, "cannot run \(executable): \(error.localizedDescription)")
        }
        guard finished.wait(timeout: .now() + timeout) == .timedOut else { return (process.terminationStatus, false, nil) }
        process.terminate()
        if finished.wait(timeout: .now() + 1) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            _ = finished.wait(timeout: .now() + 5)
        }
        return (-1, true, nil)
    }
    #endif
}

/// Finds clang: the config's `check.clang`, then `$CLANG`, then the Swift toolchain's (next to
/// `swift` on PATH), then `PATH`.
public enum ClangLocator {
    public struct Found: Hashable, Sendable {
        public var path: String
        /// Where it was found, for messages.
        public var origin: String
    }

    public static func locate(configured: String?, environment: [String: String],
                              isExecutable: (String) -> Bool = { FileManager.default.isExecutableFile(atPath: $0) },
                              resolve: (String) -> String = { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
        -> Result<Found, NotFound> {
        var tried: [String] = []
        func found(_ candidate: String, _ origin: String) -> Found? {
            let path = candidate.contains("/") ? candidate : searchPath(candidate, environment: environment, isExecutable: isExecutable)
            tried.append("\(origin) (\(candidate))")
            guard let path, isExecutable(path) else { return nil }
            return Found(path: path, origin: origin)
        }
        if let configured, !configured.isEmpty {
            // Named on purpose: no silent fallback to another compiler.
            if let hit = found(configured, "check.clang") { return .success(hit) }
            return .failure(NotFound(tried: tried))
        }
        if let variable = environment["CLANG"], !variable.isEmpty {
            if let hit = found(variable, "$CLANG") { return .success(hit) }
            return .failure(NotFound(tried: tried))
        }
        if let swift = searchPath("swift", environment: environment, isExecutable: isExecutable) {
            let real = absolute(resolve(swift), relativeTo: (swift as NSString).deletingLastPathComponent)
            let candidate = ((real as NSString).deletingLastPathComponent as NSString).appendingPathComponent("clang")
            if let hit = found(candidate, "the Swift toolchain") { return .success(hit) }
        } else {
            tried.append("the Swift toolchain (no swift on PATH)")
        }
        if let hit = found("clang", "PATH") { return .success(hit) }
        return .failure(NotFound(tried: tried))
    }

    public struct NotFound: Error, Hashable, Sendable {
        public var tried: [String]
        public var message: String {
            "clang not found (looked at: \(tried.joined(separator: ", "))); set check.clang in guide.yml or $CLANG, or install clang"
        }
    }

    public static func searchPath(_ name: String, environment: [String: String], isExecutable: (String) -> Bool) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/" + name
            if isExecutable(candidate) { return candidate }
        }
        return nil
    }

    private static func absolute(_ path: String, relativeTo folder: String) -> String {
        path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
    }
}
