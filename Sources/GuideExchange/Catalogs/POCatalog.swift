import GuideMerge
import GuideModel

/// A gettext PO catalog: a header and messages, as `guide export po` writes them and
/// `guide import po` reads them back (`POReader`). Only what translators' tools exchange:
/// comments, references, flags, the previous context and `msgid` (`#|`), a context, one `msgid` and one `msgstr` (no plural forms:
/// a book's paragraphs have none).
public struct POCatalog: Equatable, Sendable {
    /// The header's fields in order (`Language`, `Content-Type`, …): the `msgstr` of `msgid ""`.
    public var header: [(name: String, value: String)]
    public var messages: [POMessage]
    /// The line of the header's `msgid ""` in the file it was read from (0: none, or made in memory).
    public var headerLine = 0

    /// The largest catalog `guide import po` reads, and so the largest `guide export po` writes.
    /// Eight times the largest chapter guide reads (16 MiB): a catalog holds a chapter pair, each
    /// message with its quotes, escapes, references and context, which weigh most where
    /// paragraphs are short.
    public static let maximumSize = 128 * 1024 * 1024

    public init(header: [(name: String, value: String)], messages: [POMessage]) {
        self.header = header
        self.messages = messages
    }

    public static func == (a: POCatalog, b: POCatalog) -> Bool {
        a.header.elementsEqual(b.header) { $0 == $1 } && a.messages == b.messages
    }

    public func field(_ name: String) -> String? {
        header.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The catalog as PO text, as gettext's tools write it: a string holding line ends is
    /// written a line a piece after an empty first line.
    public var text: String {
        var out = "msgid \"\"\nmsgstr \"\"\n"
        for (name, value) in header { out += Self.quoted("\(name): \(value)\n") + "\n" }
        for message in messages {
            out += "\n"
            for comment in message.translatorComments { out += "# \(comment)\n" }
            for comment in message.extractedComments {
                for line in Self.lines(of: comment) { out += "#. \(line)\n" }
            }
            if !message.references.isEmpty { out += "#: " + message.references.joined(separator: " ") + "\n" }
            if !message.flags.isEmpty { out += "#, " + message.flags.joined(separator: ", ") + "\n" }
            // The previous English, as msgmerge writes it: each line of its strings after `#| `.
            if let previous = message.previousContext { out += Self.previous("msgctxt " + Self.string(previous)) }
            if let previous = message.previousID { out += Self.previous("msgid " + Self.string(previous)) }
            if let context = message.context { out += "msgctxt " + Self.string(context) }
            out += "msgid " + Self.string(message.id)
            out += "msgstr " + Self.string(message.translation)
        }
        return out
    }

    /// Lines of a keyword and its string, each after `#| `.
    private static func previous(_ lines: String) -> String {
        lines.split(separator: "\n").map { "#| " + $0 + "\n" }.joined()
    }

    /// A string's lines (a comment must not hold a line end).
    private static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
    }

    /// `"…"` and a line end, or `""` and a line per piece when the text holds line ends.
    static func string(_ text: String) -> String {
        var pieces: [String] = []
        var piece = ""
        for scalar in text.unicodeScalars {
            piece.unicodeScalars.append(scalar)
            if scalar == "\n" {
                pieces.append(piece)
                piece = ""
            }
        }
        if !piece.isEmpty { pieces.append(piece) }
        if pieces.count <= 1 { return quoted(text) + "\n" }
        return "\"\"\n" + pieces.map { quoted($0) + "\n" }.joined()
    }

    /// C escapes, as gettext reads them back: backslash, quote and control characters.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{07}": out += "\\a"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{0B}": out += "\\v"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\" + String(scalar.value, radix: 8).leftPadded(to: 3)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// One message of a catalog.
public struct POMessage: Equatable, Sendable {
    /// `# …`: the translator's own.
    public var translatorComments: [String] = []
    /// `#. …`: what guide tells the translator (the pair's findings).
    public var extractedComments: [String] = []
    /// `#: file:line`: where the message's text is in the book.
    public var references: [String] = []
    /// `#, fuzzy` and the like.
    public var flags: [String] = []
    public var context: String?
    /// `#| msgctxt` and `#| msgid`: the context and text the translation was made for, when they
    /// have changed since (a stale pair's English then, as gettext's msgmerge keeps it for a fuzzy message).
    public var previousContext: String?
    public var previousID: String?
    public var id: String
    public var translation: String
    /// The line of the message's `msgid` in the file it was read from (0 for one made in memory).
    public var line = 0

    public init(id: String, translation: String, context: String? = nil, references: [String] = [],
                flags: [String] = [], extractedComments: [String] = []) {
        self.id = id
        self.translation = translation
        self.context = context
        self.references = references
        self.flags = flags
        self.extractedComments = extractedComments
    }

    public var isFuzzy: Bool { flags.contains("fuzzy") }

    /// Messages are one in a catalog by their context and `msgid` (the line does not count).
    public static func == (a: POMessage, b: POMessage) -> Bool {
        (a.translatorComments, a.extractedComments, a.references, a.flags) == (b.translatorComments, b.extractedComments, b.references, b.flags)
            && (a.context, a.id, a.translation) == (b.context, b.id, b.translation)
            && (a.previousContext, a.previousID) == (b.previousContext, b.previousID)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
