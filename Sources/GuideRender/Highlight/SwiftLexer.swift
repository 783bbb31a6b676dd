/// A lexer for Swift, written from the lexical structure in *The Swift Programming Language*.
///
/// No packaged library fits: libclang does not read Swift, Debian's tree-sitter comes without
/// grammars, and swift-syntax (the compiler's own parser, which has a syntax classifier)
/// would add minutes to every clean build for a language this book barely uses. The lexer
/// covers what a snippet shows: nested block comments, (multi-line, raw) string literals
/// with interpolation lexed as code, number literals, `@attributes`, `#directives`,
/// backtick identifiers; capitalised identifiers are types, by Swift's naming rules.
struct SwiftLexer {
    static let keywords: Set<String> = [
        // declarations
        "actor", "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "open", "operator", "package", "precedencegroup", "private",
        "protocol", "public", "static", "struct", "subscript", "typealias", "var", "macro",
        // statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        // expressions and types
        "as", "async", "await", "is", "rethrows", "self", "Self", "super", "throws", "try", "some", "any",
        // declaration modifiers
        "convenience", "dynamic", "final", "indirect", "lazy", "mutating", "nonmutating", "nonisolated",
        "isolated", "optional", "override", "required", "unowned", "weak", "borrowing", "consuming",
        "prefix", "postfix", "infix", "get", "set", "willSet", "didSet",
    ]
    static let constants: Set<String> = ["true", "false", "nil"]

    let bytes: [UInt8]
    private var i = 0
    private var out: [HighlightToken] = []

    init(_ code: String) { bytes = Array(code.utf8) }

    static func tokens(_ code: String) -> [HighlightToken] {
        var lexer = SwiftLexer(code)
        lexer.lexCode(insideInterpolation: false)
        return lexer.out
    }

    private func at(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }
    private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    private func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_") || c >= 0x80
    }
    private func isIdentifierBody(_ c: UInt8) -> Bool { isIdentifierStart(c) || isDigit(c) }

    private mutating func emit(_ start: Int, _ end: Int, _ kind: TokenClass) {
        if start < end { out.append(HighlightToken(start: start, end: end, kind: kind)) }
    }

    /// Code up to the end, or (inside `\( … )`) up to the parenthesis that closes the interpolation.
    private mutating func lexCode(insideInterpolation: Bool) {
        var depth = 0
        while i < bytes.count {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "("):
                depth += 1
                i += 1
            case UInt8(ascii: ")"):
                if insideInterpolation && depth == 0 { return }
                depth -= 1
                i += 1
            case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "/"):
                let start = i
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
                emit(start, i, .comment)
            case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "*"):
                lexBlockComment()
            case UInt8(ascii: "\""):
                lexString(hashes: 0, start: i)
            case UInt8(ascii: "#"):
                var hashes = 0
                while at(i + hashes) == UInt8(ascii: "#") { hashes += 1 }
                if at(i + hashes) == UInt8(ascii: "\"") {
                    let start = i
                    i += hashes
                    lexString(hashes: hashes, start: start)
                } else if isIdentifierStart(at(i + 1)) {
                    let start = i
                    i += 1
                    while i < bytes.count, isIdentifierBody(bytes[i]) { i += 1 }
                    emit(start, i, .preprocessor)
                } else {
                    i += 1
                }
            case UInt8(ascii: "@") where isIdentifierStart(at(i + 1)):
                let start = i
                i += 1
                while i < bytes.count, isIdentifierBody(bytes[i]) { i += 1 }
                emit(start, i, .atKeyword)
            case UInt8(ascii: "`"):
                // An escaped identifier (`default`) is a plain name.
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "`"), bytes[i] != UInt8(ascii: "\n") { i += 1 }
                if at(i) == UInt8(ascii: "`") { i += 1 }
            case UInt8(ascii: "$"):
                i += 1
                while i < bytes.count, isIdentifierBody(bytes[i]) { i += 1 }
            case _ where isDigit(c):
                lexNumber()
            case _ where isIdentifierStart(c):
                let start = i
                while i < bytes.count, isIdentifierBody(bytes[i]) { i += 1 }
                let word = String(decoding: bytes[start..<i], as: UTF8.self)
                // After a `.`, a keyword is a member name (`.default`, `.self` stays a keyword).
                let member = start > 0 && bytes[start - 1] == UInt8(ascii: ".") && word != "self" && word != "init"
                if Self.constants.contains(word) && !member {
                    emit(start, i, .constant)
                } else if Self.keywords.contains(word) && !member {
                    emit(start, i, .keyword)
                } else if (0x41...0x5A).contains(bytes[start]) {
                    emit(start, i, .type)
                }
            default:
                i += 1
            }
        }
    }

    /// `/* … */`, nested as Swift allows.
    private mutating func lexBlockComment() {
        let start = i
        var depth = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "*") {
                depth += 1
                i += 2
            } else if bytes[i] == UInt8(ascii: "*"), at(i + 1) == UInt8(ascii: "/") {
                depth -= 1
                i += 2
                if depth == 0 { break }
            } else {
                i += 1
            }
        }
        emit(start, i, .comment)
    }

    /// A string literal from its opening quote(s) at `i` (raw strings: `start` is at the first `#`).
    private mutating func lexString(hashes: Int, start: Int) {
        let multiline = at(i) == UInt8(ascii: "\"") && at(i + 1) == UInt8(ascii: "\"") && at(i + 2) == UInt8(ascii: "\"")
        i += multiline ? 3 : 1
        var segmentStart = start
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\n"), !multiline { break }
            if c == UInt8(ascii: "\\"), (0..<hashes).allSatisfy({ at(i + 1 + $0) == UInt8(ascii: "#") }) {
                let afterHashes = i + 1 + hashes
                if at(afterHashes) == UInt8(ascii: "(") {
                    // Interpolation: the string pauses, the expression is code.
                    emit(segmentStart, i, .string)
                    i = afterHashes + 1
                    lexCode(insideInterpolation: true)
                    if i < bytes.count { i += 1 } // the closing `)`
                    segmentStart = i
                    continue
                }
                i = min(afterHashes + 1, bytes.count)
                continue
            }
            if c == UInt8(ascii: "\"") {
                let quotes = multiline ? 3 : 1
                let closes = (0..<quotes).allSatisfy { at(i + $0) == UInt8(ascii: "\"") }
                    && (0..<hashes).allSatisfy { at(i + quotes + $0) == UInt8(ascii: "#") }
                if closes {
                    i += quotes + hashes
                    break
                }
            }
            i += 1
        }
        emit(segmentStart, i, .string)
    }

    private mutating func lexNumber() {
        let start = i
        func digits(_ accept: (UInt8) -> Bool) {
            while i < bytes.count, accept(bytes[i]) || bytes[i] == UInt8(ascii: "_") { i += 1 }
        }
        let isHex: (UInt8) -> Bool = { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)
        }
        if bytes[i] == UInt8(ascii: "0"), [UInt8(ascii: "x"), UInt8(ascii: "o"), UInt8(ascii: "b")].contains(at(i + 1)) {
            let radix = at(i + 1)
            i += 2
            if radix == UInt8(ascii: "x") {
                digits(isHex)
                if at(i) == UInt8(ascii: "."), isHex(at(i + 1)) { i += 1; digits(isHex) }
                if at(i) == UInt8(ascii: "p") || at(i) == UInt8(ascii: "P") {
                    i += 1
                    if at(i) == UInt8(ascii: "+") || at(i) == UInt8(ascii: "-") { i += 1 }
                    digits(isDigit)
                }
            } else {
                digits(isHex) // octal and binary digits; a stray letter stays part of the (invalid) literal
            }
        } else {
            digits(isDigit)
            if at(i) == UInt8(ascii: "."), isDigit(at(i + 1)) { i += 1; digits(isDigit) }
            if at(i) == UInt8(ascii: "e") || at(i) == UInt8(ascii: "E") {
                let save = i
                i += 1
                if at(i) == UInt8(ascii: "+") || at(i) == UInt8(ascii: "-") { i += 1 }
                if isDigit(at(i)) { digits(isDigit) } else { i = save }
            }
        }
        emit(start, i, .number)
    }
}
