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
/// too few), then each bead is aligned on its own (`SentenceAligner`). A review that wants one
/// bead's sentences calls the splitter and the aligner for that bead alone.
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
            (SentenceSplitter.sentences(of: bead.source.lazy.map { source[$0] }, glossary: terms?.source),
             SentenceSplitter.sentences(of: bead.target.lazy.map { target[$0] }, glossary: terms?.target))
        }
        let model = estimateModel(sides) ?? .book
        let aligner = SentenceAligner(model: model, weights: weights, dictionary: dictionary)
        return sides.map { english, chinese in
            BeadSentences(source: english, target: chinese, links: aligner.align(english, chinese))
        }
    }

    /// `align`, a bead at a time: `body` gets each bead's index and sentences, in order, and
    /// each bead's sentences are let go once it had them (a chapter's sentences are held once,
    /// not once cut and again aligned). `visible`: count what a reader sees of each sentence.
    public static func forEach(source: [Block], target: [Block], beads: [Bead], glossary terms: SentenceGlossary?,
                               weights: SentenceAligner.Weights = .init(), visible: Bool = false,
                               _ body: (Int, BeadSentences) throws -> Void) rethrows {
        var sides = beads.map { bead in
            (SentenceSplitter.sentences(of: bead.source.lazy.map { source[$0] }, glossary: terms?.source, visible: visible),
             SentenceSplitter.sentences(of: bead.target.lazy.map { target[$0] }, glossary: terms?.target, visible: visible))
        }
        let aligner = SentenceAligner(model: estimateModel(sides) ?? .book, weights: weights)
        for index in sides.indices {
            let (english, chinese) = sides[index]
            sides[index] = ([], [])
            try body(index, BeadSentences(source: english, target: chinese, links: aligner.align(english, chinese)))
        }
    }

    /// The length model `align` uses for a chapter pair, found a bead at a time without holding
    /// the sentences (nor finding glossary terms, which the model does not read): with
    /// `align(bead:…)`, a chapter too large to hold its sentences at once is aligned a slice at
    /// a time, with the same result. Past `sample` beads, only `sample` of them spread evenly
    /// over the chapter are read (every k-th): the model is robust to sampling (medians), and
    /// cutting a chapter of a million pairs once more for it would cost a third of its sentences' time.
    public static func model(source: [Block], target: [Block], beads: [Bead], sample: Int = .max) -> LengthModel {
        var pairs: [([Sentence], [Sentence])] = []
        let step = beads.count <= sample ? 1 : (beads.count + sample - 1) / max(1, sample)
        for bead in stride(from: 0, to: beads.count, by: step).lazy.map({ beads[$0] }) {
            let english = SentenceSplitter.sentences(of: bead.source.lazy.map { source[$0] })
            guard english.count == 1 else { continue }
            let chinese = SentenceSplitter.sentences(of: bead.target.lazy.map { target[$0] })
            guard chinese.count == 1 else { continue }
            pairs.append((english, chinese))
        }
        return estimateModel(pairs) ?? .book
    }

    /// One bead's sentences, with the chapter's model (`model(source:target:beads:)`).
    public static func align(bead: Bead, source: [Block], target: [Block], model: LengthModel, glossary terms: SentenceGlossary?,
                             weights: SentenceAligner.Weights = .init(), visible: Bool = false) -> BeadSentences {
        let english = SentenceSplitter.sentences(of: bead.source.lazy.map { source[$0] }, glossary: terms?.source, visible: visible)
        let chinese = SentenceSplitter.sentences(of: bead.target.lazy.map { target[$0] }, glossary: terms?.target, visible: visible)
        return BeadSentences(source: english, target: chinese,
                             links: SentenceAligner(model: model, weights: weights).align(english, chinese))
    }

    /// The length model of the beads that hold one sentence on each side (nil when too few).
    public static func estimateModel(_ sides: [([Sentence], [Sentence])]) -> LengthModel? {
        let model = LengthModel.book
        let pairs = sides.compactMap { english, chinese -> LengthModel.Pair? in
            guard english.count == 1, chinese.count == 1 else { return nil }
            let e = english[0].features, z = chinese[0].features
            guard e.cjk == 0 else { return nil }
            return LengthModel.Pair(source: model.length(latin: e.latin, cjk: 0),
                                    targetLatin: Double(z.latin), targetCJK: Double(z.cjk))
        }
        return LengthModel.estimate(pairs)
    }
}
