/// Relative file paths as text ("en/images/a.png"), split at "/".
///
/// Foundation's `NSString` path methods (`lastPathComponent`, `deletingLastPathComponent`)
/// crash on some one-character strings in the Foundation this builds with, and a content
/// folder may well hold a file or folder named `a`.
public enum PathText {
    /// "en/images/a.png" → "en/images"; "a.png" → "".
    /// The last part of a path: `a/b.md` → `b.md`.
    public static func name(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    public static func parent(_ path: String) -> String {
        // By bytes: a path's parts are bytes to the system (and `Character`s cost a writer of
        // thousands of pages tens of milliseconds).
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// "en/images/a.png" → "a.png"; "a" → "a".
    public static func lastComponent(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// Whether a path relative to a folder guide reads is hidden: a part of it (the file, or a
    /// folder on the way, such as `.git/`) starts with a dot. Hidden files are never read,
    /// copied into the site or watched.
    public static func isHidden(_ relativePath: String) -> Bool {
        relativePath.split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// A path as messages show it: without a leading "./" ("./.guide-cache" → ".guide-cache").
    public static func displayed(_ path: String) -> String {
        var shown = Substring(path)
        while shown.hasPrefix("./"), shown.count > 2 { shown = shown.dropFirst(2) }
        return String(shown)
    }
}
