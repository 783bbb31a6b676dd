import Foundation
import Testing

/// `guide check`, the real binary with the real clang and Debian's GNUstep (scripts/test.sh
/// installs libgnustep-base-dev): exit codes, compiler-style diagnostics, JSON, the cache.
struct CheckEndToEndTests {
    private func writeBook(in folder: TempFolder) throws {
        try writeSmallBook(in: folder)
        let holder = """
            ```objective-c
            @interface Holder : NSObject
            @property (nonatomic, copy) void (^block)(void);
            @end
            @implementation Holder
            - (void)go {
                self.block = ^{ NSLog(@"%@", self); };
            }
            @end
            ```
            """
        try folder.write("content/en/second.md", """
            # Second

            ## End

            The end.

            <!-- snippet: expect-warning: -Warc-retain-cycles -->
            \(holder)

            ```objective-c
            NSString *s = @"english"; s = nil
            ```

            ```objective-c
            Capturing 'self' strongly in this block is likely to lead to a retain cycle
            ```

            """)
        try folder.write("content/zh/second.md", """
            # 第二章

            ## 结束

            完。

            中文说明在代码块之前，两行。
            第二行。

            \(holder)

            ```objective-c
            NSString *s = @"中文"; s = nil
            ```

            ```objective-c
            Capturing 'self' strongly in this block is likely to lead to a retain cycle（循环引用）
            ```

            """)
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func checksEverySnippetInBothLanguages() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        let result = try runGuide(["check", "--format", "json"], in: folder.path)
        #expect(result.status == 1, "\(result.stderr)")
        // Compiler format on stderr, at the markdown line; columns in characters.
        #expect(result.stderr.contains("content/en/second.md:20:34: error: expected ';' after expression"))
        #expect(result.stderr.contains("content/zh/second.md:22:29: error: expected ';' after expression"))
        #expect(!result.stderr.contains("retain cycle")) // expected: proven, not reported

        let report = try json(result.stdout)
        let summary = try #require(report["summary"] as? [String: Int])
        #expect(summary["snippets"] == 8)
        #expect(summary["pass"] == 2 && summary["expected"] == 2 && summary["fail"] == 2 && summary["ignored"] == 2)
        #expect(report["sdk"] as? String == "gnustep")
        let snippets = try #require(report["snippets"] as? [[String: Any]])
        let outcomes = snippets.map { "\($0["language"]!) \($0["line"]!) \($0["shape"]!) \($0["outcome"]!)" }
        #expect(outcomes == [
            "en 9 file-scope pass", "en 8 file-scope expected", "en 19 statements fail", "en 23 text ignored",
            "zh 9 file-scope pass", "zh 10 file-scope expected", "zh 21 statements fail", "zh 25 text ignored",
        ])
        let chinese = try #require(snippets.first { $0["file"] as? String == "content/zh/second.md" && $0["line"] as? Int == 10 })
        #expect(chinese["annotation"] as? String == "content/en/second.md:7") // inherited
        #expect(chinese["counterpart"] as? String == "content/en/second.md:8")
        let failing = try #require(snippets.first { $0["file"] as? String == "content/zh/second.md" && $0["line"] as? Int == 21 })
        let diagnostic = try #require((failing["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["line"] as? Int == 22 && diagnostic["column"] as? Int == 29)
        #expect(diagnostic["severity"] as? String == "error")

        // Unchanged: everything from the cache, the same report.
        let again = try runGuide(["check", "--format", "json"], in: folder.path)
        #expect(again.status == 1)
        let cached = try json(again.stdout)
        #expect(cached["compiled"] as? Int == 0 && cached["cached"] as? Int == 6)
        #expect(again.stderr == result.stderr)
        #expect(folder.exists(".guide-cache/check"))
    }

    @Test func failOnChoosesTheExitCode() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        let never = try runGuide(["check", "--fail-on", "never"], in: folder.path)
        #expect(never.status == 0)
        #expect(never.stdout.hasPrefix("checked 8 snippets (en 4, zh 4): 2 pass, 0 warn, 0 assumed, 2 fail, 2 expected, 0 intended, 0 unexpected-pass, 2 ignored, 0 not-checked;"))
        let warnings = try runGuide(["check", "--fail-on", "warn,unexpected-pass"], in: folder.path)
        #expect(warnings.status == 0)
        let wrong = try runGuide(["check", "--fail-on", "failure"], in: folder.path)
        #expect(wrong.status != 0 && wrong.stderr.contains("unknown outcome 'failure'"))
    }

    @Test func aMissingClangIsOneMessage() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        let result = try runGuide(["check", "--clang", folder.path + "/no-clang", "--no-cache"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("clang not found"))
        #expect(result.stdout.contains("6 not-checked"))
        let tolerated = try runGuide(["check", "--clang", folder.path + "/no-clang", "--fail-on", "fail"], in: folder.path)
        #expect(tolerated.status == 0)
    }

    /// The seed chapter: exactly its genuine mistakes fail (seven, in six snippets), in both languages, and every
    /// expectation of its "Not:" examples is met.
    @Test func theRepositoryContentFailsOnlyOnItsGenuineMistakes() throws {
        let cache = try TempFolder()
        let result = try runGuide(["check", "--content", repositoryRoot + "/content", "--cache", cache.path, "--format", "json"],
                                  in: repositoryRoot)
        let report = try json(result.stdout)
        let snippets = try #require(report["snippets"] as? [[String: Any]])
        // Annotated and given its context header, the chapter needs nothing assumed.
        #expect(!snippets.contains { ["unexpected-pass", "not-checked", "warn", "assumed"].contains($0["outcome"] as? String) },
                "\(result.stderr)")
        for language in ["en", "zh"] {
            let failing = snippets.filter { $0["language"] as? String == language && $0["outcome"] as? String == "fail" }
            let messages = failing.flatMap { ($0["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String } }
            #expect(failing.count == 6, "\(language): \(messages)")
            for mistake in ["use of undeclared identifier 'objects'", "expected ';' at end of declaration",
                            "use of undeclared identifier 'completionHandler'", "expected ';' after expression",
                            "missing '@end'", "expected identifier", "expected a type"] {
                #expect(messages.contains(mistake), "\(language) misses: \(mistake)")
            }
            let expected = snippets.filter { $0["language"] as? String == language && $0["outcome"] as? String == "expected" }
            #expect(expected.count == 2)
        }
    }

    /// A fragment: names nothing declares are assumed (JSON lists them); `--strict` and
    /// `check.strict` assume nothing; `--suggest-context` drafts the declarations and `--write`
    /// appends them to the context header, which keeps its mode.
    @Test func fragmentsAreAssumedUnlessStrict() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let fragment = "```objective-c\nif (!failure) {\n    [self retryLater];\n}\n```\n"
        try folder.write("content/en/second.md", "# Second\n\n" + fragment)
        try folder.write("content/zh/second.md", "# 第二章\n\n" + fragment)
        let result = try runGuide(["check", "--format", "json"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        let snippets = try #require(try json(result.stdout)["snippets"] as? [[String: Any]])
        let assumed = snippets.filter { $0["outcome"] as? String == "assumed" }
        #expect(assumed.count == 2)
        let names = (assumed.first?["assumed"] as? [[String: Any]] ?? []).compactMap { $0["declaration"] as? String }
        #expect(names == ["extern id failure;", "- (id)retryLater;"])

        let strict = try runGuide(["check", "--strict"], in: folder.path)
        #expect(strict.status == 1 && strict.stderr.contains("content/en/second.md:4:6: error: use of undeclared identifier 'failure'"))
        #expect(strict.stdout.contains("0 assumed, 2 fail"))

        try folder.write("content/objc-context.h", "#import <Foundation/Foundation.h>")
        chmod(folder.path + "/content/objc-context.h", 0o640)
        let draft = try runGuide(["check", "--suggest-context"], in: folder.path)
        #expect(draft.status == 0)
        #expect(draft.stdout.contains("extern id failure;") && draft.stdout.contains("@interface NSObject (GuideAssumed)\n- (id)retryLater;\n@end"))
        #expect(try folder.read("content/objc-context.h") == "#import <Foundation/Foundation.h>") // not written
        let written = try runGuide(["check", "--suggest-context", "--write"], in: folder.path)
        #expect(written.status == 0 && written.stderr.contains("content/objc-context.h: appended the draft"))
        #expect(try folder.read("content/objc-context.h") == "#import <Foundation/Foundation.h>\n\n" + draft.stdout)
        var status = stat()
        stat(folder.path + "/content/objc-context.h", &status)
        #expect(status.st_mode & 0o777 == 0o640)
        // The header now declares them: nothing is assumed.
        let after = try runGuide(["check"], in: folder.path)
        #expect(after.status == 0 && after.stdout.contains("0 assumed"), "\(after.stderr)")

        // `guide review` counts them apart from failures.
        try folder.write("content/objc-context.h", "#import <Foundation/Foundation.h>\n")
        let review = try runGuide(["review"], in: folder.path)
        #expect(review.stdout.contains("content: 4 snippets: 2 pass, 2 assumed (guide check)"), "\(review.stdout)")
        let reviewJSON = try runGuide(["review", "--format", "json"], in: folder.path)
        let counts = try #require(try json(reviewJSON.stdout)["check"] as? [String: Int])
        #expect(counts["assumed"] == 2 && counts["fail"] == 0 && counts["snippets"] == 4)

        try folder.write("content/guide.yml", try folder.read("content/guide.yml") + "\ncheck:\n  strict: true\n")
        try folder.write("content/objc-context.h", "#import <Foundation/Foundation.h>\n")
        let book = try runGuide(["check"], in: folder.path)
        #expect(book.status == 1 && book.stdout.contains("0 assumed, 2 fail"))
        let refused = try runGuide(["check", "--write"], in: folder.path)
        #expect(refused.status != 0 && refused.stderr.contains("--write appends what --suggest-context drafts"))
    }
}
