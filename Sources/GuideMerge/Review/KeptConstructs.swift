/// `EnglishProse.keptConstructs` without the regex engine, for `SingleScalarText`
/// (where a scalar is a character, so matching scalars is matching the patterns'
/// characters). Each pass is one pattern, in the same order, and replaces each match
/// with a space as `replacing(_:with:)` does: leftmost match first, the search going
/// on after it. The matchers follow the patterns' own backtracking, which for all but
/// the code span's cannot change where a match ends.
enum KeptConstructs {
    typealias Text = [Unicode.Scalar]
    /// The end of the match starting at an index, if one does.
    typealias Matcher = (Text, Int) -> Int?

    static func removed(from text: Text) -> Text {
        let passes: [Matcher] = [codeSpan, inlineLink, referenceLink, autolink, bareURL, htmlTag, referenceDefinition]
        return passes.reduce(text) { text, matcher in replacingMatches(of: matcher, in: text) }
    }

    static func replacingMatches(of matcher: Matcher, in text: Text) -> Text {
        var result: Text = []
        var copied = 0, i = 0
        while i < text.count {
            guard let end = matcher(text, i) else { i += 1; continue }
            result.append(contentsOf: text[copied..<i])
            result.append(" ")
            copied = end
            i = end
        }
        guard copied > 0 else { return text }
        result.append(contentsOf: text[copied...])
        return result
    }

    /// `(`+)[\s\S]*?\1`: a run of backticks, then the nearest same run; when there is
    /// none, the regex gives up one backtick of the opening run at a time.
    static func codeSpan(_ text: Text, _ start: Int) -> Int? {
        guard text[start] == "`" else { return nil }
        let run = text[start...].prefix { $0 == "`" }.count
        for length in stride(from: run, through: 1, by: -1) {
            var q = start + length
            while q + length <= text.count {
                if text[q..<(q + length)].allSatisfy({ $0 == "`" }) { return q + length }
                q += 1
            }
        }
        return nil
    }

    /// `!?\[[^\]]*\]\([^)]*\)`
    static func inlineLink(_ text: Text, _ start: Int) -> Int? {
        guard let close = bracketed(text, start), close + 1 < text.count, text[close + 1] == "(",
              let end = firstIndex(of: ")", in: text, from: close + 2) else { return nil }
        return end + 1
    }

    /// `!?\[[^\]]*\]\[[^\]]*\]`
    static func referenceLink(_ text: Text, _ start: Int) -> Int? {
        guard let close = bracketed(text, start), close + 1 < text.count, text[close + 1] == "[",
              let end = firstIndex(of: "]", in: text, from: close + 2) else { return nil }
        return end + 1
    }

    /// `!?\[[^\]]*\]`: the index of the `]`.
    static func bracketed(_ text: Text, _ start: Int) -> Int? {
        let open = text[start] == "!" ? start + 1 : start
        guard open < text.count, text[open] == "[" else { return nil }
        return firstIndex(of: "]", in: text, from: open + 1)
    }

    /// `<[a-zA-Z][a-zA-Z0-9+.-]*:[^>\s]*>`
    static func autolink(_ text: Text, _ start: Int) -> Int? {
        guard text[start] == "<", let colon = schemeEnd(text, start + 1), text[colon] == ":" else { return nil }
        var i = colon + 1
        while i < text.count, text[i] != ">", !text[i].isWhitespace { i += 1 }
        return i < text.count && text[i] == ">" ? i + 1 : nil
    }

    /// `[a-zA-Z][a-zA-Z0-9+.-]*://\S+`
    static func bareURL(_ text: Text, _ start: Int) -> Int? {
        guard let colon = schemeEnd(text, start), colon + 3 < text.count,
              text[colon] == ":", text[colon + 1] == "/", text[colon + 2] == "/", !text[colon + 3].isWhitespace else { return nil }
        var i = colon + 4
        while i < text.count, !text[i].isWhitespace { i += 1 }
        return i
    }

    /// `[a-zA-Z][a-zA-Z0-9+.-]*` from `start`: the index after it, which is in the text.
    static func schemeEnd(_ text: Text, _ start: Int) -> Int? {
        guard start < text.count, isASCIILetter(text[start]) else { return nil }
        var i = start + 1
        while i < text.count, isASCIILetter(text[i]) || (0x30...0x39).contains(text[i].value) || text[i].isOne(of: "+.-") { i += 1 }
        return i < text.count ? i : nil
    }

    /// `</?[a-zA-Z][^>]*>`
    static func htmlTag(_ text: Text, _ start: Int) -> Int? {
        guard text[start] == "<" else { return nil }
        let name = start + 1 < text.count && text[start + 1] == "/" ? start + 2 : start + 1
        guard name < text.count, isASCIILetter(text[name]), let end = firstIndex(of: ">", in: text, from: name + 1) else { return nil }
        return end + 1
    }

    /// `(?m)^\s*\[[^\]]+\]:\s*\S+.*$`: a line (after blank ones) that is a reference definition.
    static func referenceDefinition(_ text: Text, _ start: Int) -> Int? {
        guard start == 0 || text[start - 1] == "\n" else { return nil }
        var i = start
        while i < text.count, text[i].isWhitespace { i += 1 }
        guard i + 1 < text.count, text[i] == "[", text[i + 1] != "]",
              let close = firstIndex(of: "]", in: text, from: i + 2), close + 1 < text.count, text[close + 1] == ":" else { return nil }
        i = close + 2
        while i < text.count, text[i].isWhitespace { i += 1 }
        guard i < text.count else { return nil }
        // `\S+.*$`: the rest of the line.
        return firstIndex(of: "\n", in: text, from: i) ?? text.count
    }

    static func firstIndex(of scalar: Unicode.Scalar, in text: Text, from start: Int) -> Int? {
        guard start < text.count else { return nil }
        return text[start...].firstIndex(of: scalar)
    }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
    }
}
