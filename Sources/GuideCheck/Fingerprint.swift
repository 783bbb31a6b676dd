import Crypto
import GuideModel

/// Cache keys: the SHA-256 of a text, as lower-case hex (swift-crypto; Foundation on Linux has no CryptoKit).
public enum Fingerprint {
    public static func hex(_ text: String) -> String {
        HexText.of(Crypto.SHA256.hash(data: Array(text.utf8)))
    }
}
