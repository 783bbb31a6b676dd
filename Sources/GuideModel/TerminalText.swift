/// Text that may come from the book (chapter text, file names, compiler messages quoting code)
/// made safe to print: a control character shows as an escape instead of acting on the terminal,
/// so a chapter cannot set the window title, erase or overwrite lines, or hide text.
///
/// Escaped: C0 controls but newline and tab (the program's own layout), DEL, and C1 controls
/// (U+0080–U+009F, which some terminals obey like ESC sequences). Everything else is unchanged.
public enum TerminalText {
    public enum Notation: Sendable {
        /// For people: `\x1B` for C0 and DEL, `\u{9B}` for C1 (characters of two UTF-8 bytes).
        case readable
        /// For JSON: `\u001b`, which decodes back to the same text, so JSON output keeps it as it is.
        case json
    }

    /// `text` with its control characters escaped. `keepingNewlines`: a newline is the
    /// program's own layout (a report of many lines); false for a piece of one line, such as a
    /// file name or a message, where a newline from the book could start a line of its own
    /// (`::error file=…`, which a CI runner obeys as a command).
    public static func escaped(_ text: String, as notation: Notation = .readable, keepingNewlines: Bool = true) -> String {
        let isControl: (Unicode.Scalar) -> Bool = { scalar in
            Self.isControl(scalar) || (!keepingNewlines && scalar == "\n")
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16, uppercase: notation == .readable)
            switch notation {
            case .readable where scalar.value < 0x80: out += "\\x" + (hex.count < 2 ? "0" : "") + hex
            case .readable: out += "\\u{" + hex + "}"
            case .json: out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return out
    }

    /// A piece of one line (a file name, a folder, a message): `escaped`, a newline too.
    public static func line(_ text: String) -> String { escaped(text, keepingNewlines: false) }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00..<0x20, 0x7F..<0xA0: return true
        default: return false
        }
    }
}
