import Foundation
import GuideModel

/// The cache's own folders and files are guide's: guide makes them, and none of them may be a
/// link. A repository can carry links (git stores them, `git add -f` passes `.gitignore`): a
/// `.guide-cache/check/pch` leading to `../../content` once made a check prune the book as if
/// it were stale cache entries. So before a run reads, writes or removes anything in the cache,
/// every entry guide would go through is looked at without following links, and a link (or a
/// file where a folder belongs) is refused, naming it and saying what to do.
public enum CacheFolders {
    /// The folders under the cache's root that guide makes (`CacheStage.folder` and their parents).
    static let folders: [String] = {
        var names: Set<String> = []
        for stage in CacheStage.allCases {
            guard var folder = stage.folder else { continue }
            while !folder.isEmpty {
                names.insert(folder)
                folder = PathText.parent(folder)
            }
        }
        return names.sorted()
    }()

    /// The files directly under the root that guide reads and writes: each stage's pack and its
    /// index, and the description of the output folder (`written`).
    static let files: [String] = CacheStage.allCases.flatMap { [$0.rawValue + ".pack", $0.rawValue + ".pack.index"] }
        + ["written"]

    /// Throws when the cache folder `root` (`display`: as messages name it), or a folder or file
    /// of guide's in it, is a link, or a folder of guide's is something else than a folder.
    /// What does not exist yet is fine: guide makes it.
    public static func check(_ root: String, display: String) throws {
        try checkEntry(root, display: display, isFolder: true)
        for folder in folders {
            try checkEntry(root + "/" + folder, display: display + "/" + folder, isFolder: true)
        }
        for file in files {
            try checkEntry(root + "/" + file, display: display + "/" + file, isFolder: false)
        }
    }

    /// True when `path` is a folder and no link (what `save` may list and prune).
    static func isOwnFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    private static func checkEntry(_ path: String, display: String, isFolder: Bool) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFLNK {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { " (to \($0))" } ?? ""
            throw GuideError("refused: a link on this path leads outside\(target): the cache's folders and files are "
                             + "guide's own, never links; remove it (guide makes it again)", file: display)
        }
        if isFolder, kind != S_IFDIR {
            throw GuideError("refused: this is where the cache keeps a folder of its own, and it is not a folder: "
                             + "remove it (guide makes it again)", file: display)
        }
    }
}
