import Foundation
import GuideFiles
import GuideModel
import GuideRender

/// A folder beside the output where pages too large to hold in memory are written while the
/// site is rendered; the writer moves them into the new site (`Site.spooled`). Named after the
/// build's process, like the writer's staging folder, so that the folder of a killed build
/// is removed by the next (`SiteWriter.removeLeftovers`).
public final class PageSpool: PageSpill {
    public let folder: String
    /// How many pages it holds, and whether its folder was made.
    private let state = Locked((count: 0, made: false))

    /// The spool of a build writing `output`.
    public init(output: String) {
        let url = URL(fileURLWithPath: output).standardizedFileURL
        folder = url.deletingLastPathComponent().path + "/" + Self.prefix(of: url.lastPathComponent)
            + String(ProcessInfo.processInfo.processIdentifier)
    }

    /// The start of the spool folders' names for an output folder called `name`.
    public static func prefix(of name: String) -> String { ".\(name).guide-spool-" }

    /// A new, empty file of the spool, open for writing.
    public func create() throws -> (path: String, descriptor: Int32) {
        try state.withLock { state throws -> (path: String, descriptor: Int32) in
            if !state.made {
                guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { throw POSIXWriteError(path: folder, code: errno) }
                state.made = true
            }
            state.count += 1
            let path = folder + "/page-\(state.count)"
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw POSIXWriteError(path: path, code: errno) }
            return (path, descriptor)
        }
    }

    /// Removes the folder and what is left in it (the writer moved the pages it took).
    public func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
