import Foundation
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

    /// True when `path`, with symlinks resolved, lies inside `root`.
    public static func isInside(_ path: String, root: String) -> Bool {
        isInside(path, resolvedRoot: resolved(root))
    }

    /// The same test against a root already passed through `resolved` (a loader checks
    /// every chapter and asset against one root).
    static func isInside(_ path: String, resolvedRoot: String) -> Bool {
        let resolved = resolved(path)
        return resolved == resolvedRoot || resolved.hasPrefix(resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/")
    }

    /// The absolute path with symlinks resolved: `realpath` for a path that exists (Foundation's
    /// resolution cost a visible share of loading a large book), Foundation's for one that does not.
    static func resolved(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }
}
