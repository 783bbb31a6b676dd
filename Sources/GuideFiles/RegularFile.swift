import Foundation
import GuideModel

/// A file a user names that guide reads whole (the review's bilingual dictionary): a regular
/// file only, and no larger than a bound. A FIFO named there made guide wait for a writer
/// forever, and a device such as `/dev/zero` grew its buffer until memory ran out.
public enum RegularFile {
    /// The bytes of the regular file `path` leads to; an error naming `display` (as `what`,
    /// "the dictionary") when it is anything else, larger than `limit`, or cannot be read.
    /// `kind`: what guide reads, in the error (`what` unless given: "text files").
    /// `inside`: the folder it must lie in, asked of the file as opened (`ConfinedFile`), so that a
    /// link swapped in after the caller's check is refused.
    public static func read(_ path: String, display: String, what: String, kind: String? = nil, limit: Int,
                            inside folder: ConfinedFolder? = nil) throws -> [UInt8] {
        let kind = kind ?? what
        // Asked before opening, so that a device is never opened; asked again of the open file.
        var status = stat()
        if stat(path, &status) == 0 { try require(status, display: display, what: what, kind: kind, limit: limit) }
        // O_NONBLOCK: opening a FIFO (swapped in after the `stat`) does not wait for a writer;
        // a regular file reads as ever. O_NOCTTY: a terminal never becomes guide's.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw GuideError("cannot read \(what): \(String(cString: strerror(errno)))", file: display) }
        defer { close(fd) }
        guard fstat(fd, &status) == 0 else { throw GuideError("cannot read \(what): \(String(cString: strerror(errno)))", file: display) }
        try require(status, display: display, what: what, kind: kind, limit: limit)
        if let folder, !(ConfinedFile.openedPath(fd).map(folder.holds(realPath:)) ?? false) {
            throw GuideError("refused: a link on this path leads outside \(folder.role); guide reads nothing outside it",
                             file: display)
        }
        guard let bytes = FileBytes.read(descriptor: fd, expected: Int(status.st_size), limit: limit) else {
            throw GuideError("cannot read \(what) (a read failed, or it grew past \(megabytes(limit)) while read)", file: display)
        }
        return bytes
    }

    private static func require(_ status: stat, display: String, what: String, kind: String, limit: Int) throws {
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw GuideError("\(what) is \(fileType(status.st_mode)), not a regular file: guide reads \(kind) only from regular files",
                             file: display)
        }
        guard Int(status.st_size) <= limit else {
            throw GuideError("\(what) is \(megabytes(Int(status.st_size))); guide reads \(kind) up to \(megabytes(limit))",
                             file: display)
        }
    }

    private static func fileType(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        default: "not a file"
        }
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : String(format: "%.1f MiB", Double(bytes) / Double(1 << 20))
    }
}
