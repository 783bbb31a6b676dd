import Foundation
import Testing

/// `guide check` on annotations whose regular expression is too costly or invalid: the real
/// binary and clang, the error at the annotation's markdown line, and the run ends.
struct CheckPatternEndToEndTests {
    /// A chapter in both languages whose English snippet carries `annotation`; the Chinese
    /// copy inherits it.
    private func writeBook(annotation: String, code: String, in folder: TempFolder) throws {
        try writeSmallBook(in: folder)
        try folder.write("content/en/second.md", """
            # Second

            ## End

            The end.

            <!-- snippet: \(annotation) -->
            ```objective-c
            \(code)
            ```

            """)
        try folder.write("content/zh/second.md", """
            # 第二章

            ## 结束

            完。

            ```objective-c
            \(code)
            ```

            """)
    }

    /// `(a+)+b` on clang's message about a 5,000-character identifier: NSRegularExpression
    /// backtracked 2^5000 ways (a 50,000-character one still ran after 5 minutes).
    @Test func aCatastrophicPatternIsAnErrorAtItsLine() throws {
        let folder = try TempFolder()
        let identifier = String(repeating: "a", count: 5_000) + "cb"
        try writeBook(annotation: "expect-error: (a+)+b", code: "int x = \(identifier);", in: folder)
        let result = try runGuide(["check", "--no-cache"], in: folder.path, timeout: 120)
        #expect(!result.timedOut)
        #expect(result.status == 1) // a failing snippet, as documented for --fail-on fail
        let message = "content/en/second.md:7: error: the pattern '(a+)+b' is too costly to match (more than 10000000 steps"
        // Once for the English snippet, once for the Chinese copy that inherits the annotation.
        #expect(result.stderr.components(separatedBy: message).count - 1 == 2, "\(result.stderr.prefix(2_000))")
        #expect(result.stderr.contains("content/zh/second.md:8:9: error: use of undeclared identifier 'aaaa"))
        #expect(result.stdout.contains("2 pass, 0 warn, 0 assumed, 2 fail, 0 expected")) // the other chapter passes
    }

    @Test func anInvalidPatternIsAnErrorAtItsLine() throws {
        let folder = try TempFolder()
        try writeBook(annotation: "expect-warning: unused (variable", code: "int x = 1;", in: folder)
        let result = try runGuide(["check", "--no-cache"], in: folder.path, timeout: 120)
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(result.stderr.contains(
            "content/en/second.md:7: error: 'unused (variable' is not a valid regular expression: missing closing parenthesis (at offset 16)"),
            "\(result.stderr)")
    }
}
