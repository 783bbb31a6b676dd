import Foundation

/// Writing a cache entry (`.guide-cache/…`): best effort, since a cache that cannot be
/// written only makes the next build slower; and whole or not at all.
public enum CacheFile {
    /// Writes to a temporary name beside `file`, then renames: a reader, even another build
    /// running at the same time, never sees half an entry.
    public static func write(_ data: Data, to file: String) {
        let folder = (file as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = file + ".tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64.random(in: 0...UInt64.max))"
        if FileManager.default.createFile(atPath: temporary, contents: data) {
            _ = rename(temporary, file)
        }
    }
}
