import GuideModel

/// Which pairs are stale by the book's own history: a pair whose English changed in a commit
/// newer than the newest change of its Chinese, and changed in its words (a paragraph reflowed,
/// re-indented or given other list markers is the same English). Pure: the history comes in as
/// each line's `LineOrigin` and the English as it was when the Chinese last changed.
public enum StaleFromHistory {
    /// Why a pair is stale: the newest change of its English and of its Chinese, and what the
    /// English says now that it did not then.
    public struct Evidence: Hashable, Sendable {
        public var english: LineOrigin
        public var chinese: LineOrigin
        /// The English since the translation, word by word; nil when its earlier text is unknown.
        public var diff: WordDiff?
        /// The markdown the changed English blocks had then (by block index in the English
        /// chapter; a block new since has none): PO export's previous `#| msgid`.
        public var earlier: [Int: String]

        public init(english: LineOrigin, chinese: LineOrigin, diff: WordDiff?, earlier: [Int: String] = [:]) {
            self.english = english
            self.chinese = chinese
            self.diff = diff
            self.earlier = earlier
        }
    }

    /// A pair whose English changed after its Chinese last did; its words still to be compared.
    public struct Candidate: Hashable, Sendable {
        public var bead: Int
        public var english: LineOrigin
        public var chinese: LineOrigin
        /// The pair's English blocks changed after the Chinese.
        public var changedBlocks: [Int]
    }

    /// The newest origin of each block's lines (`ChapterFacts.blockLines`; nil: none of its lines has one).
    public static func newest(_ blocks: [LineRange], origin: (Int) -> LineOrigin?) -> [LineOrigin?] {
        blocks.map { lines in
            var newest: LineOrigin?
            for line in lines.start...max(lines.start, lines.end) {
                guard let found = origin(line) else { continue }
                if newest.map({ isNewer(found, than: $0) }) ?? true { newest = found }
            }
            return newest
        }
    }

    /// Whether `a` is a later change than `b`: a later time, or not committed while `b` is.
    /// One commit, or two of the same second, are the same moment: the translation kept up.
    public static func isNewer(_ a: LineOrigin, than b: LineOrigin) -> Bool {
        if a.commit == b.commit { return false }
        if a.isCommitted != b.isCommitted { return !a.isCommitted }
        return a.time > b.time
    }

    /// The pairs with both sides whose English changed after their Chinese; `counts`: whether an
    /// English change is one the question is about (`--since`: made after a given commit).
    public static func candidates(_ beads: [Bead], source: [LineOrigin?], target: [LineOrigin?],
                                  counts: (LineOrigin) -> Bool = { _ in true }) -> [Candidate] {
        beads.enumerated().compactMap { index, bead in
            guard !bead.source.isEmpty, !bead.target.isEmpty else { return nil }
            let chinese = bead.target.compactMap { $0 < target.count ? target[$0] : nil }
                .reduce(nil as LineOrigin?) { newest, origin in newest.map { isNewer(origin, than: $0) ? origin : $0 } ?? origin }
            guard let chinese else { return nil }
            var changed: [Int] = [], newestEnglish: LineOrigin?
            for block in bead.source where block < source.count {
                guard let english = source[block], isNewer(english, than: chinese), counts(english) else { continue }
                changed.append(block)
                if newestEnglish.map({ isNewer(english, than: $0) }) ?? true { newestEnglish = english }
            }
            guard let newestEnglish else { return nil }
            return Candidate(bead: index, english: newestEnglish, chinese: chinese, changedBlocks: changed)
        }
    }

    /// The words `block` says now that the closest block of the English as it was (`earlier`)
    /// did not; nil when it says the same words (a reflow). A block with no close counterpart
    /// then is new since: every word added.
    public static func change(of block: Block, among earlier: [Block]) -> WordDiff? {
        closest(to: block, among: earlier).diff
    }

    /// `change(of:among:)`, with the index in `earlier` of the block it compared with (nil: none
    /// close enough, the block is new since).
    public static func closest(to block: Block, among earlier: [Block]) -> (diff: WordDiff?, earlier: Int?) {
        let now = words(block), nowList = WordDiff.words(now), nowWords = Set(nowList)
        // The closest by the words shared (cheap, over every block), then one diff against it.
        var best: (shared: Double, text: String, index: Int)?
        for (index, old) in earlier.enumerated() where sameKind(old.kind, block.kind) {
            let text = words(old), list = WordDiff.words(text)
            if list == nowList { return (nil, index) }   // the same words, wrapped or indented otherwise
            let oldWords = Set(list)
            let union = nowWords.union(oldWords).count
            let shared = union == 0 ? 1 : Double(nowWords.intersection(oldWords).count) / Double(union)
            if best.map({ shared > $0.shared }) ?? true { best = (shared, text, index) }
        }
        let close = (best?.shared ?? 0) >= 0.3 ? best : nil
        let diff = WordDiff(from: close?.text ?? "", to: now)
        return (diff.isEmpty ? nil : diff, close?.index)
    }

    /// What of a block a translation renders: its text, or a code block's code.
    static func words(_ block: Block) -> String {
        if let literal = block.codeLiteral { return literal }
        return block.text
    }

    static func sameKind(_ a: Block.Kind, _ b: Block.Kind) -> Bool {
        switch (a, b) {
        case (.heading, .heading), (.paragraph, .paragraph), (.list, .list), (.code, .code),
             (.blockQuote, .blockQuote), (.thematicBreak, .thematicBreak), (.html, .html): true
        default: a == b
        }
    }
}
