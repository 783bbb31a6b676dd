import Foundation
import GuideModel
import GuideParse
@testable import GuideRender
import Testing

/// The spans of a highlighted snippet: (text, class) in order.
private func spans(_ code: String, _ language: HighlightLanguage) -> [(String, TokenClass)] {
    let bytes = Array(code.utf8)
    return CodeHighlighter.tokens(code, language: language).map {
        (String(decoding: bytes[$0.start..<$0.end], as: UTF8.self), $0.kind)
    }
}

private func classes(_ code: String, _ language: HighlightLanguage) -> [String: TokenClass] {
    var result: [String: TokenClass] = [:]
    for (text, kind) in spans(code, language) where result[text] == nil { result[text] = kind }
    return result
}

/// Strips the tags and decodes cmark's four entities: what a reader sees.
private func visibleText(_ html: String) -> String {
    var out = ""
    var inTag = false
    for character in html {
        if character == "<" { inTag = true } else if character == ">" && inTag { inTag = false } else if !inTag { out.append(character) }
    }
    return out.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
}

@Suite struct HighlightTests {
    static let objectiveC = """
        #import <Foundation/Foundation.h>
        #pragma mark - Lifecycle

        /* A person. */
        @interface ZOCPerson : NSObject <NSCopying>
        @property (nonatomic, copy, readonly) NSString *name; // the name
        @end

        - (void)greet:(NSArray<NSString *> *)names {
            NSInteger count = 42;
            CGFloat ratio = 1.5f;
            BOOL ok = YES;
            id value = nil;
            __weak __typeof(self) weakSelf = self;
            NSString *text = @"Hello \\"world\\"";
            NSArray *boxed = @[@1, @YES];
            SEL selector = @selector(greet:);
            [[NSNotificationCenter defaultCenter] postNotificationName:@"Done" object:nil];
            if (count > 0x1F) { return; }
        }

        """

    @Test func libclangIsLoaded() {
        #expect(CodeHighlighter.clangLoadError == nil, "\(CodeHighlighter.clangLoadError ?? "")")
    }

    /// The cache keys name the highlighter by the libclang files the loader would try, found
    /// with `stat`: the file the newest Debian LLVM's `libclang.so.1` leads to, by size and inode
    /// (loading libclang to ask its version costs a rebuild ~20 ms).
    @Test func theHighlightersVersionNamesItsLibraryByItsFile() throws {
        let fingerprint = try #require(ClangLexer.libraryFingerprint)
        #expect(CodeHighlighter.version == "libclang files: " + fingerprint)
        let newest = try #require(fingerprint.split(separator: ";").first).split(separator: " ")
        var status = stat()
        #expect(stat(String(newest[0]), &status) == 0)
        #expect(newest[0].hasPrefix("/usr/lib/llvm-") && newest[0].hasSuffix("/lib/libclang.so.1"))
        #expect(newest[1] == "\(status.st_size)" && newest[3] == "\(status.st_ino)")
    }

    @Test func objectiveCTokenClasses() {
        let found = classes(Self.objectiveC, .objectiveC)
        #expect(found["#import"] == .preprocessor)
        #expect(found["<Foundation/Foundation.h>"] == .string)
        #expect(found["#pragma mark - Lifecycle"] == .preprocessor)
        #expect(found["/* A person. */"] == .comment)
        #expect(found["// the name"] == .comment)
        #expect(found["@interface"] == .atKeyword)
        #expect(found["@property"] == .atKeyword)
        #expect(found["@end"] == .atKeyword)
        #expect(found["@selector"] == .atKeyword)
        #expect(found["ZOCPerson"] == .type)
        #expect(found["NSObject"] == .type)
        #expect(found["NSCopying"] == .type)
        #expect(found["NSString"] == .type)
        #expect(found["NSInteger"] == .type)
        #expect(found["CGFloat"] == .type)
        #expect(found["BOOL"] == .type)
        #expect(found["id"] == .type)
        #expect(found["SEL"] == .type)
        #expect(found["NSNotificationCenter"] == .type)
        #expect(found["nonatomic"] == .keyword)
        #expect(found["copy"] == .keyword)
        #expect(found["readonly"] == .keyword)
        #expect(found["void"] == .keyword)
        #expect(found["if"] == .keyword)
        #expect(found["return"] == .keyword)
        #expect(found["__weak"] == .keyword)
        #expect(found["__typeof"] == .keyword)
        #expect(found["self"] == .keyword)
        #expect(found["42"] == .number)
        #expect(found["1.5f"] == .number)
        #expect(found["0x1F"] == .number)
        #expect(found["@1"] == .number)
        #expect(found["YES"] == .constant)
        #expect(found["@YES"] == .constant)
        #expect(found["nil"] == .constant)
        #expect(found["@\"Hello \\\"world\\\"\""] == .string)
        #expect(found["@\"Done\""] == .string)
        // Names that are not types stay plain.
        #expect(found["count"] == nil)
        #expect(found["weakSelf"] == nil)
        #expect(found["defaultCenter"] == nil)
        #expect(found["postNotificationName"] == nil)
    }

    @Test func cTokenClasses() {
        let code = """
            #include <stdio.h>
            #define MAX 10 /* limit */
            typedef struct Point { int x; } Point;
            static const char *name = "point";
            int main(void) {
                size_t n = sizeof(Point) * MAX; // bytes
                char c = 'a';
                return n > 0 ? 0 : 1;
            }
            """
        let found = classes(code, .c)
        #expect(found["#include"] == .preprocessor)
        #expect(found["<stdio.h>"] == .string)
        #expect(found["#define"] == .preprocessor)
        #expect(found["/* limit */"] == .comment)
        #expect(found["// bytes"] == .comment)
        #expect(found["typedef"] == .keyword)
        #expect(found["struct"] == .keyword)
        #expect(found["static"] == .keyword)
        #expect(found["int"] == .keyword)
        #expect(found["Point"] == .type)
        #expect(found["size_t"] == .type)
        #expect(found["\"point\""] == .string)
        #expect(found["'a'"] == .string)
        #expect(found["10"] == .number)
        #expect(found["main"] == nil)
        #expect(found["MAX"] == nil)
    }

    @Test func swiftTokenClasses() {
        let code = #"""
            import Foundation

            /// A greeter. /* nested /* comment */ */
            @MainActor
            final class Greeter: NSObject {
                let name: String = "Zen \(user.name + "!") done"
                var count = 0x2A + 1_000 + 2.5e3
                #if DEBUG
                let raw = #"a \n "quoted" b"#
                #endif
                func greet(_ names: [String]) async throws -> Bool? {
                    guard !names.isEmpty else { return nil }
                    return true // done
                }
            }
            """#
        let found = classes(code, .swift)
        #expect(found["import"] == .keyword)
        #expect(found["final"] == .keyword)
        #expect(found["class"] == .keyword)
        #expect(found["func"] == .keyword)
        #expect(found["guard"] == .keyword)
        #expect(found["async"] == .keyword)
        #expect(found["throws"] == .keyword)
        #expect(found["Greeter"] == .type)
        #expect(found["String"] == .type)
        #expect(found["Bool"] == .type)
        #expect(found["@MainActor"] == .atKeyword)
        #expect(found["#if"] == .preprocessor)
        #expect(found["#endif"] == .preprocessor)
        #expect(found["/// A greeter. /* nested /* comment */ */"] == .comment)
        #expect(found["// done"] == .comment)
        #expect(found["\"Zen "] == .string)        // the string pauses at the interpolation…
        #expect(found["\"!\""] == .string)         // …whose code holds a string of its own…
        #expect(found[" done\""] == .string)       // …and resumes after it.
        #expect(found["#\"a \\n \"quoted\" b\"#"] == .string)
        #expect(found["0x2A"] == .number)
        #expect(found["1_000"] == .number)
        #expect(found["2.5e3"] == .number)
        #expect(found["nil"] == .constant)
        #expect(found["true"] == .constant)
        #expect(found["user"] == nil)
        #expect(found["names"] == nil)
    }

    @Test func shellTokenClasses() {
        let code = #"""
            #!/bin/sh
            # Build the site.
            set -eu
            OUT="${1:-site}" swift build -c release
            for file in content/*.md; do
                echo "checking $file: $(wc -l < "$file") lines" 'as is'
            done
            if [ -d "$OUT" ]; then exit 2; fi
            cat <<'EOF' > notes.txt
            $HOME is not expanded here
            EOF
            """#
        let found = classes(code, .shell)
        #expect(found["#!/bin/sh"] == .comment)
        #expect(found["# Build the site."] == .comment)
        #expect(found["set"] == .function)
        #expect(found["swift"] == .function)
        #expect(found["echo"] == .function)
        #expect(found["wc"] == .function)
        #expect(found["OUT"] == .variable)
        #expect(found["${1:-site}"] == .variable)
        #expect(found["$file"] == .variable)
        #expect(found["$("] == .variable)
        #expect(found["for"] == .keyword)
        #expect(found["in"] == .keyword)
        #expect(found["do"] == .keyword)
        #expect(found["done"] == .keyword)
        #expect(found["if"] == .keyword)
        #expect(found["then"] == .keyword)
        #expect(found["fi"] == .keyword)
        #expect(found["\"checking "] == .string)
        #expect(found["'as is'"] == .string)
        #expect(found["2"] == .number)
        #expect(found["$HOME is not expanded here\n"] == .string)
        // Arguments are not commands or keywords.
        #expect(found["release"] == nil)
        #expect(found["build"] == nil)
    }

    @Test func htmlIsEscapedAndCodeKeptByteForByte() throws {
        let samples: [(String, HighlightLanguage)] = [
            (Self.objectiveC, .objectiveC),
            ("if (a < b && c > d) { s = \"<&>\"; } // <tag> & 'quote'\n", .c),
            ("let s = \"<b>&amp;</b>\" // 中文注释 ✓\nlet 变量 = 1\n", .swift),
            ("echo \"a<b\" && cat <<EOF\n<&>\nEOF\n", .shell),
            ("@\"未闭合 \n #if\n", .objectiveC),
            ("/* unterminated", .c),
            ("\"\"\"\nnever closed \\(", .swift),
            ("", .objectiveC),
        ]
        for (code, language) in samples {
            let html = CodeHighlighter.html(code, language: language)
            #expect(visibleText(html) == code, "\(language): \(code)")
            let withoutSpans = html.replacingOccurrences(of: #"<span class="tok-[a-z-]+">"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: "</span>", with: "")
            #expect(!withoutSpans.contains("<") && !withoutSpans.contains(">") && !withoutSpans.contains("\""))
        }
        let html = CodeHighlighter.html("a < b && \"c\"", language: .c)
        #expect(html.contains("&lt;") && html.contains("&amp;&amp;") && html.contains("&quot;c&quot;"))
    }

    @Test func everyGuideSnippetRoundTrips() throws {
        var count = 0
        var highlighted = 0
        for path in try markdownFiles() {
            let markdown = try String(contentsOfFile: path, encoding: .utf8)
            for block in MarkdownParser().parse(markdown) {
                guard let code = block.codeLiteral, let fence = block.codeLanguage,
                      let html = CodeHighlighter.html(code, fence: fence) else { continue }
                #expect(visibleText(html) == code, "\(path):\(block.lines.start)")
                if html.contains("tok-") { highlighted += 1 }
                count += 1
            }
        }
        #expect(count > 20)
        #expect(Double(highlighted) > 0.95 * Double(count), "\(highlighted) of \(count) snippets highlighted")
    }

    /// The lexer tokenizes snippets in batches (one unsaved file, each snippet over its range):
    /// every snippet of the guide (and of the book, when present) gets the tokens it gets alone,
    /// whatever comes before and after it, also when it ends inside a comment or a line splice.
    @Test func batchedSnippetsMatchSnippetsLexedAlone() throws {
        var snippets: [HighlightLanguage: [String]] = [:]
        for path in try markdownFiles() {
            let markdown = try String(contentsOfFile: path, encoding: .utf8)
            for block in MarkdownParser().parse(markdown) {
                guard let code = block.codeLiteral, let fence = block.codeLanguage,
                      let language = HighlightLanguage(fence: fence), language != .swift, language != .shell
                else { continue }
                snippets[language, default: []].append(code)
            }
        }
        snippets[.objectiveC, default: []] += ["int a; /* open comment\n", "#define X 1 \\\n", "x \\", "",
                                               "\"unterminated\n", "@end\n", "#endif\n#if 1\n", "NSString *s = @\"x\";"]
        #expect(snippets.values.map(\.count).reduce(0, +) > 20)
        let lexer = ClangLexer.shared
        for (language, codes) in snippets {
            let alone = codes.map { lexer.tokens($0, language: language) }
            let batched = try #require(lexer.tokens(codes, language: language))
            let backwards = try #require(lexer.tokens(codes.reversed(), language: language)).reversed()
            #expect(batched.count == codes.count)
            for (index, tokens) in alone.enumerated() {
                #expect(tokens != nil)
                #expect(batched[index] == tokens, "\(codes[index])")
                #expect(Array(backwards)[index] == tokens, "\(codes[index])")
            }
        }
    }

    /// Threads lex at once, each through a parser of its own (kept for it): every thread's
    /// tokens are those of the snippet lexed alone, first batch or hundredth.
    @Test func threadsLexAtOnceAsAlone() throws {
        let codes = (0..<40).map { "int value\($0) = \($0); /* note */ NSString *s\($0) = @\"x\";\n" }
        let lexer = ClangLexer.shared
        let alone = codes.map { lexer.tokens($0, language: .objectiveC) }
        let rounds = Array(0..<200).concurrentMap { round in
            lexer.tokens(Array(codes[(round % 40)...]), language: .objectiveC)
        }
        for (round, tokens) in rounds.enumerated() {
            #expect(tokens.map { Array($0) } == Array(alone[(round % 40)...]).map { $0! })
        }
    }

    /// A page highlights all its blocks together: the same HTML as block by block.
    @Test func aPageOfBlocksMatchesBlockByBlock() throws {
        for path in try markdownFiles() {
            let blocks = MarkdownParser().parse(try String(contentsOfFile: path, encoding: .utf8))
            let together = CodeBlockHTML.html(for: blocks)
            #expect(together == blocks.map { CodeBlockHTML.html(for: $0) }, "\(path)")
            if blocks.contains(where: { $0.codeLanguage.flatMap(HighlightLanguage.init(fence:)) != nil }) {
                #expect(together.contains { $0.contains("tok-") }, "\(path)")
            }
        }
    }

    /// Identifiers after `struct`, `union`, `enum` (and C++ `class`) name types, even in lower case.
    @Test func tagNamesAreTypes() {
        let kinds = classes("struct point p; enum state s; union value v;", .c)
        #expect(kinds["point"] == .type && kinds["state"] == .type && kinds["value"] == .type)
        #expect(kinds["p"] == nil && kinds["s"] == nil)
    }

    @Test func outputIsDeterministic() {
        let first = CodeHighlighter.render(Self.objectiveC, tokens: CodeHighlighter.tokens(Self.objectiveC, language: .objectiveC))
        for _ in 0..<3 {
            #expect(CodeHighlighter.render(Self.objectiveC, tokens: CodeHighlighter.tokens(Self.objectiveC, language: .objectiveC)) == first)
        }
    }

    @Test func fenceNames() {
        #expect(HighlightLanguage(fence: "objective-c") == .objectiveC)
        #expect(HighlightLanguage(fence: "obj-c") == .objectiveC)
        #expect(HighlightLanguage(fence: "ObjC") == .objectiveC)
        #expect(HighlightLanguage(fence: "c") == .c)
        #expect(HighlightLanguage(fence: "swift") == .swift)
        #expect(HighlightLanguage(fence: "bash") == .shell)
        #expect(HighlightLanguage(fence: "sh") == .shell)
        #expect(HighlightLanguage(fence: "ruby") == nil)
        #expect(HighlightLanguage(fence: "") == nil)
    }

    @Test func codeBlocksGetSpansAndACopyButton() {
        let blocks = MarkdownParser().parse("""
            Text with `code`.

            ```objective-c
            @interface A : NSObject
            @end
            ```

            ```ruby
            puts "<hi>"
            ```

                indented <code>

            * item

              ```sh
              echo "$HOME"
              ```

            """)
        let html = blocks.map { CodeBlockHTML.html(for: $0) }.joined()
        #expect(html.contains(#"<div class="code-block"><button type="button" class="copy-code" hidden>Copy</button><pre><code class="language-objective-c"><span class="tok-at-keyword">@interface</span>"#))
        // Unknown language: cmark's HTML inside the frame, untouched.
        #expect(html.contains(#"<pre><code class="language-ruby">puts &quot;&lt;hi&gt;&quot;"# + "\n</code></pre></div>"))
        #expect(html.contains("<pre><code>indented &lt;code&gt;\n</code></pre></div>"))
        // Code nested in a list is highlighted too.
        #expect(html.contains(#"<span class="tok-function">echo</span> <span class="tok-string">&quot;</span><span class="tok-variable">$HOME</span>"#))
        #expect(html.components(separatedBy: "class=\"copy-code\"").count == 5)
        // Paragraphs are left alone.
        #expect(CodeBlockHTML.html(for: blocks[0]) == blocks[0].html)
    }

    @Test func unknownLanguageIsPassedThrough() {
        #expect(CodeHighlighter.html("puts 1", fence: "ruby") == nil)
        let block = MarkdownParser().parse("```ruby\nx & y\n```\n")[0]
        #expect(CodeBlockHTML.html(for: block) == "<div class=\"code-block\">\(CodeBlockHTML.copyButton)"
            + "<pre><code class=\"language-ruby\">x &amp; y\n</code></pre></div>\n")
    }

    /// The code blocks a block holds come from cmark's tree, where they are in its HTML: in a
    /// quote, in quotes nested in quotes, in a list in a quote; the book's own `<pre><code>` is
    /// its HTML, shown as written.
    @Test func codeIsFoundInTheTreeNotInTheHTML() {
        let blocks = MarkdownParser().parse("""
            > ```sh
            > echo "<a>"
            > ```

            > > > ```swift
            > > > let x = 1
            > > > ```

            > * item
            >
            >   ```c
            >   int y;
            >   ```
            >
            >   ~~~ruby extra words
            >   z
            >   ~~~

            <pre><code class="language-swift">let raw = 2
            </code></pre>

            """)
        #expect(blocks.map { $0.codeInHTML.map(\.fence) } == [["sh"], ["swift"], ["c", "ruby"], []])
        for block in blocks {
            for place in block.codeInHTML {
                let bytes = Array(block.html.utf8)
                #expect(String(decoding: bytes[place.codeEnd...], as: UTF8.self).hasPrefix("</code></pre>"))
                #expect(String(decoding: bytes[place.start..<place.codeStart], as: UTF8.self).hasPrefix("<pre><code"))
                var escaped: [UInt8] = []
                HTMLText.escape(place.code.utf8, into: &escaped)
                #expect(Array(bytes[place.codeStart..<place.codeEnd]) == escaped)
            }
        }
        let html = blocks.map { CodeBlockHTML.html(for: $0) }
        #expect(html[0].contains(#"<span class="tok-function">echo</span>"#))
        #expect(html[1].hasPrefix("<blockquote>\n<blockquote>\n<blockquote>\n<div class=\"code-block\">"))
        #expect(html[1].contains(#"<span class="tok-keyword">let</span>"#))
        #expect(html[2].contains(">int</span>"))
        #expect(html[2].contains("<pre><code class=\"language-ruby\">z\n</code></pre></div>"))
        #expect(html[2].components(separatedBy: "copy-code").count == 3)
        #expect(html[3] == blocks[3].html)
    }

    /// The declarations in Sources/CClang/shim.h match the installed clang-c/Index.h.
    @Test func shimMatchesInstalledHeader() throws {
        let include = (13...40).reversed().map { "/usr/lib/llvm-\($0)/include" }
            .first { FileManager.default.fileExists(atPath: $0 + "/clang-c/Index.h") }
        guard let include, let compiler = ["/usr/bin/cc", "/usr/bin/gcc", "/usr/bin/clang"]
            .first(where: FileManager.default.isExecutableFile(atPath:)) else { return }
        let folder = try TempFolder()
        try folder.write("check.c", """
            #include <clang-c/Index.h>
            #define GUIDE_CCLANG_SHIM_H_SKIP
            #include <stddef.h>
            typedef struct { unsigned int_data[4]; void *ptr_data; } GuideToken;
            typedef struct { const void *ptr_data[2]; unsigned begin_int_data; unsigned end_int_data; } GuideRange;
            typedef struct { const void *ptr_data[2]; unsigned int_data; } GuideLocation;
            typedef struct { const void *data; unsigned private_flags; } GuideString;
            _Static_assert(sizeof(CXToken) == sizeof(GuideToken), "CXToken");
            _Static_assert(sizeof(CXSourceRange) == sizeof(GuideRange), "CXSourceRange");
            _Static_assert(sizeof(CXSourceLocation) == sizeof(GuideLocation), "CXSourceLocation");
            _Static_assert(sizeof(CXString) == sizeof(GuideString), "CXString");
            _Static_assert(offsetof(struct CXUnsavedFile, Length) == 2 * sizeof(void *), "CXUnsavedFile");
            _Static_assert(CXToken_Punctuation == 0 && CXToken_Keyword == 1 && CXToken_Identifier == 2
                           && CXToken_Literal == 3 && CXToken_Comment == 4, "token kinds");
            _Static_assert(CXTranslationUnit_KeepGoing == 0x200 && CXTranslationUnit_SingleFileParse == 0x400, "flags");
            // The shim's function types, checked against the header's prototypes by assignment.
            int (*reparse)(CXTranslationUnit, unsigned, struct CXUnsavedFile *, unsigned) = clang_reparseTranslationUnit;
            // The snippet check's worker's.
            _Static_assert(CXDiagnostic_Ignored == 0 && CXDiagnostic_Note == 1 && CXDiagnostic_Warning == 2
                           && CXDiagnostic_Error == 3 && CXDiagnostic_Fatal == 4, "severities");
            _Static_assert(CXError_Crashed == 2, "error codes");
            unsigned (*count)(CXTranslationUnit) = clang_getNumDiagnostics;
            CXDiagnostic (*get)(CXTranslationUnit, unsigned) = clang_getDiagnostic;
            enum CXDiagnosticSeverity (*severity)(CXDiagnostic) = clang_getDiagnosticSeverity;
            CXSourceLocation (*location)(CXDiagnostic) = clang_getDiagnosticLocation;
            void (*presumed)(CXSourceLocation, CXString *, unsigned *, unsigned *) = clang_getPresumedLocation;
            CXString (*spelling)(CXDiagnostic) = clang_getDiagnosticSpelling;
            CXString (*option)(CXDiagnostic, CXString *) = clang_getDiagnosticOption;
            CXDiagnosticSet (*children)(CXDiagnostic) = clang_getChildDiagnostics;
            unsigned (*inSet)(CXDiagnosticSet) = clang_getNumDiagnosticsInSet;
            CXDiagnostic (*member)(CXDiagnosticSet, unsigned) = clang_getDiagnosticInSet;
            """)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: compiler)
        process.arguments = ["-fsyntax-only", "-I", include, folder.path + "/check.c"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(message)")
    }
}

/// The repository's chapters and, when present, the shared corpus of the whole book.
func markdownFiles() throws -> [String] {
    var files: [String] = []
    let manager = FileManager.default
    for folder in [repositoryRoot + "/content/en", repositoryRoot + "/content/zh",
                   repositoryRoot + "/../shared/corpus/objc-zen-book/en"] {
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { continue }
        files += names.filter { $0.hasSuffix(".md") }.sorted().map { folder + "/" + $0 }
    }
    return files
}
