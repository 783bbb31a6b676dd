import Foundation
import GuideFiles
import GuideModel

/// Paths written in content are untrusted: they must stay inside the content folder.
public enum ContentPath {
    /// Refuses absolute paths, `..` that climbs out, and schemes, for a path relative to a language folder.
    public static func validate(_ path: String, displayPath: String, line: Int?) throws {
        if path.hasPrefix("/") || path.hasPrefix("\\") || LinkTarget.isExternal(path) {
            throw GuideError("'\(path)' is not a relative path inside the content folder", file: displayPath, line: line)
        }
        var depth = 0
        for component in path.split(separator: "/") {
            if component == ".." { depth -= 1 } else if component != "." { depth += 1 }
            if depth < 0 {
                throw GuideError("'\(path)' leaves the content folder", file: displayPath, line: line)
            }
        }
    }

    /// True when `path`, with symlinks resolved, lies inside `root` (see `ConfinedFolder`).
    public static func isInside(_ path: String, root: String) -> Bool {
        ConfinedFolder(root, role: "the content folder").contains(path)
    }
}
