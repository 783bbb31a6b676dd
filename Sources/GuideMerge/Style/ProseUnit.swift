/// A place in a markdown file: line, and column counted in characters (both 1-based).
public struct TextPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: TextPosition, b: TextPosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// One piece of a block's markdown source as the style checks see it: a character of
/// prose, a space, or a span they must not look into (code, URL, markup).
public struct ProseUnit: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// One visible character of prose (an entity or escape counts as the character it stands for).
        case text
        /// A space, tab or ideographic space inside a line.
        case space
        /// The end of a source line.
        case lineBreak
        /// A code span, backticks included: never prose.
        case code
        /// An autolink or a bare URL: never prose.
        case url
        /// Markup that opens an element (`[`, `![`, `**`, `<b>`): invisible, belongs to what follows.
        case opening
        /// Markup that closes one (`]`, `](target)`, `][label]`, `**`, `</b>`): belongs to what precedes.
        case closing
        /// Other markup: line prefixes (`#`, `>`, list markers, indentation), escapes, HTML comments.
        case hidden
    }

    public var kind: Kind
    /// For text and space: the character (an entity decoded).
    public var character: Character
    /// The markdown this unit covers.
    public var source: String
    public var start: TextPosition
    /// Just after the last character (on `start.line` unless the unit spans lines).
    public var end: TextPosition

    /// What a reader sees of it (for checking the scan against cmark's text).
    public var visible: String {
        switch kind {
        case .text: return String(character)
        case .code: return String(source.drop { $0 == "`" }.reversed().drop { $0 == "`" }.reversed())
        case .url: return source.hasPrefix("<") && source.hasSuffix(">") ? String(source.dropFirst().dropLast()) : source
        case .space, .lineBreak: return " "
        case .opening, .closing, .hidden: return ""
        }
    }

    /// Whether the rules look at it (markup is transparent to them).
    public var isMarkup: Bool { kind == .opening || kind == .closing || kind == .hidden }

    public var scriptClass: ScriptClass {
        switch kind {
        case .text: return ScriptClass(character)
        case .space: return .space
        default: return .other
        }
    }
}
