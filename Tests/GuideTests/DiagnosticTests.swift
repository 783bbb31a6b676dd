import Foundation
import GuideModel
import Testing

@Suite struct DiagnosticTests {
    @Test func formattedLikeACompiler() {
        let note = Diagnostic(.note, "declared here", at: SourceLocation(file: "a.md", line: 2, column: 1))
        #expect(Diagnostic(.error, "expected ';'", at: SourceLocation(file: "a.md", line: 3, column: 4), notes: [note]).description
                == "a.md:3:4: error: expected ';'\na.md:2:1: note: declared here")
        #expect(Diagnostic(.warning, "m", at: SourceLocation(file: "a.md")).description == "a.md: warning: m")
        #expect(Diagnostic(.error, "clang not found").description == "error: clang not found")
        #expect(GuideError("bad", file: "g.yml", line: 2).diagnostic == Diagnostic(.error, "bad", at: SourceLocation(file: "g.yml", line: 2)))
    }

    /// What a gate fails on is an error, what it lets pass at most a warning; notes stay notes.
    @Test func gatesDecideTheSeverity() {
        let note = Diagnostic(.note, "n")
        #expect(Diagnostic(.warning, "w").gated(true).severity == .error)
        #expect(Diagnostic(.error, "e").gated(false).severity == .warning)
        #expect(Diagnostic(.warning, "w").gated(false).severity == .warning)
        #expect(note.gated(true) == note && note.gated(false) == note)
    }

    @Test func thePrinterEscapesBookTextAndCounts() {
        var printer = DiagnosticPrinter()
        var lines: [String] = []
        let hostile = Diagnostic(.warning, "title \u{1B}]0;pwned\u{07} “你好”", at: SourceLocation(file: "a\u{9B}.md", line: 1),
                                 notes: [Diagnostic(.note, "here")])
        printer.print([hostile]) { lines.append($0) }
        #expect(lines == ["a\\u{9B}.md:1: warning: title \\x1B]0;pwned\\x07 “你好”\nnote: here"])
        #expect(!printer.failed)
        printer.print([Diagnostic(.error, "e"), Diagnostic(.warning, "w")]) { lines.append($0) }
        #expect(printer.failed)
        #expect(printer.counts == [.error: 1, .warning: 2, .note: 1])
        #expect(lines.count == 3)
    }
}

/// The exit code follows from what a command printed: non-zero exactly when it printed an error.
@Suite struct ExitCodeEndToEndTests {
    /// Whether the output holds an error line (`…: error: …` or `error: …`).
    private func printsAnError(_ result: RunResult) -> Bool {
        (result.stdout + result.stderr).split(separator: "\n").contains { $0.hasPrefix("error: ") || $0.contains(": error: ") }
    }

    @Test func aBrokenAnchorIsAWarningUnlessConfiguredAsAnError() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/second.md", "# Second\n\n## End\n\nSee [nowhere](#nowhere).\n")
        let warned = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(warned.status == 0 && !printsAnError(warned), "\(warned.stderr)")
        #expect(warned.stderr.contains("content/en/second.md:5: warning: anchor '#nowhere' matches no heading of second.md"))

        let config = try folder.read("content/guide.yml")
        try folder.write("content/guide.yml", config + "\noutput:\n  broken_anchors: error\n")
        let failed = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(failed.status == 1 && printsAnError(failed))
        #expect(failed.stderr.contains("content/en/second.md:5: error: anchor '#nowhere'"))
    }

    /// A build shows the snippets it could not check and does not fail (README, `guide build`):
    /// what stopped the check is a warning there, while `guide check` fails on it.
    @Test func aCheckThatCannotRunWarnsInABuildAndFailsTheCheck() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/objc-context.h", "#import <Foundation/Foundation.h>\nint broken(\n")
        let build = try runGuide(["build", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(build.status == 0 && !printsAnError(build), "\(build.stderr)")
        #expect(build.stderr.contains("warning: "))
        #expect(try folder.read("site/review/index.html").contains("<p class=\"check-problem\" role=\"alert\">warning: "))

        let check = try runGuide(["check"], in: folder.path)
        #expect(check.status == 1 && printsAnError(check), "\(check.stderr)")
        let tolerated = try runGuide(["check", "--fail-on", "fail"], in: folder.path)
        #expect(tolerated.status == 0 && !printsAnError(tolerated), "\(tolerated.stderr)")
    }

    /// `--fail-on` decides what fails, and so what is printed as an error, like `-Werror`.
    @Test func failOnDecidesTheSeverityOfAFailingSnippet() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/zh/intro.md", "# 介绍\n\n你好，**世界**。\n\n## 代码块\n\n见[下一章](second.md#end)。\n\n```objective-c\n@interface A : NSObject\nint x\n@end\n```\n")
        let failing = try runGuide(["check"], in: folder.path)
        #expect(failing.status == 1 && printsAnError(failing), "\(failing.stderr)")
        #expect(failing.stderr.contains("content/zh/intro.md:"))
        let never = try runGuide(["check", "--fail-on", "never"], in: folder.path)
        #expect(never.status == 0 && !printsAnError(never), "\(never.stderr)")
        #expect(never.stderr.contains("content/zh/intro.md:") && never.stderr.contains(": warning: "))
        let passes = try runGuide(["check", "--fail-on", "pass"], in: folder.path)
        #expect(passes.status == 1 && passes.stderr.contains("content/en/intro.md:9: error: snippet pass, an outcome the check fails on"))
    }
}
