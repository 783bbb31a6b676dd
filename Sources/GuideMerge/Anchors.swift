/// Sure pairs that fix where the alignment must pass: identical code blocks
/// (and identical raw HTML or images), which a translation copies verbatim.
///
/// Candidates pair the k-th occurrence of a literal in the source with its
/// (k−2)…(k+2)-th occurrence in the target, so a repeated snippet or a chapter
/// repeated many times stays cheap; the longest chain of candidates increasing
/// on both sides is kept. Anchors only steer the search band: the dynamic
/// programme still decides every bead, so a wrong anchor cannot force a pair.
enum Anchors {
    struct Pair: Hashable, Sendable {
        var source: Int
        var target: Int
    }

    static let rankSlack = 2

    static func find(_ source: [BlockSignature], _ target: [BlockSignature]) -> [Pair] {
        func occurrences(_ blocks: [BlockSignature]) -> [Int: [Int]] {
            var found: [Int: [Int]] = [:]
            for index in blocks.indices {
                if let key = anchorKey(blocks[index]) { found[key, default: []].append(index) }
            }
            return found
        }
        let sourceOccurrences = occurrences(source)
        let targetOccurrences = occurrences(target)
        var candidates: [Pair] = []
        for (key, sourceIndexes) in sourceOccurrences {
            guard let targetIndexes = targetOccurrences[key] else { continue }
            for (rank, sourceIndex) in sourceIndexes.enumerated() {
                let low = max(0, rank - rankSlack), high = min(targetIndexes.count - 1, rank + rankSlack)
                guard low <= high else { continue }
                for targetIndex in targetIndexes[low...high] {
                    candidates.append(Pair(source: sourceIndex, target: targetIndex))
                }
            }
        }
        return longestIncreasingChain(candidates)
    }

    /// Code and raw HTML by their literal; an image by its target.
    static func anchorKey(_ block: BlockSignature) -> Int? {
        switch block.shape {
        case .code, .html: return block.codeLiteral
        case .image: return block.keeps.count == 1 ? -1 - block.keeps[0] : nil
        default: return nil
        }
    }

    /// The longest subsequence strictly increasing in both source and target (patience sorting, O(k log k)).
    static func longestIncreasingChain(_ pairs: [Pair]) -> [Pair] {
        // Sorting by source ascending and target descending stops two pairs of one source index chaining.
        let sorted = pairs.sorted { $0.source != $1.source ? $0.source < $1.source : $0.target > $1.target }
        var tails: [Int] = []          // index into `sorted` of the smallest tail of each chain length
        var previous = [Int](repeating: -1, count: sorted.count)
        for (index, pair) in sorted.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[tails[middle]].target < pair.target { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var chain: [Pair] = []
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            chain.append(sorted[cursor])
            cursor = previous[cursor]
        }
        return chain.reversed()
    }
}
