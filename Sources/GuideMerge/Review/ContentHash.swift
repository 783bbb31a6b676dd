import CLibcrypto

/// A short, stable fingerprint of a bead side's markdown: the first 64 bits of the
/// SHA-256 of its text with whitespace folded (so re-wrapping a paragraph does not
/// make it "changed"), as 16 hex digits. It only tells whether a translator saw
/// this exact text; 64 bits keep the ledger lines short. The accept ledgers in the book's
/// folder hold these, so they keep their bytes: SHA-256 from OpenSSL (`CLibcrypto`), not the
/// cache's hash (`Digest`).
public enum ContentHash {
    public static func of(_ text: String) -> String {
        var hex: [UInt8] = []
        hex.reserveCapacity(16)
        for byte in sha256(folded(text)).prefix(8) {
            hex.append(hexDigits[Int(byte >> 4)])
            hex.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    private static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        bytes.withUnsafeBufferPointer { _ = SHA256($0.baseAddress, $0.count, &digest) }
        return digest
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
