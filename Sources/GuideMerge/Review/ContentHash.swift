import CLibcrypto

/// A short, stable fingerprint of a bead side's markdown: the first 64 bits of the
/// SHA-256 of its text with whitespace folded (so re-wrapping a paragraph does not
/// make it "changed"), as 16 hex digits. It only tells whether a translator saw
/// this exact text; 64 bits keep the ledger lines short. The accept ledgers in the book's
/// folder hold these, so they keep their bytes: SHA-256 from OpenSSL (`CLibcrypto`), not the
/// cache's hash (`Digest`).
public enum ContentHash {
    public static func of(_ text: String) -> String {
        hex(value(of: text))
    }

    /// The fingerprint as a number (its 16 hex digits' value): what a review keeps per bead side.
    public static func value(of text: String) -> UInt64 {
        sha256(folded(text)).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The 16 hex digits of a fingerprint's value, as the ledgers write it.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.utf8.count) + digits
    }

    /// The value of 16 lower-case hex digits (nil for anything else).
    public static func value(hex: String) -> UInt64? {
        guard hex.utf8.count == 16, hex.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        return UInt64(hex, radix: 16)
    }

    /// SHA-256 as OpenSSL's providers give it, fetched once: `SHA256()` fetches it by name on
    /// every call, under a process-wide lock the review's threads waited on. (Immutable once
    /// fetched: OpenSSL's digests are shared between threads.)
    nonisolated(unsafe) private static let algorithm = EVP_MD_fetch(nil, "SHA256", nil)

    private static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        bytes.withUnsafeBufferPointer { buffer in
            guard let algorithm, EVP_Digest(buffer.baseAddress, buffer.count, &digest, nil, algorithm, nil) == 1 else {
                _ = SHA256(buffer.baseAddress, buffer.count, &digest)
                return
            }
        }
        return digest
    }

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
