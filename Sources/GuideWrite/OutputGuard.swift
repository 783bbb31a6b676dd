import Foundation
import GuideModel
import GuideRender

/// A build replaces its output folder whole, so the output must be a site folder:
/// never the content, the templates, the working folder or anything holding them, and
/// never an existing non-empty folder guide did not write (it carries `mark`), unless
/// the user says so (`guide build --force`).
public enum OutputGuard {
    /// The file every site guide writes holds at its top: what says the folder is guide's to replace.
    public static let mark = ".guide-site"
    public static let markText = "This folder is written by guide (guide build), which replaces it whole.\n"

    /// `protected`: the folders a build reads whole (templates, cache), which the output may
    /// neither hold nor lie inside (a build would replace them, or read its own site as input).
    /// `around`: the content folder and the editions' folders, which the output may lie inside
    /// (the listing skips it: `Workspace.ownFolders`) but never be nor hold.
    public static func check(output: String, keeping protected: [String], around: [String] = [], force: Bool = false) throws {
        let out = canonical(output)
        for folder in protected + around + [FileManager.default.currentDirectoryPath] {
            let kept = canonical(folder)
            if kept == out || kept.hasPrefix(out == "/" ? "/" : out + "/") {
                throw GuideError("refusing to replace '\(output)': it holds \(folder)", file: output)
            }
        }
        for folder in protected where isInside(out, canonical(folder)) {
            throw GuideError("the output folder '\(output)' is inside '\(folder)', which the build reads: "
                             + "choose an output folder outside it", file: output)
        }
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: out, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw GuideError("the output exists and is not a folder", file: output)
        }
        let entries = ((try? fm.contentsOfDirectory(atPath: out)) ?? []).sorted()
        guard !force, !entries.isEmpty, !entries.contains(mark) else { return }
        let shown = entries.prefix(3).joined(separator: ", ") + (entries.count > 3 ? ", … (\(entries.count) entries)" : "")
        throw GuideError("refusing to replace '\(output)': guide did not write this folder (it holds \(shown) "
                         + "and no \(mark)); choose another output folder, empty it, or pass --force to replace it whole (a site an older guide built: once)",
                         file: output)
    }

    static func isInside(_ path: String, _ folder: String) -> Bool {
        path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// Folders `guide serve` watches (content, templates) may not hold the cache it writes:
    /// every build would set off the next. A hidden folder is never watched (`FolderWatcher`),
    /// so a book built where it is kept has its `.guide-cache/` inside the watched folder.
    public static func checkWatched(_ watched: [String], cache: String) throws {
        let cached = canonical(cache)
        for folder in watched where canonical(folder) == cached || isInside(cached, canonical(folder)) {
            let below = cached.dropFirst(canonical(folder).count).split(separator: "/")
            if below.contains(where: { $0.hasPrefix(".") }) { continue }
            throw GuideError("the cache folder '\(cache)' is inside '\(folder)', which is watched: "
                             + "every build would start the next", file: folder)
        }
    }

    public static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
