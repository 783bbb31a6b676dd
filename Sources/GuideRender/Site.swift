/// The rendered site in memory: path relative to the site root → file contents.
///
/// Rendering is pure; writing it to disk is `SiteWriter`'s job.
public struct Site: Sendable {
    public var files: [String: [UInt8]]
    /// Files this build did not read: the output folder already holds them, written by an
    /// earlier build from the same inputs and untouched since (path → tag, see `WriteManifest`).
    /// Only `guide build` keeps files (its renderer is given the `WrittenSite`); the writer
    /// hard-links them into the new site.
    public var kept: [String: String] = [:]
    /// Tags of files in `files` named by what they were made from (pages of the page store),
    /// so that the writer need not hash them.
    public var tags: [String: String] = [:]

    public init(files: [String: [UInt8]] = [:]) {
        self.files = files
    }

    public mutating func add(_ path: String, text: String) {
        files[path] = Array(text.utf8)
    }

    mutating func add(_ path: String, _ page: PageFile) {
        switch page {
        case let .bytes(bytes, tag):
            files[path] = bytes
            tags[path] = tag
        case let .kept(tag):
            kept[path] = tag
        }
    }

    /// Paths in a stable order, so writing is deterministic too.
    public var paths: [String] { (Array(files.keys) + Array(kept.keys)).sorted() }

    /// Every file's path, whether held in memory or kept from the output folder.
    public var fileCount: Int { files.count + kept.count }
}

/// A page as the renderer hands it over: its bytes, or the tag of the file the output
/// folder already holds for it (`Site.kept`).
enum PageFile {
    case bytes([UInt8], tag: String?)
    case kept(tag: String)
}
