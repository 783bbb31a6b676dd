import GuideMerge
import GuideModel

/// What a side-by-side row tells `sentences.js` about its sentences: each cell's
/// `data-sentences`, one `link:length` entry per sentence, in order. `link` is the index of the
/// sentence's group in the bead (`BeadSentences.links`: the same number in both cells pairs
/// them; a number only one cell has is a sentence with no counterpart), `length` how many
/// characters a reader sees of it, whitespace aside (`Sentence.visible`), or `?` when that is
/// not known (the script then leaves the cell as it is). Empty for a side without sentences.
struct SentenceCells: Hashable, Sendable {
    var source: String
    var target: String

    static let none = SentenceCells(source: "", target: "")

    init(source: String, target: String) {
        self.source = source
        self.target = target
    }

    init(_ bead: BeadSentences) {
        var sourceLinks = [Int](repeating: 0, count: bead.source.count)
        var targetLinks = [Int](repeating: 0, count: bead.target.count)
        for (index, link) in bead.links.enumerated() {
            for sentence in link.source where sourceLinks.indices.contains(sentence) { sourceLinks[sentence] = index }
            for sentence in link.target where targetLinks.indices.contains(sentence) { targetLinks[sentence] = index }
        }
        source = Self.attribute(bead.source, links: sourceLinks)
        target = Self.attribute(bead.target, links: targetLinks)
    }

    static func attribute(_ sentences: [Sentence], links: [Int]) -> String {
        var out = ""
        for (sentence, link) in zip(sentences, links) {
            if !out.isEmpty { out += " " }
            out += String(link)
            out += ":"
            out += sentence.visible.map { String($0) } ?? "?"
        }
        return out
    }
}

/// The sentences of one chapter pair's side-by-side rows, found once for the page.
///
/// A pair of up to `wholeLimit` beads is cut and aligned whole, when the page starts rendering,
/// and kept only as each row's `SentenceCells`. A pair of more (a chapter of a million tiny
/// paragraphs) would hold hundreds of megabytes of sentences at once: its length model is found
/// first (`ChapterSentences.model`, one bead at a time, from `modelSample` beads spread over the
/// chapter), then each slice of rows cuts and aligns its own beads as it renders. Both ways give
/// the same cells, but for the model of a chapter of more than `modelSample` beads.
/// (Fewer, larger beads gain nothing from slices: a bead's sentences are cut at once anyway.)
/// A bead of more than `beadLimit` bytes of markdown gets no sentences: no reader follows
/// sentences through a paragraph of megabytes, and cutting one took seconds. In a pair of more
/// than `wholeLimit` beads, a bead of one sentence a side gets none either.
struct RowSentences: Sendable {
    /// Bytes of markdown (both sides) past which a bead's rows get no sentences.
    static let beadLimit = 256 * 1024
    /// Beads up to which a pair is aligned whole.
    static let wholeLimit = 5_000
    /// Beads the length model of a larger pair is estimated from.
    static let modelSample = 5_000

    private let review: ChapterReview
    private let glossary: SentenceGlossary?
    private let whole: [SentenceCells]?
    private let model: LengthModel?
    private let beadLimit: Int

    init(_ review: ChapterReview, glossary: SentenceGlossary?, wholeLimit: Int = Self.wholeLimit, beadLimit: Int = Self.beadLimit) {
        self.review = review
        self.glossary = glossary
        self.beadLimit = beadLimit
        let source = review.source.blocks, target = review.target.blocks
        let beads = review.beads.map { Self.shown($0.bead, source: source, target: target, limit: beadLimit) }
        if beads.count <= wholeLimit {
            var cells: [SentenceCells] = []
            cells.reserveCapacity(beads.count)
            ChapterSentences.forEach(source: source, target: target, beads: beads, glossary: glossary, visible: true) { _, sentences in
                cells.append(SentenceCells(sentences))
            }
            whole = cells
            model = nil
        } else {
            whole = nil
            model = ChapterSentences.model(source: source, target: target, beads: beads, sample: Self.modelSample)
        }
    }

    /// The bead, or none when it is past `beadLimit`.
    static func shown(_ bead: Bead, source: [Block], target: [Block], limit: Int) -> Bead {
        var bytes = 0
        for index in bead.source { bytes += source[index].source.utf8.count }
        for index in bead.target { bytes += target[index].source.utf8.count }
        return bytes <= limit ? bead : Bead(source: [], target: [])
    }

    /// The cells of the rows of the beads in `range`.
    func cells(_ range: Range<Int>) -> [SentenceCells] {
        if let whole { return Array(whole[range]) }
        let source = review.source.blocks, target = review.target.blocks
        return range.map { index in
            // A pair of one sentence a side (counted by its stops) shows no more than its row
            // does: in a chapter this long, it is not cut (a million tiny paragraphs took 5 s).
            let bead = review.beads[index].bead
            if !bead.source.isEmpty, !bead.target.isEmpty,
               SentenceReview.mostSentences(bead.source, in: source) + SentenceReview.mostSentences(bead.target, in: target) <= 2 {
                return .none
            }
            return SentenceCells(ChapterSentences.align(bead: Self.shown(bead, source: source, target: target, limit: beadLimit),
                                                 source: source, target: target,
                                                 model: model ?? .book, glossary: glossary, visible: true))
        }
    }
}
