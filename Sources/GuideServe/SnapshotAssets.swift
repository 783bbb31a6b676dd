import Foundation
import GuideFiles
import GuideModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a build's assets (the content files copied into the site), read as the build is
/// made: `guide serve` answers an asset's URL from them, never from the content folder at request
/// time. Read by path at each request, an asset swapped while serving for a link to a file
/// outside the book was answered with that file's bytes, although the rebuild refused the link.
///
/// Each file is opened once, and what was opened is checked: a regular file whose path, as the
/// system names the open file, lies inside the content folder. A swap after the build checked the
/// path can only make this rebuild fail (the last good build is served on).
struct SnapshotAssets: Sendable {
    private struct Held: Sendable {
        let source: String
        let identity: FileIdentity
        let bytes: Data
    }

    private var files: [String: Held] = [:]

    init() {}

    subscript(path: String) -> Data? { files[path]?.bytes }

    /// The files of `assets` (site path → file in `content`), a file `previous` holds from the same
    /// path and unchanged since (`FileIdentity`) kept without being read again.
    static func read(_ assets: [String: String], inside content: ConfinedFolder,
                     keeping previous: SnapshotAssets) throws -> SnapshotAssets {
        var read = SnapshotAssets()
        for (path, source) in assets {
            // Not blocking: a FIFO in the book would hold the rebuild until something wrote to it.
            let descriptor = open(source, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw GuideError("cannot read this asset: \(String(cString: strerror(errno)))", file: source)
            }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                throw GuideError("refused: an asset must be a regular file", file: source)
            }
            guard let opened = openedPath(descriptor), isInside(opened, content) else {
                throw GuideError("refused: a link on this path leads outside \(content.role); guide reads nothing outside it",
                                 file: source)
            }
            let identity = FileIdentity(status)
            if let kept = previous.files[path], kept.source == source, kept.identity == identity {
                read.files[path] = kept
                continue
            }
            let bytes = try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readToEnd() ?? Data()
            read.files[path] = Held(source: source, identity: identity, bytes: bytes)
        }
        return read
    }

    /// The path of the file `descriptor` has open, its links resolved (the system's own name for
    /// it, whatever path was opened); nil where the system does not say.
    private static func openedPath(_ descriptor: Int32) -> String? {
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

    /// By the strings alone: `path` is already real, and resolving it again would read the
    /// folders as they are now, not as they were when the file was opened.
    private static func isInside(_ path: String, _ folder: ConfinedFolder) -> Bool {
        path.hasPrefix(folder.resolved.hasSuffix("/") ? folder.resolved : folder.resolved + "/")
    }
}
