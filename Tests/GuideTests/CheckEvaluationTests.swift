@testable import GuideCheck
import GuideModel
import Testing

/// From clang's output to a snippet's outcome, at markdown positions; the include guard.
struct CheckEvaluationTests {
    @Test func clangOutputIsParsedWithNotesAndFlags() {
        let output = """
            In file included from x.m:1:
            content/en/a.md:12:18: warning: capturing 'self' strongly in this block is likely to lead to a retain cycle [-Warc-retain-cycles]
            content/en/a.md:11:1: note: block will be retained by the captured object
            content/en/a.md:14:2: error: expected ';' after expression
            <snippet wrapper>:3:1: error: missing '@end'
            clang: error: no such file or directory: 'x.pch'
            1 warning and 2 errors generated.
            """
        let diagnostics = ClangOutputParser.parse(output)
        #expect(diagnostics.count == 4)
        #expect(diagnostics[0] == RawDiagnostic(
            file: "content/en/a.md", line: 12, column: 18, severity: .warning,
            message: "capturing 'self' strongly in this block is likely to lead to a retain cycle",
            flag: "-Warc-retain-cycles",
            notes: [RawDiagnostic(file: "content/en/a.md", line: 11, column: 1, severity: .note,
                                  message: "block will be retained by the captured object")]))
        #expect(diagnostics[1].severity == .error && diagnostics[1].flag == nil)
        #expect(diagnostics[2].file == "<snippet wrapper>")
        #expect(diagnostics[3].file == nil && diagnostics[3].message.hasPrefix("no such file"))
        #expect(ClangOutputParser.splitFlag("unused [-Wunused-variable,-Werror]") == ("unused", "-Wunused-variable"))
    }

    private func unit(code: String = "[self foo];\n[self bar];", file: String = "content/zh/a.md", line: Int = 30) -> WrappedUnit {
        SnippetWrapper.wrap([SnippetPart(code: "@interface A : NSObject\n@end", shape: .fileScope, file: file, firstLine: 5),
                             SnippetPart(code: code, shape: .statements, file: file, firstLine: line, indents: [0, 2])])
    }

    private func evaluate(_ raw: [RawDiagnostic], annotation: Annotation? = nil, code: String = "[self foo];\n[self bar];")
        -> (SnippetOutcome, [SnippetDiagnostic], [String]) {
        Evaluation(unit: unit(code: code), currentPart: 1, snippetFile: "content/zh/a.md", fenceLine: 29,
                   annotation: annotation).evaluate(raw)
    }

    private func anError(_ message: String, line: Int = 30, column: Int = 1, file: String = "content/zh/a.md") -> RawDiagnostic {
        RawDiagnostic(file: file, line: line, column: column, severity: .error, message: message)
    }

    private func aWarning(_ message: String, flag: String?, line: Int = 30) -> RawDiagnostic {
        RawDiagnostic(file: "content/zh/a.md", line: line, column: 1, severity: .warning, message: message, flag: flag)
    }

    @Test func outcomes() {
        #expect(evaluate([]).0 == .pass)
        #expect(evaluate([aWarning("unused", flag: "-Wunused")]).0 == .warn)
        #expect(evaluate([anError("boom"), aWarning("unused", flag: "-Wunused")]).0 == .fail)
    }

    @Test func expectationsMetAndUnmet() {
        var annotation = Annotation()
        annotation.expectWarnings = ["-Warc-retain-cycles"]
        annotation.expectErrors = ["Dereferencing a __weak"]
        let met = evaluate([aWarning("capturing 'self'", flag: "-Warc-retain-cycles"),
                            anError("dereferencing a __weak pointer is not allowed")], annotation: annotation)
        #expect(met.0 == .expected)
        #expect(met.1.allSatisfy { $0.expected })
        let unmet = evaluate([aWarning("capturing 'self'", flag: "-Warc-retain-cycles")], annotation: annotation)
        #expect(unmet.0 == .unexpectedPass)
        #expect(unmet.2 == ["Dereferencing a __weak"])
        // A flag expectation is met by the flag, not by words in the message.
        var byFlag = Annotation()
        byFlag.expectWarnings = ["-Wshadow"]
        #expect(evaluate([aWarning("declaration shadows -Wshadow", flag: nil)], annotation: byFlag).0 == .unexpectedPass)
        // An expected warning does not excuse an error.
        #expect(evaluate([aWarning("x", flag: "-Warc-retain-cycles"), anError("y")], annotation: annotation).0 == .fail)
    }

    /// What a `#warning` or `#error` written in the snippet gives is what it shows: `intended`,
    /// counted apart; any other diagnostic beside it still counts as it would.
    @Test func aSnippetsOwnWarningOrErrorDirectiveIsIntended() {
        let code = "#warning \"finish me\"\n  #  error \"stop here\""
        let warning = aWarning("finish me", flag: "-W#warnings", line: 30)
        let error = anError("stop here", line: 31, column: 6)
        let shown = evaluate([warning, error], code: code)
        #expect(shown.0 == .intended)
        #expect(shown.1.count == 2 && shown.1.allSatisfy { $0.expected })
        // Another warning beside it warns; another error fails.
        #expect(evaluate([warning, aWarning("unused", flag: "-Wunused", line: 31)], code: code).0 == .warn)
        #expect(evaluate([error, anError("expected ';'", line: 30)], code: "#error \"x\"\n[self bar]").0 == .fail)
        // Read from the line, not the message: an error on a line of code is no directive's.
        #expect(evaluate([anError("stop here", line: 30)], code: "[self foo];\n#error \"stop here\"").0 == .fail)
        // A `#warning` line's error (not its own warning) is no intended output either.
        #expect(evaluate([anError("finish me", line: 30)], code: code).0 == .fail)
        // An earlier snippet's directive is that snippet's (line 5 is part 0 of the unit).
        #expect(evaluate([anError("stop here", line: 5)], code: code).0 == .pass)
        #expect(Evaluation.directive("#error") == "error" && Evaluation.directive("\t# warning x") == "warning")
        #expect(Evaluation.directive("#errors x") == nil && Evaluation.directive("// #error") == nil
                && Evaluation.directive("#pragma message(\"x\")") == nil)
    }

    /// A pattern that would backtrack for minutes is an error at its line of the annotation (in
    /// the source language's file, for a translation that inherits it); the others still count.
    @Test func aPatternTooCostlyIsAnErrorAtItsLine() throws {
        let (annotation, problems) = try #require(AnnotationParser.parse(
            html: "<!-- snippet\nexpect-error: (a+)+b\nexpect-error: undeclared\n-->", file: "content/en/a.md", line: 40))
        #expect(problems.isEmpty)
        let identifier = String(repeating: "a", count: 50_000) + "cb"
        let result = evaluate([anError("use of undeclared identifier '\(identifier)'")], annotation: annotation)
        #expect(result.0 == .fail)
        #expect(result.2.isEmpty) // neither met nor unmet: it could not be matched
        let first = try #require(result.1.first)
        #expect(first.location == SourceLocation(file: "content/en/a.md", line: 41))
        #expect(first.message.hasPrefix("the pattern '(a+)+b' is too costly to match (more than 10000000 steps"))
        #expect(result.1.count == 2 && result.1[1].expected) // `undeclared` met the error
    }

    @Test func diagnosticsInASnippetContinuedFromBelongToIt() {
        let result = evaluate([anError("in the earlier snippet", line: 5)])
        #expect(result.0 == .pass && result.1.isEmpty)
    }

    @Test func wrapperDiagnosticsLandOnTheFence() {
        let result = evaluate([anError("missing '@end'", line: 2, file: SnippetWrapper.hiddenFile)])
        #expect(result.0 == .fail)
        #expect(result.1.first?.location == SourceLocation(file: "content/zh/a.md", line: 29))
        #expect(result.1.first?.message.contains("wraps around the snippet") == true)
    }

    /// clang counts bytes; Chinese text before the error counts one column per character.
    @Test func columnsAreCharacters() {
        let code = "[self foo]; // 中文注释\nNSLog(@\"中文\"); [self bar] // 再来"
        // On line 31, clang's byte column 29 is after "[self bar]": 8 + 6 (中文) + 3 + 1 + 10 bytes,
        // that is 24 characters; the fence sits in a list item indented by 2.
        let result = evaluate([anError("expected ';'", line: 31, column: 29)], code: code)
        #expect(result.1.first?.location == SourceLocation(file: "content/zh/a.md", line: 31, column: 25 + 2))
        #expect(Evaluation.characterColumn(1, in: "中文") == 1)
        #expect(Evaluation.characterColumn(7, in: "中文x") == 3) // 6 bytes of Chinese, then x
        #expect(Evaluation.characterColumn(10, in: "a") == 10) // past the end: bytes as characters
    }

    @Test func formattedLikeACompiler() {
        let diagnostic = SnippetDiagnostic(severity: .warning, location: SourceLocation(file: "content/en/a.md", line: 3, column: 4),
                                           message: "retain cycle", flag: "-Warc-retain-cycles",
                                           notes: [SnippetDiagnostic(severity: .note, location: SourceLocation(file: "content/en/a.md", line: 2, column: 1), message: "here")])
        #expect(diagnostic.diagnostic.description == "content/en/a.md:3:4: warning: retain cycle [-Warc-retain-cycles]\ncontent/en/a.md:2:1: note: here")
    }

    @Test(arguments: [
        "#include \"/etc/passwd\"",
        "#import </etc/passwd>",
        "#include \"../../secret.h\"",
        "  #  import \"a/../../b.h\"",
        "#include_next <../x.h>",
        "#embed \"/etc/shadow\"",
        "#include FILE_MACRO",
        "# /* hidden */ include \"/etc/passwd\"",
        "#inc\\\nlude \"/etc/passwd\"",
        "%:include \"/etc/passwd\"",
        "#include \"~/x.h\"",
    ])
    func theIncludeGuardRefuses(_ code: String) {
        #expect(IncludeGuard.violations(in: "int a;\n" + code).count == 1)
    }

    @Test func theIncludeGuardAllowsSDKAndContentHeaders() {
        let code = "#import <Foundation/Foundation.h>\n#import \"ZOCWeakObject.h\"\n// #include \"/etc/passwd\"\nNSString *s = @\"#include </etc/passwd>\";"
        #expect(IncludeGuard.violations(in: code).isEmpty)
        #expect(IncludeGuard.violations(in: "int a;\n#include \"/etc/passwd\"").first?.line == 1)
    }

    /// Keys are XXH3-128 in xxHash's canonical (big-endian) form, as `xxhsum -H2` prints them.
    @Test func keysAreXXH3Hex() {
        #expect(Digest.hex("") == "99aa06d3014798d86001c324468d497f")
        #expect(Digest.hex("abc") == "06b05ab6733a618578af5f94892f3950")
        // Streamed in parts, or from bytes in any container: the same digest.
        let hash = Digest()
        hash.update("a")
        hash.update(Array("b".utf8))
        Array("c".utf8).withUnsafeBytes { hash.update($0) }
        #expect(hash.finalize() == Digest.of(Array("abc".utf8)))
        #expect(Digest.of(Array("xabc".utf8).dropFirst()) == Digest.of("abc".utf8))
        #expect(Digest.hex(Array(repeating: 7, count: 5_000)) == Digest.hex(String(repeating: "\u{7}", count: 5_000)))
    }

    @Test func theGNUstepShimIsGeneratedFromGCCsHeader() throws {
        let runtime = "#include \"objc.h\"\n#include \"objc-decls.h\"\nstatic inline Class\nobject_getClass (id object)\n{\n  if (object != nil)\n    return object->class_pointer;\n  else\n    return Nil;\n}\n"
        let headers = try GNUstepShim.headers(gccRuntimeHeader: runtime).get()
        #expect(Set(headers.keys) == ["objc/objc.h", "objc/runtime.h", "objc/blocks_runtime.h"])
        let adapted = try #require(headers["objc/runtime.h"])
        #expect(adapted.contains("return ((__bridge struct objc_object *)object)->class_pointer;"))
        #expect(adapted.contains("#include <objc/objc.h>") && adapted.contains("#include <objc/objc-decls.h>"))
        #expect(headers["objc/objc.h"]?.contains("#define YES __objc_yes") == true)
        #expect(headers["objc/objc.h"]?.contains("#define nil ((void *)0)") == true)
        #expect(headers["objc/blocks_runtime.h"]?.contains("void *_Block_copy(const void *);") == true)
        if case .success = GNUstepShim.headers(gccRuntimeHeader: "nothing to adapt") { Issue.record("expected a failure") }
    }
}
