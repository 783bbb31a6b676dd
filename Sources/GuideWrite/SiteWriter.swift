import Foundation
import GuideFiles
import GuideModel
import GuideRender

/// Writes a `Site` to disk so that the output folder is only ever complete.
///
/// Everything goes into a fresh temporary folder next to the output; only when all
/// files are written does the new folder take the output's name, in one exchange of the two
/// names (`FolderExchange`), and only then is the previous site removed. A failed or
/// interrupted build leaves the previous site as it was, plus at most a stray folder the
/// next build removes. The new folder carries `OutputGuard.mark`: guide replaces only
/// folders it wrote.
public struct SiteWriter {
    public var output: String
    /// Where the last write is described (`WriteManifest`), so that unchanged files are
    /// hard-linked from the current site instead of written again; nil writes every file.
    public var manifest: String?

    /// The output folder as the renderer saw it (`guide build`): its manifest, read once for
    /// both instead of again here.
    public var written: WrittenSite?

    public init(output: String, manifest: String? = nil, written: WrittenSite? = nil) {
        self.output = output
        self.manifest = manifest
        self.written = written
    }

    /// `assets` are copied from `folder` (the content folder), each checked on the file as
    /// opened and copied from that descriptor (`ConfinedFile`): a file swapped for a link after
    /// the book was read is refused, and no link is ever placed in the site.
    public func write(_ site: Site, assets: [(from: String, to: String)],
                      inside folder: ConfinedFolder = ConfinedFolder("/", role: "the file system")) throws {
        let fm = FileManager.default
        let outputURL = URL(fileURLWithPath: output).standardizedFileURL
        let parent = outputURL.deletingLastPathComponent()
        let name = outputURL.lastPathComponent
        let pid = ProcessInfo.processInfo.processIdentifier
        let retired = parent.appendingPathComponent(".\(name).guide-old-\(pid)")
        Self.removeLeftovers(of: name, in: parent)
        let previous = manifest.map { self.written?.manifest ?? WriteManifest(file: $0) }
        let (previousSite, keepAs, stale) = Self.previousSite(for: site, since: previous, beside: outputURL.path)
        let staging = previousSite.map { URL(fileURLWithPath: $0.path) } ?? parent.appendingPathComponent(".\(name).guide-tmp-\(pid)")
        let updating = previousSite != nil
        if !updating { try? fm.removeItem(at: staging) }
        var next = WriteManifest()
        let paths = site.paths, everything = paths + assets.map(\.to)
        do {
            if let previousSite {
                previousSite.prune(keeping: Set(everything))
                try Self.makeFolders(for: everything, in: staging.path, fresh: false)
            } else {
                try fm.createDirectory(at: staging, withIntermediateDirectories: true)
                // Before its folders are made: they go where nothing was just deleted (the previous site).
                FolderPlacement.spreadSubfolders(of: staging.path)
                try Self.write(Array(OutputGuard.markText.utf8), to: staging.path + "/" + OutputGuard.mark)
                try Self.makeFolders(for: everything, in: staging.path, fresh: true)
            }
            // Plain POSIX writes, both cores: Foundation's per-file calls cost seconds on a 4,000-page site.
            let root = staging.path, current = outputURL.path
            // A folder's files one after another, folders on both cores (two threads creating files
            // in one folder wait on its lock, and the kernel spins while they wait). The heaviest
            // first, so that none is left for one core at the end: a file to check or link weighs
            // about what 8 KB to write do.
            func weight(_ path: String) -> Int {
                let bytes: Int = site.pieced[path].map { $0.reduce(0) { $0 + $1.count } } ?? site.files[path]?.count ?? 0
                return 1 + bytes >> 13
            }
            let weighed: [(paths: [String], weight: Int)] = Dictionary(grouping: paths, by: PathText.parent).values.map { paths in
                (paths, paths.reduce(0) { $0 + weight($1) })
            }
            let folders = weighed.sorted { $0.weight > $1.weight || ($0.weight == $1.weight && $0.paths[0] < $1.paths[0]) }.map(\.paths)
            let written = try folders.concurrentMap { paths in
                // The folder's files are checked and linked through descriptors of the two folders:
                // the system walks one name a call, not every folder of the path.
                let folder = PathText.parent(paths[0])
                let from = FolderDescriptor(folder.isEmpty ? current : current + "/" + folder)
                let into = FolderDescriptor(folder.isEmpty ? root : root + "/" + folder)
                // In the previous site a name's file goes before another takes the name: it may be
                // the published site's too (one inode), which must not change.
                func clear(_ path: String) {
                    guard updating else { return }
                    if let into { unlinkat(into.descriptor, PathText.lastComponent(path), 0) } else { unlink(root + "/" + path) }
                }
                // The two folders on one device: a file of the same identity in both is one file.
                let oneDevice = updating && from.flatMap { from in into.map { PreviousSite.oneDevice(from.descriptor, $0.descriptor) } } == true
                /// The current site's file (`held` said it is `entry`) under its name in the new one.
                func linked(_ path: String, _ entry: WriteManifest.Entry) -> Bool {
                    guard let from, let into else {
                        clear(path)
                        return link(current + "/" + path, root + "/" + path) == 0
                    }
                    let name = PathText.lastComponent(path)
                    // Already there: the previous site has the current one's file under that name.
                    if oneDevice, FileIdentity(at: into.descriptor, name: name) == entry.identity { return true }
                    clear(path)
                    return linkat(from.descriptor, name, into.descriptor, name, 0) == 0
                }
                func write(_ parts: [[UInt8]], _ path: String) throws {
                    guard updating else { return try Self.write(parts, to: root + "/" + path) }
                    clear(path)
                    let done = into.map { FileBytes.writeNew(parts, in: $0.descriptor, name: PathText.lastComponent(path), mode: 0o644) }
                        ?? FileBytes.write(parts, to: root + "/" + path, mode: 0o644)
                    guard done else { throw POSIXWriteError(path: root + "/" + path, code: errno) }
                }
                func held(_ path: String, _ tag: String) -> WriteManifest.Entry? {
                    guard let from else { return previous?.held(path, tag: tag, in: current) }
                    return previous?.held(path, tag: tag, at: from.descriptor, name: PathText.lastComponent(path))
                }
                return try paths.map { path -> (String, WriteManifest.Entry?) in
                    let target = root + "/" + path
                    if let tag = site.kept[path] {
                        // The renderer saw this file in the current site, written from the same inputs
                        // (still so: asked again just before); linked, or copied where the file system
                        // has no hard links.
                        let changed = GuideError("\(path) changed in the site folder while the site was built; build again",
                                                 file: current + "/" + path)
                        guard let held = held(path, tag) else { throw changed }
                        if linked(path, held) { return (path, held) }
                        guard let bytes = FileManager.default.contents(atPath: current + "/" + path) else { throw changed }
                        try write([[UInt8](bytes)], path)
                        return (path, FileIdentity(path: target).map { WriteManifest.Entry(tag: tag, identity: $0) })
                    }
                    if let file = site.spooled[path] {
                        // Beside the output like the staging folder, so on the same file system: moved, not
                        // copied (a rename replaces a name, never the file it named). The old name is
                        // cleared first: ext4 writes a file renamed over another out to disk at once
                        // (`auto_da_alloc`), on the renaming thread.
                        clear(path)
                        if rename(file, target) != 0 {
                            guard errno == EXDEV, let bytes = FileBytes.read(file) else { throw POSIXWriteError(path: target, code: errno) }
                            try write([bytes], path)
                        }
                        guard previous != nil, let tag = site.tags[path] else { return (path, nil) }
                        return (path, FileIdentity(path: target).map { WriteManifest.Entry(tag: tag, identity: $0) })
                    }
                    let parts = site.pieced[path] ?? [site.files[path]!]
                    guard previous != nil else {
                        try write(parts, path)
                        return (path, nil)
                    }
                    let tag = site.tags[path] ?? Self.digest(parts)
                    // The same bytes as the file the last build wrote there, which nothing has touched since.
                    if let held = held(path, tag), linked(path, held) {
                        return (path, held)
                    }
                    try write(parts, path)
                    return (path, FileIdentity(path: target).map { WriteManifest.Entry(tag: tag, identity: $0) })
                }
            }.joined()
            if manifest != nil {
                for case let (path, entry?) in written { next.record(path, entry) }
            }
            for asset in assets.sorted(by: { $0.to < $1.to }) {
                let url = staging.appendingPathComponent(asset.to)
                if fm.fileExists(atPath: url.path) || updating { try? fm.removeItem(at: url) }
                try ConfinedFile.copy(asset.from, inside: folder, display: asset.from, to: url.path)
            }
        } catch {
            // A previous site half updated stays: the next build mends it.
            if !updating { try? fm.removeItem(at: staging) }
            _ = stale?.value
            if let error = error as? GuideError { throw error }
            throw GuideError("cannot write the site: \(error.localizedDescription)", file: output)
        }
        _ = stale?.value
        try swap(staging, into: outputURL, retired: retired, keepAs: keepAs)
        // Only now does the output hold what the manifest describes.
        if let manifest { FileBytes.replace(manifest, with: next.bytes) }
    }

    /// Where the write goes and what becomes of the site it replaces. With most files as the
    /// current site has them, that site is kept beside it (`keepAs`, `PreviousSite`), and a previous
    /// site kept there by the last build is updated into this one (`update`) instead of a new
    /// folder being made. Not when most files change (templates or guide changed): the two would
    /// share few files, and ext4 makes a file slowly where many were just removed
    /// (`FolderPlacement`). A previous site of no use is removed (`stale`, while this site is written).
    static func previousSite(for site: Site, since previous: WriteManifest?, beside output: String)
        -> (update: PreviousSite?, keepAs: String?, stale: InBackground<Bool>?) {
        guard let previous else { return (nil, nil, nil) }
        let mostlyKept = changes(site, since: previous) * 4 <= site.fileCount
        let keepAs = mostlyKept ? PreviousSite.path(beside: output) : nil
        guard let found = PreviousSite.claim(beside: output) else { return (nil, keepAs, nil) }
        if mostlyKept, FileManager.default.fileExists(atPath: output) { return (found, keepAs, nil) }
        return (nil, keepAs, InBackground { FolderRemoval.remove(found.path) })
    }

    /// About how many files of `site` are not those the manifest lists (without reading any):
    /// a kept page is, a tagged one is when its tag is the same, any other when it is listed.
    static func changes(_ site: Site, since manifest: WriteManifest) -> Int {
        var changed = 0
        for path in site.files.keys where site.tags[path].map({ manifest.entries[path]?.tag != $0 }) ?? (manifest.entries[path] == nil) {
            changed += 1
        }
        for path in Array(site.spooled.keys) + Array(site.pieced.keys) where site.tags[path] == nil || manifest.entries[path]?.tag != site.tags[path] {
            changed += 1
        }
        return changed
    }

    /// Every folder the files need, each made once (parents first). The top ones are made
    /// under a name of this build's own, then renamed: ext4 starts its search for a spread
    /// folder's block group at its name's hash (`FolderPlacement`), and would otherwise put
    /// `en/` where the last build's `en/` was just deleted.
    static func makeFolders(for paths: [String], in root: String, fresh: Bool = true) throws {
        var folders = Set<String>()
        for path in paths {
            var folder = PathText.parent(path)
            while !folder.isEmpty, folders.insert(folder).inserted {
                folder = PathText.parent(folder)
            }
        }
        let pid = getpid()
        for (number, folder) in folders.sorted().enumerated() {
            let full = root + "/" + folder
            // In a folder of before (a previous site, pruned), only the missing ones.
            guard !folder.contains("/"), fresh else {
                guard mkdir(full, 0o755) == 0 || errno == EEXIST else { throw POSIXWriteError(path: full, code: errno) }
                continue
            }
            let made = root + "/.guide-folder-\(pid)-\(number)"
            guard mkdir(made, 0o755) == 0 else { throw POSIXWriteError(path: made, code: errno) }
            guard rename(made, full) == 0 else { throw POSIXWriteError(path: full, code: errno) }
        }
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try write([bytes], to: path)
    }

    /// The parts one after another (a pieced page is not joined to be written).
    static func write(_ parts: [[UInt8]], to path: String) throws {
        guard FileBytes.write(parts, to: path, mode: 0o644) else { throw POSIXWriteError(path: path, code: errno) }
    }

    /// `Digest.hex` of the parts joined.
    static func digest(_ parts: [[UInt8]]) -> String {
        let hash = Digest()
        for part in parts { hash.update(part) }
        return HexText.of(hash.finalize())
    }

    private func swap(_ staging: URL, into outputURL: URL, retired: URL, keepAs previous: String?) throws {
        let fm = FileManager.default
        // One step where the system has it: the old site is then at the staging name.
        if fm.fileExists(atPath: outputURL.path), FolderExchange.exchange(staging.path, outputURL.path) {
            Self.keep(staging.path, as: previous)
            return
        }
        let hadOutput = fm.fileExists(atPath: outputURL.path)
        do {
            if hadOutput { try fm.moveItem(at: outputURL, to: retired) }
            try fm.moveItem(at: staging, to: outputURL)
        } catch {
            if hadOutput, !fm.fileExists(atPath: outputURL.path) { try? fm.moveItem(at: retired, to: outputURL) }
            try? fm.removeItem(at: staging)
            throw GuideError("cannot replace the site folder: \(error.localizedDescription)", file: output)
        }
        if hadOutput { Self.keep(retired.path, as: previous) }
    }

    /// The site just replaced, at `old`: kept as the previous site (`PreviousSite`) when it is
    /// guide's and that name is free (or is already its own), else removed.
    private static func keep(_ old: String, as previous: String?) {
        if old == previous { return }
        var status = stat()
        if let previous, lstat(old + "/" + OutputGuard.mark, &status) == 0, lstat(previous, &status) != 0, errno == ENOENT,
           rename(old, previous) == 0 {
            return
        }
        FolderRemoval.remove(old)
    }

    /// Staging, retired and spool folders of builds that were killed part-way (their process is
    /// gone). A retired folder is the previous site: when the kill came after it was moved
    /// aside and before the new one took its name, it is put back; the rest were never the site.
    /// The same for the output folder `output` (a build calls it first, before it reads the site).
    public static func removeLeftovers(of output: String) {
        let url = URL(fileURLWithPath: output).standardizedFileURL
        removeLeftovers(of: url.lastPathComponent, in: url.deletingLastPathComponent())
    }

    static func removeLeftovers(of name: String, in parent: URL) {
        let fm = FileManager.default
        let prefixes = [".\(name).guide-tmp-", ".\(name).guide-old-", PageSpool.prefix(of: name)]
        let output = parent.appendingPathComponent(name)
        for entry in ((try? fm.contentsOfDirectory(atPath: parent.path)) ?? []).sorted() {
            guard let prefix = prefixes.first(where: { entry.hasPrefix($0) }),
                  let pid = Int32(entry.dropFirst(prefix.count)), !isRunning(pid) else { continue }
            let leftover = parent.appendingPathComponent(entry)
            if prefix == prefixes[1], !fm.fileExists(atPath: output.path), (try? fm.moveItem(at: leftover, to: output)) != nil {
                continue
            }
            try? fm.removeItem(at: leftover)
        }
    }

    static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}

/// A failed system call while writing the site, with the file it was for.
/// An open folder, for calls that name a file in it (`linkat`, `fstatat`); closed when dropped.
final class FolderDescriptor: Sendable {
    let descriptor: Int32

    init?(_ path: String) {
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }
}
