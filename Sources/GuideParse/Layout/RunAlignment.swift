import Foundation
import GuideModel

/// Which section of a translated README is which of the original's: a monotone alignment (as
/// the aligner pairs blocks, here on whole sections) scored by what a translation keeps as it
/// is — link targets, pictures, code, and the Latin words of headings (`API`, `Swift`) — and by
/// position, so that two sections with nothing of that kind still pair in order.
enum RunAlignment {
    static func pairs(_ source: [SingleFileBook.Run], _ target: [SingleFileBook.Run]) -> [(Int, Int)] {
        let n = source.count, m = target.count
        guard n > 0, m > 0 else { return [] }
        let a = source.map(features), b = target.map(features)
        func score(_ i: Int, _ j: Int) -> Double {
            // The introductions pair with each other only.
            if (source[i].heading == nil) != (target[j].heading == nil) { return -1 }
            let union = a[i].union(b[j]).count
            let shared = union == 0 ? 0 : Double(a[i].intersection(b[j]).count) / Double(union)
            let drift = abs(Double(i) / Double(max(n - 1, 1)) - Double(j) / Double(max(m - 1, 1)))
            return 0.6 * shared + 0.4 * max(0, 1 - 4 * drift)
        }
        // best[i][j]: the best total for the first i and j sections.
        var best = [[Double]](repeating: [Double](repeating: 0, count: m + 1), count: n + 1)
        var step = [[UInt8]](repeating: [UInt8](repeating: 0, count: m + 1), count: n + 1)   // 1 pair, 2 skip source, 3 skip target
        for i in 0...n {
            for j in 0...m where i > 0 || j > 0 {
                var value = -Double.infinity, move: UInt8 = 0
                if i > 0, j > 0 {
                    let s = score(i - 1, j - 1)
                    if s >= 0.2, best[i - 1][j - 1] + s > value { (value, move) = (best[i - 1][j - 1] + s, 1) }
                }
                if i > 0, best[i - 1][j] > value { (value, move) = (best[i - 1][j], 2) }
                if j > 0, best[i][j - 1] > value { (value, move) = (best[i][j - 1], 3) }
                (best[i][j], step[i][j]) = (value, move)
            }
        }
        var pairs: [(Int, Int)] = [], i = n, j = m
        while i > 0 || j > 0 {
            switch step[i][j] {
            case 1: pairs.append((i - 1, j - 1)); i -= 1; j -= 1
            case 2: i -= 1
            default: j -= 1
            }
        }
        return pairs.reversed()
    }

    /// What a translation keeps of a section: its link targets and pictures, its code's lines,
    /// and the Latin words (three letters or more) of its headings.
    static func features(_ run: SingleFileBook.Run) -> Set<String> {
        var found = Set<String>()
        func add(_ block: Block) {
            for url in block.inline.urls where !url.hasPrefix("#") { found.insert("u " + url) }
            for image in block.inline.images { found.insert("i " + image) }
            if let code = block.codeLiteral {
                for line in code.split(separator: "\n").prefix(20) where line.count > 8 { found.insert("c " + line.trimmingCharacters(in: .whitespaces)) }
            }
            if case .heading = block.kind {
                for word in block.text.split(whereSeparator: { !$0.isASCII || !($0.isLetter || $0.isNumber) }) where word.count >= 3 {
                    found.insert("w " + word.lowercased())
                }
            }
            for item in block.items { item.forEach(add) }
        }
        run.blocks.forEach(add)
        return found
    }
}
