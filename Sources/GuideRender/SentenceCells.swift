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
/// A pair of ordinary size is cut and aligned whole, when the page starts rendering, and kept
/// only as each row's `SentenceCells`. A pair larger than `wholeLimit` (bytes of markdown, both
/// sides) would hold hundreds of megabytes of sentences at once: its length model is found first
/// (`ChapterSentences.model`, one bead at a time), then each slice of rows cuts and aligns its
/// own beads as it renders. Both ways give the same cells.
struct RowSentences: Sendable {
    /// Bytes of markdown (both chapters) up to which a pair is aligned whole.
    static let wholeLimit = 1 << 20

    private let review: ChapterReview
    private let glossary: SentenceGlossary?
    private let whole: [SentenceCells]?
    private let model: LengthModel?

    init(_ review: ChapterReview, glossary: SentenceGlossary?, wholeLimit: Int = Self.wholeLimit) {
        self.review = review
        self.glossary = glossary
        let beads = review.beads.map(\.bead)
        let source = review.source.blocks, target = review.target.blocks
        let bytes = source.reduce(0) { $0 + $1.source.utf8.count } + target.reduce(0) { $0 + $1.source.utf8.count }
        if bytes <= wholeLimit {
            var cells: [SentenceCells] = []
            cells.reserveCapacity(beads.count)
            ChapterSentences.forEach(source: source, target: target, beads: beads, glossary: glossary, visible: true) { _, sentences in
                cells.append(SentenceCells(sentences))
            }
            whole = cells
            model = nil
        } else {
            whole = nil
            model = ChapterSentences.model(source: source, target: target, beads: beads)
        }
    }

    /// The cells of the rows of the beads in `range`.
    func cells(_ range: Range<Int>) -> [SentenceCells] {
        if let whole { return Array(whole[range]) }
        let source = review.source.blocks, target = review.target.blocks
        return range.map { index in
            SentenceCells(ChapterSentences.align(bead: review.beads[index].bead, source: source, target: target,
                                                 model: model ?? .book, glossary: glossary, visible: true))
        }
    }
}
