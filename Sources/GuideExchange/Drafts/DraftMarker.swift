import GuideMerge
import GuideModel

/// A marker comment of a draft `guide merge` wrote, such as `<!-- lang: en, after: "\n" -->`:
/// which side the block after it goes to, and what its chapter has around that block that the
/// draft cannot show (the draft keeps blocks apart with a blank line, ends every line, and
/// closes a code block left open at the end of a chapter).
///
/// - `lang: en|zh|both`: the side of the next block (else its script tells);
/// - `after: "…"`: the exact bytes after the block in its chapter, up to its next block
///   (`after-en`, `after-zh` for a block written once for both);
/// - `before: "…"`: the bytes before a chapter's first block (a byte order mark, blank lines);
/// - `unclosed`: the block's last line was added by the draft to close it;
/// - `text: "…"`: the whole text of a chapter with no blocks (blank lines), on its own.
struct DraftMarker: Equatable {
    var lang: InterleavedDraft.Side?
    var text: String?
    var unclosed = false
    /// Per side; `.both` for the key without a side.
    var before: [InterleavedDraft.Side: String] = [:]
    var after: [InterleavedDraft.Side: String] = [:]

    /// The first line of every draft `guide merge` writes: a draft with it is read exactly.
    static let header = "<!-- guide draft: guide split gives back both chapters byte for byte; keep the comments -->"
    static let headerPrefix = "<!-- guide draft"

    static func isHeader(_ block: Block) -> Bool {
        if case .html = block.kind { return block.source.hasPrefix(headerPrefix) }
        return false
    }

    var isEmpty: Bool { self == DraftMarker() }

    func before(_ side: InterleavedDraft.Side) -> String? { before[side] ?? before[.both] }
    func after(_ side: InterleavedDraft.Side) -> String? { after[side] ?? after[.both] }

    /// The comment line (without its line end).
    var comment: String {
        var entries: [String] = []
        if let lang { entries.append("lang: \(lang.rawValue)") }
        if let text { entries.append("text: \(Self.quoted(text))") }
        if unclosed { entries.append("unclosed") }
        for (key, values) in [("before", before), ("after", after)] {
            for side in [InterleavedDraft.Side.both, .en, .zh] {
                guard let value = values[side] else { continue }
                entries.append("\(key)\(side == .both ? "" : "-" + side.rawValue): \(Self.quoted(value))")
            }
        }
        return "<!-- " + entries.joined(separator: ", ") + " -->"
    }

    /// The marker an HTML block is, or nil when it is content (any other comment).
    init?(_ block: Block) {
        guard case .html = block.kind else { return nil }
        var source = Substring(block.source).drop { $0 == " " || $0 == "\t" }
        while let last = source.last, last == " " || last == "\t" { source = source.dropLast() }
        guard source.hasPrefix("<!-- "), source.hasSuffix(" -->"), !source.contains("\n") else { return nil }
        var scanner = MarkerScanner(source.dropFirst(5).dropLast(4))
        guard let marker = scanner.marker() else { return nil }
        self = marker
    }

    init() {}

    /// A JSON-like string: the bytes between chapters' blocks are spaces, tabs and line ends.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case " "..."~": out.unicodeScalars.append(scalar)
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out + "\""
    }
}

/// Reads the entries of a marker comment; nil for anything else.
private struct MarkerScanner {
    var rest: Substring.UnicodeScalarView

    init(_ text: Substring) { rest = text.unicodeScalars }

    mutating func marker() -> DraftMarker? {
        var marker = DraftMarker()
        repeat {
            guard entry(into: &marker) else { return nil }
        } while take(", ")
        return rest.isEmpty && !marker.isEmpty ? marker : nil
    }

    private mutating func entry(into marker: inout DraftMarker) -> Bool {
        let key = String(String.UnicodeScalarView(rest.prefix { $0 == "-" || ("a"..."z").contains($0) }))
        rest = rest.dropFirst(key.unicodeScalars.count)
        if key == "unclosed" {
            marker.unclosed = true
            return true
        }
        guard take(": ") else { return false }
        if key == "lang" {
            for side in [InterleavedDraft.Side.en, .zh, .both] where take(side.rawValue) {
                marker.lang = side
                return true
            }
            return false
        }
        guard let value = quoted() else { return false }
        let parts = key.split(separator: "-", maxSplits: 1).map(String.init)
        let side = parts.count == 2 ? InterleavedDraft.Side(rawValue: parts[1]) : .both
        guard let side, side != .both || parts.count == 1 else { return false }
        switch parts[0] {
        case "text" where parts.count == 1: marker.text = value
        case "before": marker.before[side] = value
        case "after": marker.after[side] = value
        default: return false
        }
        return true
    }

    private mutating func take(_ literal: String) -> Bool {
        guard rest.starts(with: literal.unicodeScalars) else { return false }
        rest = rest.dropFirst(literal.unicodeScalars.count)
        return true
    }

    private mutating func quoted() -> String? {
        guard take("\"") else { return nil }
        var value = String.UnicodeScalarView()
        while let scalar = rest.popFirst() {
            switch scalar {
            case "\"": return String(value)
            case "\\":
                guard let escaped = rest.popFirst() else { return nil }
                switch escaped {
                case "n": value.append("\n")
                case "r": value.append("\r")
                case "t": value.append("\t")
                case "\"", "\\": value.append(escaped)
                case "u":
                    guard take("{"), let close = rest.firstIndex(of: "}"),
                          let code = UInt32(String(String.UnicodeScalarView(rest[..<close])), radix: 16),
                          let decoded = Unicode.Scalar(code) else { return nil }
                    value.append(decoded)
                    rest = rest[rest.index(after: close)...]
                default: return nil
                }
            default: value.append(scalar)
            }
        }
        return nil
    }
}
