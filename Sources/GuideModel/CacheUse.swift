import Foundation

/// The entries of cache folders that one build used, so that the build can remove the rest
/// (entries of chapters since edited or removed would otherwise pile up, one per edit).
public final class CacheUse: @unchecked Sendable {
    private let lock = NSLock()
    private var used: [String: Set<String>] = [:]

    public init() {}

    public func record(_ key: String, in folder: String) {
        lock.lock()
        used[folder, default: []].insert(key)
        lock.unlock()
    }

    /// Removes the entries of `folder` this build did not use (not another build's half-written ones).
    public func prune(_ folder: String) {
        lock.lock()
        let keep = used[folder] ?? []
        lock.unlock()
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where !keep.contains(entry) && !entry.contains(".tmp-") {
            try? FileManager.default.removeItem(atPath: folder + "/" + entry)
        }
    }
}
