import Foundation

/// English that a paired group's Chinese does not render, word by word through the bilingual
/// dictionary: what the aligner cannot see by lengths and anchors alone. Two shapes:
/// - a sentence of a group of several English ones whose content words the group's Chinese
///   hardly renders, while it renders the others' (the sentence was joined to a neighbour only
///   because nothing rendered it);
/// - the first or last clauses of a sentence (clauses end at `,` `;` `:` brackets, dashes and
///   conjunctions such as "because" or "otherwise") that the Chinese hardly renders, while it
///   renders the rest: a translator who split the sentence in two Chinese ones and lost one,
///   or who dropped a clause.
/// "Hardly": at most one in five of at least `minimumWords` known words, which is surprising at
/// the rate the Chinese renders the rest's (the binomial tail); and the lengths must fit better
/// without the part. Only renderings of two characters or more count: a single character (的,
/// 到, 最) is in almost any sentence. A sentence paired alone that renders few of its words is
/// left to the aligner: it is as often a loose translation as a lost one. Pure: values in,
/// findings out.
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
            // A translator's note (a sentence wholly in brackets) renders no English: its words
            // would cover a sentence whose own translation is gone.
            let rendering = link.target.filter { !bead.target[$0].features.isAside }
            guard !rendering.isEmpty else { continue }
            let chinese = rendering.map { dictionary.chinese(bead.target[$0].text) }
            let sentences = link.source.map { index -> Read in
                let english = dictionary.english(bead.source[index].text)
                let covered = chinese.reduce(UInt64(0)) { $0 | dictionary.covered(english, by: $1, words: true) }
                return Read(index: index, english: english, rendered: dictionary.renderedByWords(english), covered: covered)
            }
            let length = { (sentence: Sentence) in model.length(latin: sentence.features.latin, cjk: sentence.features.cjk) }
            let target = rendering.reduce(0.0) { $0 + length(bead.target[$1]) }
            let lengths = link.source.map { length(bead.source[$0]) }
            let whole = lengths.reduce(0, +)
            let fit = model.cost(source: whole, target: target)
            for (position, read) in sentences.enumerated() {
                let others = sentences.indices.filter { $0 != position }
                // The whole sentence, in a group of several: against the others' rate.
                let words = read.known.nonzeroBitCount, rendered = read.covered.nonzeroBitCount
                if !others.isEmpty, words >= minimumWords, rendered * 5 <= words {
                    let rest = others.reduce((known: 0, covered: 0)) {
                        ($0.known + sentences[$1].known.nonzeroBitCount, $0.covered + sentences[$1].covered.nonzeroBitCount)
                    }
                    let without = model.cost(source: whole - lengths[position], target: target)
                    let rate = min(maximumRate, Double(rest.covered) / Double(max(1, rest.known)))
                    if rest.covered >= minimumRendered, rate >= minimumRest, without < fit {
                        let surprise = -log(binomialTail(rendered, of: words, rate: rate))
                        found.append(finding(read, bead: bead, part: nil, surprise: surprise, gain: fit - without))
                        continue
                    }
                }
                // The first or last clauses of it.
                let sentence = bead.source[read.index]
                guard let run = read.unrenderedEnd(textLength: sentence.text.utf8.count) else { continue }
                let share = Double(run.bytes.count) / Double(max(1, sentence.text.utf8.count))
                let without = model.cost(source: whole - share * lengths[position], target: target)
                guard without < fit else { continue }
                let part = String(decoding: Array(sentence.text.utf8)[run.bytes], as: UTF8.self)
                    .trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
                found.append(finding(read, bead: bead, part: part, surprise: run.surprise, gain: fit - without))
            }
        }
        return found
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

        /// The run of first or last clauses whose known words the Chinese renders least, by how
        /// unlikely so few renderings are if the run were translated like the rest (the binomial
        /// tail at the rest's rate): its bytes in the sentence's text, its known words and that
        /// surprise (−ln of the tail). Nil unless the run holds `minimumWords` known words, at
        /// most one in five rendered, and the rest's are rendered at `minimumRest` or more.
        func unrenderedEnd(textLength: Int) -> (bytes: Range<Int>, words: Int, surprise: Double)? {
            let clauseCount = english.clauseEnds.count + 1
            guard clauseCount > 1 else { return nil }
            var known = [Int](repeating: 0, count: clauseCount), rendered = known
            for (k, clause) in english.clauses.enumerated() where self.known & (1 << UInt64(k)) != 0 {
                known[clause] += 1
                if covered & (1 << UInt64(k)) != 0 { rendered[clause] += 1 }
            }
            func start(_ clause: Int) -> Int { clause == 0 ? 0 : english.clauseEnds[clause - 1] + 1 }
            func end(_ clause: Int) -> Int { clause == clauseCount - 1 ? textLength : english.clauseEnds[clause] }
            func surprise(_ run: Range<Int>) -> Double? {
                let runKnown = run.reduce(0) { $0 + known[$1] }, runRendered = run.reduce(0) { $0 + rendered[$1] }
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
