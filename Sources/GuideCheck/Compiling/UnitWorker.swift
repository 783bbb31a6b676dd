import Foundation
import GuideFiles
import GuideModel

/// The worker that compiles units in one process (`guide-compile-units`, in C): each unit a
/// fresh translation unit of the libclang built with the clang that checks snippets. Starting
/// clang is most of what a snippet costs on the command line; the worker pays it once a check.
/// It prints the command line's diagnostics, and a unit it cannot finish is compiled again on
/// the command line (`BatchRunner`).
struct UnitWorker: Hashable, Sendable {
    /// `guide-compile-units`, beside guide's own binary.
    var executable: String
    /// The libclang beside `clang` (`…/bin/clang` → `…/lib/libclang.so`).
    var libclang: String
    /// Built with AddressSanitizer or ThreadSanitizer, as guide is (`scripts/sanitize.sh`: one
    /// build instruments both): it runs without the address-space limit, which leaves no room
    /// for the sanitizer's shadow memory (`ClangSandbox.limitsAddressSpace`). Never so in a
    /// build of guide for use.
    var isInstrumented = Self.isSanitized

    /// Whether this process carries AddressSanitizer's or ThreadSanitizer's runtime.
    static let isSanitized = ["__asan_init", "__tsan_init"].contains { (name: String) in dlsym(nil, name) != nil }

    /// What the compile records' key says of the compiler besides clang (see `CompilerSession`).
    var fingerprint: String { "units through " + libclang }

    /// The worker and the library for `clang`, when both are there; nil (every unit on the
    /// command line) otherwise, or when `GUIDE_CLANG_WORKER=off`.
    static func candidate(clang: String, environment: [String: String]) -> UnitWorker? {
        guard environment["GUIDE_CLANG_WORKER"] != "off",
              let ownBinary = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let executable = PathText.parent(ownBinary) + "/guide-compile-units"
        var toolchain = PathText.parent(ConfinedFolder.realPath(clang))
        if PathText.lastComponent(toolchain) == "bin" { toolchain = PathText.parent(toolchain) }
        let manager = FileManager.default
        guard manager.isExecutableFile(atPath: executable),
              let library = ["libclang.so", "libclang.so.1"].map({ toolchain + "/lib/" + $0 })
                  .first(where: { manager.fileExists(atPath: $0) })
        else { return nil }
        return UnitWorker(executable: executable, libclang: library)
    }

    /// Whether the library is clang's own build: the version it reports, run where units run
    /// (in the sandbox), is the first line of `clang --version`. Another build could word its
    /// diagnostics otherwise, or refuse clang's precompiled header.
    func matches(clangVersion: String, runner: ProcessRunner) -> Bool {
        matches(clangVersion: clangVersion, answer: version(runner: runner))
    }

    /// What the library reports of its version (`--version`), run where units run.
    func version(runner: ProcessRunner) -> ProcessOutput {
        sandboxed(runner).run(executable, ["--version", libclang])
    }

    /// `runner` with its sandbox as the worker runs in it.
    func sandboxed(_ runner: ProcessRunner) -> ProcessRunner {
        var runner = runner
        if isInstrumented { runner.sandbox?.limitsAddressSpace = false }
        return runner
    }

    /// Whether `answer` (the library's `version`) names clang's build.
    func matches(clangVersion: String, answer output: ProcessOutput) -> Bool {
        let line = { (text: String) in text.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } }
        return output.status == 0 && !output.timedOut && line(output.stdout) != nil && line(output.stdout) == line(clangVersion)
    }
}
