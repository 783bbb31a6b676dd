import GuideModel

/// Reads `git blame --porcelain`: for each line of the file as it is, the commit that last
/// changed it. The format is git's documented machine-readable one: a header line
/// `<commit> <original line> <final line> [<lines in group>]`, the commit's fields the first time
/// it appears (`committer-time`, `filename`, …), then the line itself after a tab.
public enum BlamePorcelain {
    /// The origins by final line (index 0: line 1), or nil when `output` is not blame's.
    public static func origins(_ output: String) -> [LineOrigin]? {
        var times: [Substring: Int64] = [:]
        var paths: [Substring: Substring] = [:]
        var byLine: [Int: LineOrigin] = [:]
        var commit: Substring?, finalLine = 0
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.first == "\t" {
                guard let current = commit, let time = times[current], let path = paths[current] else { return nil }
                byLine[finalLine] = LineOrigin(commit: String(current), time: time, path: String(path))
                commit = nil
                continue
            }
            let fields = line.split(separator: " ", maxSplits: 1)
            guard let key = fields.first else { continue }
            if commit == nil {
                // A header: the commit and where the line is.
                let parts = line.split(separator: " ")
                guard parts.count >= 3, key.count == 40, key.allSatisfy(\.isHexDigit),
                      let final = Int(parts[2]), final > 0 else { return nil }
                commit = key
                finalLine = final
            } else if key == "committer-time", fields.count == 2, let time = Int64(fields[1]) {
                times[commit!] = time
            } else if key == "filename", fields.count == 2 {
                paths[commit!] = fields[1]
            }
        }
        guard commit == nil else { return nil }
        let count = byLine.keys.max() ?? 0
        var origins: [LineOrigin] = []
        origins.reserveCapacity(count)
        for line in 1...max(count, 1) where count > 0 {
            guard let origin = byLine[line] else { return nil }
            origins.append(origin)
        }
        return origins
    }
}
