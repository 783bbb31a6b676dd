/// The commit that last changed a line, as `git blame` tells it: what a pair's staleness is
/// decided from when the book is kept in git (`StaleFromHistory`).
public struct LineOrigin: Hashable, Sendable {
    /// The commit's id, 40 hex digits; all zeros for a line changed since the last commit.
    public var commit: String
    /// When it was committed, in seconds since 1970 (a line not committed yet: when it was read).
    public var time: Int64
    /// The file's path in that commit, from the repository's top (it may have been renamed since).
    public var path: String

    public init(commit: String, time: Int64, path: String) {
        self.commit = commit
        self.time = time
        self.path = path
    }

    /// Whether the line is as some commit left it (not changed since the last one).
    public var isCommitted: Bool { commit.contains { $0 != "0" } }

    /// The short id a message shows (`a1b2c3d`), or "uncommitted".
    public var shortCommit: String { isCommitted ? String(commit.prefix(7)) : "uncommitted" }
}
