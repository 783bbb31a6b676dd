import Foundation
import GuideFiles

/// The files of a book's folder as `guide init` looks at them: hidden folders, dependencies and
/// the site guide writes left out, links not followed, at most `limit` names.
public enum BookFolderListing {
    static let skipped: Set<String> = ["node_modules", "site", "build", "public", "vendor", "Pods", "target", "templates"]

    public static func files(in root: String, limit: Int = 50_000, depth maxDepth: Int = 8) -> [String] {
        var found: [String] = []
        func walk(_ within: String, depth: Int) {
            guard depth <= maxDepth, found.count < limit else { return }
            let full = within.isEmpty ? root : root + "/" + within
            guard let directory = opendir(full) else { return }
            var entries: [(String, UInt8)] = []
            while let entry = readdir(directory) { entries.append((DirectoryEntry.name(entry), entry.pointee.d_type)) }
            closedir(directory)
            for (name, type) in entries.sorted(by: { $0.0 < $1.0 }) where !name.hasPrefix(".") {
                let path = within.isEmpty ? name : within + "/" + name
                if type == UInt8(DT_DIR) {
                    if !skipped.contains(name) { walk(path, depth: depth + 1) }
                } else if type == UInt8(DT_REG), found.count < limit {
                    found.append(path)
                }
            }
        }
        walk("", depth: 0)
        return found
    }
}
