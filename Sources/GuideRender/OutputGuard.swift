import Foundation
import GuideModel

/// A build replaces its output folder whole, so the output must be a site folder:
/// never the content, the templates, the working folder or anything holding them,
/// and never an existing non-empty folder that is not a site built before.
public enum OutputGuard {
    public static func check(output: String, keeping protected: [String]) throws {
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
        let entries = (try? fm.contentsOfDirectory(atPath: out)) ?? []
        if !entries.isEmpty && !entries.contains("index.html") {
            throw GuideError("refusing to replace '\(output)': it is not empty and holds no site (no index.html)", file: output)
        }
    }

    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
