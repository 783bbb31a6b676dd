/// The characters XML 1.0 allows in a document (its `Char` production): a book's text may hold
/// others (a C0 control, U+FFFE, U+FFFF are valid UTF-8, and guide reads them), and one of them
/// makes the whole file unreadable to an XML parser, a CAT tool's included. What guide writes as
/// XML (the TMX memory, the sitemap) has U+FFFD in their place.
public enum XMLCharacters {
    /// The character XML's readers get instead of one they would refuse.
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// Tab, line feed, carriage return and every scalar from U+0020 but U+FFFE and U+FFFF
    /// (surrogates are no scalars: a Swift string cannot hold one).
    @inlinable
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00..<0x20, 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    /// `text` with each character XML forbids made U+FFFD (the same string when it holds none).
    public static func replacingForbidden(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !isAllowed($0) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(isAllowed(scalar) ? scalar : replacement) }
        return String(out)
    }

    /// How many characters of `text` XML forbids.
    public static func forbiddenCount(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (isAllowed($1) ? 0 : 1) }
    }

    /// The first character of `text` XML forbids and its line (1-based; lines end at LF, CR LF
    /// or a lone CR, as cmark and guide's messages count them), nil when there is none.
    public static func firstForbidden(in text: String) -> (scalar: Unicode.Scalar, line: Int)? {
        var line = 1
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            if !isAllowed(scalar) { return (scalar, line) }
            if scalar == "\r" || (scalar == "\n" && previous != "\r") { line += 1 }
            previous = scalar
        }
        return nil
    }

    /// `U+FFFE`, `U+0001`: how messages name a character.
    public static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
