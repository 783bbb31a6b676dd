import Foundation

/// English that a paired group's Chinese does not render, word by word through the bilingual
/// dictionary: what the aligner cannot see by lengths and anchors alone. Two shapes:
/// - a sentence of a group of several English ones whose content words the group's Chinese
///   hardly renders, while it renders the others' (the sentence was joined to a neighbour only
///   because nothing rendered it);
/// - the first or last clauses of a sentence (clauses end at `,` `;` `:` brackets, dashes and
///   conjunctions such as "because", "otherwise" or "as") that the Chinese hardly renders, while it
///   renders the rest: a translator who split the sentence in two Chinese ones and lost one,
///   or who dropped a clause.
/// "Hardly": at most one in five of at least `minimumWords` known words, which is surprising at
/// the rate the Chinese renders the rest's (the binomial tail); and, for part of a sentence, the
/// lengths must fit better without the part (a whole sentence's words say enough on their own:
/// the Chinese may render the others at length). Only renderings of two characters or more
/// count: a single character (的, 到, 最) is in almost any sentence. A rendered word that may
/// render the rest instead says nothing of the part, and counts for the rest only: a word the
/// other sentences of the group (or the rest of the sentence) say too, unless the Chinese
/// renders it as often as the English says it; a word whose only renderings render a word of
/// the rest as well (`Read.ambiguous`).
/// A translator's note renders no English, in a sentence of its own or inside one
/// (`Sentence.translatorsNotes`): neither its words nor its length count. A sentence paired
/// alone that renders few of its words is left to the aligner: it is as often a loose
/// translation as a lost one. Pure: values in, findings out.
public enum UnrenderedEnglish {
    /// Fewest known content words (rendered by the dictionary, or kept in the Chinese) that the
    /// unrendered part must hold: fewer say too little (a loose rendering misses two or three).
    static let minimumWords = 4
    /// The least share of the rest's known words that the Chinese must render.
    static let minimumRest = 0.3
    /// The rate is taken as at most this: even a sentence wholly rendered may render a word loosely.
    static let maximumRate = 0.9
    /// The rest must hold at least this many rendered words.
    static let minimumRendered = 2

    public static func findings(_ bead: BeadSentences, dictionary: SentenceDictionary, model: LengthModel) -> [SentenceFinding] {
        var found: [SentenceFinding] = []
        for link in bead.links where !link.source.isEmpty && !link.target.isEmpty {
            // A translator's note (a sentence wholly in brackets, or one opening with 译者注)
            // renders no English: its words would cover a sentence whose own translation is gone.
            let rendering = link.target.filter { !bead.target[$0].features.isAside && !bead.target[$0].isTranslatorsNote }
            guard !rendering.isEmpty else { continue }
            // Nor does a note inside a sentence: the rest of it is read, and measured.
            let notes = rendering.map { bead.target[$0].translatorsNotes }
            let texts = zip(rendering, notes).map { $1?.rest ?? bead.target[$0].text }
            let chinese = texts.map { dictionary.chinese($0) }
            let group = Group(dictionary: dictionary, texts: texts, chinese: chinese)
            let sentences = link.source.map { index -> Read in
                let english = dictionary.english(bead.source[index].text)
                let covered = chinese.reduce(UInt64(0)) { $0 | dictionary.covered(english, by: $1, words: true) }
                return Read(index: index, english: english, rendered: dictionary.renderedByWords(english), covered: covered)
            }
            let length = { (sentence: Sentence) in model.length(latin: sentence.features.latin, cjk: sentence.features.cjk) }
            let target = zip(rendering, notes).reduce(0.0) { total, pair in
                let features = bead.target[pair.0].features
                return total + model.length(latin: max(0, features.latin - (pair.1?.latin ?? 0)),
                                            cjk: max(0, features.cjk - (pair.1?.cjk ?? 0)))
            }
            let lengths = link.source.map { length(bead.source[$0]) }
            let whole = lengths.reduce(0, +)
            let fit = model.cost(source: whole, target: target)
            for (position, read) in sentences.enumerated() {
                let others = sentences.indices.filter { $0 != position }
                // The whole sentence, in a group of several: against the others' rate.
                let shared = read.sharedWords(with: others.map { sentences[$0].english }, group: group)
                let words = (read.known & ~shared).nonzeroBitCount, rendered = (read.covered & ~shared).nonzeroBitCount
                if !others.isEmpty, words >= minimumWords, rendered * 5 <= words {
                    let rest = others.reduce((known: 0, covered: 0)) {
                        ($0.known + sentences[$1].known.nonzeroBitCount, $0.covered + sentences[$1].covered.nonzeroBitCount)
                    }
                    let without = model.cost(source: whole - lengths[position], target: target)
                    let rate = min(maximumRate, Double(rest.covered) / Double(max(1, rest.known)))
                    // (Whatever the lengths: the Chinese may render the others at length. What
                    // they gain without the sentence adds to the surprise, what they lose does not.)
                    if rest.covered >= minimumRendered, rate >= minimumRest {
                        let surprise = -log(binomialTail(rendered, of: words, rate: rate))
                        found.append(finding(read, bead: bead, part: nil, surprise: surprise, gain: max(0, fit - without)))
                        continue
                    }
                }
                // The first or last clauses of it.
                let text = Array(bead.source[read.index].text.utf8)   // (made from its units each time it is read)
                guard let run = read.unrenderedEnd(textLength: text.count, group: group) else { continue }
                let share = Double(run.bytes.count) / Double(max(1, text.count))
                let without = model.cost(source: whole - share * lengths[position], target: target)
                guard without < fit else { continue }
                let part = String(decoding: text[run.bytes], as: UTF8.self)
                    .trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
                found.append(finding(read, bead: bead, part: part, surprise: run.surprise, gain: fit - without))
            }
        }
        return found
    }

    /// A group's Chinese as the tests read it beyond which words it renders: where it renders
    /// them (`SentenceDictionary.places`), worked out once and only when asked.
    final class Group {
        let dictionary: SentenceDictionary
        let texts: [String]
        let chinese: [SentenceDictionary.Chinese]
        lazy var places = dictionary.places(in: texts)

        init(dictionary: SentenceDictionary, texts: [String], chinese: [SentenceDictionary.Chinese]) {
            self.dictionary = dictionary
            self.texts = texts
            self.chinese = chinese
        }

        func counts(_ english: SentenceDictionary.English) -> [Int] { dictionary.renderingCounts(english, at: places) }
    }

    /// The confidence: the logistic of how surprising the unrendered words are, with what the
    /// lengths gain without them, past `surprising`.
    static func finding(_ read: Read, bead: BeadSentences, part: String?, surprise: Double, gain: Double) -> SentenceFinding {
        SentenceFinding(kind: .missing, index: read.index, sentence: bead.source[read.index],
                               confidence: confidence(surprise: surprise + gain), part: part)
    }

    static func confidence(surprise: Double) -> Double { 1 / (1 + exp(-(surprise - surprising))) }

    /// How surprising (−ln P) the unrendered words and the lengths' gain must be together for a
    /// confidence of 0.5.
    static let surprising = 4.0

    /// An English sentence as the dictionary reads it, with the words the group's Chinese renders.
    struct Read {
        var index: Int
        var english: SentenceDictionary.English
        /// Words the dictionary renders with a word of two characters or more.
        var rendered: UInt64
        var covered: UInt64
        /// Words the dictionary renders, or the Chinese keeps.
        var known: UInt64 { rendered | covered }

        /// Words the Chinese renders that other English sentences of the group (`others`) say
        /// too, fewer times than the group says them: the rendering may be another sentence's
        /// translation, so they say nothing of whether this one is rendered. (A word the Chinese
        /// does not render is unrendered for both; one it renders as often, rendered for both.)
        func sharedWords(with others: [SentenceDictionary.English], group: Group) -> UInt64 {
            var shared: UInt64 = 0, said = english.counts.map(Int.init)
            for other in others {
                for (k, word) in english.words.enumerated() where covered & (1 << UInt64(k)) != 0 {
                    guard let at = other.words.firstIndex(of: word) else { continue }
                    shared |= 1 << UInt64(k)
                    said[k] += Int(other.counts[at])
                }
            }
            guard shared != 0 else { return 0 }
            let counts = group.counts(english)
            for k in said.indices where shared & (1 << UInt64(k)) != 0 && counts[k] >= said[k] { shared &= ~(1 << UInt64(k)) }
            return shared
        }

        /// The run of first or last clauses whose known words the Chinese renders least, by how
        /// unlikely so few renderings are if the run were translated like the rest (the binomial
        /// tail at the rest's rate): its bytes in the sentence's text, its known words and that
        /// surprise (−ln of the tail). Nil unless the run holds `minimumWords` known words, at
        /// most one in five rendered, and the rest's are rendered at `minimumRest` or more.
        /// A rendered word that may render the rest instead (`ambiguous`) counts for the rest only.
        /// `group`: the group's Chinese, for where it renders the words.
        func unrenderedEnd(textLength: Int, group: Group) -> (bytes: Range<Int>, words: Int, surprise: Double)? {
            let clauseCount = english.clauseEnds.count + 1
            guard clauseCount > 1 else { return nil }
            var known = [Int](repeating: 0, count: clauseCount), rendered = known
            for (k, clause) in english.clauses.enumerated() where self.known & (1 << UInt64(k)) != 0 {
                known[clause] += 1
                if covered & (1 << UInt64(k)) != 0 { rendered[clause] += 1 }
            }
            var counts: [Int]?
            var renderers: (headwords: [[Int32]], kept: UInt64)?
            // The rendered words a run (counted at their first clause) holds that say nothing of it:
            // - a word said in the run and again in the rest that the Chinese renders fewer
            //   times than the sentence says it (the rendering may be the rest's);
            // - a word said in the run only that the Chinese renders only with headwords that
            //   render a word of the rest too, in fewer places than the words they render
            //   (实例 renders "example" and "instance" alike: the rendering may be the rest's).
            func ambiguous(_ run: Range<Int>) -> Int {
                var count = 0
                for k in english.clauses.indices where covered & (1 << UInt64(k)) != 0 && run.contains(english.clauses[k]) {
                    if !run.contains(english.lastClauses[k]) {
                        if counts == nil { counts = group.counts(english) }
                        if counts![k] < Int(english.counts[k]) { count += 1 }
                        continue
                    }
                    if renderers == nil { renderers = group.dictionary.renderers(english, in: group.chinese) }
                    let (headwords, kept) = renderers!
                    guard kept & (1 << UInt64(k)) == 0, !headwords[k].isEmpty else { continue }
                    let clear = headwords[k].contains { id in
                        var rest = 0   // the rest's rendered words this headword renders
                        for j in english.clauses.indices where covered & (1 << UInt64(j)) != 0
                            && !run.contains(english.clauses[j]) && headwords[j].contains(id) { rest += 1 }
                        return rest == 0 || group.places.headwords[id, default: 0] > rest
                    }
                    if !clear { count += 1 }
                }
                return count
            }
            func start(_ clause: Int) -> Int { clause == 0 ? 0 : english.clauseEnds[clause - 1] + 1 }
            func end(_ clause: Int) -> Int { clause == clauseCount - 1 ? textLength : english.clauseEnds[clause] }
            func surprise(_ run: Range<Int>) -> Double? {
                let unclear = ambiguous(run)
                let runKnown = run.reduce(0) { $0 + known[$1] } - unclear
                let runRendered = run.reduce(0) { $0 + rendered[$1] } - unclear
                let restKnown = known.reduce(0, +) - runKnown, restRendered = rendered.reduce(0, +) - runRendered
                guard runKnown >= minimumWords, runRendered * 5 <= runKnown, restRendered >= minimumRendered else { return nil }
                let rate = min(maximumRate, Double(restRendered) / Double(restKnown))
                guard rate >= minimumRest else { return nil }
                return -log(UnrenderedEnglish.binomialTail(runRendered, of: runKnown, rate: rate))
            }
            var best: (run: Range<Int>, surprise: Double)?
            for cut in 1..<clauseCount {
                for run in [cut..<clauseCount, 0..<cut] {
                    guard let value = surprise(run), value > best?.surprise ?? 0 else { continue }
                    best = (run, value)
                }
            }
            guard let best else { return nil }
            let words = best.run.reduce(0) { $0 + known[$1] }
            return (start(best.run.lowerBound)..<end(best.run.upperBound - 1), words, best.surprise)
        }
    }
}

extension UnrenderedEnglish {
    /// P(X ≤ k) for X ~ Binomial(n, p).
    static func binomialTail(_ k: Int, of n: Int, rate p: Double) -> Double {
        var term = pow(1 - p, Double(n)), total = term
        if k > 0 {
            for i in 1...k {
                term *= Double(n - i + 1) / Double(i) * p / (1 - p)
                total += term
            }
        }
        return min(1, total)
    }
}
