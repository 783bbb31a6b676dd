/// The rendered site in memory: path relative to the site root → file contents.
///
/// Rendering is pure; writing it to disk is `SiteWriter`'s job.
public struct Site: Sendable {
    public var files: [String: [UInt8]]

    public init(files: [String: [UInt8]] = [:]) {
        self.files = files
    }

    public mutating func add(_ path: String, text: String) {
        files[path] = Array(text.utf8)
    }

    /// Paths in a stable order, so writing is deterministic too.
    public var paths: [String] { files.keys.sorted() }
}
