import Foundation

/// guide's own folders (the site it writes, the templates it reads as its theme, its cache)
/// where a book's folder may hold them: a book built where it is kept has its `site/` and
/// `templates/` beside its chapters. They are never content: not a shared asset, not an
/// edition's file, not watched by `guide serve` (the previous site published inside the next,
/// `site/site/…`, and a build writing `site/` would set off the next rebuild).
public struct OwnFolders: Sendable, Equatable {
    /// As the command line gives them (relative to the working folder, or absolute).
    public var paths: [String]

    public init(_ paths: [String] = []) {
        self.paths = paths
    }

    /// Those inside `folder`, as paths relative to it (`site`, `book/site`). Compared as written
    /// (the folder standardized) and by real path (links resolved, as `ConfinedFolder` does):
    /// a walk that enters no linked folder reaches a folder below `folder` by either.
    public func relative(to folder: String) -> Set<String> {
        var found = Set<String>()
        let forms: [(String) -> String] = [Self.standardized, Self.resolved]
        for form in forms {
            let base = form(folder)
            let prefix = base == "/" ? "/" : base + "/"
            for path in paths {
                let own = form(path)
                if own.hasPrefix(prefix), own.count > prefix.count { found.insert(String(own.dropFirst(prefix.count))) }
            }
        }
        return found
    }

    static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Links resolved; a folder not made yet (the first build's site) by its parent's real path.
    static func resolved(_ path: String) -> String {
        let full = standardized(path)
        if let real = realPath(full) { return real }
        let parent = (full as NSString).deletingLastPathComponent, name = (full as NSString).lastPathComponent
        guard let realParent = realPath(parent) else { return full }
        return realParent == "/" ? "/" + name : realParent + "/" + name
    }

    private static func realPath(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
