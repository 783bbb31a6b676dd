/// The rendered site in memory: path relative to the site root → file contents.
///
/// Rendering is pure; writing it to disk is `SiteWriter`'s job.
public struct Site: Sendable {
    public var files: [String: [UInt8]]
    /// Files this build did not read: the output folder already holds them, written by an
    /// earlier build from the same inputs and untouched since (path → tag, see `WriteManifest`).
    /// Only `guide build` keeps files (its page memo knows the published site); the writer
    /// hard-links them into the new site.
    public var kept: [String: String] = [:]
    /// Tags of files in `files` named by what they were made from (pages of the page memo),
    /// so that the writer need not hash them.
    public var tags: [String: String] = [:]
    /// Pages too large to hold in memory: path → their file in the build's spool (`PageSpill`), which
    /// the writer moves into the new site (their tags, when they have one, are in `tags`).
    public var spooled: [String: String] = [:]
    /// Pages held as pieces (the dashboard: its frame and a section per chapter, each as the
    /// cache holds it), written one after another and joined only when served: the dashboard of
    /// a large book is tens of megabytes, which joining copied into fresh memory every rebuild.
    public var pieced: [String: [[UInt8]]] = [:]

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
        case let .pieces(parts, tag):
            pieced[path] = parts
            tags[path] = tag
        }
    }

    /// A file held in memory, whole or in pieces; nil for one kept or spooled.
    public func bytes(at path: String) -> [UInt8]? {
        files[path] ?? pieced[path].map { Array($0.joined()) }
    }

    /// Every file held in memory, the pieced ones joined.
    public var wholeFiles: [String: [UInt8]] {
        files.merging(pieced.mapValues { Array($0.joined()) }) { whole, _ in whole }
    }

    /// Paths in a stable order, so writing is deterministic too.
    public var paths: [String] { (Array(files.keys) + Array(kept.keys) + Array(spooled.keys) + Array(pieced.keys)).sorted() }

    /// Every file's path, whether held in memory, spooled or kept from the output folder.
    public var fileCount: Int { files.count + kept.count + spooled.count + pieced.count }
}

/// A page as the renderer hands it over: its bytes, or the tag of the file the output
/// folder already holds for it (`Site.kept`).
public enum PageFile: Sendable {
    case bytes([UInt8], tag: String?)
    case kept(tag: String)
    /// Written to the build's spool as it was rendered (`PageSink`).
    case spooled(String, tag: String?)
    /// Its bytes in pieces, in order (`Site.pieced`).
    case pieces([[UInt8]], tag: String?)

    public init(_ body: PageSink.Body, tag: String?) {
        switch body {
        case .memory(let pieces): self = pieces.count == 1 ? .bytes(pieces[0], tag: tag) : .pieces(pieces, tag: tag)
        case .spooled(let file): self = .spooled(file, tag: tag)
        }
    }
}
