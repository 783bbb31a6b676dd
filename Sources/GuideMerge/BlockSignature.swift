import GuideModel

/// The features of one block that survive translation, in a form the scorer
/// can compare cheaply: a shape, two lengths, and sorted sets of token ids.
struct BlockSignature: Sendable {
    enum Shape: Hashable, Sendable {
        case heading(level: Int)
        case paragraph
        case list(items: Int)
        case quote
        case code
        case image
        case rule
        case html
        case other

        /// Prose can be split or merged by a translator; the other shapes cannot.
        var isProse: Bool {
            switch self {
            case .paragraph, .list, .quote: return true
            default: return false
            }
        }
    }

    var shape: Shape
    /// Non-space, non-CJK characters of the visible text.
    var latin: Int
    /// CJK characters of the visible text.
    var cjk: Int
    /// Latin words and numbers (token ids, sorted, unique).
    var words: [Int]
    /// Things a translation keeps verbatim: code spans, link and image targets (token ids, sorted, unique).
    var keeps: [Int]
    /// For code blocks: the normalized literal's id, and the code tokens without comments (sorted ids, with repeats).
    var codeLiteral: Int?
    var codeTokens: [Int]
    var emphasis: Int
    /// A paragraph that is entirely emphasised, such as `**Example:**` or `**推荐:**`.
    var isLabel: Bool
    /// A paragraph wholly in parentheses, such as a translator's note `（译者注：…）`.
    var isAside: Bool
    /// Source lines of a paragraph (a translator often gives each line of a draft its own paragraph).
    var lines: Int

    /// Reads block `index` of `blocks` in place: copying a `Block` out of its array
    /// (a dozen reference-counted fields) cost as much as scanning its text.
    init(_ blocks: [Block], at index: Int, tokens: inout TokenTable) {
        // Ids are handed out in this order (words, then kept things, then code), which
        // fixes the order the scorer sums weights in: keep it.
        var wordIDs: [Int] = []
        // A translator's note (`（译者注：…）`) renders no English: neither its length nor its
        // words say which English block the rest renders (`Sentence.translatorsNotes`).
        let text = Sentence.translatorsNotes(in: blocks[index].text)?.rest ?? blocks[index].text
        let measure = TextMeasure.scan(text) { word in
            switch word {
            case .ascii(let bytes): wordIDs.append(tokens.id(.word, bytes))
            case .other(let text): wordIDs.append(tokens.id(.word, text))
            }
        }
        latin = measure.latin
        cjk = measure.cjk
        // Identifiers in code are evidence too, but the code shape already carries them
        // (their words are still interned above: that keeps every later id where it was).
        let kind = blocks[index].kind
        if case .code = kind {
            words = []
        } else {
            TokenTable.sortUnique(&wordIDs)
            words = wordIDs
        }
        let kept = blocks[index].inline.codeSpans.map { (TokenTable.Kind.codeSpan, $0.trimmed(of: " ")) }
            + (blocks[index].inline.urls + blocks[index].inline.images).map { (TokenTable.Kind.url, Self.normalizedURL($0)) }
        keeps = tokens.ids(kept)
        emphasis = blocks[index].inline.emphasisCount + blocks[index].inline.strongCount
        codeLiteral = nil
        codeTokens = []
        isLabel = false
        isAside = false
        lines = kind == .paragraph ? blocks[index].lines.end - blocks[index].lines.start + 1 : 1

        switch kind {
        case .heading(let level):
            shape = .heading(level: level)
        case .paragraph:
            if !blocks[index].inline.images.isEmpty, measure.cjk == 0, wordIDs.isEmpty {
                shape = .image
            } else {
                shape = .paragraph
                isLabel = emphasis > 0 && Self.isWhollyEmphasised(blocks[index].source)
                isAside = Self.isParenthesised(blocks[index].text)
            }
        case .list:
            shape = .list(items: blocks[index].items.count)
        case .code(_, let literal):
            shape = .code
            codeLiteral = tokens.id(.literal, CodeTokens.normalizedLiteral(literal))
            CodeTokens.scan(literal) { codeTokens.append(tokens.id(.codeToken, $0)) }
            codeTokens.sort()
        case .blockQuote:
            shape = .quote
        case .thematicBreak:
            shape = .rule
        case .html:
            shape = .html
            codeLiteral = tokens.id(.html, blocks[index].source.trimmed(of: " \n"))
        case .other:
            shape = .other
        }
    }

    /// Relative targets differ by folder between the two trees (`./images/x.png`
    /// vs `../images/x.png`); compare their last path component, and absolute
    /// URLs without scheme and trailing slash.
    static func normalizedURL(_ url: String) -> String {
        var url = Substring(url)
        if let scheme = schemeSeparator(in: url) {
            url = url[scheme.upperBound...]
            while url.last == "/" { url = url.dropLast() }
            return String(url)
        }
        return String(url.split(separator: "/").last ?? url)
    }

    /// Where `://` first occurs. In ASCII text a match is a byte match, so only
    /// other text is left to Foundation's (slower, Unicode-aware) search.
    static func schemeSeparator(in url: Substring) -> Range<Substring.Index>? {
        let utf8 = url.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return url.range(of: "://") }
        var from = utf8.startIndex
        while let colon = utf8[from...].firstIndex(of: UInt8(ascii: ":")) {
            if utf8[colon...].starts(with: "://".utf8) { return colon..<utf8.index(colon, offsetBy: 3) }
            from = utf8.index(after: colon)
        }
        return nil
    }

    /// `（译者注：…）`, `(Note: …)`: the whole text inside one pair of parentheses.
    static func isParenthesised(_ text: String) -> Bool {
        // Most paragraphs fail at their first scalar that is not ignored, cheaper to
        // read than Characters. (A Character that is ignored is a single scalar, so
        // the first Character left is a parenthesis only if this scalar is one.)
        for scalar in text.unicodeScalars where scalar != " " && scalar != "。" && scalar != "." {
            guard scalar == "(" || scalar == "（" else { return false }
            break
        }
        let ignored = " 。."
        var trimmed = Substring(text)
        while let first = trimmed.first, ignored.contains(first) { trimmed = trimmed.dropFirst() }
        guard trimmed.first == "（" || trimmed.first == "(" else { return false }
        while let last = trimmed.last, ignored.contains(last) { trimmed = trimmed.dropLast() }
        // The first closing parenthesis at depth zero must be the last character.
        var depth = 0
        for index in trimmed.indices {
            let character = trimmed[index]
            if character == "（" || character == "(" { depth += 1 }
            if character == "）" || character == ")" {
                depth -= 1
                if depth == 0 { return trimmed.index(after: index) == trimmed.endIndex }
            }
        }
        return false
    }

    /// `**Example:**`, `*Note*`, `__Case 1__`: the whole paragraph is inside emphasis.
    static func isWhollyEmphasised(_ source: String) -> Bool {
        let trimmed = source.trimmedSubstring(of: " \n\t")
        guard let first = trimmed.first, first == "*" || first == "_" else { return false }
        return trimmed.last == first
    }
}

extension String {
    func trimmed(of set: String) -> String {
        String(trimmedSubstring(of: set))
    }

    /// Without the characters of `set` at either end; no copy made.
    func trimmedSubstring(of set: String) -> Substring {
        var characters = Substring(self)
        while let first = characters.first, set.contains(first) { characters = characters.dropFirst() }
        while let last = characters.last, set.contains(last) { characters = characters.dropLast() }
        return characters
    }
}
