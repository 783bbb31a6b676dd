import Crypto

/// A short, stable fingerprint of a bead side's markdown: the first 64 bits of the
/// SHA-256 of its text with whitespace folded (so re-wrapping a paragraph does not
/// make it "changed"), as 16 hex digits. It only tells whether a translator saw
/// this exact text; 64 bits keep the ledger lines short.
public enum ContentHash {
    public static func of(_ text: String) -> String {
        var hex: [UInt8] = []
        hex.reserveCapacity(16)
        for byte in SHA256.hash(data: folded(text)).prefix(8) {
            hex.append(hexDigits[Int(byte >> 4)])
            hex.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The text's UTF-8 with each run of spaces, tabs and line ends made one space, and
    /// none at either end.
    static func folded(_ text: String) -> [UInt8] {
        // Single-scalar text has no `\r\n` (one character, not a separator) and no space
        // joined to a combining mark: its separators are single scalars.
        SingleScalarText.foldedUTF8(text) { $0 == " " || $0 == "\t" || $0 == "\n" } ?? foldedByCharacter(text)
    }

    static func foldedByCharacter(_ text: String) -> [UInt8] {
        Array(text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ").utf8)
    }
}
