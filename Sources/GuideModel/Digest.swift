import CXXHash

/// The one hash of guide's own keys: every cache key, seal and fingerprint (everything under
/// `.guide-cache`, the in-memory memos' keys, `Chapter.contentDigest`, the write manifest's tags)
/// is XXH3-128 (Debian's libxxhash, `Sources/CXXHash`), 16 bytes, big-endian (xxHash's canonical
/// form). It is not cryptographic: a seal finds damage and a key finds change; anyone who can
/// write into the cache could write any entry anyway. A hash that reaches the book's own files
/// keeps its bytes elsewhere (the accept ledgers' `ContentHash`, SHA-256 through OpenSSL).
///
/// `update` then `finalize` (once), like a streaming hash; `of` and `hex` in one call.
public final class Digest {
    public static let byteCount = 16
    /// Hex digits in a key made by `hex`.
    public static let hexCount = 2 * byteCount

    private let state: OpaquePointer

    public init() {
        state = XXH3_createState()
        XXH3_128bits_reset(state)
    }

    deinit { XXH3_freeState(state) }

    public func update(_ bytes: UnsafeRawBufferPointer) {
        guide_xxh3_128_update(state, bytes.baseAddress, bytes.count)
    }

    public func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) == nil {
            Array(bytes).withUnsafeBytes { update($0) }
        }
    }

    public func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// `bytes` after their count, so that no two sequences of parts hash alike by where one ends.
    public func updateCounted<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        withUnsafeBytes(of: UInt64(bytes.count).littleEndian) { update($0) }
        update(bytes)
    }

    public func updateCounted(_ text: String) {
        updateCounted(text.utf8)
    }

    public func finalize() -> [UInt8] {
        Self.canonical(XXH3_128bits_digest(state))
    }

    /// The digest of `bytes`.
    public static func of<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        let hash = bytes.withContiguousStorageIfAvailable { guide_xxh3_128($0.baseAddress, $0.count) }
            ?? Array(bytes).withUnsafeBytes { guide_xxh3_128($0.baseAddress, $0.count) }
        return canonical(hash)
    }

    /// The digest of `bytes` (or of a text's UTF-8) in lower-case hex: a key or a file name.
    public static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        HexText.of(of(bytes))
    }

    public static func hex(_ text: String) -> String {
        var text = text
        return HexText.of(text.withUTF8 { of($0) })
    }

    private static func canonical(_ hash: XXH128_hash_t) -> [UInt8] {
        var canonical = XXH128_canonical_t()
        XXH128_canonicalFromHash(&canonical, hash)
        return withUnsafeBytes(of: canonical.digest) { Array($0) }
    }
}
