import Foundation
import GuideModel

/// What the guide tells the harness about one snippet, in an HTML comment right above the
/// fence (invisible on GitHub and in the site):
///
///     <!-- snippet: expect-warning: -Warc-retain-cycles -->
///
///     <!-- snippet
///     class: UIViewControllerB
///     superclass: UIViewControllerA
///     setup: @class ZOCUserCredentials;
///     -->
///
/// One directive per line (the first may follow `snippet:`); `setup:` may repeat.
public struct Annotation: Hashable, Sendable {
    /// Not compiled (`ignore` or `ignore: why`).
    public var ignore: Bool = false
    /// Not code: compiler output, a log… (`text`).
    public var text: Bool = false
    /// Each must match an error clang reports (regular expressions, case-insensitive).
    public var expectErrors: [String] = []
    /// Each must match a warning: `-Wflag` (the flag clang names, and turned on for this
    /// snippet) or a regular expression on the message.
    public var expectWarnings: [String] = []
    /// The markdown line each expectation is written on (the first, if written twice): where
    /// a pattern too costly to match is reported.
    public var expectationLines: [String: Int] = [:]
    /// Hidden code put before the snippet, at file scope.
    public var setup: [SetupLine] = []
    /// The class whose `@implementation` holds bare methods and statements.
    public var className: String?
    /// Its superclass; with it the wrapper declares the class, without it the class must be
    /// declared by the context header or the setup.
    public var superclass: String?
    /// The snippet builds on the previous one of the chapter (which is compiled first, hidden).
    public var continues: Bool = false
    /// `...` outside comments and strings stands for code left out (blanked before compiling).
    public var elide: Bool = false
    /// Overrides the classifier.
    public var shape: SnippetShape?
    /// Nothing is assumed for this snippet: a name nothing declares fails it.
    public var strict: Bool = false
    /// Why the snippet is ignored (the value of `ignore:` or `text:`).
    public var reason: String?
    /// Where the comment is: the markdown file and the line of `<!--`.
    public var location: SourceLocation?

    public init() {}

    /// One line of hidden code and where it is written (for diagnostics in it).
    public struct SetupLine: Hashable, Sendable {
        public var code: String
        public var line: Int
        /// Characters before the code on that markdown line (`setup: `).
        public var column: Int

        public init(code: String, line: Int, column: Int = 0) {
            self.code = code
            self.line = line
            self.column = column
        }
    }

    public static let directives = ["ignore", "text", "expect-error", "expect-warning", "setup",
                                    "class", "superclass", "continues", "elide", "shape", "strict"]

    public var hasExpectations: Bool { !expectErrors.isEmpty || !expectWarnings.isEmpty }

    /// `-Wflag` expectations: the warnings the snippet turns on.
    public var expectedFlags: [String] {
        expectWarnings.filter(Self.isFlag)
    }

    /// `-Wname` is a flag clang names; anything else is a regular expression on the message.
    public static func isFlag(_ expectation: String) -> Bool {
        expectation.hasPrefix("-W") && !expectation.contains(" ")
    }
}

/// A mistake in an annotation, reported at its line.
public struct AnnotationProblem: Hashable, Sendable {
    public var line: Int
    public var message: String
}

public enum AnnotationParser {
    /// The annotation an HTML block holds, or nil if it is not a `<!-- snippet … -->` comment.
    /// `line` is the block's first line in `file`.
    public static func parse(html: String, file: String, line: Int) -> (Annotation, [AnnotationProblem])? {
        let trimmed = html.trimmingCharacters(in: .whitespacesAndNewlines)
        // A missing `-->` is forgiven: cmark 0.30 cuts a multi-line HTML block's last line.
        guard trimmed.hasPrefix("<!--") else { return nil }
        let lines = trimmed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The first line: `<!-- snippet`, `<!-- snippet: directive`, `<!-- snippet: directive -->`.
        guard let first = lines.first else { return nil }
        var head = Substring(first.dropFirst(4)).drop { $0 == " " || $0 == "\t" }
        let keyword = "snippet"
        guard head.hasPrefix(keyword) else { return nil }
        head = head.dropFirst(keyword.count)
        guard head.isEmpty || head.first == ":" || head.first == " " || head.first == "\t" || head.hasPrefix("-->") else {
            return nil
        }
        var annotation = Annotation()
        annotation.location = SourceLocation(file: file, line: line)
        var problems: [AnnotationProblem] = []

        // Each directive with its markdown line and the column where it starts.
        var entries: [(text: String, line: Int, column: Int)] = []
        let firstPrefix = first.count - head.count
        var firstRest = String(head)
        var firstColumn = firstPrefix
        if firstRest.hasPrefix(":") {
            firstRest.removeFirst()
            firstColumn += 1
        }
        entries.append((firstRest, line, firstColumn))
        for (offset, text) in lines.dropFirst().enumerated() {
            entries.append((text, line + offset + 1, 0))
        }
        for index in entries.indices {
            var text = entries[index].text
            var column = entries[index].column
            if index == entries.count - 1, let end = text.range(of: "-->", options: .backwards) {
                text = String(text[..<end.lowerBound])
            }
            let leading = text.prefix { $0 == " " || $0 == "\t" }.count
            column += leading
            text = String(text.dropFirst(leading))
            while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
            if text.isEmpty { continue }
            apply(text, line: entries[index].line, column: column, to: &annotation, problems: &problems)
        }
        return (annotation, problems)
    }

    private static func apply(_ text: String, line: Int, column: Int, to annotation: inout Annotation,
                              problems: inout [AnnotationProblem]) {
        let name: String
        var value: String?
        var valueColumn = column
        if let colon = text.firstIndex(of: ":") {
            name = String(text[..<colon]).trimmingCharacters(in: .whitespaces).lowercased()
            let rest = text[text.index(after: colon)...]
            let spaces = rest.prefix { $0 == " " || $0 == "\t" }.count
            value = String(rest.dropFirst(spaces))
            valueColumn = column + text.distance(from: text.startIndex, to: colon) + 1 + spaces
        } else {
            name = text.lowercased()
        }
        if value?.isEmpty == true { value = nil }
        func needsValue(_ what: String) -> String? {
            if value == nil { problems.append(AnnotationProblem(line: line, message: "'\(name)' needs \(what)")) }
            return value
        }
        func noValue() {
            if value != nil { problems.append(AnnotationProblem(line: line, message: "'\(name)' takes no value")) }
        }
        switch name {
        case "ignore":
            annotation.ignore = true
            annotation.reason = value
        case "text":
            annotation.text = true
            annotation.reason = value
        case "expect-error":
            if let value = needsValue("a regular expression"), validRegex(value, line: line, problems: &problems) {
                annotation.expectErrors.append(value)
                annotation.expectationLines[value] = annotation.expectationLines[value] ?? line
            }
        case "expect-warning":
            if let value = needsValue("a flag (-Wname) or a regular expression"),
               Annotation.isFlag(value) || validRegex(value, line: line, problems: &problems) {
                annotation.expectWarnings.append(value)
                annotation.expectationLines[value] = annotation.expectationLines[value] ?? line
            }
        case "setup":
            // An empty `setup:` line is an empty line of hidden code.
            annotation.setup.append(Annotation.SetupLine(code: value ?? "", line: line, column: valueColumn))
        case "class":
            if let value = needsValue("a class name") {
                if isIdentifier(value) { annotation.className = value } else {
                    problems.append(AnnotationProblem(line: line, message: "'\(value)' is not a class name"))
                }
            }
        case "superclass":
            if let value = needsValue("a class name") {
                if isIdentifier(value) { annotation.superclass = value } else {
                    problems.append(AnnotationProblem(line: line, message: "'\(value)' is not a class name"))
                }
            }
        case "continues":
            noValue()
            annotation.continues = true
        case "elide":
            noValue()
            annotation.elide = true
        case "strict":
            noValue()
            annotation.strict = true
        case "shape":
            if let value = needsValue("one of " + SnippetShape.allCases.map(\.rawValue).joined(separator: ", ")) {
                if let shape = SnippetShape(rawValue: value) { annotation.shape = shape } else {
                    problems.append(AnnotationProblem(line: line, message: "unknown shape '\(value)' (one of "
                        + SnippetShape.allCases.map(\.rawValue).joined(separator: ", ") + ")"))
                }
            }
        default:
            problems.append(AnnotationProblem(line: line, message: "unknown snippet directive '\(name)' (known: "
                + Annotation.directives.joined(separator: ", ") + ")"))
        }
    }

    /// Compiled as it will be matched (PCRE2, see `BoundedPattern`), so a mistake shows at its line.
    private static func validRegex(_ pattern: String, line: Int, problems: inout [AnnotationProblem]) -> Bool {
        do {
            _ = try BoundedPattern(pattern)
            return true
        } catch {
            problems.append(AnnotationProblem(line: line, message: error.description))
            return false
        }
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}
