import Foundation

/// Writing a cache entry (`.guide-cache/…`): best effort, since a cache that cannot be
/// written only makes the next build slower; and whole or not at all.
enum CacheFile {
    /// Writes to a temporary name beside `file`, then renames: a reader, even another build
    /// running at the same time, never sees half an entry.
    static func write(_ data: Data, to file: String) {
        let folder = (file as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = file + ".tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64.random(in: 0...UInt64.max))"
        if FileManager.default.createFile(atPath: temporary, contents: data) {
            _ = rename(temporary, file)
        }
    }
}

/// The entries of cache folders that one build used, so that the build can remove the rest
/// (entries of chapters since edited or removed would otherwise pile up, one per edit).
final class CacheUse: @unchecked Sendable {
    private let lock = NSLock()
    private var used: [String: Set<String>] = [:]

    func record(_ key: String, in folder: String) {
        lock.lock()
        used[folder, default: []].insert(key)
        lock.unlock()
    }

    /// Removes the entries of `folder` this build did not use (not another build's half-written ones).
    func prune(_ folder: String) {
        lock.lock()
        let keep = used[folder] ?? []
        lock.unlock()
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where !keep.contains(entry) && !entry.contains(".tmp-") {
            try? FileManager.default.removeItem(atPath: folder + "/" + entry)
        }
    }
}
