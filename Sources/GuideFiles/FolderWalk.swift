import Foundation

/// The regular files below a folder, by `readdir` and its entry types, in name order: hidden
/// names (`.git`) never entered, links never followed (a linked folder or file is no entry of
/// the book's own), at most `limit` files and `depth` folders down.
public enum FolderWalk {
    public static func files(in root: String, skipping skipped: (_ name: String) -> Bool = { _ in false },
                             limit: Int = .max, depth maxDepth: Int = 64) -> [String] {
        var found: [String] = []
        func walk(_ within: String, depth: Int) {
            guard depth <= maxDepth, found.count < limit else { return }
            let full = within.isEmpty ? root : root + "/" + within
            for (name, type) in DirectoryEntry.visible(in: full).sorted(by: { $0.name < $1.name }) where !skipped(name) {
                let path = within.isEmpty ? name : within + "/" + name
                if type == UInt8(DT_DIR) {
                    walk(path, depth: depth + 1)
                } else if type == UInt8(DT_REG), found.count < limit {
                    found.append(path)
                }
            }
        }
        walk("", depth: 0)
        return found
    }
}
