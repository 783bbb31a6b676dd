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

    init(_ block: Block, tokens: inout TokenTable) {
        let measure = TextMeasure(block.text)
        latin = measure.latin
        cjk = measure.cjk
        words = tokens.ids(measure.words.map { "w " + $0 })
        var kept = block.inline.codeSpans.map { "c " + $0.trimmed(of: " ") }
        kept += (block.inline.urls + block.inline.images).map { "u " + Self.normalizedURL($0) }
        keeps = tokens.ids(kept)
        emphasis = block.inline.emphasisCount + block.inline.strongCount
        codeLiteral = nil
        codeTokens = []
        isLabel = false
        isAside = false
        lines = block.kind == .paragraph ? block.lines.end - block.lines.start + 1 : 1

        switch block.kind {
        case .heading(let level):
            shape = .heading(level: level)
        case .paragraph:
            if !block.inline.images.isEmpty, measure.cjk == 0, measure.words.isEmpty {
                shape = .image
            } else {
                shape = .paragraph
                isLabel = emphasis > 0 && Self.isWhollyEmphasised(block.source)
                isAside = Self.isParenthesised(block.text)
            }
        case .list:
            shape = .list(items: block.items.count)
        case .code(_, let literal):
            shape = .code
            codeLiteral = tokens.id("l " + CodeTokens.normalizedLiteral(literal))
            codeTokens = CodeTokens.of(literal).map { tokens.id("k " + $0) }.sorted()
            // Identifiers in code are evidence too, but the code shape already carries them.
            words = []
        case .blockQuote:
            shape = .quote
        case .thematicBreak:
            shape = .rule
        case .html:
            shape = .html
            codeLiteral = tokens.id("h " + block.source.trimmed(of: " \n"))
        case .other:
            shape = .other
        }
    }

    /// Relative targets differ by folder between the two trees (`./images/x.png`
    /// vs `../images/x.png`); compare their last path component, and absolute
    /// URLs without scheme and trailing slash.
    static func normalizedURL(_ url: String) -> String {
        var url = Substring(url)
        if let scheme = url.range(of: "://") {
            url = url[scheme.upperBound...]
            while url.last == "/" { url = url.dropLast() }
            return String(url)
        }
        return String(url.split(separator: "/").last ?? url)
    }

    /// `（译者注：…）`, `(Note: …)`: the whole text inside one pair of parentheses.
    static func isParenthesised(_ text: String) -> Bool {
        let trimmed = text.trimmed(of: " 。.")
        guard trimmed.first == "（" || trimmed.first == "(" else { return false }
        // The first closing parenthesis at depth zero must be the last character.
        var depth = 0
        for (offset, character) in trimmed.enumerated() {
            if character == "（" || character == "(" { depth += 1 }
            if character == "）" || character == ")" {
                depth -= 1
                if depth == 0 { return offset == trimmed.count - 1 }
            }
        }
        return false
    }

    /// `**Example:**`, `*Note*`, `__Case 1__`: the whole paragraph is inside emphasis.
    static func isWhollyEmphasised(_ source: String) -> Bool {
        let trimmed = source.trimmed(of: " \n\t")
        guard let first = trimmed.first, first == "*" || first == "_" else { return false }
        return trimmed.last == first
    }
}

extension String {
    func trimmed(of set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, set.contains(last) { scalars = scalars.dropLast() }
        return String(scalars)
    }
}

/// Interns the strings the signatures compare, so comparing is merging sorted integer arrays.
struct TokenTable: Sendable {
    private var index: [String: Int] = [:]

    var count: Int { index.count }

    mutating func id(_ token: String) -> Int {
        if let id = index[token] { return id }
        let id = index.count
        index[token] = id
        return id
    }

    /// Sorted, unique ids.
    mutating func ids(_ tokens: [String]) -> [Int] {
        Array(Set(tokens.map { id($0) })).sorted()
    }
}
