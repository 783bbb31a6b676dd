import Foundation

/// A group of a bead's sentences: `source` (English) sentences translated by `target` (Chinese)
/// ones. 1:1 is the common case; 1:0 is a sentence left untranslated, 0:1 a sentence the
/// translator added; 2:1, 1:2, 2:2, 1:3 and 3:1 are merges and splits.
public struct SentenceLink: Hashable, Sendable {
    /// Indexes into the bead's source sentences (consecutive; empty for 0:1).
    public var source: Range<Int>
    /// Indexes into the bead's target sentences (consecutive; empty for 1:0).
    public var target: Range<Int>
    /// What the aligner's score gave the group (lower is surer; see `SentenceAligner.cost`).
    public var cost: Double

    public init(source: Range<Int>, target: Range<Int>, cost: Double = 0) {
        self.source = source
        self.target = target
        self.cost = cost
    }
}

/// Aligns the sentences of one bead: a dynamic programme over groups (1:1, 1:0, 0:1, 2:1, 1:2,
/// 2:2, 1:3, 3:1) minimising the sum of group costs, each the sum of
/// - the group's prior (how often translators split, merge, drop or add sentences);
/// - Gale & Church's length cost (`LengthModel`);
/// - anchors: tokens found on both sides of the bead (words and numbers kept in the
///   Chinese, code spans, URLs, link targets) and glossary terms: a group earns each one
///   it holds on both sides and pays for each one it holds on one side only, both weighed by
///   how rare the anchor is in the bead;
/// - kept tokens (code, numbers, URLs) that the other side of the bead lacks altogether:
///   a sentence holding them pays for being paired (it was likely left out, or added);
/// - punctuation: both sides ending in a question mark (or a colon, or `!`) agree, one
///   question against a statement disagrees; in a merge or split, so does each question more
///   on one side than on the other beyond what the last marks said (a question joined to a
///   group whose Chinese asks none: its translation is likely what is missing).
/// A translator's note renders no English: a Chinese sentence that is one
/// (`Sentence.isTranslatorsNote`) is never paired, and a note inside a sentence is neither part
/// of its length nor of the words it renders (`Sentence.translatorsNotes`).
/// The search runs in a band around the diagonal as wide as the sides' slope plus a margin,
/// so its work grows linearly with the bead's sentences. Pure: values in, values out.
public struct SentenceAligner: Sendable {
    public var model: LengthModel
    public var weights: Weights
    /// A bilingual dictionary, when one is configured: a paired group then earns for each
    /// content word of its English sentences that its Chinese renders, and pays for each it does
    /// not (`wordFound`, `wordLost`); a sentence left alone neither earns nor pays.
    public var dictionary: SentenceDictionary?

    public struct Weights: Hashable, Sendable {
        /// −ln P of each shape, P from Gale & Church's counts, with more room for 1:2 (Chinese
        /// often splits a long English sentence); 1:3 and 3:1 as rare as 2:2.
        public var oneToOne = 0.12
        public var oneToNone = 5.3
        public var twoToOne = 2.9
        public var oneToTwo = 2.5
        public var twoToTwo = 4.6
        public var oneToThree = 4.6
        /// Per unit of anchor weight a group holds on both sides.
        public var anchorShared = 2.0
        /// Per unit of anchor weight a group holds on one side only.
        public var anchorAlone = 1.0
        /// Glossary terms count this much of an anchor (a term may be rendered loosely).
        public var term = 0.5
        /// Agreeing (or disagreeing) last marks.
        public var punctuation = 0.8
        /// Per kept token (code, number, URL) of a paired sentence that the other side lacks.
        public var lost = 3.0
        /// How much less a sentence wholly in brackets costs alone (an aside: a translator's note).
        public var aside = 3.0
        /// A group that joins sentences of two leaves of one side (two list items, two paragraphs).
        public var acrossLeaves = 1.5
        /// Band cells on each side of the diagonal, beyond the slope.
        public var margin = 5
        /// Per content word of a paired English sentence that the group's Chinese renders
        /// (`dictionary`), and per one it does not. In the book's pairs of one sentence a side,
        /// about two words in three with a rendering in CC-CEDICT are covered, and one in eleven
        /// against another sentence: about −ln of those odds.
        public var wordFound = 2.0
        public var wordLost = 0.9
        /// Beads with more sentence pairs than this are aligned without the dictionary (its
        /// table of which sentence covers which words grows with the product of the sides).
        public var lexicalCells = 4_096

        public init() {}
    }

    public init(model: LengthModel = .book, weights: Weights = Weights(), dictionary: SentenceDictionary? = nil) {
        self.model = model
        self.weights = weights
        self.dictionary = dictionary
    }

    static let shapes: [(source: Int, target: Int)] = [(1, 1), (1, 0), (0, 1), (2, 1), (1, 2), (2, 2), (1, 3), (3, 1)]

    public func align(_ source: [Sentence], _ target: [Sentence]) -> [SentenceLink] {
        let n = source.count, m = target.count
        if n == 0 || m == 0 {
            let scorer = Scorer(aligner: self, source: source, target: target)
            return (0..<n).map { SentenceLink(source: $0..<($0 + 1), target: 0..<0, cost: scorer.cost($0..<($0 + 1), 0..<0)) }
                + (0..<m).map { SentenceLink(source: 0..<0, target: $0..<($0 + 1), cost: scorer.cost(0..<0, $0..<($0 + 1))) }
        }
        let scorer = Scorer(aligner: self, source: source, target: target)
        // The band: row i holds columns lo[i]...hi[i], stored from offset[i].
        let slope = max(Double(m) / Double(n), Double(n) / Double(m))
        let half = Int(slope.rounded(.up)) + weights.margin
        var lo = [Int](repeating: 0, count: n + 1), hi = lo, offset = lo
        var cells = 0
        for i in 0...n {
            let center = Double(i) * Double(m) / Double(n)
            lo[i] = max(0, Int(center.rounded(.down)) - half)
            hi[i] = min(m, Int(center.rounded(.up)) + half)
            offset[i] = cells
            cells += hi[i] - lo[i] + 1
        }
        var best = [Double](repeating: .infinity, count: cells)
        var step = [UInt8](repeating: .max, count: cells)
        func index(_ i: Int, _ j: Int) -> Int? {
            guard i >= 0, i <= n, j >= lo[i], j <= hi[i] else { return nil }
            return offset[i] + j - lo[i]
        }
        best[0] = 0
        for i in 0...n {
            for j in lo[i]...hi[i] where i > 0 || j > 0 {
                let here = offset[i] + j - lo[i]
                for (shape, (a, b)) in Self.shapes.enumerated() {
                    guard let from = index(i - a, j - b), best[from] < .infinity else { continue }
                    let total = best[from] + scorer.cost((i - a)..<i, (j - b)..<j)
                    if total < best[here] {
                        best[here] = total
                        step[here] = UInt8(shape)
                    }
                }
            }
        }
        var links: [SentenceLink] = []
        var i = n, j = m
        while i > 0 || j > 0 {
            let shape = Self.shapes[Int(step[index(i, j)!])]
            let link = SentenceLink(source: (i - shape.source)..<i, target: (j - shape.target)..<j,
                                    cost: scorer.cost((i - shape.source)..<i, (j - shape.target)..<j))
            links.append(link)
            i -= shape.source
            j -= shape.target
        }
        return links.reversed()
    }

    /// The cost of one group (for a review that wants to weigh a pairing it already has).
    public func cost(_ source: [Sentence], _ target: [Sentence], group: SentenceLink) -> Double {
        Scorer(aligner: self, source: source, target: target).cost(group.source, group.target)
    }

    /// Tokens numbered in order of first sight.
    struct TokenNumbers {
        private var numbers: [SentenceToken: Int]

        init(capacity: Int) {
            numbers = Dictionary(minimumCapacity: capacity)
        }

        subscript(token: SentenceToken) -> Int? { numbers[token] }

        /// The token's number: on first sight the next one, `isTerm.count` (its entry appended).
        mutating func number(of token: SentenceToken, term: Bool, isTerm: inout [Bool]) -> Int {
            if let number = numbers[token] { return number }
            numbers[token] = isTerm.count
            isTerm.append(term)
            return isTerm.count - 1
        }
    }

    /// A bead's sentences, measured once: lengths, anchors by number, their weights.
    struct Scorer {
        let weights: Weights
        let model: LengthModel
        let sourceLength: [Double], targetLength: [Double]
        let sourceAnchors: [[Int]], targetAnchors: [[Int]]
        let anchorWeight: [Double]
        let sourceEnding: [SentenceFeatures.Ending], targetEnding: [SentenceFeatures.Ending]
        let sourceLeaf: [Int], targetLeaf: [Int]
        let sourceAside: [Bool], targetAside: [Bool]
        /// Per target sentence, whether it is a translator's note (`Sentence.isTranslatorsNote`):
        /// it renders no English, so it is never paired (a group holding it costs infinity).
        let targetNote: [Bool]
        /// Per sentence, its kept tokens that no sentence of the other side holds (at most 3).
        let sourceLost: [Int], targetLost: [Int]
        /// With a dictionary: the target count (0 without), which content words of source
        /// sentence i target sentence j covers (at i × width + j), and which words of each source
        /// sentence count (rendered by the dictionary, or kept by some target sentence).
        let lexicalWidth: Int
        let coverage: [UInt64]
        let known: [UInt64]
        /// Which words of source sentence i sentence i − 1 (`repeated`) and i − 2 (`repeatedTwo`)
        /// hold too: a word two sentences of a group share is rendered once, not twice.
        let repeated: [UInt64], repeatedTwo: [UInt64]

        init(aligner: SentenceAligner, source: [Sentence], target: [Sentence]) {
            weights = aligner.weights
            model = aligner.model
            sourceLength = source.map { aligner.model.length(latin: $0.features.latin, cjk: $0.features.cjk) }
            // A translator's note inside a sentence renders no English: it is no part of the
            // sentence's length, nor are its words read.
            let notes = target.map(\.translatorsNotes)
            targetLength = zip(target, notes).map { sentence, notes in
                aligner.model.length(latin: max(0, sentence.features.latin - (notes?.latin ?? 0)),
                                     cjk: max(0, sentence.features.cjk - (notes?.cjk ?? 0)))
            }
            sourceEnding = source.map(\.features.ending)
            targetEnding = target.map(\.features.ending)
            sourceLeaf = source.map(\.leaf)
            sourceAside = source.map(\.features.isAside)
            targetAside = target.map(\.features.isAside)
            targetLeaf = target.map(\.leaf)
            // (A note is a sentence that holds one: only those are asked.)
            targetNote = zip(target, notes).map { sentence, notes in notes != nil && sentence.isTranslatorsNote }
            // Anchors: what both sides of the bead hold somewhere, numbered; terms are tokens of their own.
            // (In straight loops: local functions that capture the table made every access a
            // checked one, and a bead's sentences were copied to count their tokens.)
            let capacity = source.reduce(0) { $0 + $1.features.tokens.count + $1.features.terms.count }
                + target.reduce(0) { $0 + $1.features.tokens.count + $1.features.terms.count }
            var numbers = TokenNumbers(capacity: capacity)
            var isTerm: [Bool] = []
            let sourceKeys = Self.numbered(source, in: &numbers, isTerm: &isTerm)
            let targetKeys = Self.numbered(target, in: &numbers, isTerm: &isTerm)
            var sourceCount = [Int](repeating: 0, count: isTerm.count), targetCount = sourceCount
            for ids in sourceKeys { for id in ids { sourceCount[id] += 1 } }
            for ids in targetKeys { for id in ids { targetCount[id] += 1 } }
            var weight = [Double](repeating: 0, count: sourceCount.count)
            for id in weight.indices where sourceCount[id] > 0 && targetCount[id] > 0 {
                weight[id] = (isTerm[id] ? aligner.weights.term : 1) / Double(max(sourceCount[id], targetCount[id]))
            }
            anchorWeight = weight
            // A kept token is one of its sentence's tokens (numbered above): lost when the other side has none of it.
            func lost(_ sentence: Sentence, otherCount: [Int]) -> Int {
                min(3, sentence.features.kept.filter { numbers[$0].map { otherCount[$0] == 0 } ?? true }.count)
            }
            sourceLost = source.map { lost($0, otherCount: targetCount) }
            targetLost = target.map { lost($0, otherCount: sourceCount) }
            // A sentence's tokens and terms are each once already (the splitter keeps them unique).
            sourceAnchors = sourceKeys.map { $0.filter { weight[$0] > 0 }.sorted() }
            targetAnchors = targetKeys.map { $0.filter { weight[$0] > 0 }.sorted() }
            if let dictionary = aligner.dictionary, !source.isEmpty, !target.isEmpty,
               source.count * target.count <= aligner.weights.lexicalCells {
                let english = source.map { dictionary.english($0.text) }
                let chinese = zip(target, notes).map { dictionary.chinese($1?.rest ?? $0.text) }
                var coverage = [UInt64](repeating: 0, count: source.count * target.count)
                var known = english.map(\.rendered)
                for i in english.indices {
                    for j in chinese.indices {
                        let mask = dictionary.covered(english[i], by: chinese[j])
                        coverage[i * target.count + j] = mask
                        known[i] |= mask
                    }
                }
                lexicalWidth = target.count
                self.coverage = coverage
                self.known = known
                func shared(_ i: Int, _ back: Int) -> UInt64 {
                    guard i >= back else { return 0 }
                    var mask: UInt64 = 0
                    for (k, word) in english[i].words.enumerated() where english[i - back].words.contains(word) { mask |= 1 << UInt64(k) }
                    return mask
                }
                repeated = english.indices.map { shared($0, 1) }
                repeatedTwo = english.indices.map { shared($0, 2) }
            } else {
                lexicalWidth = 0
                coverage = []
                known = []
                repeated = []
                repeatedTwo = []
            }
        }

        /// Each sentence's tokens, then its terms (a term is a token of its own), by number.
        static func numbered(_ sentences: [Sentence], in numbers: inout TokenNumbers, isTerm: inout [Bool]) -> [[Int]] {
            var keys: [[Int]] = []
            keys.reserveCapacity(sentences.count)
            for index in sentences.indices {
                var ids: [Int] = []
                ids.reserveCapacity(sentences[index].features.tokens.count + sentences[index].features.terms.count)
                for token in sentences[index].features.tokens { ids.append(numbers.number(of: token, term: false, isTerm: &isTerm)) }
                for term in sentences[index].features.terms {
                    ids.append(numbers.number(of: SentenceToken(term: term), term: true, isTerm: &isTerm))
                }
                keys.append(ids)
            }
            return keys
        }

        /// The sorted, unique anchors of the sentences in `range`.
        static func union(_ range: Range<Int>, _ anchors: [[Int]]) -> [Int] {
            switch range.count {
            case 0: return []
            case 1: return anchors[range.lowerBound]
            default:
                // Merged a sentence at a time (each is sorted): no sort, and a side is at most three.
                var merged = anchors[range.lowerBound]
                for index in range.dropFirst() { merged = merge(merged, anchors[index]) }
                return merged
            }
        }

        /// Two sorted, unique lists as one.
        static func merge(_ a: [Int], _ b: [Int]) -> [Int] {
            if a.isEmpty { return b }
            if b.isEmpty { return a }
            var out: [Int] = []
            out.reserveCapacity(a.count + b.count)
            var i = 0, j = 0
            while i < a.count || j < b.count {
                if j == b.count || (i < a.count && a[i] < b[j]) { out.append(a[i]); i += 1 }
                else if i == a.count || b[j] < a[i] { out.append(b[j]); j += 1 }
                else { out.append(a[i]); i += 1; j += 1 }
            }
            return out
        }

        func prior(_ a: Int, _ b: Int) -> Double {
            switch (a, b) {
            case (1, 1): return weights.oneToOne
            case (1, 0), (0, 1): return weights.oneToNone
            case (2, 1): return weights.twoToOne
            case (1, 2): return weights.oneToTwo
            case (2, 2): return weights.twoToTwo
            default: return weights.oneToThree
            }
        }

        func cost(_ s: Range<Int>, _ t: Range<Int>) -> Double {
            if !s.isEmpty, t.contains(where: { targetNote[$0] }) { return .infinity }
            var total = prior(s.count, t.count)
            if s.isEmpty, t.count == 1, targetAside[t.lowerBound] { total -= weights.aside }
            if t.isEmpty, s.count == 1, sourceAside[s.lowerBound] { total -= weights.aside }
            // A sentence dropped or added costs its prior whatever its length: a translator's note
            // is as likely long as short (Gale & Church's length cost would make a long one dear).
            if !s.isEmpty, !t.isEmpty {
                let x = s.reduce(0.0) { $0 + sourceLength[$1] }, y = t.reduce(0.0) { $0 + targetLength[$1] }
                total += model.cost(source: x, target: y)
            }
            // Kept tokens the other side lacks say the sentence was not translated (or was added).
            if !s.isEmpty, !t.isEmpty {
                total += weights.lost * Double(s.reduce(0) { $0 + sourceLost[$1] } + t.reduce(0) { $0 + targetLost[$1] })
            }
            // Content words: each English sentence's words its group's Chinese renders, and the rest.
            if lexicalWidth > 0, !s.isEmpty, !t.isEmpty {
                // A word an earlier sentence of the group holds was counted there (rendered or not).
                var found = 0, lost = 0
                for i in s {
                    var mask: UInt64 = 0
                    for j in t { mask |= coverage[i * lexicalWidth + j] }
                    if i > s.lowerBound { mask &= ~repeated[i] }
                    if i > s.lowerBound + 1 { mask &= ~repeatedTwo[i] }
                    found += mask.nonzeroBitCount
                    lost += known[i].nonzeroBitCount - mask.nonzeroBitCount
                }
                total += weights.wordLost * Double(lost) - weights.wordFound * Double(found)
            }
            if s.count > 1, sourceLeaf[s.lowerBound] != sourceLeaf[s.upperBound - 1] { total += weights.acrossLeaves }
            if t.count > 1, targetLeaf[t.lowerBound] != targetLeaf[t.upperBound - 1] { total += weights.acrossLeaves }
            // Anchors held on both sides earn, on one side pay.
            // Each sentence's anchors are sorted and unique: a side's are merged, then both walked.
            let a = Self.union(s, sourceAnchors), b = Self.union(t, targetAnchors)
            var i = 0, j = 0
            while i < a.count || j < b.count {
                if j == b.count || (i < a.count && a[i] < b[j]) {
                    total += weights.anchorAlone * anchorWeight[a[i]]
                    i += 1
                } else if i == a.count || b[j] < a[i] {
                    total += weights.anchorAlone * anchorWeight[b[j]]
                    j += 1
                } else {
                    total -= weights.anchorShared * anchorWeight[a[i]]
                    i += 1
                    j += 1
                }
            }
            if let last = s.last, let lastTarget = t.last {
                let e = sourceEnding[last], f = targetEnding[lastTarget]
                if e == f, e != .plain { total -= weights.punctuation }
                else if (e == .question) != (f == .question) { total += weights.punctuation }
                // In a merge or split, a question one side asks and the other does not (beyond
                // what the last marks said): a question joined to a group that renders none.
                if s.count + t.count > 2 {
                    let asked = s.count(where: { sourceEnding[$0] == .question })
                    let answered = t.count(where: { targetEnding[$0] == .question })
                    let said = (e == .question) != (f == .question) ? 1 : 0
                    total += weights.punctuation * Double(max(0, abs(asked - answered) - said))
                }
            }
            return total
        }
    }
}
