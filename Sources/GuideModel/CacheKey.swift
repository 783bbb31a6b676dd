import Foundation

/// A cache entry's key: 16 bytes of `Digest`, made only by `CacheStage.key`. Held as two
/// big-endian words: comparing them compares the bytes, and a key costs no allocation.
public struct CacheKey: Hashable, Comparable, Sendable {
    private var words: (UInt64, UInt64)

    package init(_ digest: [UInt8]) {
        self = digest.withUnsafeBytes { CacheKey($0, at: 0) }
    }

    /// The 16 bytes at `offset`: a key as a record holds it (a review names its alignment's).
    public init(_ raw: UnsafeRawBufferPointer, at offset: Int) {
        words = (UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
                 UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
    }

    public var bytes: [UInt8] {
        withUnsafeBytes(of: (words.0.bigEndian, words.1.bigEndian)) { Array($0) }
    }

    /// Lower-case hex: a file's name.
    public var hex: String { HexText.of(bytes) }

    public static func == (a: CacheKey, b: CacheKey) -> Bool { a.words == b.words }
    public static func < (a: CacheKey, b: CacheKey) -> Bool { a.words < b.words }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
    }
}
