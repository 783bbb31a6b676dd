/// The tokens of a code block with its comments left out.
///
/// Translators translate comments (`// Do something` → `// 做点什么`) but should
/// leave the code alone, so two code blocks are "the same code" when these
/// token lists are equal. The scanner knows C-family comments (`//`, `/* */`)
/// and string and character literals (so `@"http://…"` is not a comment);
/// that covers the book's Objective-C, C, Swift and shell-free snippets.
public enum CodeTokens {
    public static func of(_ code: String) -> [String] {
        let scalars = Array(code.unicodeScalars)
        var tokens: [String] = []
        var index = 0
        func at(_ offset: Int) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "/", at(1) == "/" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else if scalar == "/", at(1) == "*" {
                index += 2
                while index < scalars.count, !(scalars[index] == "*" && at(1) == "/") { index += 1 }
                index = min(index + 2, scalars.count)
            } else if scalar == "\"" || scalar == "'" {
                let start = index
                index += 1
                while index < scalars.count, scalars[index] != scalar, scalars[index] != "\n" {
                    index += scalars[index] == "\\" ? 2 : 1
                }
                index = min(index + 1, scalars.count)
                tokens.append(String(String.UnicodeScalarView(scalars[start..<index])))
            } else if TextMeasure.isWordScalar(scalar) {
                let start = index
                while index < scalars.count, TextMeasure.isWordScalar(scalars[index]) { index += 1 }
                tokens.append(String(String.UnicodeScalarView(scalars[start..<index])))
            } else if scalar.properties.isWhitespace {
                index += 1
            } else {
                tokens.append(String(scalar))
                index += 1
            }
        }
        return tokens
    }

    /// The literal with trailing spaces and surrounding blank lines removed:
    /// what "identical code" means for anchoring.
    public static func normalizedLiteral(_ code: String) -> String {
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
