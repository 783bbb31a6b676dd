import GuideMerge
import GuideModel

/// Reads a PO file as gettext's tools write it (any line wrapping, C escapes, obsolete `#~`
/// messages skipped, previous-text `#|` comments kept as `previousContext` and `previousID`). A file it cannot read is an error at its line.
public enum POReader {
    public struct Failure: Error, Equatable {
        public var line: Int
        public var message: String
    }

    public static func read(_ text: String) throws(Failure) -> POCatalog {
        var messages: [POMessage] = []
        var header: [(name: String, value: String)]?
        var headerLine = 0
        var pending = Pending()
        var lineNumber = 0

        func finish() throws(Failure) {
            defer { pending = Pending() }
            guard pending.started else { return }
            guard let id = pending.id, let translation = pending.translation else {
                throw Failure(line: pending.firstLine, message: "a message without \(pending.id == nil ? "msgid" : "msgstr")")
            }
            if id.isEmpty && pending.context == nil {
                guard header == nil else { throw Failure(line: pending.idLine, message: "a second header (msgid \"\")") }
                header = Self.fields(translation)
                headerLine = pending.idLine
                return
            }
            var message = POMessage(id: id, translation: translation, context: pending.context,
                                    references: pending.references, flags: pending.flags,
                                    extractedComments: pending.extracted)
            message.previousContext = pending.previousContext
            message.previousID = pending.previousID
            message.translatorComments = pending.comments
            message.line = pending.idLine
            messages.append(message)
        }

        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            // Looked at by scalars, not characters: a line that starts `"` and then a combining
            // mark (a chapter's line that starts with one, as export writes it) is still a string.
            let trimmed = Substring(line.unicodeScalars.drop { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty { try finish(); continue }
            if trimmed.unicodeScalars.first == "#" {
                // A comment after a message's strings begins the next message.
                if pending.translation != nil { try finish() }
                let kind = trimmed.unicodeScalars.dropFirst().first
                if kind == "~" { pending.skippedComment = true; continue }
                pending.start(at: lineNumber)
                if kind == "|" { try previous(trimmed.unicodeScalars.dropFirst(2), line: lineNumber, into: &pending); continue }
                let body = String(trimmed.unicodeScalars.dropFirst(2).drop { $0 == " " })
                if kind == "." { pending.extracted.append(body) }
                else if kind == ":" { pending.references += body.split(separator: " ").map(String.init) }
                else if kind == "," {
                    pending.flags += body.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
                } else {
                    pending.comments.append(String(trimmed.unicodeScalars.dropFirst().drop { $0 == " " }))
                }
                continue
            }
            if trimmed.unicodeScalars.first == "\"" {
                let piece = try string(trimmed, line: lineNumber)
                switch pending.current {
                case .context: pending.context! += piece
                case .id: pending.id! += piece
                case .translation: pending.translation! += piece
                case nil: throw Failure(line: lineNumber, message: "a string outside msgctxt, msgid or msgstr")
                }
                continue
            }
            let (keyword, rest) = keywordAndRest(trimmed)
            switch keyword {
            case "msgctxt":
                if pending.translation != nil || pending.id != nil { try finish() }
                pending.start(at: lineNumber)
                pending.context = try string(rest, line: lineNumber)
                pending.current = .context
            case "msgid":
                if pending.translation != nil { try finish() }
                guard pending.id == nil else { throw Failure(line: lineNumber, message: "a second msgid in one message") }
                pending.start(at: lineNumber)
                pending.id = try string(rest, line: lineNumber)
                pending.idLine = lineNumber
                pending.current = .id
            case "msgstr":
                guard pending.id != nil, pending.translation == nil else {
                    throw Failure(line: lineNumber, message: "msgstr without its msgid")
                }
                pending.translation = try string(rest, line: lineNumber)
                pending.current = .translation
            case "msgid_plural",
                 _ where keyword.hasPrefix("msgstr["):
                throw Failure(line: lineNumber, message: "plural forms (\(keyword)): guide's catalogs have none")
            default:
                throw Failure(line: lineNumber, message: "expected msgctxt, msgid, msgstr, a string or a comment")
            }
        }
        try finish()
        var catalog = POCatalog(header: header ?? [], messages: messages)
        catalog.headerLine = headerLine
        return catalog
    }

    /// A line's keyword (`msgid`, `msgstr[0]`…) and what follows it, blanks between left out.
    private static func keywordAndRest(_ text: Substring) -> (keyword: Substring, rest: Substring) {
        let keyword = Substring(text.unicodeScalars.prefix { $0 != " " && $0 != "\t" && $0 != "\"" })
        return (keyword, Substring(text.unicodeScalars.dropFirst(keyword.unicodeScalars.count).drop { $0 == " " || $0 == "\t" }))
    }

    /// A `#|` line: `msgctxt "…"`, `msgid "…"` or a string continuing the one before, as
    /// msgmerge writes a fuzzy message's previous text; a previous `msgid_plural` is passed over.
    private static func previous(_ body: Substring.UnicodeScalarView, line: Int, into pending: inout Pending) throws(Failure) {
        let text = Substring(body.drop { $0 == " " || $0 == "\t" })
        if text.unicodeScalars.first == "\"" {
            let piece = try string(text, line: line)
            switch pending.currentPrevious {
            case .context: pending.previousContext! += piece
            case .id: pending.previousID! += piece
            case .translation: break   // a previous msgid_plural's
            case nil: throw Failure(line: line, message: "a #| string outside #| msgctxt or #| msgid")
            }
            return
        }
        let (keyword, rest) = keywordAndRest(text)
        switch keyword {
        case "msgctxt":
            pending.previousContext = try string(rest, line: line)
            pending.currentPrevious = .context
        case "msgid":
            pending.previousID = try string(rest, line: line)
            pending.currentPrevious = .id
        case "msgid_plural":
            _ = try string(rest, line: line)
            pending.currentPrevious = .translation
        default:
            throw Failure(line: line, message: "expected #| msgctxt, #| msgid or a #| string")
        }
    }

    /// The header's `Name: value` lines, cut by scalars: as characters, a value's last CR and the
    /// line feed after it are one (`\r\n`), and a combining mark joins the space or colon before it.
    static func fields(_ text: String) -> [(name: String, value: String)] {
        text.unicodeScalars.split(separator: "\n").compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let isSpace = { (scalar: Unicode.Scalar) in scalar == " " || scalar == "\t" }
            var value = line[line.index(after: colon)...].drop(while: isSpace)
            while let last = value.last, isSpace(last) { value = value.dropLast() }
            return (String(String.UnicodeScalarView(line[..<colon])), String(String.UnicodeScalarView(value)))
        }
    }

    /// A quoted string with C escapes, alone on what is left of its line.
    static func string(_ text: Substring, line: Int) throws(Failure) -> String {
        var scalars = text.unicodeScalars[...]
        guard scalars.first == "\"" else { throw Failure(line: line, message: "expected a string in double quotes") }
        scalars = scalars.dropFirst()
        var out = String.UnicodeScalarView()
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            switch scalar {
            case "\"":
                guard scalars.allSatisfy({ $0 == " " || $0 == "\t" }) else {
                    throw Failure(line: line, message: "text after the closing quote")
                }
                return String(out)
            case "\\":
                guard let escaped = scalars.first else { break }
                scalars = scalars.dropFirst()
                switch escaped {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "a": out.append("\u{07}")
                case "b": out.append("\u{08}")
                case "f": out.append("\u{0C}")
                case "v": out.append("\u{0B}")
                case "\\", "\"", "'", "?": out.append(escaped)
                case "0"..."7":
                    var value = escaped.value - 0x30
                    for _ in 0..<2 {
                        guard let digit = scalars.first, ("0"..."7").contains(digit) else { break }
                        value = value * 8 + digit.value - 0x30
                        scalars = scalars.dropFirst()
                    }
                    out.append(Unicode.Scalar(value)!)
                default: throw Failure(line: line, message: "an unknown escape \\\(escaped)")
                }
            default: out.append(scalar)
            }
        }
        throw Failure(line: line, message: "a string without its closing quote")
    }

    /// A message being read.
    private struct Pending {
        enum Part { case context, id, translation }
        var started = false
        var firstLine = 0
        var idLine = 0
        var comments: [String] = [], extracted: [String] = [], references: [String] = [], flags: [String] = []
        var context: String?, id: String?, translation: String?
        var current: Part?
        /// `#|`: the previous context and msgid (`.translation`: a previous msgid_plural, not kept).
        var previousContext: String?, previousID: String?
        var currentPrevious: Part?
        var skippedComment = false

        mutating func start(at line: Int) {
            if !started { (started, firstLine) = (true, line) }
        }
    }
}

private extension StringProtocol {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
