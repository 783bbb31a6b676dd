#if canImport(Glibc)
import Glibc
#endif
/// Reads the little-endian fields of bytes a cache wrote, in order; every read checks that the
/// bytes are there, so a damaged entry gives nil, never a crash.
///
/// `@inlinable`: the caches that read through it live in other modules, where an unspecialized
/// generic call per field cost most of decoding a large book's snippet results.
public struct ByteReader {
    public let raw: UnsafeRawBufferPointer
    /// Where the next read starts (each read moves it; a reader may start past a header).
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

/// The fields of the caches' compact codecs (`SnippetResultCodec`, the facts store), as
/// `ByteWriter` writes them: integers as 8 bytes, strings as their UTF-8 length and bytes,
/// a flag byte before an optional, a count before a list.
extension ByteReader {
    @inlinable
    public mutating func int() -> Int? { integer(Int64.self).map(Int.init) }

    @inlinable
    public mutating func bool() -> Bool? {
        switch integer(UInt8.self) {
        case 0: return false
        case 1: return true
        default: return nil
        }
    }

    @inlinable
    public mutating func string() -> String? {
        guard let count = int(), let bytes = bytes(count) else { return nil }
        return Self.text(bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// The UTF-8 text `bytes` hold, nil when they are not UTF-8. Decoded on the standard
    /// library's fast path, which mends bad bytes (U+FFFD), then compared with them:
    /// `String(validating:as:)` took its generic path, metadata lookups included, and cost a
    /// rebuild that reads every chapter's review back twice what this does.
    @usableFromInline
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var text = String(decoding: bytes, as: UTF8.self)
        let same = text.withUTF8 { decoded in
            decoded.count == bytes.count && (bytes.isEmpty || memcmp(decoded.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        }
        return same ? text : nil
    }

    /// `.some(nil)` for an absent value, nil for bad bytes.
    @inlinable
    public mutating func optional<T>(_ read: (inout ByteReader) -> T?) -> T?? {
        switch integer(UInt8.self) {
        case 0: return .some(nil)
        case 1: return read(&self).map { .some($0) }
        default: return nil
        }
    }

    /// A list; a count larger than the bytes left (each value takes one at least) is damage.
    @inlinable
    public mutating func list<T>(_ read: (inout ByteReader) -> T?) -> [T]? {
        guard let count = int(), count >= 0, count <= raw.count - offset else { return nil }
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let value = read(&self) else { return nil }
            values.append(value)
        }
        return values
    }
}

extension ByteReader {
    /// What `ByteWriter.array` wrote: a count, then the values' bytes, copied in one go.
    @inlinable
    public mutating func array<T: FixedWidthInteger>(_: T.Type) -> [T]? {
        guard let count = self.count(atLeast: MemoryLayout<T>.size),
              let bytes = bytes(count * MemoryLayout<T>.size) else { return nil }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: bytes)
            initialized = count
        }
    }
}

/// Writes what `ByteReader`'s `int`, `bool`, `string`, `optional`, `list` and `array` read back.
public struct ByteWriter {
    public var bytes: [UInt8]

    /// A writer that appends to `bytes` (a header, say).
    public init(bytes: [UInt8] = []) { self.bytes = bytes }

    /// What `ByteReader.integer` reads back.
    @inlinable
    public mutating func integer<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    @inlinable
    public mutating func int(_ value: Int) { integer(Int64(value)) }
    @inlinable
    public mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    @inlinable
    public mutating func string(_ value: String) {
        int(value.utf8.count)
        bytes += value.utf8
    }

    public mutating func optional<T>(_ value: T?, _ write: (inout ByteWriter, T) -> Void) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        write(&self, value)
    }

    public mutating func list<T>(_ values: [T], _ write: (inout ByteWriter, T) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
    }

    /// The values' count (a `UInt64`), then their bytes as they are in memory.
    @inlinable
    public mutating func array<T: FixedWidthInteger>(_ values: [T]) {
        integer(UInt64(values.count))
        values.withUnsafeBytes { bytes += $0 }   // little-endian, as every target of guide
    }
}
