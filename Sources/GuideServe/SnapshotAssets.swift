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
/// Each file is opened once and checked as opened (`ConfinedFile`): a swap after the build checked
/// the path can only make this rebuild fail (the last good build is served on).
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
            let descriptor = try ConfinedFile.descriptor(of: source, inside: content, display: source)
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw GuideError("cannot read the file", file: source) }
            let identity = FileIdentity(status)
            if let kept = previous.files[path], kept.source == source, kept.identity == identity {
                read.files[path] = kept
                continue
            }
            guard let bytes = FileBytes.read(descriptor: descriptor, expected: Int(status.st_size)) else {
                throw GuideError("cannot read the file", file: source)
            }
            read.files[path] = Held(source: source, identity: identity, bytes: Data(bytes))
        }
        return read
    }
}
