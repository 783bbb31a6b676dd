import Foundation
import GuideModel

/// The files `split`, `merge` and `export` write, so that nothing of a user's is lost: every refusal
/// comes before any file is written, and each file is written whole or not at all.
public enum OutputFiles {
    public struct Output: Sendable {
        public var path: String
        /// How the user named it (`--en`, `-o`), for messages.
        public var option: String

        public init(path: String, option: String) {
            self.path = path
            self.option = option
        }
    }

    /// Refuses an output that is one of the inputs, two outputs that are one file, a folder,
    /// a file in a missing folder, and an existing file unless `force`. Files are compared by
    /// device and inode, so a symlink or a hard link to an input, or `./x` for `x`, is caught.
    /// `protected`: the folders of the book (content, templates, cache), inside which no output
    /// may be, `force` or not (`refuseInside`).
    public static func check(_ outputs: [Output], inputs: [(path: String, what: String)], protected: [ConfinedFolder] = [],
                             force: Bool) throws {
        try refuseInside(outputs, protected)
        // Each input asked once: a book's export names every chapter against every catalog.
        var inputOf: [PathIdentity: (path: String, what: String)] = [:]
        for input in inputs {
            if let identity = PathIdentity(input.path), inputOf[identity] == nil { inputOf[identity] = input }
        }
        var outputOf: [PathIdentity: Output] = [:]
        for output in outputs {
            guard let identity = PathIdentity(output.path) else {
                let folder = URL(fileURLWithPath: output.path).deletingLastPathComponent().path
                throw GuideError("cannot write the file: the folder '\(folder)' does not exist", file: output.path)
            }
            if identity.isFolder { throw GuideError("\(output.option) names a folder, not a file", file: output.path) }
            if let input = inputOf[identity] {
                throw GuideError("\(output.option) names \(input.what) ('\(input.path)'); refusing to write over an input",
                                 file: output.path)
            }
            if let other = outputOf[identity] {
                throw GuideError("\(other.option) and \(output.option) name the same file ('\(other.path)' and '\(output.path)')",
                                 file: output.path)
            }
            outputOf[identity] = output
            var status = stat()
            if !force, lstat(output.path, &status) == 0 {
                throw GuideError("the file exists; refusing to write over it (--force replaces it)", file: output.path)
            }
        }
    }

    /// Refuses an output inside one of `folders`, its path resolved with its links (`ConfinedFolder`:
    /// the file itself, and the folders on the way, existing or not), so that neither a link nor
    /// `--force` lets a command write over a chapter, `guide.yml`, a template or the cache.
    /// Asked before anything is written, the folders an export makes included.
    public static func refuseInside(_ outputs: [Output], _ folders: [ConfinedFolder]) throws {
        for output in outputs {
            guard let folder = folders.first(where: { $0.contains(output.path) }) else { continue }
            throw GuideError("\(output.option) leads inside \(folder.role) ('\(folder.path)'), which guide reads; refusing to "
                             + "write there, even with --force: choose a path outside it", file: output.path)
        }
    }

    /// Writes each text to a temporary file beside its path, then renames them all into place.
    /// A file that is replaced keeps its mode and owner (or nothing is written, saying why); a
    /// symlink is written through, to the file it leads to, which must stay inside `inside`
    /// when given (the content folder). `read` holds, per path, the bytes guide read from it:
    /// a file that no longer holds them changed on disk since, and is not written over.
    public static func write(_ files: [(path: String, text: String)], read: [String: [UInt8]] = [:],
                      inside: ConfinedFolder? = nil) throws {
        try write(bytes: files.map { ($0.path, Array($0.text.utf8)) }, read: read, inside: inside)
    }

    /// `write(_:read:inside:)` for files that are bytes, not text (the built-in theme's, as compiled in).
    public static func write(bytes files: [(path: String, bytes: [UInt8])], read: [String: [UInt8]] = [:],
                             inside: ConfinedFolder? = nil) throws {
        var staged: [(temporary: String, final: String, shown: String)] = []
        defer { for file in staged { unlink(file.temporary) } }
        for (path, bytes) in files {
            try inside?.check(path, display: path)
            let final = realpath(path) ?? path
            staged.append((try stage(bytes, beside: final, shown: path), final, path))
        }
        // Asked last, just before the renames: what the user saved meanwhile is never lost.
        for file in staged {
            guard let before = read[file.shown] else { continue }
            if FileBytes.read(file.final).map({ $0 != before }) ?? true {
                throw GuideError("the file changed on disk after guide read it; nothing written (run the command again)",
                                 file: file.shown)
            }
        }
        for file in staged where rename(file.temporary, file.final) != 0 {
            throw GuideError("cannot write the file: \(String(cString: strerror(errno)))", file: file.shown)
        }
        staged = []
    }

    private static func stage(_ contents: [UInt8], beside final: String, shown: String) throws -> String {
        let url = URL(fileURLWithPath: final)
        let prefix = "." + url.lastPathComponent + ".guide-tmp-"
        removeLeftovers(in: url.deletingLastPathComponent().path, prefix: prefix)
        let temporary = url.deletingLastPathComponent().path + "/" + prefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        // 0666 less the umask, as for any new file.
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw GuideError("cannot write the file: \(String(cString: strerror(errno)))", file: shown) }
        defer { close(fd) }
        var failure: Int32 = 0
        var bytes = contents
        bytes.withUnsafeMutableBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { failure = errno; return }
                written += count
            }
        }
        var old = stat()
        if failure == 0, stat(final, &old) == 0 {
            // Owner first: changing it may clear set-id bits that the mode then restores. A file
            // that would change hands (another user's, rewritten by this one) is left as it is.
            var mine = stat()
            if fchown(fd, old.st_uid, old.st_gid) != 0, fstat(fd, &mine) == 0,
               mine.st_uid != old.st_uid || (mine.st_gid != old.st_gid && fchown(fd, uid_t.max, old.st_gid) != 0) {
                unlink(temporary)
                throw GuideError("cannot keep the file's owner (user \(old.st_uid), group \(old.st_gid)) in a rewritten "
                                 + "copy; nothing written (run as its owner)", file: shown)
            }
            if fchmod(fd, old.st_mode & 0o7777) != 0 { failure = errno }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw GuideError("cannot write the file: \(String(cString: strerror(failure)))", file: shown)
        }
        return temporary
    }

    /// Removes what a killed run left of its staged copies of one file (`prefix` + the run's
    /// process id + a random number): only those whose process is gone, never a running one's.
    static func removeLeftovers(in folder: String, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid != getpid() else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { unlink(folder + "/" + name) }
        }
    }

    private static func realpath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// What a path names on disk: a file's device and inode, or for a file not there yet, its
/// folder's and its name.
public struct PathIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
    var name: String?
    var isFolder = false

    public init?(_ path: String) {
        var status = stat()
        if stat(path, &status) == 0 {
            (device, inode, name) = (UInt64(status.st_dev), UInt64(status.st_ino), nil)
            isFolder = status.st_mode & S_IFMT == S_IFDIR
            return
        }
        let url = URL(fileURLWithPath: path)
        guard stat(url.deletingLastPathComponent().path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        (device, inode, name) = (UInt64(status.st_dev), UInt64(status.st_ino), url.lastPathComponent)
    }
}
