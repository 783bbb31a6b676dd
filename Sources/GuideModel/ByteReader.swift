/// Reads the little-endian fields of bytes a cache wrote, in order; every read checks that the
/// bytes are there, so a damaged entry gives nil, never a crash.
public struct ByteReader {
    public let raw: UnsafeRawBufferPointer
    public private(set) var offset = 0

    public init(_ raw: UnsafeRawBufferPointer) {
        self.raw = raw
    }

    public var isAtEnd: Bool { offset == raw.count }

    public mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
        guard raw.count - offset >= MemoryLayout<T>.size else { return nil }
        defer { offset += MemoryLayout<T>.size }
        return T(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    public mutating func bytes(_ count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, raw.count - offset >= count else { return nil }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + count)])
    }

    /// A count (a `UInt64`), refused when even `bytesEach` bytes per element would not fit in
    /// what is left: a damaged count cannot make a reader allocate without bound.
    public mutating func count(atLeast bytesEach: Int) -> Int? {
        guard let count = integer(UInt64.self), count <= UInt64(raw.count - offset) / UInt64(max(1, bytesEach)) else {
            return nil
        }
        return Int(count)
    }
}
