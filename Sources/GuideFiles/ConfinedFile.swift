import Foundation
import GuideModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file of a confined folder opened once and used through what was opened: the open file is
/// checked (a regular file whose path, as the system names the open file, lies inside the
/// folder), and its bytes are read or copied from that descriptor. Checking a path and then
/// opening it again would leave a gap for a file swapped for a link while guide runs.
public enum ConfinedFile {
    /// An open descriptor of `path` (the caller closes it), refused with an error naming
    /// `display` unless it is a regular file inside `folder`. Opened without blocking: a FIFO
    /// in the book would hold the run until something wrote to it.
    public static func descriptor(of path: String, inside folder: ConfinedFolder, display: String) throws -> Int32 {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw GuideError("cannot read the file", file: display)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw GuideError("cannot read the file", file: display)   // a FIFO, a device, a folder
        }
        guard let opened = openedPath(descriptor), folder.holds(realPath: opened) else {
            close(descriptor)
            throw GuideError("refused: a link on this path leads outside \(folder.role); guide reads nothing outside it",
                             file: display)
        }
        return descriptor
    }

    /// Copies `path`, opened as `descriptor(of:)` does, into a new file `destination` (never through a link
    /// there, never into a file that is there).
    public static func copy(_ path: String, inside folder: ConfinedFolder, display: String, to destination: String) throws {
        let descriptor = try Self.descriptor(of: path, inside: folder, display: display)
        defer { close(descriptor) }
        guard let bytes = FileBytes.read(descriptor: descriptor) else { throw GuideError("cannot read the file", file: display) }
        let out = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard out >= 0, FileBytes.write([bytes], into: out) else {
            throw GuideError("cannot write \(destination) (\(String(cString: strerror(errno))))", file: display)
        }
    }

    /// The path of the file `descriptor` has open, its links resolved (the system's own name for
    /// it, whatever path was opened); nil where the system does not say.
    static func openedPath(_ descriptor: Int32) -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #elseif canImport(Darwin)
        var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
        guard fcntl(descriptor, F_GETPATH, &buffer) == 0 else { return nil }
        return String(cString: buffer)
        #else
        return nil
        #endif
    }
}

extension ConfinedFolder {
    /// By the strings alone: `path` is already real (the system's name of an open file), and
    /// resolving it again would read the folders as they are now, not as they were when opened.
    public func holds(realPath path: String) -> Bool {
        path.hasPrefix(resolved.hasSuffix("/") ? resolved : resolved + "/")
    }
}
