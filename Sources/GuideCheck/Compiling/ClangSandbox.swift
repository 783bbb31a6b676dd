import Foundation
import GuideFiles
import GuideModel

/// Where clang runs when it reads the book. A snippet is untrusted (it comes in a pull
/// request), and the preprocessor reaches files by many roads (`#include` through a linked
/// folder, a computed include, `__has_include`, `__has_embed`, `#pragma GCC dependency`):
/// rather than guard each road, clang runs where nothing else is there to reach.
///
/// - **Sandbox** (Linux, Debian's `bubblewrap`, no root needed): a new mount, user, PID, IPC,
///   UTS and network namespace that sees the system's `/usr` (compiler, system and SDK
///   headers), clang's own folder, the content folder and the harness's cache read-only, and
///   one scratch folder read-write; no other file, no network, a cleared environment. Measured
///   on this project's machine: about 2 ms per snippet (a snippet takes 15–30 ms).
/// - **Limits** (util-linux's `prlimit`): address space (`memoryLimit`), file size (the
///   diagnostics file), no core dumps; with the time limit of `ProcessRunner`, no snippet can
///   cost without bound. clang's crash reproductions are off (`-fno-crash-diagnostics`).
///
/// `GUIDE_SANDBOX=off` in the environment (the maintainer's, never the book's) compiles
/// without the namespaces; the limits stay.
public struct ClangSandbox: Hashable, Sendable {
    /// bubblewrap, or nil: no namespaces (turned off, or not Linux).
    public var bwrap: String?
    public var prlimit: String?
    /// Bytes of address space clang may map.
    public var memoryLimit: Int
    /// Bytes any file clang writes may reach (its diagnostics go to a file).
    public var fileSizeLimit: Int = 256 << 20
    /// Folders clang may read (absolute), besides the system's `/usr`.
    public var readable: [String]
    /// Whether the child's address space is limited (`memoryLimit`). Only a child built with a
    /// sanitizer goes without (`UnitWorker.isInstrumented`: a sanitizer build of guide's own
    /// worker maps terabytes of shadow memory it never touches); its time limit stays.
    public var limitsAddressSpace = true

    public static let defaultMemoryLimit = 1 << 30

    /// Where clang must be able to read: `/usr`, the folders holding clang, the content and
    /// the harness's cache.
    public init(bwrap: String?, prlimit: String?, memoryLimit: Int = defaultMemoryLimit, clang: String,
                content: String, cache: String) {
        self.bwrap = bwrap
        self.prlimit = prlimit
        self.memoryLimit = memoryLimit
        // clang finds its resource folder and libraries next to its own binary (`…/bin/clang`).
        let binary = ConfinedFolder.realPath(clang)
        var toolchain = PathText.parent(binary)
        if PathText.lastComponent(toolchain) == "bin" { toolchain = PathText.parent(toolchain) }
        self.readable = [toolchain, content, cache]
    }

    public enum Problem: Error, Hashable, Sendable {
        case missing(String)
        public var message: String {
            switch self {
            case .missing(let tool):
                return "snippets compile in a sandbox that sees only the book, which needs \(tool); "
                    + "install Debian's \(tool == "bwrap" ? "bubblewrap" : "util-linux"), "
                    + "or set GUIDE_SANDBOX=off to compile them without it"
            }
        }
    }

    /// The sandbox this machine gives: bubblewrap and prlimit from PATH, unless the
    /// environment turns the namespaces off (or the system has none).
    public static func locate(environment: [String: String], memoryLimit: Int, clang: String, content: String,
                              cache: String) -> Result<ClangSandbox, Problem> {
        let find = { (name: String) in
            ClangLocator.searchPath(name, environment: environment,
                                    isExecutable: { FileManager.default.isExecutableFile(atPath: $0) })
        }
        #if os(Linux)
        let wanted = environment["GUIDE_SANDBOX"] != "off"
        #else
        let wanted = false
        #endif
        guard let prlimit = find("prlimit") else {
            #if os(Linux)
            return .failure(.missing("prlimit"))
            #else
            return .success(ClangSandbox(bwrap: nil, prlimit: nil, memoryLimit: memoryLimit, clang: clang,
                                         content: content, cache: cache))
            #endif
        }
        var bwrap: String?
        if wanted {
            guard let found = find("bwrap") else { return .failure(.missing("bwrap")) }
            bwrap = found
        }
        return .success(ClangSandbox(bwrap: bwrap, prlimit: prlimit, memoryLimit: memoryLimit, clang: clang,
                                     content: content, cache: cache))
    }

    /// What to run for `executable arguments` inside: `scratch` is clang's working folder
    /// (read-write, `TMPDIR`), `writable` more folders it may write (the precompiled header's).
    public func command(_ executable: String, _ arguments: [String], scratch: String,
                        writable: [String] = []) -> (executable: String, arguments: [String]) {
        var command = [executable] + arguments
        if let bwrap {
            var outer = [bwrap, "--unshare-all", "--die-with-parent", "--new-session", "--clearenv",
                         "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "TMPDIR", scratch,
                         "--ro-bind", "/usr", "/usr"]
            // Merged /usr (Debian): /bin, /lib… are links into it.
            for top in ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"] {
                if let target = Self.linkTarget(top) {
                    outer += ["--symlink", target, top]
                } else if FileManager.default.fileExists(atPath: top) {
                    outer += ["--ro-bind", top, top]
                }
            }
            for folder in readable where !folder.hasPrefix("/usr/") && FileManager.default.fileExists(atPath: folder) {
                outer += ["--ro-bind", ConfinedFolder.realPath(folder), folder]
            }
            for folder in writable + [scratch] {
                outer += ["--bind", ConfinedFolder.realPath(folder), folder]
            }
            outer += ["--dev", "/dev", "--proc", "/proc", "--chdir", scratch, "--"]
            command = outer + command
        }
        if let prlimit {
            command = [prlimit] + (limitsAddressSpace ? ["--as=\(memoryLimit)"] : [])
                + ["--fsize=\(fileSizeLimit)", "--core=0", "--"] + command
        }
        return (command[0], Array(command.dropFirst()))
    }

    /// The target of a top-level link such as `/lib -> usr/lib`, or nil when it is none.
    private static func linkTarget(_ path: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: path)
    }
}

/// How clang ended when it did not finish on its own, in a reader's words; nil when it did
/// (status 0 or 1: compiled, with or without errors).
public enum ClangFailure {
    public static func describe(status: Int32, stderr: String, memoryLimit: Int?) -> String? {
        guard status != 0 && status != 1 else { return nil }
        let limit = memoryLimit.map { " (\($0 >> 20) MiB; check.memory_limit in guide.yml)" } ?? ""
        if stderr.contains("out of memory") || stderr.contains("bad_alloc") || stderr.contains("Cannot allocate memory") {
            return "clang ran out of memory compiling this snippet: it reached the memory limit\(limit) and was stopped"
        }
        switch status {
        case 128 + SIGXFSZ:
            return "clang's output for this snippet passed the size limit and clang was stopped"
        case 128 + SIGKILL:
            return "clang was killed compiling this snippet (the memory limit\(limit) or the system stopped it)"
        case 129...:
            return "clang crashed compiling this snippet (signal \(status - 128))"
        default:
            return "clang stopped with status \(status) compiling this snippet"
        }
    }
}
