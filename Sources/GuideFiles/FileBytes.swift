import Foundation
import GuideModel

/// A whole file's bytes through POSIX reads: `FileManager.contents` allocates and grows buffers
/// per file and its `Data` must then be copied into an array, which cost a visible share of a
/// rebuild that reads thousands of chapters and cache entries.
public enum FileBytes {
    /// The bytes of the file at `path`, or nil when it cannot be read or holds more than `limit`.
    /// `expected` is the size the caller saw (`stat`), else the size is asked of the open file;
    /// a file that grew since is read to its end all the same.
    public static func read(_ path: String, expected: Int? = nil, limit: Int = .max) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return read(descriptor: fd, expected: expected, limit: limit)
    }

    /// `read` of a file already open (it stays open), from where it is.
    public static func read(descriptor fd: Int32, expected: Int? = nil, limit: Int = .max) -> [UInt8]? {
        var size = expected ?? 0
        if expected == nil {
            var status = stat()
            guard fstat(fd, &status) == 0 else { return nil }
            size = Int(status.st_size)
        }
        // One more than expected, to see the end of the file in the first pass. Not zeroed
        // first: the reads fill it (zeroing a large cache file cost as much as reading it).
        var failed = false
        let capacity = max(0, min(size, limit)) + 1
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            initialized = fill(buffer.baseAddress!, count: buffer.count, from: fd, failed: &failed)
        }
        if failed { return nil }
        if bytes.count == capacity {
            // The file is larger than it was: read on to its end (or past the limit).
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while bytes.count <= limit {
                let read = chunk.withUnsafeMutableBufferPointer { fill($0.baseAddress!, count: $0.count, from: fd, failed: &failed) }
                if failed { return nil }
                if read == 0 { break }
                bytes += chunk[..<read]
            }
        }
        return bytes.count <= limit ? bytes : nil
    }

    /// Writes `bytes` to `path` under a temporary name, then renames (a reader never sees half a
    /// file), making the folder when missing; best effort, and not synced.
    public static func replace(_ path: String, with bytes: [UInt8]) {
        let temporary = path + ".tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        if !FileBytes.write(bytes, to: temporary) {
            try? FileManager.default.createDirectory(atPath: PathText.parent(path), withIntermediateDirectories: true)
            guard FileBytes.write(bytes, to: temporary) else { unlink(temporary); return }
        }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// Writes `bytes` to a new or truncated file at `path` (a new file gets `mode`), without
    /// syncing. False when the file cannot be written whole (`errno` says why).
    @discardableResult
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) -> Bool {
        write([bytes], to: path, mode: mode)
    }

    /// `write` of the parts one after the other: a part is not copied to join it to the next
    /// (a sealed cache entry is its bytes and then their digest).
    @discardableResult
    public static func write(_ parts: [[UInt8]], to path: String, mode: mode_t = 0o600) -> Bool {
        write(parts, into: open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode))
    }

    /// `write` of a new file `name` in the open folder `folder`: never through a link, never
    /// into a file that is there (false, `EEXIST`), so never into another name of its bytes.
    @discardableResult
    public static func writeNew(_ parts: [[UInt8]], in folder: Int32, name: String, mode: mode_t = 0o600) -> Bool {
        write(parts, into: openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode))
    }

    /// Writes the parts into `fd` and closes it; false when a write or the close failed.
    public static func write(_ parts: [[UInt8]], into fd: Int32) -> Bool {
        guard fd >= 0 else { return false }
        for bytes in parts {
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
                if count < 0 {
                    if errno == EINTR { continue }
                    let failure = errno
                    close(fd)
                    errno = failure
                    return false
                }
                written += count
            }
        }
        return close(fd) == 0
    }

    /// Reads into `buffer` until it is full or the file ends; the count read.
    private static func fill(_ buffer: UnsafeMutablePointer<UInt8>, count: Int, from fd: Int32, failed: inout Bool) -> Int {
        var filled = 0
        while filled < count {
            let read = Glibc.read(fd, buffer + filled, count - filled)
            if read < 0 {
                if errno == EINTR { continue }
                failed = true
                return filled
            }
            if read == 0 { break }
            filled += read
        }
        return filled
    }
}
