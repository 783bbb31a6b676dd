/// How many findings a report that a person reads shows before it only counts the rest.
///
/// A chapter may have any number of findings (a paragraph of 10,000 broken links has 10,000):
/// printing them all buries the first ones under megabytes, and a page listing them all is
/// as large. Reports show the first ones of each chapter (or pair) and then say how many
/// more there are; `guide review --format json` still lists every one. No chapter of a real
/// book comes near these numbers (the book's most: 210 gaps in a chapter, 46 findings in a pair).
public enum ReportLimit {
    /// Findings shown per chapter file: link check, `guide review`, the dashboard.
    public static let perChapter = 1000
    /// Findings shown per pair of blocks on the side-by-side page.
    public static let perPair = 100

    /// The first `limit` of each run of items with the same key (items come grouped by key,
    /// e.g. sorted by file), and per key how many were left out, in order of first appearance.
    public static func firsts<Item, Key: Equatable>(_ items: [Item], limit: Int, key: (Item) -> Key)
        -> (shown: [Item], leftOut: [(key: Key, count: Int)]) {
        var shown: [Item] = []
        var leftOut: [(key: Key, count: Int)] = []
        var current: Key?
        var inRun = 0
        for item in items {
            let itemKey = key(item)
            if itemKey != current {
                current = itemKey
                inRun = 0
            }
            inRun += 1
            if inRun <= limit {
                shown.append(item)
            } else if let last = leftOut.last, last.key == itemKey {
                leftOut[leftOut.count - 1].count += 1
            } else {
                leftOut.append((itemKey, 1))
            }
        }
        return (shown, leftOut)
    }

    /// "1 more" or "12,345 more": counts a person reads, grouped by thousands.
    public static func more(_ count: Int) -> String {
        grouped(count) + " more"
    }

    /// "12,345": a count grouped by thousands.
    public static func grouped(_ count: Int) -> String {
        var digits = String(count)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return digits + grouped
    }
}
