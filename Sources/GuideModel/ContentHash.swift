/// A short, stable fingerprint of a bead side's markdown (FNV-1a, 64 bits, as hex).
///
/// Whitespace is folded first, so re-wrapping a paragraph does not make it "changed".
/// Not a security hash: it only tells whether a translator saw this exact text.
public enum ContentHash {
    public static func of(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var lastWasSpace = true
        for byte in text.utf8 {
            let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
            if isSpace && lastWasSpace { continue }
            hash = (hash ^ UInt64(isSpace ? 0x20 : byte)) &* 0x100_0000_01b3
            lastWasSpace = isSpace
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
