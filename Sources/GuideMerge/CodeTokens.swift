import GuideModel

/// The tokens of a code block with its comments left out.
///
/// Translators translate comments (`// Do something` → `// 做点什么`) but should
/// leave the code alone, so two code blocks are "the same code" when these
/// token lists are equal. The scanner knows C-family comments (`//`, `/* */`)
/// and string and character literals (so `@"http://…"` is not a comment);
/// that covers the book's Objective-C, C, Swift and shell-free snippets.
public enum CodeTokens {
    public static func of(_ code: String) -> [String] {
        var tokens: [String] = []
        scan(code) { tokens.append(String(decoding: $0, as: UTF8.self)) }
        return tokens
    }

    /// Whether two code blocks whose `of` tokens differ differ only in what a translator may
    /// translate: a string or character literal given Chinese (`"Hello"` → `"你好"`; a literal
    /// changed otherwise, a URL or a format, is drift), a shell or script comment (`# …`, see
    /// `withoutHashComments`), a `#pragma mark` label, or Chinese outside strings and comments.
    public static func differOnlyInTranslation(_ english: String, _ chinese: String) -> Bool {
        let e = masked(english), z = masked(chinese)
        guard e.count == z.count else { return false }
        return zip(e, z).allSatisfy { a, b in
            a == b || (isLiteral(a) && isLiteral(b) && b.unicodeScalars.contains { Script.isCJK($0) })
        }
    }

    static func isLiteral(_ token: String) -> Bool {
        guard let quote = token.first, quote == "\"" || quote == "'" else { return false }
        return token.count >= 2 && token.last == quote
    }

    /// Chinese outside strings and comments is not code either (a compiler message shown with its
    /// translation after it, `… retain cycle （可能会导致循环引用）`): its tokens are left out, with
    /// the parentheses around them.
    static func masked(_ code: String) -> [String] {
        withoutChinese(of(withoutHashComments(code)))
    }

    /// The tokens without those holding Chinese, and without any parenthesised group holding one.
    static func withoutChinese(_ tokens: [String]) -> [String] {
        // (A string literal is compared as a whole: `differOnlyInTranslation`.)
        func isChinese(_ token: String) -> Bool { !isLiteral(token) && token.unicodeScalars.contains { Script.isCJK($0) } }
        guard tokens.contains(where: isChinese) else { return tokens }
        var out: [String] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token == "(" || token == "（" {
                // The group up to its closing parenthesis (either width), nested groups within.
                var depth = 0, end = index
                while end < tokens.count {
                    if tokens[end] == "(" || tokens[end] == "（" { depth += 1 }
                    if tokens[end] == ")" || tokens[end] == "）" { depth -= 1 }
                    if depth == 0 { break }
                    end += 1
                }
                if end < tokens.count, tokens[index...end].contains(where: isChinese) {
                    index = end + 1
                    continue
                }
            }
            if !isChinese(token) { out.append(token) }
            index += 1
        }
        return out
    }

    /// The code with each `#` comment cut off its line: a `#` at a line's start or after a space,
    /// followed by a space, a tab, another `#`, the line's end or a character that is not ASCII
    /// (`# 列出文件`, `#中文`), and not after an opening quote on its line. `#import`, `#define`,
    /// `#pragma` and `#!` (a letter or `!` follows) stay: they are code, but for the label of a
    /// `#pragma mark`.
    static func withoutHashComments(_ code: String) -> String {
        guard code.contains("#") else { return code }
        return code.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            // `#pragma mark - 视图的生命周期`: the label is for readers, as a comment is.
            if let mark = line.range(of: "#pragma mark") { return line[..<mark.upperBound] }
            var quotes = 0
            var previous: Character = " "
            for index in line.indices {
                let character = line[index]
                if character == "\"" || character == "'" { quotes += 1 }
                if character == "#", quotes % 2 == 0, previous == " " || previous == "\t" {
                    let next = line.index(after: index)
                    if next == line.endIndex { return line[..<index] }
                    let following = line[next]
                    if following == " " || following == "\t" || following == "#" || !following.isASCII { return line[..<index] }
                }
                previous = character
            }
            return line
        }.joined(separator: "\n")
    }

    /// Hands over each token as its UTF-8 bytes. Everything the scanner looks for
    /// (`/`, `*`, quotes, `\\`, newline) is ASCII, and no byte of a longer UTF-8
    /// sequence is, so bytes are only decoded where a scalar's class matters.
    static func scan(_ code: String, token: (UnsafeBufferPointer<UInt8>) -> Void) {
        code.withUTF8Bytes { bytes in
            func at(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
            func emit(_ range: Range<Int>) { token(UnsafeBufferPointer(rebasing: bytes[range])) }
            let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), newline = UInt8(ascii: "\n")
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == slash, at(index + 1) == slash {
                    while index < bytes.count, bytes[index] != newline { index += 1 }
                } else if byte == slash, at(index + 1) == star {
                    index += 2
                    while index < bytes.count, !(bytes[index] == star && at(index + 1) == slash) { index += 1 }
                    index = min(index + 2, bytes.count)
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    index = quoted(bytes, from: index, emit: emit)
                } else {
                    let (scalar, length) = bytes.scalar(at: index)
                    if TextMeasure.isWordScalar(scalar) {
                        let start = index
                        index += length
                        while index < bytes.count {
                            let (next, length) = bytes.scalar(at: index)
                            guard TextMeasure.isWordScalar(next) else { break }
                            index += length
                        }
                        emit(start..<index)
                    } else if TextMeasure.isWhitespace(scalar) {
                        index += length
                    } else {
                        emit(index..<(index + length))
                        index += length
                    }
                }
            }
        }
    }

    /// A string or character literal from its opening quote at `start` to its
    /// closing quote or the end of the line; returns where scanning goes on.
    private static func quoted(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, emit: (Range<Int>) -> Void) -> Int {
        let quote = bytes[start]
        var index = start + 1
        while index < bytes.count, bytes[index] != quote, bytes[index] != UInt8(ascii: "\n") {
            // A backslash escapes the whole scalar after it, however many bytes it takes.
            if bytes[index] == UInt8(ascii: "\\") {
                index += 1
                if index < bytes.count { index += bytes.scalar(at: index).length }
            } else {
                index += 1
            }
        }
        index = min(index + 1, bytes.count)
        emit(start..<index)
        return index
    }

    /// The literal with trailing spaces and surrounding blank lines removed:
    /// what "identical code" means for anchoring.
    public static func normalizedLiteral(_ code: String) -> String {
        // Split at "\n" bytes: the same lines as splitting at "\n" Characters, unless
        // a "\r\n" pair makes one Character; such text goes the Character way.
        code.withUTF8Bytes { bytes in
            guard !bytes.contains(UInt8(ascii: "\r")) else { return normalizedByCharacters(code) }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var blankLines = 0   // blank lines met since the last line written
            var start = 0
            while start <= bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                let line = trimmedLine(bytes, start..<end)
                if line.isEmpty {
                    blankLines += 1
                } else {
                    // Blank lines count only between lines written: leading and trailing ones are dropped.
                    if !out.isEmpty { out += repeatElement(UInt8(ascii: "\n"), count: blankLines + 1) }
                    switch line {
                    case .bytes(let range): out += bytes[range]
                    case .text(let text): out += text.utf8
                    }
                    blankLines = 0
                }
                start = end + 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// A line with its trailing whitespace removed: still a range of the bytes
    /// when the line is ASCII or ends in ASCII that is not whitespace, else a string.
    private enum TrimmedLine {
        case bytes(Range<Int>)
        case text(Substring)

        var isEmpty: Bool {
            switch self {
            case .bytes(let range): return range.isEmpty
            case .text(let text): return text.isEmpty
            }
        }
    }

    private static func trimmedLine(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> TrimmedLine {
        guard let last = line.last.map({ bytes[$0] }) else { return .bytes(line) }
        // An ASCII scalar other than whitespace ends a Character that is not whitespace
        // (no grapheme cluster that starts with whitespace can end in it).
        if last < 0x80, !TextMeasure.isWhitespace(Unicode.Scalar(last)) { return .bytes(line) }
        if bytes[line].allSatisfy({ $0 < 0x80 }) {
            var end = line.upperBound
            while end > line.lowerBound, TextMeasure.isWhitespace(Unicode.Scalar(bytes[end - 1])) { end -= 1 }
            return .bytes(line.lowerBound..<end)
        }
        // Mixed scripts ending in whitespace: a Character is whitespace when its
        // first scalar is, which only Characters can tell.
        var text = Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[line]), as: UTF8.self))
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return .text(text)
    }

    /// `normalizedLiteral` by Characters throughout.
    private static func normalizedByCharacters(_ code: String) -> String {
        var lines = code.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = Substring(line)
            while let last = line.last, last.isWhitespace { line = line.dropLast() }
            return line
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
