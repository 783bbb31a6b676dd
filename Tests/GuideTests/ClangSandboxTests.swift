import Foundation
@testable import GuideCheck
import GuideModel
import Testing

/// clang runs where it sees only the book, and under limits: what the include guard would miss
/// (a computed path, a query) still cannot reach a file outside, and no snippet can take
/// unbounded memory or leave files behind.
@Suite struct ClangSandboxTests {
    let environment = ProcessInfo.processInfo.environment

    func clang() throws -> String {
        try ClangLocator.locate(configured: nil, environment: environment).get().path
    }

    @Test func clangSeesOnlyTheBook() throws {
        let folder = try TempFolder()
        try folder.write("outside/secret.h", "#error TOP-SECRET-4242\n")
        try folder.write("content/inside.h", "int inside;\n")
        try folder.write("cache/x", "")
        let clang = try clang()
        var runner = ProcessRunner(timeout: 30)
        runner.sandbox = try ClangSandbox.locate(environment: environment, memoryLimit: ClangSandbox.defaultMemoryLimit,
                                                 clang: clang, content: folder.path + "/content",
                                                 cache: folder.path + "/cache").get()
        #expect(runner.sandbox?.bwrap != nil)
        // Every road the include guard refuses, written so the guard would not see it.
        let code = """
            #define OUTSIDE "\(folder.path)/outside/secret.h"
            #if __has_include(OUTSIDE) || __has_include("/etc/passwd") || __has_include("\(repositoryRoot)/Package.swift")
            #error SEES-OUTSIDE
            #endif
            #include "\(folder.path)/content/inside.h"
            #include OUTSIDE
            """
        let output = runner.run(clang, ["-fsyntax-only", "-x", "objective-c"], input: code, inputFile: "s.m")
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stderr.contains("s.m:6:10: fatal error: '\(folder.path)/outside/secret.h' file not found"),
                "\(output.stderr)")
        #expect(!output.stderr.contains("TOP-SECRET-4242"))
        #expect(!output.stderr.contains("SEES-OUTSIDE"))
        #expect(!output.stderr.contains("inside.h"))
    }

    @Test func theSandboxCanBeTurnedOffByTheMaintainerOnly() throws {
        var environment = self.environment
        environment["GUIDE_SANDBOX"] = "off"
        let sandbox = try ClangSandbox.locate(environment: environment, memoryLimit: 1 << 28, clang: try clang(),
                                              content: "/nonexistent", cache: "/nonexistent").get()
        #expect(sandbox.bwrap == nil)
        // The limits stay.
        let command = sandbox.command("/bin/true", [], scratch: "/tmp")
        #expect(command.arguments.contains("--as=\(1 << 28)"))
        environment["PATH"] = "/nonexistent"
        #expect(throws: ClangSandbox.Problem.missing("prlimit")) {
            try ClangSandbox.locate(environment: environment, memoryLimit: 1 << 28, clang: "/bin/true",
                                    content: "/", cache: "/").get()
        }
    }

    /// Only a worker built with a sanitizer runs without the address-space limit (its shadow
    /// memory does not fit one); clang, and a worker of a build for use, keep it.
    @Test func onlyAnInstrumentedWorkerGoesWithoutTheAddressSpaceLimit() throws {
        var runner = ProcessRunner(timeout: 5)
        runner.sandbox = ClangSandbox(bwrap: nil, prlimit: "/usr/bin/prlimit", memoryLimit: 1 << 28, clang: "/usr/bin/clang",
                                      content: "/nonexistent", cache: "/nonexistent")
        func arguments(_ runner: ProcessRunner) throws -> [String] {
            try #require(runner.sandbox).command("/bin/true", [], scratch: "/tmp").arguments
        }
        var worker = UnitWorker(executable: "/nonexistent/guide-compile-units", libclang: "/nonexistent/libclang.so")
        worker.isInstrumented = false
        #expect(try arguments(worker.sandboxed(runner)).contains("--as=\(1 << 28)"))
        worker.isInstrumented = true
        let instrumented = try arguments(worker.sandboxed(runner))
        #expect(!instrumented.contains { $0.hasPrefix("--as=") })
        #expect(instrumented.contains("--fsize=\(256 << 20)") && instrumented.contains("--core=0"))
        // The runner clang runs with is the same as before.
        #expect(try arguments(runner).contains("--as=\(1 << 28)"))
    }

    /// A macro bomb (clang past 18 GB within 30 s without a limit) and a deliberate crash: each is
    /// its snippet's failure at its line, within the memory limit, and leaves no file behind.
    @Test func boundedMemoryAndCrashes() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/guide.yml", """
            languages: [en, zh]
            check:
              memory_limit: 256
            """)
        let bomb = """
            # Second

            ```objective-c
            #define A(x) x x x x x x x x x x x x x x x x
            #define B(x) A(A(A(A(x))))
            int f(void) { return 0 B(B(+ 1)); }
            ```

            ```objective-c
            #pragma clang __debug crash
            ```
            """
        try folder.write("content/en/second.md", bomb)
        try folder.write("content/zh/second.md", bomb)
        try folder.write("tmp/.keep", "")
        var environment = self.environment
        environment["TMPDIR"] = folder.path + "/tmp"
        let (text, kib, status) = try runGuideMeasured(["check"], in: folder, environment: environment)
        #expect(text.contains("content/en/second.md:3: error: clang ran out of memory compiling this snippet"), "\(text)")
        #expect(text.contains("(256 MiB; check.memory_limit in guide.yml)"))
        #expect(text.contains("content/en/second.md:9: error: clang crashed compiling this snippet"), "\(text)")
        #expect(status == 1)
        #expect(underSanitizer || kib < 600 * 1024, "peak \(kib) KiB")
        // No crash reproductions, no scratch folders left.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/tmp") == [".keep"])
    }
}

/// A cache can only make things faster: a damaged precompiled header is made again, never
/// turned into every snippet's failure, and what a build prints matches what its pages show.
@Suite struct PrecompiledHeaderTests {
    @Test func aDamagedPrecompiledHeaderIsMadeAgain() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/objc-context.h", "#import <Foundation/Foundation.h>\n")
        try folder.write("content/en/second.md", "# Second\n\n```objective-c\nNSString *name = @\"x\";\n```\n")
        try folder.write("content/zh/second.md", "# 第二章\n\n```objective-c\nNSString *name = @\"x\";\n```\n")
        let templates = ["--templates", repositoryRoot + "/templates"]
        let first = try runGuide(["build"] + templates, in: folder.path)
        #expect(first.status == 0, "\(first.stderr)")
        let pages = try folder.read("site/en/second.html")
        let pchFolder = folder.path + "/.guide-cache/check/pch"
        let pch = try #require(try FileManager.default.contentsOfDirectory(atPath: pchFolder).first { $0.hasSuffix(".pch") })
        for damage in [Data("not a precompiled header".utf8), Data(count: 4096)] {
            try damage.write(to: URL(fileURLWithPath: pchFolder + "/" + pch))
            // The chapter's results must not come from a kept verdict either: the book changed.
            try folder.write("content/zh/second.md", "# 第二章\n\n```objective-c\nNSString *name = @\"y\";\n```\n")
            let again = try runGuide(["build"] + templates, in: folder.path)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(!again.stderr.contains("PCH"), "\(again.stderr)")
            #expect(again.stdout.contains(" 0 fail"), "\(again.stdout)")
            #expect(try folder.read("site/en/second.html") == pages)
            try folder.write("content/zh/second.md", "# 第二章\n\n```objective-c\nNSString *name = @\"x\";\n```\n")
        }
    }

    /// The header is precompiled while snippets are planned, and only when one is to be
    /// compiled: a check whose chapters' results are all kept makes none.
    @Test func theHeaderIsPrecompiledOnlyForACompile() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/objc-context.h", "#import <Foundation/Foundation.h>\n")
        try folder.write("content/en/second.md", "# Second\n\n```objective-c\nNSString *name = @\"x\";\n```\n")
        try folder.write("content/zh/second.md", "# 第二章\n\n```objective-c\nNSString *name = @\"x\";\n```\n")
        let first = try runGuide(["check"], in: folder.path)
        #expect(first.status == 0, "\(first.stderr)")
        let pchFolder = folder.path + "/.guide-cache/check/pch"
        let made = { try FileManager.default.contentsOfDirectory(atPath: pchFolder).filter { $0.hasSuffix(".pch") } }
        let pch = try #require(try made().first)
        try FileManager.default.removeItem(atPath: pchFolder + "/" + pch)
        let warm = try runGuide(["check"], in: folder.path)
        #expect(warm.status == 0 && warm.stdout.contains("(0 compiled"), "\(warm.stdout)")
        #expect(try made().isEmpty)
        try folder.write("content/zh/second.md", "# 第二章\n\n```objective-c\nNSString *name = @\"y\";\n```\n")
        let edited = try runGuide(["check"], in: folder.path)
        #expect(edited.status == 0 && edited.stdout.contains(" 0 fail"), "\(edited.stdout) \(edited.stderr)")
        #expect(try made() == [pch])
    }
}

/// Compiles run in batches, one sandbox per batch: each keeps its own arguments, output,
/// status and time limit, exactly as if it ran alone.
@Suite struct BatchRunnerTests {
    @Test func eachCompileOfABatchIsItsOwn() throws {
        let folder = try TempFolder()
        try folder.write("bin/tool", """
            #!/bin/sh
            for argument in "$@"; do printf '[%s]' "$argument" >&2; done
            case "$1" in
              sleep) sleep 20 ;;
              fail) exit 3 ;;
            esac
            cat "$2" 2>/dev/null || true
            """)
        chmod(folder.path + "/bin/tool", 0o755)
        var environment = ProcessInfo.processInfo.environment
        environment["GUIDE_SANDBOX"] = "off"
        var runner = ProcessRunner(timeout: 1)
        runner.sandbox = try ClangSandbox.locate(environment: environment, memoryLimit: 1 << 30,
                                                 clang: folder.path + "/bin/tool", content: folder.path,
                                                 cache: folder.path).get()
        let strange = "it's $HOME `x` \"q\" \\ ;&|\n*"
        let jobs = [
            BatchRunner.Job(arguments: ["ok", strange], text: "unit one"),
            BatchRunner.Job(arguments: ["sleep"], text: "unit two"),
            BatchRunner.Job(arguments: ["fail"], text: "unit three"),
            BatchRunner.Job(arguments: ["ok"], text: "unit four"),
        ]
        let start = Date()
        let outputs = BatchRunner(runner: runner).run(folder.path + "/bin/tool", jobs)
        #expect(Date().timeIntervalSince(start) < 15)
        #expect(outputs.map(\.timedOut) == [false, true, false, false])
        #expect(outputs.map(\.status) == [0, -1, 3, 0])
        #expect(outputs[0].stderr.hasPrefix("[ok][\(strange)]"), "\(outputs[0].stderr)")
        #expect(outputs[0].stderr.hasSuffix("/snippet.m]"))
        #expect(outputs[3].stdout == "unit four")   // the unit, written to its own file, is the last argument
        #expect(outputs[2].stderr.hasPrefix("[fail]"))
    }
}
