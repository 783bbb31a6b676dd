/// Reads the little-endian fields of bytes a cache wrote, in order; every read checks that the
/// bytes are there, so a damaged entry gives nil, never a crash.
///
/// `@inlinable`: the caches that read through it live in other modules, where an unspecialized
/// generic call per field cost most of decoding a large book's snippet results.
public struct ByteReader {
    public let raw: UnsafeRawBufferPointer
    /// Where the next read starts (moved only by the reads).
    public var offset = 0

    @inlinable
    public init(_ raw: UnsafeRawBufferPointer) {
        self.raw = raw
    }

    @inlinable
    public var isAtEnd: Bool { offset == raw.count }

    @inlinable
    public mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
        guard raw.count - offset >= MemoryLayout<T>.size else { return nil }
        defer { offset += MemoryLayout<T>.size }
        return T(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    @inlinable
    public mutating func bytes(_ count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, raw.count - offset >= count else { return nil }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + count)])
    }

    /// A count (a `UInt64`), refused when even `bytesEach` bytes per element would not fit in
    /// what is left: a damaged count cannot make a reader allocate without bound.
    @inlinable
    public mutating func count(atLeast bytesEach: Int) -> Int? {
        guard let count = integer(UInt64.self), count <= UInt64(raw.count - offset) / UInt64(max(1, bytesEach)) else {
            return nil
        }
        return Int(count)
    }
}
