import Crypto

/// A short, stable fingerprint of a bead side's markdown: the first 64 bits of the
/// SHA-256 of its text with whitespace folded (so re-wrapping a paragraph does not
/// make it "changed"), as 16 hex digits. It only tells whether a translator saw
/// this exact text; 64 bits keep the ledger lines short.
public enum ContentHash {
    public static func of(_ text: String) -> String {
        let folded = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .joined(separator: " ")
        return SHA256.hash(data: Array(folded.utf8)).prefix(8).map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
