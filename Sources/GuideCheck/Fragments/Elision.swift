/// `...` where code was left out, as books write it: `[[Foo alloc] init...]`, a line of
/// `...` in a body, `if (x) { ...` whose body (and closing brace) the text leaves out.
///
/// `...` is code only at the end of a parameter list (`, ...)`: a variadic function or method); anywhere
/// else outside comments and literals it is an elision, blanked (same length, so positions
/// stay). A `{` whose body starts with an elision and is never closed had its `}` left out
/// with the rest: the wrapper closes it after the snippet (`closers`). A `{` that is not
/// closed without an elision after it stays a mistake.
public enum Elision {
    public struct Result: Hashable, Sendable {
        public var code: String
        /// How many braces the elisions left open.
        public var closers: Int
        /// Whether anything was blanked.
        public var elided: Bool
        /// An elision stands for statements (`...` starting its line, or a body after `{`): code
        /// left out may declare names the snippet uses.
        public var statements = false
    }

    public static func apply(_ code: String) -> Result {
        // No `...` in the text, no `...` token: most snippets are not tokenized here at all.
        guard hasDots(code) else { return Result(code: code, closers: 0, elided: false) }
        let tokens = ObjCTokenizer.tokens(code)
        var characters = Array(code)
        var elisions = Set<Int>()
        for (index, token) in tokens.enumerated() where token.is("...") {
            let previous = index > 0 ? tokens[index - 1] : nil
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            // `, ...)` in a parameter list (`, ...;` or `, ... {` after a method's) is C's own `...`.
            if previous?.is(",") == true, next.map({ $0.is(")") || $0.is(";") || $0.is("{") }) == true { continue }
            elisions.insert(index)
            for offset in token.start..<token.end { characters[offset] = " " }
        }
        guard !elisions.isEmpty else { return Result(code: code, closers: 0, elided: false) }
        // Braces left open whose body begins with an elision.
        var open: [Int] = []
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            if token.is("{") { open.append(index) }
            if token.is("}"), !open.isEmpty { open.removeLast() }
        }
        let closers = open.filter { elisions.contains($0 + 1) }.count
        let statements = elisions.contains { index in
            index == 0 || tokens[index - 1].line < tokens[index].line || tokens[index - 1].is("{") || tokens[index - 1].is(";")
        }
        return Result(code: String(characters), closers: closers, elided: true, statements: statements)
    }

    /// Whether `...` stands anywhere in the text (by bytes).
    static func hasDots(_ code: String) -> Bool {
        var run = 0
        for byte in code.utf8 {
            run = byte == UInt8(ascii: ".") ? run + 1 : 0
            if run == 3 { return true }
        }
        return false
    }

    /// Every `...` outside comments and literals blanked (the `elide` annotation).
    public static func blankAll(_ code: String) -> Result {
        let elided = CodeScanner.elide(code)
        let tokens = ObjCTokenizer.tokens(code)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            if token.is("{") { open.append(index) }
            if token.is("}"), !open.isEmpty { open.removeLast() }
        }
        let closers = open.filter { $0 + 1 < tokens.count && tokens[$0 + 1].is("...") }.count
        let statements = tokens.indices.contains { index in
            tokens[index].is("...") && (index == 0 || tokens[index - 1].line < tokens[index].line || tokens[index - 1].is("{")
                                        || tokens[index - 1].is(";"))
        }
        return Result(code: elided, closers: closers, elided: elided != code, statements: statements)
    }
}
