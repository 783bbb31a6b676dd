import Foundation

/// What kind of code a snippet is, which decides how it is wrapped to compile.
public enum SnippetShape: String, Hashable, Sendable, CaseIterable, Codable {
    /// `@interface`, `@protocol`, `@implementation`, `@class`, functions, `#define`, `typedef`…
    case fileScope = "file-scope"
    /// `- (void)foo;` / `@property …;` lines without a class around them.
    case methodDeclarations = "method-declarations"
    /// `- (void)foo { … }` outside any `@implementation`.
    case methodDefinitions = "method-definitions"
    /// Statements: the body of a method, where `self` and `super` mean something.
    case statements
    /// One expression without a semicolon, e.g. `[super respondsToSelector:@selector(x)]`.
    case expression
    /// Not code: compiler output, a console log, a message quoted in a code block.
    case text
}

/// Classifies a snippet by its first significant tokens (comments and literals aside).
/// Conservative where it matters: only text with no code punctuation at all is `text`.
public enum ShapeClassifier {
    public static func classify(_ code: String) -> SnippetShape {
        let skeleton = CodeScanner.skeleton(of: code)
        let lines = skeleton.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let significant = lines.filter { !$0.isEmpty }
        guard !significant.isEmpty else { return .statements }
        if looksLikeText(code) { return .text }

        // Preprocessor lines do not tell; what follows them does (none: file scope).
        let body = significant.filter { !$0.hasPrefix("#") }
        guard let first = body.first else { return .fileScope }

        if first.hasPrefix("@property") || first.hasPrefix("@required") || first.hasPrefix("@optional") {
            return .methodDeclarations
        }
        let fileScopeKeywords = ["@interface", "@protocol", "@implementation", "@class", "@import", "@end",
                                 "@compatibility_alias"]
        if fileScopeKeywords.contains(where: { first.hasPrefix($0) }) { return .fileScope }
        if first.hasPrefix("-") || first.hasPrefix("+") {
            let afterSign = first.dropFirst().drop { $0 == " " || $0 == "\t" }
            if afterSign.first == "(" {
                return methodsHaveBodies(body.joined(separator: "\n")) ? .methodDefinitions : .methodDeclarations
            }
        }
        let firstWord = first.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        let declarationWords: Set<Substring> = ["typedef", "struct", "union", "enum", "static", "extern", "NS_ENUM",
                                                "NS_OPTIONS", "NS_ASSUME_NONNULL_BEGIN", "FOUNDATION_EXPORT",
                                                "UIKIT_EXTERN", "inline", "__attribute__", "@import"]
        if declarationWords.contains(firstWord) { return .fileScope }
        if isFunctionAtFileScope(body.joined(separator: "\n")) { return .fileScope }

        let joined = significant.joined(separator: "\n")
        if !joined.contains(";") && !joined.contains("{"), let last = joined.last, last == "]" || last == ")" {
            return .expression
        }
        return .statements
    }

    /// Prose or tool output: no code punctuation, and every line reads as words; or a line
    /// that starts like an exception report or a log (`*** Terminating…`, `2014-01-01 …`).
    public static func looksLikeText(_ code: String) -> Bool {
        // A line that is a comment alone (`// the output`) tells nothing of the lines it sits by.
        let lines = code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") }
        guard let first = lines.first else { return false }
        if first.hasPrefix("***") { return true }
        if first.range(of: #"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}"#, options: .regularExpression) != nil { return true }
        let codeCharacters: Set<Character> = [";", "{", "}", "=", "#", "@", "^", "[", "]", "*", "&", "|", "<", ">"]
        let rest = lines.joined(separator: "\n")
        if rest.contains(where: { codeCharacters.contains($0) }) { return false }
        if rest.contains("//") || rest.contains("/*") { return false }
        return lines.allSatisfy { line in
            let words = line.split { !($0.isLetter || $0 == "'" || $0 == "_") }.filter { $0.count > 1 || $0.first?.isLetter == true }
            return words.count >= 4 && line.first?.isLetter == true
        }
    }

    /// Whether the methods of a run of `-`/`+` lines have bodies: the first method's
    /// signature ends at `{` rather than `;`.
    static func methodsHaveBodies(_ skeleton: String) -> Bool {
        var depth = 0
        for character in skeleton {
            switch character {
            case "(": depth += 1
            case ")": depth -= 1
            case "{" where depth == 0: return true
            case ";" where depth == 0: return false
            default: break
            }
        }
        return false
    }

    /// `Type name(params) {` or `Type name(params);` at the start: a C function, at file scope.
    static func isFunctionAtFileScope(_ skeleton: String) -> Bool {
        var chunk = ""
        var depth = 0
        var terminator: Character?
        for character in skeleton {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0 && (character == "{" || character == ";") {
                terminator = character
                break
            }
            chunk.append(character)
        }
        guard terminator != nil, !chunk.contains("=") else { return false }
        let pattern = #"^\s*([A-Za-z_]\w*[\s\*]+)+\**\s*([A-Za-z_]\w*)\s*\([^()]*(\([^()]*\)[^()]*)*\)\s*$"#
        guard chunk.range(of: pattern, options: .regularExpression) != nil else { return false }
        let firstWord = chunk.trimmingCharacters(in: .whitespacesAndNewlines).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        let statementWords: Set<Substring> = ["if", "for", "while", "switch", "do", "else", "return", "case", "goto", "sizeof"]
        return !statementWords.contains(firstWord)
    }
}

/// Lexical helpers over Objective-C text: comments and literals are blanked out (same
/// length, newlines kept) so that positions stay valid.
public enum CodeScanner {
    /// The code with comments, string and character literals replaced by spaces.
    public static func skeleton(of code: String) -> String {
        blank(code, comments: true, literals: true)
    }

    /// `...` outside comments and literals replaced by spaces (an elision in prose-like code).
    public static func elide(_ code: String) -> String {
        let mask = Array(blank(code, comments: true, literals: true))
        var characters = Array(code)
        var index = 0
        while index + 2 < characters.count {
            if mask[index] == ".", mask[index + 1] == ".", mask[index + 2] == "." {
                characters.replaceSubrange(index...(index + 2), with: "   ")
                index += 3
            } else {
                index += 1
            }
        }
        return String(characters)
    }

    static func blank(_ code: String, comments: Bool, literals: Bool) -> String {
        enum State { case code, lineComment, blockComment, string, character }
        var state = State.code
        var output: [Character] = []
        output.reserveCapacity(code.count)
        let characters = Array(code)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next: Character? = index + 1 < characters.count ? characters[index + 1] : nil
            switch state {
            case .code:
                if character == "/" && next == "/" {
                    state = .lineComment
                    output.append(contentsOf: comments ? "  " : "//")
                    index += 2
                    continue
                }
                if character == "/" && next == "*" {
                    state = .blockComment
                    output.append(contentsOf: comments ? "  " : "/*")
                    index += 2
                    continue
                }
                if character == "\"" { state = .string; output.append("\""); index += 1; continue }
                if character == "'" { state = .character; output.append("'"); index += 1; continue }
                output.append(character)
            case .lineComment:
                if character == "\n" { state = .code; output.append("\n") } else { output.append(comments ? " " : character) }
            case .blockComment:
                if character == "*" && next == "/" {
                    state = .code
                    output.append(contentsOf: comments ? "  " : "*/")
                    index += 2
                    continue
                }
                output.append(character == "\n" ? "\n" : (comments ? " " : character))
            case .string, .character:
                let quote: Character = state == .string ? "\"" : "'"
                if character == "\\" && next != nil && next != "\n" {
                    output.append(contentsOf: literals ? "  " : String([character, next!]))
                    index += 2
                    continue
                }
                if character == quote || character == "\n" {
                    state = .code
                    output.append(character)
                } else {
                    output.append(literals ? " " : character)
                }
            }
            index += 1
        }
        return String(output)
    }
}
