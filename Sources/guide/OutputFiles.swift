import Foundation
import GuideModel

/// The files `split` and `merge` write, so that nothing of a user's is lost: every refusal
/// comes before any file is written, and each file is written whole or not at all.
enum OutputFiles {
    struct Output {
        var path: String
        /// How the user named it (`--en`, `-o`), for messages.
        var option: String
    }

    /// Refuses an output that is one of the inputs, two outputs that are one file, a folder,
    /// a file in a missing folder, and an existing file unless `force`. Files are compared by
    /// device and inode, so a symlink or a hard link to an input, or `./x` for `x`, is caught.
    static func check(_ outputs: [Output], inputs: [(path: String, what: String)], force: Bool) throws {
        for (index, output) in outputs.enumerated() {
            guard let identity = FileIdentity(output.path) else {
                let folder = URL(fileURLWithPath: output.path).deletingLastPathComponent().path
                throw GuideError("cannot write the file: the folder '\(folder)' does not exist", file: output.path)
            }
            if identity.isFolder { throw GuideError("\(output.option) names a folder, not a file", file: output.path) }
            for input in inputs where FileIdentity(input.path) == identity {
                throw GuideError("\(output.option) names \(input.what) ('\(input.path)'); refusing to write over an input",
                                 file: output.path)
            }
            for other in outputs[..<index] where FileIdentity(other.path) == identity {
                throw GuideError("\(other.option) and \(output.option) name the same file ('\(other.path)' and '\(output.path)')",
                                 file: output.path)
            }
            var status = stat()
            if !force, lstat(output.path, &status) == 0 {
                throw GuideError("the file exists; refusing to write over it (--force replaces it)", file: output.path)
            }
        }
    }

    /// Writes each text to a temporary file beside its path, then renames them all into place.
    /// A file that is replaced keeps its mode, and its owner where the user may set it; a
    /// symlink is written through, to the file it leads to.
    static func write(_ files: [(path: String, text: String)]) throws {
        var staged: [(temporary: String, final: String, shown: String)] = []
        defer { for file in staged { unlink(file.temporary) } }
        for (path, text) in files {
            let final = realpath(path) ?? path
            staged.append((try stage(text, beside: final, shown: path), final, path))
        }
        for file in staged where rename(file.temporary, file.final) != 0 {
            throw GuideError("cannot write the file: \(String(cString: strerror(errno)))", file: file.shown)
        }
        staged = []
    }

    private static func stage(_ text: String, beside final: String, shown: String) throws -> String {
        let url = URL(fileURLWithPath: final)
        let temporary = url.deletingLastPathComponent().path + "/." + url.lastPathComponent
            + ".guide-tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        // 0666 less the umask, as for any new file.
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw GuideError("cannot write the file: \(String(cString: strerror(errno)))", file: shown) }
        defer { close(fd) }
        var failure: Int32 = 0
        var bytes = Array(text.utf8)
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
            // Owner first: changing it may clear set-id bits that the mode then restores.
            if fchown(fd, old.st_uid, old.st_gid) != 0 { _ = fchown(fd, uid_t.max, old.st_gid) }
            if fchmod(fd, old.st_mode & 0o7777) != 0 { failure = errno }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw GuideError("cannot write the file: \(String(cString: strerror(failure)))", file: shown)
        }
        return temporary
    }

    private static func realpath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// What a path names on disk: a file's device and inode, or for a file not there yet, its
/// folder's and its name.
struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64
    var name: String?
    var isFolder = false

    init?(_ path: String) {
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
