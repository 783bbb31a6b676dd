import Foundation
import GuideModel

/// A build replaces its output folder whole, so the output must be a site folder:
/// never the content, the templates, the working folder or anything holding them, and
/// never an existing non-empty folder guide did not write (it carries `mark`), unless
/// the user says so (`guide build --force`).
public enum OutputGuard {
    /// The file every site guide writes holds at its top: what says the folder is guide's to replace.
    public static let mark = ".guide-site"
    public static let markText = "This folder is written by guide (guide build), which replaces it whole.\n"

    public static func check(output: String, keeping protected: [String], force: Bool = false) throws {
        let out = canonical(output)
        for folder in protected + [FileManager.default.currentDirectoryPath] {
            let kept = canonical(folder)
            if kept == out || kept.hasPrefix(out == "/" ? "/" : out + "/") {
                throw GuideError("refusing to replace '\(output)': it holds \(folder)", file: output)
            }
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

    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
