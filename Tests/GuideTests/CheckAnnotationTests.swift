import GuideCheck
import GuideMerge
import GuideModel
import Testing

/// `<!-- snippet … -->` comments: each directive, mistakes, and inheritance by translations.
struct CheckAnnotationTests {
    private func parse(_ html: String) -> (Annotation, [AnnotationProblem])? {
        AnnotationParser.parse(html: html, file: "content/en/a.md", line: 5)
    }

    @Test func otherCommentsAreNotAnnotations() {
        #expect(parse("<!-- a note for translators -->") == nil)
        #expect(parse("<div>snippet</div>") == nil)
        #expect(parse("<!-- snippets are nice -->") == nil)
    }

    @Test func ignoreAndText() throws {
        let (ignore, problems) = try #require(parse("<!-- snippet: ignore -->"))
        #expect(ignore.ignore && problems.isEmpty && ignore.reason == nil)
        let (why, _) = try #require(parse("<!-- snippet: ignore: needs UIKit's real headers -->"))
        #expect(why.ignore && why.reason == "needs UIKit's real headers")
        let (text, _) = try #require(parse("<!-- snippet: text -->"))
        #expect(text.text)
    }

    @Test func expectations() throws {
        let (annotation, problems) = try #require(parse("""
            <!-- snippet
            expect-warning: -Warc-retain-cycles
            expect-warning: accessed multiple times
            expect-error: dereferencing a __weak pointer
            -->
            """))
        #expect(problems.isEmpty)
        #expect(annotation.expectWarnings == ["-Warc-retain-cycles", "accessed multiple times"])
        #expect(annotation.expectErrors == ["dereferencing a __weak pointer"])
        #expect(annotation.expectedFlags == ["-Warc-retain-cycles"])
        #expect(annotation.hasExpectations)
        #expect(annotation.expectationLines == ["-Warc-retain-cycles": 6, "accessed multiple times": 7,
                                                "dereferencing a __weak pointer": 8])
    }

    @Test func setupClassSuperclassContinuesElideShape() throws {
        let (annotation, problems) = try #require(parse("""
            <!-- snippet
            setup: @class ZOCUserCredentials;
            setup: static NSArray *entries;
            class: UIViewControllerB
            superclass: UIViewControllerA
            continues
            elide
            shape: statements
            -->
            """))
        #expect(problems.isEmpty)
        #expect(annotation.setup == [Annotation.SetupLine(code: "@class ZOCUserCredentials;", line: 6, column: 7),
                                     Annotation.SetupLine(code: "static NSArray *entries;", line: 7, column: 7)])
        #expect(annotation.className == "UIViewControllerB" && annotation.superclass == "UIViewControllerA")
        #expect(annotation.continues && annotation.elide && annotation.shape == .statements)
        #expect(annotation.location == SourceLocation(file: "content/en/a.md", line: 5))
    }

    @Test func oneLineFormKeepsTheSetupColumn() throws {
        let (annotation, _) = try #require(parse("<!-- snippet: setup: @class Z; -->"))
        #expect(annotation.setup == [Annotation.SetupLine(code: "@class Z;", line: 5, column: 21)])
    }

    /// cmark 0.30 cuts a multi-line HTML block's last line: a missing `-->` is forgiven.
    @Test func aCutCommentStillParses() throws {
        let (annotation, problems) = try #require(parse("<!-- snippet\ncontinues\nelide"))
        #expect(problems.isEmpty && annotation.continues && annotation.elide)
    }

    @Test func mistakesAreReportedAtTheirLine() throws {
        let (_, problems) = try #require(parse("""
            <!-- snippet
            expect-eror: x
            expect-error: (unclosed
            class: Not A Name
            continues: yes
            shape: poem
            expect-warning
            -->
            """))
        #expect(problems.map(\.line) == [6, 7, 8, 9, 10, 11])
        #expect(problems[0].message.contains("unknown snippet directive 'expect-eror'"))
        // PCRE2's reason and where in the pattern (see BoundedPatternTests).
        #expect(problems[1].message == "'(unclosed' is not a valid regular expression: missing closing parenthesis (at offset 9)")
        #expect(problems[3].message == "'continues' takes no value")
        #expect(problems[5].message.contains("needs"))
    }

    @Test func theCommentRightAboveTheFenceBelongsToIt() {
        let snippets = CheckFixtures.snippets("""
            # A

            <!-- snippet: ignore -->
            ```objective-c
            [self foo];
            ```

            <!-- snippet: text -->

            Some words.

            ```objc
            [self bar];
            ```

            ```swift
            let x = 1
            ```
            """)
        #expect(snippets.count == 2)
        #expect(snippets[0].annotation?.ignore == true)
        #expect(snippets[0].fenceLine == 4 && snippets[0].firstCodeLine == 5)
        #expect(snippets[1].annotation == nil)
        #expect(snippets[1].fenceLanguage == "objc")
    }

    @Test func aFenceInAListItemKeepsItsIndentation() {
        let snippets = CheckFixtures.snippets("* item\n\n  ```objective-c\n  [self foo];\n  ```\n")
        #expect(snippets.count == 1)
        #expect(snippets.first?.indents.first == 2)
        #expect(snippets.first?.blockPath == [0, 0, 1])
    }

    @Test func translationsInheritThroughTheAlignment() {
        let english = """
            # Blocks

            Not like this:

            <!-- snippet: expect-warning: -Warc-retain-cycles -->
            ```objective-c
            self.block = ^{ [self foo]; };
            ```

            The warning:

            <!-- snippet: text -->
            ```objective-c
            Capturing 'self' strongly in this block is likely to lead to a retain cycle
            ```
            """
        let chinese = """
            # 代码块

            不要这样：

            ```objective-c
            self.block = ^{ [self foo]; };
            ```

            警告：

            ```objective-c
            Capturing 'self' strongly in this block is likely to lead to a retain cycle（循环引用）
            ```
            """
        let source = CheckFixtures.chapter(english), target = CheckFixtures.chapter(chinese, language: "zh")
        let sourceSnippets = CodeSnippet.all(in: source, language: Language("en"))
        let targetSnippets = CodeSnippet.all(in: target, language: Language("zh"))
        let beads = Aligner().align(source.blocks, target.blocks)
        let inherited = AnnotationInheritance.inherit(source: source, target: target, sourceSnippets: sourceSnippets,
                                                      targetSnippets: targetSnippets, beads: beads)
        #expect(inherited[0].annotation?.expectWarnings == ["-Warc-retain-cycles"])
        #expect(inherited[0].annotation?.location == SourceLocation(file: "content/en/a.md", line: 5))
        #expect(inherited[1].annotation?.text == true) // not identical: found through its bead
    }

    @Test func aTranslationsOwnCommentWins() {
        let english = "<!-- snippet: ignore -->\n```objective-c\n[self foo];\n```\n"
        let chinese = "<!-- snippet: elide -->\n```objective-c\n[self foo];\n```\n"
        let source = CheckFixtures.chapter(english), target = CheckFixtures.chapter(chinese, language: "zh")
        let inherited = AnnotationInheritance.inherit(
            source: source, target: target,
            sourceSnippets: CodeSnippet.all(in: source, language: Language("en")),
            targetSnippets: CodeSnippet.all(in: target, language: Language("zh")),
            beads: Aligner().align(source.blocks, target.blocks))
        #expect(inherited[0].annotation?.elide == true && inherited[0].annotation?.ignore == false)
    }

    @Test func unrelatedCodeInheritsNothing() {
        let pairs = AnnotationInheritance.counterparts(
            source: [], target: [], beads: [],
            sourceSnippets: [CodeSnippet(file: "e", chapterPath: "a.md", language: Language("en"), fenceLine: 1,
                                         fenceLanguage: "objc", code: "[self foo];", blockPath: [0])],
            targetSnippets: [CodeSnippet(file: "z", chapterPath: "a.md", language: Language("zh"), fenceLine: 1,
                                         fenceLanguage: "objc", code: "int completely = different;", blockPath: [0])])
        #expect(pairs == [nil])
    }
}
