import Foundation

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
}

/// Runs clang (and the few tools the SDK set-up asks: gcc, xcrun) as child processes, each
/// with a timeout. Output goes to files, never pipes, so a chatty or stuck child (or a
/// grandchild that keeps a descriptor) can never block the harness. The side-effect edge of
/// the harness, with `ResultCache` and `SDKSetup`.
public struct ProcessRunner: Sendable {
    public var timeout: Double
    public var environment: [String: String]?

    public init(timeout: Double, environment: [String: String]? = nil) {
        self.timeout = timeout
        self.environment = environment
    }

    public func run(_ executable: String, _ arguments: [String], input: String? = nil) -> ProcessOutput {
        let start = Date()
        let scratch = NSTemporaryDirectory() + "guide-run-" + UUID().uuidString
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        } catch {
            return ProcessOutput(status: -1, stdout: "", stderr: "", timedOut: false,
                                 launchError: "cannot create a temporary folder: \(error.localizedDescription)", seconds: 0)
        }
        defer { try? manager.removeItem(atPath: scratch) }
        let outPath = scratch + "/out", errPath = scratch + "/err", inPath = scratch + "/in"
        manager.createFile(atPath: outPath, contents: nil)
        manager.createFile(atPath: errPath, contents: nil)
        manager.createFile(atPath: inPath, contents: Data((input ?? "").utf8))

        // An empty working folder: `#include "x"` from standard input looks there first.
        let workFolder = scratch + "/work"
        try? manager.createDirectory(atPath: workFolder, withIntermediateDirectories: true)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: workFolder)
        if let environment { process.environment = environment }
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
            try process.run()
        } catch {
            return ProcessOutput(status: -1, stdout: "", stderr: "", timedOut: false,
                                 launchError: "cannot run \(executable): \(error.localizedDescription)", seconds: 0)
        }
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate() // SIGTERM, then SIGKILL if it does not listen
            if finished.wait(timeout: .now() + 1) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                _ = finished.wait(timeout: .now() + 5)
            }
        }
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        return ProcessOutput(status: timedOut ? -1 : process.terminationStatus, stdout: read(outPath),
                             stderr: read(errPath), timedOut: timedOut, launchError: nil,
                             seconds: Date().timeIntervalSince(start))
    }
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

    static func searchPath(_ name: String, environment: [String: String], isExecutable: (String) -> Bool) -> String? {
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
