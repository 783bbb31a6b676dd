import Foundation
import GuideFiles
import GuideModel
#if canImport(Glibc)
import Glibc
#endif

/// Wakes `guide serve`'s watcher as soon as something in the watched folders may have changed,
/// instead of at its next poll: Linux's inotify, a watch on every folder (folders made later
/// are watched as they appear). It only wakes: `FolderWatcher`'s digest still decides whether
/// anything changed, so an event missed (the system's watch limit reached) costs at most a
/// poll's delay, and an event for nothing costs one scan.
final class ChangeSignal: Sendable {
    private let descriptor: Int32
    private let watched = Locked<Set<String>>([])

    /// Watches `folders` and every folder below them; nil where inotify is not available.
    init?(folders: [String]) {
        #if os(Linux)
        let descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        for folder in folders { watch(folder) }
        #else
        return nil
        #endif
    }

    deinit { close(descriptor) }

    /// Waits until an event arrives or `seconds` pass; true when something happened. Events
    /// that follow within `settle` seconds (an editor's save is several) are taken with it.
    func wait(seconds: Double, settle: Double = 0.02) -> Bool {
        guard ready(within: seconds) else { return false }
        repeat { drain() } while ready(within: settle)
        return true
    }

    private func ready(within seconds: Double) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, Int32(max(0, seconds * 1000))) > 0
    }

    /// Reads the pending events; a folder made or moved in is watched from now on.
    private func drain() {
        #if os(Linux)
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return }
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (watchID, mask, length) = buffer.withUnsafeBytes { raw in
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            if mask & UInt32(IN_IGNORED) != 0, let gone = folders.withLock({ $0.removeValue(forKey: watchID) }) {
                // The folder went (deleted, moved away): watched again if it comes back.
                _ = watched.withLock { $0.remove(gone) }
            } else if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, length > 0,
               let folder = folder(of: watchID) {
                let name = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                if name.first != UInt8(ascii: ".") { watch(folder + "/" + String(decoding: name, as: UTF8.self)) }
            }
            offset += header + length
        }
        #endif
    }

    #if os(Linux)
    private let folders = Locked<[Int32: String]>([:])

    private func folder(of watch: Int32) -> String? {
        folders.withLock { $0[watch] }
    }

    /// Watches `folder` and the folders below it (links to folders are not followed).
    private func watch(_ folder: String) {
        guard watched.withLock({ $0.insert(folder).inserted }) else { return }
        let events = IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
            | IN_DELETE_SELF | IN_MOVE_SELF
        let watchID = inotify_add_watch(descriptor, folder, UInt32(events) | UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW))
        guard watchID >= 0 else { return }
        folders.withLock { $0[watchID] = folder }
        for (name, type) in DirectoryEntry.visible(in: folder) {
            var isFolder = type == UInt8(DT_DIR)
            if type == UInt8(DT_UNKNOWN) {
                var status = stat()
                isFolder = lstat(folder + "/" + name, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            }
            if isFolder { watch(folder + "/" + name) }
        }
    }
    #endif
}
