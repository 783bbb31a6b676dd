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
/// chapter's own beads of one sentence on each side (the book's model when the chapter has
/// too few), then each bead is aligned on its own (`SentenceAligner`). The review cuts and pairs
/// a bead at a time itself (`SentenceReview`), with the same model estimate.
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
        let sides = beads.map { bead in
            let english = SentenceSplitter.sentences(of: bead.source.lazy.map { source[$0] }, glossary: terms?.source)
            return (english, SentenceSplitter.sentences(of: bead.target.lazy.map { target[$0] },
                                                        glossary: terms?.target(for: english)))
        }
        let model = estimateModel(sides) ?? .book
        let aligner = SentenceAligner(model: model, weights: weights, dictionary: dictionary)
        return sides.map { english, chinese in
            BeadSentences(source: english, target: chinese, links: aligner.align(english, chinese))
        }
    }

    /// A pair of one sentence a side as the length model reads it: each side's latin and CJK counts.
    public typealias Measured = (english: (latin: Int, cjk: Int), chinese: (latin: Int, cjk: Int))

    /// A pair's measures, when it holds one sentence a side.
    public static func measured(_ english: [Sentence], _ chinese: [Sentence]) -> Measured? {
        guard english.count == 1, chinese.count == 1 else { return nil }
        let e = english[0].features, z = chinese[0].features
        return ((e.latin, e.cjk), (z.latin, z.cjk))
    }

    /// The length model of the beads that hold one sentence on each side (nil when too few).
    public static func estimateModel(_ sides: [([Sentence], [Sentence])]) -> LengthModel? {
        estimateModel(measured: sides.compactMap { measured($0.0, $0.1) })
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
