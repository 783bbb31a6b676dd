import GuideModel

/// The sentences of one bead, both sides, and how they pair.
public struct BeadSentences: Hashable, Sendable {
    public var source: [Sentence]
    public var target: [Sentence]
    /// Every sentence of both sides in exactly one link, in order.
    public var links: [SentenceLink]

    public init(source: [Sentence], target: [Sentence], links: [SentenceLink]) {
        self.source = source
        self.target = target
        self.links = links
    }
}

/// Sentence alignment inside every bead of a chapter pair.
///
/// Each bead's sentences are cut (`SentenceSplitter`), the length model is estimated from the
/// chapter's own pairs of one prose block and one sentence on each side (`readsForModel`; the
/// book's model when the chapter has too few), then each bead is aligned on its own
/// (`SentenceAligner`). The review cuts and pairs a bead at a time itself (`SentenceReview`),
/// reading the same pairs for its model: what `align --sentences` and the memory show is what
/// the review weighed.
public enum ChapterSentences {
    public static func align(source: [Block], target: [Block], beads: [Bead],
                             glossary: Glossary = Glossary(), weights: SentenceAligner.Weights = .init()) -> [BeadSentences] {
        align(source: source, target: target, beads: beads, glossary: glossary.isEmpty ? nil : SentenceGlossary(glossary),
              weights: weights)
    }

    /// With the glossary made ready once (for a book: once, not once a chapter).
    public static func align(source: [Block], target: [Block], beads: [Bead],
                             glossary terms: SentenceGlossary?, weights: SentenceAligner.Weights = .init(),
                             dictionary: SentenceDictionary? = nil) -> [BeadSentences] {
        aligned(source: source, target: target, beads: beads, glossary: terms, weights: weights, dictionary: dictionary).beads
    }

    /// The same, with the aligner that paired them (the chapter's model, the dictionary): what
    /// weighs a pairing's confidence (`SentenceConfidence`, the sentence memory).
    public static func aligned(source: [Block], target: [Block], beads: [Bead],
                               glossary terms: SentenceGlossary?, weights: SentenceAligner.Weights = .init(),
                               dictionary: SentenceDictionary? = nil) -> (beads: [BeadSentences], aligner: SentenceAligner) {
        // Shown or exported, every sentence's text is read: made as each bead is cut, so that
        // the chapter's sentences do not keep their leaves' units (`Sentence.withText`).
        let sides = beads.map { bead in
            let english = SentenceSplitter.sentences(of: bead.source.lazy.map { source[$0] }, glossary: terms?.source)
            return (english.map(\.withText), SentenceSplitter.sentences(of: bead.target.lazy.map { target[$0] },
                                                                        glossary: terms?.target(for: english)).map(\.withText))
        }
        let model = model(of: sides, beads: beads, source: source, target: target)
        let aligner = SentenceAligner(model: model, weights: weights, dictionary: dictionary)
        let paired = sides.map { english, chinese in
            BeadSentences(source: english, target: chinese, links: aligner.align(english, chinese))
        }
        return (paired, aligner)
    }

    /// Pairs read to estimate a chapter's length model: enough for its medians, and a bound on
    /// what a chapter of a million paragraphs reads twice.
    static let modelPairs = 2_000

    /// Whether the length model reads the bead (when it holds one sentence a side): one block of
    /// prose a side (a paragraph, a list, a quote). Not a heading: a title's few words pair far
    /// more tightly than prose, and a model estimated with them takes every loose translation
    /// for one that leaves something out (on the whole book, 10 findings more, most of them false).
    public static func readsForModel(_ bead: Bead, source: [Block], target: [Block]) -> Bool {
        bead.source.count == 1 && bead.target.count == 1 && isProse(bead, source: source, target: target)
    }

    /// Whether a bead is prose on both sides.
    public static func isProse(_ bead: Bead, source: [Block], target: [Block]) -> Bool {
        guard !bead.source.isEmpty, !bead.target.isEmpty else { return false }
        return bead.source.allSatisfy { isProse(source[$0]) } && bead.target.allSatisfy { isProse(target[$0]) }
    }

    static func isProse(_ block: borrowing Block) -> Bool {
        switch block.kind {
        case .paragraph, .list, .blockQuote: return true
        default: return false
        }
    }

    /// The chapter's length model from its beads' sentences (`sides`, in bead order): the first
    /// `modelPairs` beads it reads (`readsForModel`), those of one sentence a side measured.
    static func model(of sides: [([Sentence], [Sentence])], beads: [Bead], source: [Block], target: [Block]) -> LengthModel {
        let read = zip(beads, sides).lazy.filter { readsForModel($0.0, source: source, target: target) }.prefix(modelPairs)
        return estimateModel(measured: read.compactMap { measured($0.1.0, $0.1.1) }) ?? .book
    }

    /// A pair of one sentence a side as the length model reads it: each side's latin and CJK counts.
    public typealias Measured = (english: (latin: Int, cjk: Int), chinese: (latin: Int, cjk: Int))

    /// A pair's measures, when it holds one sentence a side.
    public static func measured(_ english: [Sentence], _ chinese: [Sentence]) -> Measured? {
        guard english.count == 1, chinese.count == 1 else { return nil }
        let e = english[0].features, z = chinese[0].features
        return ((e.latin, e.cjk), (z.latin, z.cjk))
    }

    /// The same, from pairs measured already (`SentenceSplitter.oneSentence`), in order.
    public static func estimateModel(measured: [Measured]) -> LengthModel? {
        let model = LengthModel.book
        let pairs = measured.compactMap { english, chinese -> LengthModel.Pair? in
            guard english.cjk == 0 else { return nil }
            return LengthModel.Pair(source: model.length(latin: english.latin, cjk: 0),
                                    targetLatin: Double(chinese.latin), targetCJK: Double(chinese.cjk))
        }
        return LengthModel.estimate(pairs)
    }
}
