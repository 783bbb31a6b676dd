import Foundation
import GuideModel

/// What the system says of a file without reading it: device, inode, size, and modification
/// and change times to the nanosecond. The same identity a moment later means the same bytes,
/// unless two writes fell within one tick of the file system's clock (git's "racy" files): a
/// file is trusted by its identity only once it is `settled`.
public struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: timespec
    var changed: timespec

    /// The identity of the file `path` leads to; nil when there is none.
    public init?(_ path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The identity `fstat`, `stat` or (for a file that is no link) `lstat` gave.
    public init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = status.st_mtim
        changed = status.st_ctim
    }

    /// The same file (device and inode), whatever was written to it since.
    func sameFile(as other: FileIdentity) -> Bool {
        device == other.device && inode == other.inode
    }

    /// The same file, nothing written to it since (its size and modification time; a rename
    /// changes only the change time).
    func sameWrites(as other: FileIdentity) -> Bool {
        sameFile(as: other) && size == other.size && modified.tv_sec == other.modified.tv_sec
            && modified.tv_nsec == other.modified.tv_nsec
    }

    /// Both times a second old or more: a later write would show in them.
    public var isSettled: Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return max(modified.tv_sec, changed.tv_sec) + 1 < now.tv_sec
    }

    public func hash(into digest: Digest) {
        for number in [Int64(bitPattern: device), Int64(bitPattern: inode), size, Int64(modified.tv_sec), Int64(modified.tv_nsec),
                       Int64(changed.tv_sec), Int64(changed.tv_nsec)] {
            withUnsafeBytes(of: number.littleEndian) { digest.update($0) }
        }
    }

    public static func == (left: FileIdentity, right: FileIdentity) -> Bool {
        left.device == right.device && left.inode == right.inode && left.size == right.size
            && left.modified.tv_sec == right.modified.tv_sec && left.modified.tv_nsec == right.modified.tv_nsec
            && left.changed.tv_sec == right.changed.tv_sec && left.changed.tv_nsec == right.changed.tv_nsec
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(inode)
        hasher.combine(modified.tv_nsec)
    }
}
