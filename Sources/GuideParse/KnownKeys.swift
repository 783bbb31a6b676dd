import GuideModel
import Yams

/// Every key of a YAML file guide reads must be one it knows: a typo (`sourc: en`) is an
/// error at its `file:line:col` naming the nearest known key, not a default used in silence.
enum KnownKeys {
    /// `known`: dotted paths of the keys (`check.timeout`); `free`: mappings whose keys are the
    /// user's own (`title`: language codes).
    static func check(_ text: String, known: Set<String>, free: Set<String>, displayPath: String) throws {
        guard let root = try? Yams.compose(yaml: text) else { return }   // syntax errors are reported by the reader
        try check(root, path: "", known: known, free: free, displayPath: displayPath)
    }

    private static func check(_ node: Node, path: String, known: Set<String>, free: Set<String>,
                              displayPath: String) throws {
        guard let mapping = node.mapping, !free.contains(path) else { return }
        let prefix = path.isEmpty ? "" : path + "."
        let siblings: [String] = known.compactMap { key in
            guard key.hasPrefix(prefix) else { return nil }
            let rest = key.dropFirst(prefix.count)
            return rest.contains(".") ? nil : String(rest)
        }
        for (key, value) in mapping {
            let name = key.string ?? ""
            let full = path.isEmpty ? name : path + "." + name
            guard known.contains(full) else {
                throw unknown(key, named: full, siblings: siblings, displayPath: displayPath)
            }
            try check(value, path: full, known: known, free: free, displayPath: displayPath)
        }
    }

    /// Where the value of the key at `path` is written (`output.fallback`: its line and column),
    /// or just the file when it cannot be found.
    static func valueLocation(_ text: String, path: [String], displayPath: String) -> SourceLocation {
        var node = try? Yams.compose(yaml: text)
        for key in path { node = node?.mapping?[Node(key)] }
        return SourceLocation(file: displayPath, line: node?.mark?.line, column: node?.mark?.column)
    }

    /// The error for a key that is not one of `siblings`, at its line and column, with the
    /// nearest of them ("did you mean 'source'?") or, when none is near, all of them.
    static func unknown(_ key: Node, named full: String, siblings: [String], displayPath: String) -> GuideError {
        let hint = nearest(to: key.string ?? "", in: siblings).map { "; did you mean '\($0)'?" }
            ?? " (known here: \(siblings.sorted().joined(separator: ", ")))"
        return GuideError("unknown key '\(full)'\(hint)", at: SourceLocation(
            file: displayPath, line: key.mark?.line, column: key.mark?.column))
    }

    /// The known key closest to `name`, when it is close enough to be what was meant.
    static func nearest(to name: String, in keys: [String]) -> String? {
        var best: (key: String, edits: Int)?
        for key in keys.sorted() {
            let edits = distance(key, name)
            if edits <= max(2, name.count / 3), best.map({ edits < $0.edits }) ?? true { best = (key, edits) }
        }
        return best?.key
    }

    /// Edits (insert, delete, replace, swap two neighbours) from `a` to `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}
