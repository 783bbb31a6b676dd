/// The tokens of Objective-C code, enough to read its shape: identifiers, `@keywords`,
/// numbers, punctuation and whole preprocessor lines, each with its place. Comments are
/// skipped and literals are single tokens (`CodeScanner.skeleton` blanks their insides), so
/// nothing inside a string or a comment is ever read as code.
public struct ObjCToken: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case identifier
        /// `@interface`, `@end`, `@selector`… (text includes the `@`).
        case atKeyword
        case number
        /// A string or character literal (`"…"`, `@"…"`, `'x'`).
        case literal
        /// One character of punctuation, or `...`, `->`.
        case punctuation
        /// A whole preprocessor line (with its continuations).
        case directive
    }

    public var kind: Kind
    public var text: String
    /// 0-based line in the code, and 1-based column in characters.
    public var line: Int
    public var column: Int
    /// Character offsets into the code.
    public var start: Int
    public var end: Int

    public func `is`(_ text: String) -> Bool { self.text == text }
}

public enum ObjCTokenizer {
    public static func tokens(_ code: String) -> [ObjCToken] {
        let skeleton = Array(CodeScanner.skeleton(of: code))
        let original = Array(code)
        var tokens: [ObjCToken] = []
        var index = 0, line = 0, lineStart = 0
        var atLineStart = true
        func isIdentifierStart(_ c: Character) -> Bool { c == "_" || c == "$" || (c.isASCII && c.isLetter) }
        func isIdentifierPart(_ c: Character) -> Bool { isIdentifierStart(c) || (c.isASCII && c.isNumber) }
        func add(_ kind: ObjCToken.Kind, _ from: Int, _ to: Int) {
            tokens.append(ObjCToken(kind: kind, text: String(original[from..<to]), line: line,
                                    column: from - lineStart + 1, start: from, end: to))
        }
        while index < skeleton.count {
            let c = skeleton[index]
            if c == "\n" {
                index += 1
                line += 1
                lineStart = index
                atLineStart = true
                continue
            }
            if c == " " || c == "\t" || c == "\r" || c == "\u{0C}" || c == "\u{0B}" {
                index += 1
                continue
            }
            if c == "#" && atLineStart {
                // The directive runs to the end of the line, continued lines included.
                let from = index
                var to = index
                let startLine = line, startColumn = index - lineStart + 1
                while to < skeleton.count {
                    if skeleton[to] == "\n" {
                        var back = to - 1
                        while back > from, skeleton[back] == " " || skeleton[back] == "\t" || skeleton[back] == "\r" { back -= 1 }
                        if skeleton[back] == "\\" {
                            to += 1
                            line += 1
                            lineStart = to
                            continue
                        }
                        break
                    }
                    to += 1
                }
                tokens.append(ObjCToken(kind: .directive, text: String(original[from..<to]), line: startLine,
                                        column: startColumn, start: from, end: to))
                index = to
                continue
            }
            atLineStart = false
            if isIdentifierStart(c) {
                var to = index + 1
                while to < skeleton.count, isIdentifierPart(skeleton[to]) { to += 1 }
                // A prefix glued to a literal (`L"…"`, `u8"…"`) is part of it.
                if to < skeleton.count, skeleton[to] == "\"" || skeleton[to] == "'",
                   ["L", "u", "U", "u8"].contains(String(skeleton[index..<to])) {
                    to = literalEnd(skeleton, from: to)
                    add(.literal, index, to)
                } else {
                    add(.identifier, index, to)
                }
                index = to
                continue
            }
            if c == "@" {
                if index + 1 < skeleton.count, skeleton[index + 1] == "\"" {
                    let to = literalEnd(skeleton, from: index + 1)
                    add(.literal, index, to)
                    index = to
                    continue
                }
                if index + 1 < skeleton.count, isIdentifierStart(skeleton[index + 1]) {
                    var to = index + 2
                    while to < skeleton.count, isIdentifierPart(skeleton[to]) { to += 1 }
                    add(.atKeyword, index, to)
                    index = to
                    continue
                }
                add(.punctuation, index, index + 1)
                index += 1
                continue
            }
            if c == "\"" || c == "'" {
                let to = literalEnd(skeleton, from: index)
                add(.literal, index, to)
                index = to
                continue
            }
            if c.isASCII && c.isNumber || (c == "." && index + 1 < skeleton.count && skeleton[index + 1].isASCII
                                             && skeleton[index + 1].isNumber) {
                var to = index + 1
                while to < skeleton.count {
                    let d = skeleton[to]
                    if isIdentifierPart(d) || d == "." { to += 1; continue }
                    // An exponent's sign: 1e-5.
                    if (d == "+" || d == "-"), "eEpP".contains(skeleton[to - 1]) { to += 1; continue }
                    break
                }
                add(.number, index, to)
                index = to
                continue
            }
            if c == ".", index + 2 < skeleton.count, skeleton[index + 1] == ".", skeleton[index + 2] == "." {
                add(.punctuation, index, index + 3)
                index += 3
                continue
            }
            if c == "-", index + 1 < skeleton.count, skeleton[index + 1] == ">" {
                add(.punctuation, index, index + 2)
                index += 2
                continue
            }
            add(.punctuation, index, index + 1)
            index += 1
        }
        return tokens
    }

    /// Where a literal that opens at `from` (its quote) ends: after its closing quote, or at the line's end.
    private static func literalEnd(_ skeleton: [Character], from: Int) -> Int {
        let quote = skeleton[from]
        var to = from + 1
        while to < skeleton.count, skeleton[to] != quote, skeleton[to] != "\n" { to += 1 }
        return to < skeleton.count && skeleton[to] == quote ? to + 1 : to
    }
}

extension Array where Element == ObjCToken {
    /// The index of the token that closes the bracket opened at `open` (`(`, `[`, `{`), or nil.
    func closing(_ open: Int) -> Int? {
        let pairs: [String: String] = ["(": ")", "[": "]", "{": "}"]
        guard open < count, let close = pairs[self[open].text] else { return nil }
        var depth = 0
        var index = open
        while index < count {
            let token = self[index]
            if token.kind == .punctuation {
                if token.text == self[open].text { depth += 1 }
                else if token.text == close {
                    depth -= 1
                    if depth == 0 { return index }
                }
            }
            index += 1
        }
        return nil
    }
}
