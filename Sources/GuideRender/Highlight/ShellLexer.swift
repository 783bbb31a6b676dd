/// A lexer for POSIX shell and bash, following the token rules of the POSIX shell grammar.
///
/// As for Swift, no packaged library fits (libclang reads the C family only, Debian's
/// tree-sitter comes without grammars). The lexer reads words, quoting (`'…'`, `"…"`,
/// `$'…'`, backslash), expansions (`$name`, `${…}`, `$( … )` lexed as code), operators,
/// comments and here-documents, and knows where a command starts, so reserved words
/// (`if`, `then`, `for` … `in`, `done`) are keywords only where the shell reads them so,
/// and the first word of a simple command is its command.
struct ShellLexer {
    static let reservedWords: Set<String> = [
        "if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for",
        "in", "function", "select", "time", "!", "{", "}", "[[", "]]", "coproc",
    ]
    /// Reserved words after which a command starts again.
    static let commandStarters: Set<String> = [
        "if", "then", "else", "elif", "do", "while", "until", "!", "{", "time", "[[", "coproc",
    ]

    let bytes: [UInt8]
    private var i = 0
    private var out: [HighlightToken] = []
    private var commandPosition = true
    /// After `for NAME` / `select NAME` / `case WORD`: the next `in` is a reserved word.
    private var expectIn = false
    /// Words still to come after `for` / `case` before `in`.
    private var wordsBeforeIn = 0
    private var pendingHeredocs: [(delimiter: [UInt8], stripTabs: Bool)] = []

    init(_ code: String) { bytes = Array(code.utf8) }

    static func tokens(_ code: String) -> [HighlightToken] {
        var lexer = ShellLexer(code)
        lexer.lexCode(untilClosingParen: false)
        return lexer.out
    }

    private func at(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }
    private static func isBlank(_ c: UInt8) -> Bool { c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r") }
    /// Characters that end an unquoted word.
    private static func isMeta(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"),
             UInt8(ascii: ";"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "<"), UInt8(ascii: ">"):
            return true
        default:
            return false
        }
    }
    private static func isNameChar(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_")
    }

    private mutating func emit(_ start: Int, _ end: Int, _ kind: TokenClass) {
        if start < end { out.append(HighlightToken(start: start, end: end, kind: kind)) }
    }

    private mutating func lexCode(untilClosingParen: Bool) {
        var depth = 0
        while i < bytes.count {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "\n"):
                i += 1
                commandPosition = true
                readHeredocBodies()
            case _ where Self.isBlank(c):
                i += 1
            case UInt8(ascii: "#"):
                // A word cannot start here (the previous character ended one): a comment to the end of the line.
                let start = i
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
                emit(start, i, .comment)
            case UInt8(ascii: "("):
                depth += 1
                i += 1
                commandPosition = true
            case UInt8(ascii: ")"):
                if untilClosingParen && depth == 0 { return }
                depth -= 1
                i += 1
                commandPosition = true
            case UInt8(ascii: ";"), UInt8(ascii: "&"), UInt8(ascii: "|"):
                i += 1
                while i < bytes.count, [UInt8(ascii: ";"), UInt8(ascii: "&"), UInt8(ascii: "|")].contains(bytes[i]) { i += 1 }
                commandPosition = true
            case UInt8(ascii: "<") where at(i + 1) == UInt8(ascii: "<") && at(i + 2) != UInt8(ascii: "<"):
                lexHeredocOperator()
            case UInt8(ascii: "<"), UInt8(ascii: ">"):
                i += 1
                while i < bytes.count, [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&")].contains(bytes[i]) { i += 1 }
            default:
                lexWord()
            }
        }
    }

    /// `<<WORD` or `<<-WORD`: the body starts on the next line.
    private mutating func lexHeredocOperator() {
        i += 2
        var stripTabs = false
        if at(i) == UInt8(ascii: "-") { stripTabs = true; i += 1 }
        while i < bytes.count, Self.isBlank(bytes[i]) { i += 1 }
        var delimiter: [UInt8] = []
        while i < bytes.count, !Self.isMeta(bytes[i]) {
            let c = bytes[i]
            if c == UInt8(ascii: "'") || c == UInt8(ascii: "\"") {
                i += 1
                while i < bytes.count, bytes[i] != c, bytes[i] != UInt8(ascii: "\n") { delimiter.append(bytes[i]); i += 1 }
                if at(i) == c { i += 1 }
            } else {
                if c != UInt8(ascii: "\\") { delimiter.append(c) }
                i += 1
            }
        }
        if !delimiter.isEmpty { pendingHeredocs.append((delimiter, stripTabs)) }
    }

    /// The bodies of the here-documents opened on the line just ended: text up to the delimiter line.
    private mutating func readHeredocBodies() {
        let heredocs = pendingHeredocs
        pendingHeredocs = []
        for heredoc in heredocs {
            let start = i
            var end = bytes.count
            while i < bytes.count {
                let lineStart = i
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
                var line = bytes[lineStart..<i]
                if heredoc.stripTabs { line = line.drop { $0 == UInt8(ascii: "\t") } }
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                if line.elementsEqual(heredoc.delimiter) {
                    end = lineStart
                    break
                }
                if i < bytes.count { i += 1 }
            }
            emit(start, end, .string)
            if i < bytes.count { i += 1 }
        }
    }

    /// One word: quoted parts and expansions get their classes; a plain word is classed by where it stands.
    private mutating func lexWord() {
        let start = i
        var plain = true
        while i < bytes.count, !Self.isMeta(bytes[i]) {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "\\"):
                plain = false
                i = min(i + 2, bytes.count)
            case UInt8(ascii: "'"):
                plain = false
                let quoteStart = i
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "'") { i += 1 }
                i = min(i + 1, bytes.count)
                emit(quoteStart, i, .string)
            case UInt8(ascii: "\""):
                plain = false
                lexDoubleQuoted()
            case UInt8(ascii: "$") where at(i + 1) == UInt8(ascii: "'"):
                plain = false
                let quoteStart = i
                i += 2
                while i < bytes.count, bytes[i] != UInt8(ascii: "'") {
                    i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
                }
                i = min(i + 1, bytes.count)
                emit(quoteStart, i, .string)
            case UInt8(ascii: "$"):
                let before = i
                lexDollar()
                if i > before + 1 { plain = false }
            case UInt8(ascii: "`"):
                plain = false
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "`") {
                    i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
                }
                i = min(i + 1, bytes.count)
            default:
                i += 1
            }
        }
        if i == start {
            i += 1 // a lone metacharacter the caller did not take
            return
        }
        classifyWord(start, i, plain: plain)
    }

    private mutating func classifyWord(_ start: Int, _ end: Int, plain: Bool) {
        let word = String(decoding: bytes[start..<end], as: UTF8.self)
        if expectIn, plain, word == "in" {
            emit(start, end, .keyword)
            expectIn = false
            commandPosition = false
            return
        }
        if wordsBeforeIn > 0 {
            wordsBeforeIn -= 1
            if wordsBeforeIn == 0 { expectIn = true }
            return
        }
        expectIn = false
        if commandPosition {
            if plain, Self.reservedWords.contains(word), word != "in" {
                emit(start, end, .keyword)
                commandPosition = Self.commandStarters.contains(word)
                if word == "for" || word == "select" || word == "case" { wordsBeforeIn = 1 }
                if word == "function" { wordsBeforeIn = 0; commandPosition = false }
                return
            }
            if let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")), equals > start,
               bytes[start..<equals].allSatisfy(Self.isNameChar) {
                // `NAME=value` before a command: an assignment, the command comes after.
                emit(start, equals, .variable)
                return
            }
            if plain { emit(start, end, .function) }
            commandPosition = false
            return
        }
        if plain, word.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            emit(start, end, .number)
        }
    }

    /// `"…"`: string text, with `$…` expansions (and `$( … )` code) inside.
    private mutating func lexDoubleQuoted() {
        var segmentStart = i
        i += 1
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
            switch bytes[i] {
            case UInt8(ascii: "\\"):
                i = min(i + 2, bytes.count)
            case UInt8(ascii: "$") where Self.isNameChar(at(i + 1)) || "{(@*#?$!-".utf8.contains(at(i + 1)):
                emit(segmentStart, i, .string)
                lexDollar()
                segmentStart = i
            default:
                i += 1
            }
        }
        i = min(i + 1, bytes.count)
        emit(segmentStart, i, .string)
    }

    /// `$name`, `$1`, `$?`, `${…}` (a variable) or `$( … )` / `$(( … ))` (code), from the `$` at `i`.
    private mutating func lexDollar() {
        let start = i
        i += 1
        let c = at(i)
        if c == UInt8(ascii: "(") {
            emit(start, i + 1, .variable)
            i += 1
            let saved = (commandPosition, expectIn, wordsBeforeIn)
            commandPosition = true
            lexCode(untilClosingParen: true)
            (commandPosition, expectIn, wordsBeforeIn) = saved
            if i < bytes.count {
                emit(i, i + 1, .variable)
                i += 1
            }
        } else if c == UInt8(ascii: "{") {
            var depth = 0
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "{") { depth += 1 }
                if bytes[i] == UInt8(ascii: "}") { depth -= 1; if depth == 0 { i += 1; break } }
                if bytes[i] == UInt8(ascii: "\n") { break }
                i += 1
            }
            emit(start, i, .variable)
        } else if (c >= 0x30 && c <= 0x39) || "@*#?$!-".utf8.contains(c) {
            i += 1
            emit(start, i, .variable)
        } else if Self.isNameChar(c) {
            while i < bytes.count, Self.isNameChar(bytes[i]) { i += 1 }
            emit(start, i, .variable)
        }
    }
}
