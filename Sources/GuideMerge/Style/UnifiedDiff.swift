/// A unified diff of two versions of a file that have the same number of lines (what
/// `fix-spacing` produces: it edits within lines, never adds or removes one).
public enum UnifiedDiff {
    public static func make(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        guard a.count == b.count else { return wholeFile(a, b, oldName: oldName, newName: newName) }
        let changed = a.indices.filter { a[$0] != b[$0] }
        guard !changed.isEmpty else { return "" }
        var out = "--- \(oldName)\n+++ \(newName)\n"
        var groups: [[Int]] = []
        for index in changed {
            if let last = groups.last?.last, index - last <= 2 * context { groups[groups.count - 1].append(index) } else { groups.append([index]) }
        }
        for group in groups {
            let start = max(0, group.first! - context), end = min(a.count, group.last! + context + 1)
            out += "@@ -\(start + 1),\(end - start) +\(start + 1),\(end - start) @@\n"
            var i = start
            while i < end {
                if a[i] == b[i] { out += " \(a[i])\n"; i += 1; continue }
                var run = i
                while run < end, a[run] != b[run] { run += 1 }
                for k in i..<run { out += "-\(a[k])\n" }
                for k in i..<run { out += "+\(b[k])\n" }
                i = run
            }
        }
        return out
    }

    static func lines(_ text: String) -> [String] {
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    static func wholeFile(_ a: [String], _ b: [String], oldName: String, newName: String) -> String {
        "--- \(oldName)\n+++ \(newName)\n@@ -1,\(a.count) +1,\(b.count) @@\n"
            + a.map { "-\($0)\n" }.joined() + b.map { "+\($0)\n" }.joined()
    }
}
