import Foundation
import Synchronization

/// The entries of cache folders that one build used, so that the build can remove the rest
/// (entries of chapters since edited or removed would otherwise pile up, one per edit).
public final class CacheUse: Sendable {
    private let used = Mutex<[String: Set<String>]>([:])

    public init() {}

    public func record(_ key: String, in folder: String) {
        used.withLock { _ = $0[folder, default: []].insert(key) }
    }

    /// Removes the entries of `folder` this build did not use (not another build's half-written ones).
    public func prune(_ folder: String) {
        let keep = used.withLock { $0[folder] ?? [] }
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where !keep.contains(entry) && !entry.contains(".tmp-") {
            try? FileManager.default.removeItem(atPath: folder + "/" + entry)
        }
    }
}
