import Crypto

/// Cache keys: the SHA-256 of a text, as lower-case hex (swift-crypto; Foundation on Linux has no CryptoKit).
public enum Fingerprint {
    public static func hex(_ text: String) -> String {
        Crypto.SHA256.hash(data: Array(text.utf8)).map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
