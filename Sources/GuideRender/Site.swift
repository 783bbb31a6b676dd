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
    /// Pages too large to hold in memory: path → their file in the build's `PageSpool`, which
    /// the writer moves into the new site (their tags, when they have one, are in `tags`).
    public var spooled: [String: String] = [:]

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
        case let .spooled(file, tag):
            spooled[path] = file
            tags[path] = tag
        }
    }

    /// Paths in a stable order, so writing is deterministic too.
    public var paths: [String] { (Array(files.keys) + Array(kept.keys) + Array(spooled.keys)).sorted() }

    /// Every file's path, whether held in memory, spooled or kept from the output folder.
    public var fileCount: Int { files.count + kept.count + spooled.count }
}

/// A page as the renderer hands it over: its bytes, or the tag of the file the output
/// folder already holds for it (`Site.kept`).
enum PageFile {
    case bytes([UInt8], tag: String?)
    case kept(tag: String)
    /// Written to the build's spool as it was rendered (`PageSink`).
    case spooled(String, tag: String?)

    init(_ body: PageSink.Body, tag: String?) {
        switch body {
        case .memory(let bytes): self = .bytes(bytes, tag: tag)
        case .spooled(let file): self = .spooled(file, tag: tag)
        }
    }
}
