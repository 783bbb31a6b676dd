/// A change to one line of a file: replace `length` characters at `column` by `replacement`.
public struct TextEdit: Hashable, Sendable {
    public var line: Int
    public var column: Int
    public var length: Int
    public var replacement: String

    public init(line: Int, column: Int, length: Int, replacement: String) {
        self.line = line
        self.column = column
        self.length = length
        self.replacement = replacement
    }

    public var position: TextPosition { TextPosition(line: line, column: column) }
}

/// One typography problem in a Chinese block, with the edit that fixes it.
public struct TypographyFinding: Hashable, Sendable {
    public enum Rule: String, Hashable, Sendable, CaseIterable {
        /// No space between Chinese and Latin letters, digits, code or a URL.
        case spaceMissing = "space-missing"
        /// A space next to full-width punctuation, several spaces, or an ideographic space.
        case spaceExtra = "space-extra"
        /// `Ａ１` written full-width.
        case fullwidthAlnum = "fullwidth-alnum"
        /// `,` `.` `:` `;` `!` `?` `...` in a Chinese sentence.
        case halfwidthPunctuation = "halfwidth-punctuation"
        /// `，，` `。。` `！！`…
        case repeatedPunctuation = "repeated-punctuation"

        public var isSpacing: Bool { self == .spaceMissing || self == .spaceExtra }
    }

    public var rule: Rule
    /// Where the problem is (for a missing space: the character that wants one before it).
    public var position: TextPosition
    /// What fixes it; all on `position.line`.
    public var edits: [TextEdit]
    /// A few characters of the line around it, as written and as fixed.
    public var excerpt: String
    public var suggestion: String
    /// `guide fix-spacing` may apply it without asking (repeated punctuation may be meant).
    public var isSafe: Bool

    /// `space-missing: “使用block定义” → “使用 block 定义”`.
    public var message: String { explanation.english }

    /// `message` in either language.
    public var explanation: ReviewMessage {
        let id: ReviewMessage.ID = switch rule {
        case .spaceMissing: .spaceMissing
        case .spaceExtra: .spaceExtra
        case .fullwidthAlnum: .fullwidthAlnum
        case .halfwidthPunctuation: .halfwidthPunctuation
        case .repeatedPunctuation: .repeatedPunctuation
        }
        return ReviewMessage(id, excerpt, suggestion)
    }
}
