/// The translations a translator has accepted: per chapter, the hashes of each
/// translated pair's English and Chinese blocks when `guide review --accept` ran.
///
/// Stored in `content/<translation>.accepted` (e.g. `content/zh.accepted`) as one line per pair, sorted, so diffs are
/// readable and the same review always writes the same file:
///
///     # chapter  english-hash  chinese-hash  excerpt
///     inter-object-communication.md 5f1c…e0 9a07…c1  Blocks are the Objective-C version…
///
/// A pair whose Chinese is listed with another English hash is **stale**: the English
/// changed after the translation was accepted, and the Chinese did not.
public struct AcceptLedger: Hashable, Sendable {
    public struct Entry: Hashable, Sendable, Comparable {
        public var chapter: String
        public var sourceHash: String
        public var targetHash: String
        public var excerpt: String

        public init(chapter: String, sourceHash: String, targetHash: String, excerpt: String = "") {
            self.chapter = chapter
            self.sourceHash = sourceHash
            self.targetHash = targetHash
            self.excerpt = excerpt
        }

        public static func < (a: Entry, b: Entry) -> Bool {
            (a.chapter, a.sourceHash, a.targetHash, a.excerpt) < (b.chapter, b.sourceHash, b.targetHash, b.excerpt)
        }
    }

    public var entries: Set<Entry>

    public init(entries: Set<Entry> = []) {
        self.entries = entries
    }

    public enum Verdict: Sendable, Equatable {
        case accepted
        /// The Chinese was accepted against an English text that has changed since.
        case stale
        case notAccepted
    }

    public func verdict(chapter: String, sourceHash: String, targetHash: String) -> Verdict {
        var chineseSeen = false
        for entry in entries where entry.chapter == chapter && entry.targetHash == targetHash {
            if entry.sourceHash == sourceHash { return .accepted }
            chineseSeen = true
        }
        return chineseSeen ? .stale : .notAccepted
    }

    /// The ledger with one chapter's entries replaced (what `--accept` does per chapter).
    public func replacing(chapter: String, with new: [Entry]) -> AcceptLedger {
        AcceptLedger(entries: entries.filter { $0.chapter != chapter }.union(new))
    }

    // MARK: file format

    public static let header = """
        # Accepted translations, written by `guide review --accept`. Do not edit by hand.
        # chapter  english-hash  chinese-hash  excerpt of the English
        """

    public func serialized() -> String {
        var out = Self.header + "\n"
        for entry in entries.sorted() {
            out += "\(entry.chapter) \(entry.sourceHash) \(entry.targetHash)"
            if !entry.excerpt.isEmpty { out += "  \(entry.excerpt)" }
            out += "\n"
        }
        return out
    }

    public struct FormatError: Error, Equatable, Sendable {
        public var line: Int
        public var message: String
    }

    public static func parse(_ text: String) throws(FormatError) -> AcceptLedger {
        var entries = Set<Entry>()
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = trimmed(raw)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
            guard fields.count >= 3, fields[1].count == 16, fields[2].count == 16,
                  isHex(fields[1]), isHex(fields[2]) else {
                throw FormatError(line: index + 1, message: "expected 'chapter english-hash chinese-hash', found '\(line)'")
            }
            entries.insert(Entry(chapter: String(fields[0]), sourceHash: String(fields[1]), targetHash: String(fields[2]),
                                 excerpt: fields.count > 3 ? trimmed(fields[3]) : ""))
        }
        return AcceptLedger(entries: entries)
    }

    private static func isHex(_ text: Substring) -> Bool {
        text.allSatisfy { $0.isHexDigit }
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
