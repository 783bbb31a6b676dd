/// The index files are written as UTF-8 bytes, not built by concatenating `String`s.
extension [UInt8] {
    /// Appends UTF-8 text escaped as the inside of a JSON (and JavaScript) string literal: `"`,
    /// `\`, control characters and U+2028, U+2029 escaped, everything else as is.
    mutating func appendEscaped(_ text: ArraySlice<UInt8>) {
        var runStart = text.startIndex   // text[runStart..<i] is copied as is
        var i = runStart
        while i < text.endIndex {
            let byte = text[i]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 else {
                i += 1
                continue
            }
            // U+2028 and U+2029 (E2 80 A8, E2 80 A9) end a line in JavaScript source.
            let lineEnd = byte == 0xE2 && i + 2 < text.endIndex && text[i + 1] == 0x80 && text[i + 2] & 0xFE == 0xA8
            guard byte != 0xE2 || lineEnd else {
                i += 1
                continue
            }
            self += text[runStart..<i]
            i += lineEnd ? 3 : 1
            runStart = i
            switch byte {
            case 0xE2: self += (text[i - 1] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8
            case 0x22: self += #"\""#.utf8
            case 0x5C: self += #"\\"#.utf8
            case 0x0A: self += #"\n"#.utf8
            case 0x0D: self += #"\r"#.utf8
            case 0x09: self += #"\t"#.utf8
            default:
                let hex = Array("0123456789abcdef".utf8)
                self += #"\u00"#.utf8 + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        self += text[runStart...]
    }

    /// Appends `text` as a JSON string literal (`JSString.quote`).
    mutating func appendQuoted(_ text: String) {
        appendQuoted(Array(text.utf8)[...])
    }

    mutating func appendQuoted(_ text: ArraySlice<UInt8>) {
        append(0x22)
        appendEscaped(text)
        append(0x22)
    }

    /// Appends ascending numbers as base-36 gaps: `[3, 10, 11]` → `3,7,1`.
    mutating func appendGaps(_ entries: ArraySlice<UInt32>) {
        var previous: UInt32 = 0
        for (index, entry) in entries.enumerated() {
            if index > 0 { append(0x2C) }
            appendBase36(entry - previous)
            previous = entry
        }
    }

    /// A number in base 36.
    private mutating func appendBase36(_ value: UInt32) {
        if value >= 36 { appendBase36(value / 36) }
        let digit = UInt8(value % 36)
        append(digit < 10 ? digit + 0x30 : digit - 10 + 0x61)
    }
}

/// How many bytes `appendGaps` writes.
func gapsLength(_ entries: ArraySlice<UInt32>) -> Int {
    var previous: UInt32 = 0, length = max(0, entries.count - 1)
    for entry in entries {
        length += base36Digits(entry - previous)
        previous = entry
    }
    return length
}

private func base36Digits(_ value: UInt32) -> Int {
    value < 36 ? 1 : value < 1296 ? 2 : value < 46656 ? 3 : value < 1_679_616 ? 4 : value < 60_466_176 ? 5
        : value < 2_176_782_336 ? 6 : 7
}
