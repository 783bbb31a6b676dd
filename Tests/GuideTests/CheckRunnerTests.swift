import Foundation
import GuideCheck
import GuideModel
import Testing

/// The checker's edges with a stand-in clang: the cache, the include guard, a hanging or
/// missing compiler. No SDK needed.
struct CheckRunnerTests {
    private let english = """
        # A

        ```objective-c
        [self foo];
        ```

        <!-- snippet: ignore -->
        ```objective-c
        this is not compiled
        ```
        """
    // The code's comment is translated: the Chinese snippet is a compile of its own.
    private let chinese = """
        # 甲

        中文段落，在代码块之前。

        ```objective-c
        [self foo]; // 调用
        ```

        ```objective-c
        this is not compiled
        ```
        """

    @Test func clangGetsTheWrappedSnippetWithMarkdownLines() throws {
        let folder = try TempFolder()
        let book = try CheckFixtures.book(en: english, zh: chinese, in: folder)
        let (clang, _) = try CheckFixtures.fakeClang(in: folder, body: "cat >> '\(folder.path)/units'")
        let results = SnippetChecker(options: CheckFixtures.options(folder, clang: clang)).check(book: book)
        #expect(results.map(\.outcome) == [.pass, .ignored, .pass, .ignored])
        #expect(results[3].reason == "ignore") // inherited from the English comment
        let units = try folder.read("units")
        #expect(units.contains("#line 4 \"content/en/a.md\"\n[self foo];"))
        #expect(units.contains("#line 6 \"content/zh/a.md\"\n[self foo];"))
        #expect(!units.contains("this is not compiled"))
    }

    @Test func annotationsShapeTheUnitClangGets() throws {
        let folder = try TempFolder()
        let english = """
            ```objective-c
            @interface Base : NSObject
            @end
            ```

            <!-- snippet
            continues
            elide
            class: Derived
            superclass: Base
            setup: @class Other;
            expect-warning: -Warc-repeated-use-of-weak
            -->
            ```objective-c
            id x = [[Base alloc] init...];
            ```
            """
        let book = try CheckFixtures.book(en: english, zh: english, in: folder)
        let (clang, _) = try CheckFixtures.fakeClang(in: folder, body: "{ cat; echo '=== args:' \"$*\"; } >> '\(folder.path)/units'")
        let results = SnippetChecker(options: CheckFixtures.options(folder, clang: clang)).check(book: book)
        #expect(results.map(\.outcome) == [.pass, .unexpectedPass, .pass, .unexpectedPass])
        let units = try folder.read("units").components(separatedBy: "=== args:")
        let second = try #require(units.first { $0.contains("id x") })
        #expect(second.contains("#line 11 \"content/en/a.md\"\n@class Other;")) // setup, at its own line
        #expect(second.contains("#line 2 \"content/en/a.md\"\n@interface Base : NSObject")) // the snippet it continues
        #expect(second.contains("@interface Derived : Base\n@end\n@implementation Derived\n- (void)guideSnippet {"))
        #expect(second.contains("id x = [[Base alloc] init   ];")) // elided
        let arguments = try #require(units.first { $0.contains("-Warc-repeated-use-of-weak") && $0.contains("snippet.m") })
        #expect(!arguments.isEmpty) // the expected warning is turned on for that snippet
    }

    @Test func diagnosticsBecomeOutcomes() throws {
        let folder = try TempFolder()
        let book = try CheckFixtures.book(en: english, zh: chinese, in: folder)
        let (clang, _) = try CheckFixtures.fakeClang(in: folder, body: """
            if grep -q 'content/zh' ; then echo "content/zh/a.md:6:11: error: expected ';' after expression" >&2; exit 1; fi
            """)
        let report = SnippetChecker(options: CheckFixtures.options(folder, clang: clang)).run(book: book)
        #expect(report.results.map(\.outcome) == [.pass, .ignored, .fail, .ignored])
        #expect(report.diagnostics(failingOn: [.fail]).map(\.description) == ["content/zh/a.md:6:11: error: expected ';' after expression"])
        #expect(report.divergences.count == 1)
        // Not a gated outcome: the same line, as a warning.
        #expect(report.diagnostics(failingOn: [.unexpectedPass]).map(\.description) == ["content/zh/a.md:6:11: warning: expected ';' after expression"])
    }

    @Test func anUnchangedBookComesFromTheCache() throws {
        let folder = try TempFolder()
        let book = try CheckFixtures.book(en: english, zh: chinese, in: folder)
        let (clang, log) = try CheckFixtures.fakeClang(in: folder, body: "cat > /dev/null")
        let checker = SnippetChecker(options: CheckFixtures.options(folder, clang: clang))
        let first = checker.run(book: book)
        #expect(first.compiled == 2 && first.cacheHits == 0 && CheckFixtures.calls(log) == 2)
        let second = checker.run(book: book)
        #expect(second.compiled == 0 && second.cacheHits == 2 && CheckFixtures.calls(log) == 2)
        #expect(second.results.filter(\.cached).count == 2)
        #expect(second.results.map(\.outcome) == first.results.map(\.outcome))
    }

    /// A compiler that is open for writing somewhere (a script written a moment ago, while
    /// another thread forked) cannot be run for a moment: "Text file busy". That is tried
    /// again, not taken for the snippet's failure (it made runs under load flaky).
    @Test func aBusyCompilerIsRunAgain() throws {
        let folder = try TempFolder()
        let book = try CheckFixtures.book(en: english, zh: chinese, in: folder)
        let (clang, log) = try CheckFixtures.fakeClang(in: folder, body: "cat > /dev/null")
        let held = open(clang, O_WRONLY)
        #expect(held >= 0)
        // A thread of its own: the shared queues may be busy with other tests for longer.
        Thread.detachNewThread {
            usleep(30_000)
            close(held)
        }
        let report = SnippetChecker(options: CheckFixtures.options(folder, clang: clang, cache: false)).run(book: book)
        #expect(report.results.map(\.outcome).filter { $0 == .fail }.isEmpty)
        #expect(report.compiled == 2 && CheckFixtures.calls(log) == 2)
    }

    @Test func theCodeTheContextHeaderAndTheFlagsInvalidateTheCache() throws {
        let folder = try TempFolder()
        let (clang, log) = try CheckFixtures.fakeClang(in: folder, body: "cat > /dev/null")
        let checker = SnippetChecker(options: CheckFixtures.options(folder, clang: clang))
        _ = checker.run(book: try CheckFixtures.book(en: english, zh: chinese, in: folder))
        #expect(CheckFixtures.calls(log) == 2)
        // The English snippet changes, the Chinese one does not.
        var book = try CheckFixtures.book(en: english.replacingOccurrences(of: "[self foo];", with: "[self bar];"),
                                          zh: chinese, in: folder)
        let edited = checker.run(book: book)
        #expect(edited.compiled == 1 && edited.cacheHits == 1)
        // A context header: one call precompiles it, then both snippets again.
        try folder.write("content/objc-context.h", "@class Foo;\n")
        #expect(checker.run(book: book).compiled == 2)
        #expect(CheckFixtures.calls(log) == 3 + 3)
        try folder.write("content/objc-context.h", "@class Bar;\n")
        #expect(checker.run(book: book).compiled == 2)
        book.config.check.flags = ["-Wshadow"]
        #expect(checker.run(book: book).compiled == 2)
        #expect(checker.run(book: book).compiled == 0)
    }

    @Test func aDamagedEntryIsCompiledAgain() throws {
        let folder = try TempFolder()
        let book = try CheckFixtures.book(en: english, zh: chinese, in: folder)
        let (clang, log) = try CheckFixtures.fakeClang(in: folder, body: "cat > /dev/null")
        let checker = SnippetChecker(options: CheckFixtures.options(folder, clang: clang))
        _ = checker.run(book: book)
        // (Chapters made in code: their results are not kept per chapter, every snippet is looked up.)
        try damageEveryRecord(folder.path + "/.guide-cache/compile-records.pack")
        let again = checker.run(book: book)
        #expect(again.compiled == 2 && again.cacheHits == 0)
        #expect(again.results.map(\.outcome) == [.pass, .ignored, .pass, .ignored])
        #expect(CheckFixtures.calls(log) == 4)
    }

    @Test func includesOutsideTheContentAreRefusedBeforeClangRuns() throws {
        let folder = try TempFolder()
        let book = try CheckFixtures.book(
            en: "```objective-c\n#import \"../../../etc/passwd\"\n```\n",
            zh: "<!-- snippet: setup: #include </etc/passwd> -->\n```objective-c\n[self foo];\n```\n", in: folder)
        let (clang, log) = try CheckFixtures.fakeClang(in: folder, body: "cat > /dev/null")
        let results = SnippetChecker(options: CheckFixtures.options(folder, clang: clang)).check(book: book)
        #expect(results.map(\.outcome) == [.fail, .fail])
        #expect(results[0].diagnostics.first?.location == SourceLocation(file: "content/en/a.md", line: 2))
        #expect(results[0].diagnostics.first?.message.contains("'..'") == true)
        #expect(results[1].diagnostics.first?.location == SourceLocation(file: "content/zh/a.md", line: 1))
        #expect(CheckFixtures.calls(log) == 0)
    }

    @Test func aHangingClangIsStopped() throws {
        let folder = try TempFolder()
        let book = try CheckFixtures.book(en: english, zh: chinese, in: folder)
        let (clang, _) = try CheckFixtures.fakeClang(in: folder, body: "sleep 30") // a child: the whole group is stopped
        let start = Date()
        let report = SnippetChecker(options: CheckFixtures.options(folder, clang: clang, timeout: 0.5)).run(book: book)
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(report.results.map(\.outcome) == [.notChecked, .ignored, .notChecked, .ignored])
        #expect(report.results[0].reason?.contains("did not finish within 0.5 s") == true)
        #expect(report.diagnostics(failingOn: [.notChecked]).contains { $0.severity == .error })
        // A timeout is not a result: nothing was cached.
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/.guide-cache/compile-records.pack"))
    }

    @Test func aMissingClangIsSaidOnceAndTheRestGoesOn() throws {
        let folder = try TempFolder()
        let book = try CheckFixtures.book(en: english, zh: chinese, in: folder)
        let report = SnippetChecker(options: CheckFixtures.options(folder, clang: folder.path + "/no/clang")).run(book: book)
        #expect(report.results.map(\.outcome) == [.notChecked, .ignored, .notChecked, .ignored])
        #expect(report.problems.count == 1)
        #expect(report.problems[0].message.contains("clang not found"))
        #expect(report.diagnostics(failingOn: [.notChecked]) == report.problems) // not repeated for each snippet
        #expect(report.diagnostics(failingOn: [.fail]).map(\.severity) == [.warning])
        #expect(report.compiler == nil)
    }

    @Test func clangIsLocatedInOrder() throws {
        let executables: Set<String> = ["/opt/swift/usr/bin/clang", "/opt/swift/usr/bin/swift", "/usr/bin/clang", "/env/clang"]
        let exists: (String) -> Bool = { executables.contains($0) }
        let resolve: (String) -> String = { $0 == "/usr/local/bin/swift" ? "/opt/swift/usr/bin/swift" : $0 }
        let environment = ["PATH": "/usr/local/bin:/opt/swift/usr/bin:/usr/bin"]
        let toolchain = try ClangLocator.locate(configured: nil, environment: environment, isExecutable: exists, resolve: resolve).get()
        #expect(toolchain.path == "/opt/swift/usr/bin/clang" && toolchain.origin == "the Swift toolchain")
        let fromEnvironment = try ClangLocator.locate(configured: nil, environment: environment.merging(["CLANG": "/env/clang"]) { $1 },
                                                      isExecutable: exists, resolve: resolve).get()
        #expect(fromEnvironment.origin == "$CLANG")
        let configured = try ClangLocator.locate(configured: "/usr/bin/clang", environment: environment.merging(["CLANG": "/env/clang"]) { $1 },
                                                 isExecutable: exists, resolve: resolve).get()
        #expect(configured.origin == "check.clang")
        let onPath = try ClangLocator.locate(configured: nil, environment: ["PATH": "/usr/bin"], isExecutable: exists, resolve: resolve).get()
        #expect(onPath.path == "/usr/bin/clang" && onPath.origin == "PATH")
        if case .success = ClangLocator.locate(configured: "/nope", environment: environment, isExecutable: exists, resolve: resolve) {
            Issue.record("a configured clang that does not exist must not fall back to another")
        }
    }

    @Test func theProcessRunnerReportsWhatItCouldNotStart() {
        let output = ProcessRunner(timeout: 5).run("/nonexistent/tool", [])
        #expect(output.launchError != nil)
    }

    /// A translation whose code is its source's (comments too) is the same compile: clang runs
    /// once, and the translation gets the diagnostics at its own lines.
    @Test func aSnippetAndItsIdenticalTranslationShareOneCompile() throws {
        let folder = try TempFolder()
        let code = "```objective-c\nint x = 1\n```\n"
        let book = try CheckFixtures.book(en: "# A\n\n" + code, zh: "# 甲\n\n中文段落。\n\n" + code, in: folder)
        // Whatever it is given, the stand-in reports the error at the line its `#line` names.
        let (clang, log) = try CheckFixtures.fakeClang(in: folder, body: """
            file=$(grep -o '"content/[a-z]*/a.md"' | head -1 | tr -d '"'); echo "$file:4:10: error: expected ';' at end of declaration" >&2; exit 1
            """)
        let report = SnippetChecker(options: CheckFixtures.options(folder, clang: clang)).run(book: book)
        #expect(CheckFixtures.calls(log) == 1 && report.compiled == 1)
        #expect(report.results.map(\.outcome) == [.fail, .fail])
        #expect(report.diagnostics(failingOn: [.fail]).map(\.description) == [
            "content/en/a.md:4:10: error: expected ';' at end of declaration",
            "content/zh/a.md:6:10: error: expected ';' at end of declaration",
        ])
        // Each is kept under its own key: a warm run compiles nothing.
        let again = SnippetChecker(options: CheckFixtures.options(folder, clang: clang)).run(book: book)
        #expect(again.compiled == 0 && again.results == report.results.map { result in
            var cached = result
            cached.cached = true
            return cached
        })
    }
}
