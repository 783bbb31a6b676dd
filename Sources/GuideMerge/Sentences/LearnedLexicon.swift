import GuideModel
import GuideFiles

/// A bilingual lexicon learned from the book's own translation, for the sentence review when it
/// is named (`review.dictionary: learned`; README, "A bilingual dictionary"): as hunalign bootstraps its dictionary,
/// the sentences are first paired without one, and across the pairs the aligner is sure of, an
/// English content word (`SentenceDictionary.contentWords`: stop words out, crudely stemmed)
/// renders a Chinese string of two to four CJK letters when the two come together in
/// `minimumPairs` pairs or more and their Dice coefficient (2 × pairs holding both ÷ (pairs
/// holding the word + pairs holding the string)) is at least `minimumDice` and near the best of
/// both the word's and the string's (`nearBest`: a word said in the same pairs as another's
/// rendering is not taken for it); each word keeps its `perWord` best strings, not one that holds
/// a shorter one kept (简单的 when 简单 renders the word). A pair said twice (a book that repeats
/// a paragraph) counts once: it is no second witness. Pure and deterministic: pairs in, a
/// `SentenceDictionary` out.
public enum LearnedLexicon {
    /// Part of the review cache's key (`Stages.learnedLexiconKey`): a change to how the lexicon
    /// is learned must make every review again.
    public static let version = 1

    public struct Settings: Hashable, Sendable {
        /// The lengths of the Chinese strings a word may map to, in CJK letters.
        public var shortest = 2
        public var longest = 4
        public var minimumPairs = 2
        public var minimumDice = 0.3
        public var perWord = 2
        public var nearBest = 0.5
        /// The least confidence (`SentenceConfidence`) of a 1:1 pair the lexicon learns from.
        public var confidence = 0.9

        public init() {}
    }

    /// An English sentence and the Chinese the aligner paired with it.
    public struct Pair: Hashable, Sendable {
        public var english: String
        public var chinese: String

        public init(english: String, chinese: String) {
            self.english = english
            self.chinese = chinese
        }
    }

    public static func learn(_ pairs: [Pair], settings: Settings = Settings()) -> SentenceDictionary {
        var seen = Set<Pair>()
        var sides: [(words: [UInt64], strings: [UInt64])] = []
        var bytes: [UInt64: [UInt8]] = [:]
        var wordPairs: [UInt64: Int] = [:], stringPairs: [UInt64: Int] = [:]
        for pair in pairs where seen.insert(pair).inserted {
            var words = Set<UInt64>(), kept = Set<UInt64>()
            SentenceDictionary.contentWords(pair.english.utf8) { words.insert($0) }
            // A word the Chinese keeps as it is renders itself (`SentenceDictionary.covered`).
            SentenceDictionary.contentWords(pair.chinese.utf8) { kept.insert($0) }
            words.subtract(kept)
            var strings = Set<UInt64>()
            forEachString(in: pair.chinese, settings: settings) { hash, utf8 in
                if strings.insert(hash).inserted, bytes[hash] == nil { bytes[hash] = utf8 }
            }
            guard !words.isEmpty, !strings.isEmpty else { continue }
            for word in words { wordPairs[word, default: 0] += 1 }
            for string in strings { stringPairs[string, default: 0] += 1 }
            sides.append((words.sorted(), strings.sorted()))
        }
        // Pairs holding both, counted only for words and strings seen often enough to qualify.
        var joint: [Both: Int] = [:]
        for side in sides {
            let strings = side.strings.filter { stringPairs[$0]! >= settings.minimumPairs }
            for word in side.words where wordPairs[word]! >= settings.minimumPairs {
                for string in strings { joint[Both(word: word, string: string), default: 0] += 1 }
            }
        }
        var candidates: [(word: UInt64, string: UInt64, dice: Double)] = []
        var bestOfWord: [UInt64: Double] = [:], bestOfString: [UInt64: Double] = [:]
        for (both, count) in joint where count >= settings.minimumPairs {
            let dice = 2 * Double(count) / Double(wordPairs[both.word]! + stringPairs[both.string]!)
            guard dice >= settings.minimumDice else { continue }
            candidates.append((both.word, both.string, dice))
            bestOfWord[both.word] = max(bestOfWord[both.word] ?? 0, dice)
            bestOfString[both.string] = max(bestOfString[both.string] ?? 0, dice)
        }
        var kept: [UInt64: [(dice: Double, string: UInt64)]] = [:]
        for candidate in candidates where candidate.dice >= settings.nearBest * bestOfWord[candidate.word]!
            && candidate.dice >= settings.nearBest * bestOfString[candidate.string]! {
            kept[candidate.word, default: []].append((candidate.dice, candidate.string))
        }
        // In a fixed order (a dictionary's order changes from run to run): the ids follow it.
        var entries: [(word: UInt64, headword: [UInt8])] = []
        for word in kept.keys.sorted() {
            let best = kept[word]!.sorted { a, b in
                let (x, y) = (bytes[a.string]!.count, bytes[b.string]!.count)
                return a.dice != b.dice ? a.dice > b.dice : x != y ? x < y : a.string < b.string
            }
            var chosen: [[UInt8]] = []
            for candidate in best where chosen.count < settings.perWord {
                let string = bytes[candidate.string]!
                if chosen.contains(where: { contains(string, $0) }) { continue }
                chosen.append(string)
                entries.append((word, string))
            }
        }
        return SentenceDictionary(renderings: entries)
    }

    static func contains(_ text: [UInt8], _ part: [UInt8]) -> Bool {
        guard part.count <= text.count else { return false }
        return (0...(text.count - part.count)).contains { text[$0..<($0 + part.count)].elementsEqual(part) }
    }

    struct Both: Hashable {
        var word: UInt64
        var string: UInt64
    }

    /// Every string of `shortest`…`longest` CJK letters in the text's runs of them, as
    /// `SentenceDictionary` hashes a headword, with its UTF-8 bytes.
    static func forEachString(in text: String, settings: Settings, _ body: (UInt64, [UInt8]) -> Void) {
        var run: [Unicode.Scalar] = []
        func scan() {
            defer { run.removeAll(keepingCapacity: true) }
            for start in run.indices {
                var utf8: [UInt8] = []
                for end in start..<min(run.count, start + settings.longest) {
                    UTF8.encode(run[end]) { utf8.append($0) }
                    if end - start + 1 >= settings.shortest { body(SentenceDictionary.hash(utf8), utf8) }
                }
            }
        }
        for scalar in text.unicodeScalars {
            if Script.isCJKLetter(scalar) { run.append(scalar) } else { scan() }
        }
        scan()
    }

    /// The 1:1 sentence pairs of a chapter pair's prose beads that the aligner, without a
    /// dictionary, is sure of (`SentenceConfidence` of at least `confidence`); a translator's note
    /// inside a Chinese sentence is left out of it (it renders no English).
    public static func confidentPairs(source: [Block], target: [Block], beads: [Bead], glossary: SentenceGlossary?,
                                      confidence: Double = Settings().confidence) -> [Pair] {
        let prose = beads.filter { ChapterSentences.isProse($0, source: source, target: target) }
        let (aligned, aligner) = ChapterSentences.aligned(source: source, target: target, beads: prose, glossary: glossary)
        var pairs: [Pair] = []
        for bead in aligned {
            for (link, sure) in zip(bead.links, SentenceConfidence.confidences(bead, aligner: aligner))
            where link.source.count == 1 && link.target.count == 1 && (sure ?? 0) >= confidence {
                let chinese = bead.target[link.target.lowerBound]
                pairs.append(Pair(english: bead.source[link.source.lowerBound].text,
                                  chinese: chinese.translatorsNotes?.rest ?? chinese.text))
            }
        }
        return pairs
    }
}

extension Book {
    /// The lexicon learned from every chapter pair of every translation (`LearnedLexicon`), its
    /// blocks paired by `align` (the review's, cached or not).
    public func learnedLexicon(align: @escaping BeadSource = { Aligner().align($0, $1) },
                               settings: LearnedLexicon.Settings = .init()) -> SentenceDictionary {
        let glossary = self.glossary.isEmpty ? nil : SentenceGlossary(self.glossary)
        let chapters = translations.flatMap { edition in
            source.chapters.compactMap { chapter in edition.chapter(at: chapter.path).map { (chapter, $0) } }
        }
        let pairs = chapters.concurrentMap { source, target in
            LearnedLexicon.confidentPairs(source: source.blocks, target: target.blocks, beads: align(source.blocks, target.blocks),
                                          glossary: glossary, confidence: settings.confidence)
        }
        return LearnedLexicon.learn(pairs.flatMap { $0 }, settings: settings)
    }
}
