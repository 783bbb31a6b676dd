/// A place in a markdown file: line, and column counted in characters (both 1-based).
///
/// Stored in 32 bits each: the style checks keep one per character of prose (two per unit),
/// and a 10 MB paragraph has ten million of them.
public struct TextPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    private var storedLine: Int32
    private var storedColumn: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    public static func < (a: TextPosition, b: TextPosition) -> Bool {
        (a.storedLine, a.storedColumn) < (b.storedLine, b.storedColumn)
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

    /// For text and space, the character (an entity decoded); for the others, the markdown
    /// they cover. One field, not a `Character` and a `String` side by side: a unit is kept
    /// per character of prose.
    private var payload: String
    public var start: TextPosition
    /// Just after the last character (on `start.line` unless the unit spans lines).
    public var end: TextPosition
    /// The payload's first scalar (U+0000 when empty), and whether it is the whole payload
    /// (false when empty):
    /// what the checks read of a character of one scalar (nearly all of them) without making a
    /// `Character`, which breaks the text into graphemes each time. (Declared after the
    /// positions, they fit in the unit's padding: 40 bytes a unit either way.)
    public private(set) var lead: Unicode.Scalar
    public private(set) var leadIsWhole: Bool
    public var kind: Kind

    public init(kind: Kind, character: Character, source: @autoclosure () -> String, start: TextPosition, end: TextPosition) {
        self.kind = kind
        switch kind {
        case .text, .space: payload = String(character)
        case .code, .url, .lineBreak, .opening, .closing, .hidden: payload = source()
        }
        var scalars = payload.unicodeScalars.makeIterator()
        let first = scalars.next()
        lead = first ?? "\0"
        leadIsWhole = first != nil && scalars.next() == nil
        self.start = start
        self.end = end
    }

    /// For text and space: the character (an entity decoded); for the others, the first of their markdown.
    public var character: Character {
        leadIsWhole ? Character(lead) : payload.first ?? " "
    }

    /// The markdown the unit covers (a code span's backticks, a link's target…); for text and
    /// space, the character itself (an entity's source is not kept: no check reads it).
    public var source: String { payload }

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
        case .text: return leadIsWhole ? ScriptClass(lead) : ScriptClass(character)
        case .space: return .space
        default: return .other
        }
    }
}
