import Foundation
import GuideModel

/// The one rule for every file guide reads, copies or lets clang read from a folder it was
/// given (the content folder, the templates folder, the cache folder): the file's path, with
/// every link on the way resolved (`realpath`: the file itself and any folder above it), must
/// stay inside the folder, itself resolved the same way. What leaves it is refused with an
/// error naming the path as the user wrote it, before a byte of it is read.
public struct ConfinedFolder: Hashable, Sendable {
    /// The folder as given.
    public let path: String
    /// The folder with its links resolved.
    public let resolved: String
    /// How messages name the folder ("the content folder").
    public let role: String

    public init(_ path: String, role: String) {
        self.path = path
        self.resolved = Self.realPath(path)
        self.role = role
    }

    /// True when `file` (a path inside `path`, existing or not), links resolved, lies inside.
    public func contains(_ file: String) -> Bool {
        let real = Self.realPath(file)
        return real == resolved || real.hasPrefix(resolved.hasSuffix("/") ? resolved : resolved + "/")
    }

    /// `contains` for one of many files: `folders` holds the real paths of the folders resolved
    /// so far (a file that is no link is its folder's real path and its name: one `lstat`, not
    /// a `readlink` for every folder above it, for each of a large book's thousands of chapters).
    /// `plainFile`: the caller's `lstat` found a file that is no link (asked once, not again).
    public func contains(_ file: String, folders: inout [String: String], plainFile: Bool = false) -> Bool {
        let real = Self.realPath(file, folders: &folders, plainFile: plainFile)
        return real == resolved || real.hasPrefix(resolved.hasSuffix("/") ? resolved : resolved + "/")
    }

    /// Throws, naming `display`, when `file` leads outside the folder.
    public func check(_ file: String, display: String, line: Int? = nil) throws {
        var folders: [String: String] = [:]
        try check(file, display: display, line: line, folders: &folders)
    }

    /// `check`, with the folders resolved so far (`contains(_:folders:)`).
    public func check(_ file: String, display: String, line: Int? = nil, folders: inout [String: String],
                      plainFile: Bool = false) throws {
        guard contains(file, folders: &folders, plainFile: plainFile) else {
            throw GuideError("refused: a link on this path leads outside \(role); guide reads nothing outside it",
                             file: display, line: line)
        }
    }

    /// `realPath` of a file that is no link, through its folder's real path (kept in `folders`).
    static func realPath(_ path: String, folders: inout [String: String], plainFile: Bool = false) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        guard let slash = absolute.lastIndex(of: "/") else { return realPath(path) }
        let name = absolute[absolute.index(after: slash)...]
        var status = stat()
        guard !name.isEmpty, name != ".", name != "..",
              plainFile || (lstat(absolute, &status) == 0 && status.st_mode & S_IFMT != S_IFLNK) else { return realPath(absolute) }
        let parent = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
        let folder: String
        if let known = folders[parent] {
            folder = known
        } else {
            folder = realPath(parent)
            folders[parent] = folder
        }
        return (folder == "/" ? "" : folder) + "/" + name
    }

    /// `realpath` for a path that exists; for one that does not, its nearest existing folder
    /// resolved and the rest appended (so a link on the way still counts).
    public static func realPath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        if let real = realpath(absolute, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        var head = absolute, tail: [Substring] = []
        while let slash = head.lastIndex(of: "/"), slash != head.startIndex {
            tail.insert(head[head.index(after: slash)...], at: 0)
            head = String(head[..<slash])
            if let real = realpath(head, nil) {
                defer { free(real) }
                let joined = ([String(cString: real)] + tail.map(String.init)).joined(separator: "/")
                return URL(fileURLWithPath: joined).standardizedFileURL.path
            }
        }
        return URL(fileURLWithPath: absolute).standardizedFileURL.path
    }
}
