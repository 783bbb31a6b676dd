import Foundation

/// Writing a cache entry (`.guide-cache/…`): best effort, since a cache that cannot be
/// written only makes the next build slower; and whole or not at all.
public enum CacheFile {
    /// Writes to a temporary name beside `file`, then renames: a reader, even another build
    /// running at the same time, never sees half an entry. Plain POSIX writes and no `fsync`
    /// (Foundation's `createFile` syncs every file to disk): a cache is disposable, and an
    /// entry a crash left damaged fails its seal and is made again.
    public static func write(_ data: Data, to file: String) {
        write([UInt8](data), to: file)
    }

    public static func write(_ bytes: [UInt8], to file: String) {
        write([bytes], to: file)
    }

    /// `write` of the parts one after the other (none copied to join them).
    static func write(_ parts: [[UInt8]], to file: String) {
        let temporary = file + ".tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64.random(in: 0...UInt64.max))"
        if !FileBytes.write(parts, to: temporary) {
            // The folder is made only when the write says it is missing (one look-up saved per entry).
            try? FileManager.default.createDirectory(atPath: PathText.parent(file), withIntermediateDirectories: true)
            guard FileBytes.write(parts, to: temporary) else { unlink(temporary); return }
        }
        if rename(temporary, file) != 0 { unlink(temporary) }
    }

    /// Writes `bytes` sealed with their `Digest` (after them): `readSealed` gives them back only
    /// while the seal holds, so a damaged entry reads as missing, never as other bytes.
    public static func writeSealed(_ bytes: [UInt8], to file: String) {
        write([bytes, Digest.of(bytes)], to: file)
    }

    /// The bytes `writeSealed` wrote to `file`, or nil when there are none or the seal does not hold.
    public static func readSealed(_ file: String) -> [UInt8]? {
        guard var bytes = FileBytes.read(file), bytes.count >= Digest.byteCount else { return nil }
        let body = bytes.count - Digest.byteCount
        guard Digest.of(bytes[..<body]).elementsEqual(bytes[body...]) else { return nil }
        bytes.removeLast(Digest.byteCount)
        return bytes
    }
}
