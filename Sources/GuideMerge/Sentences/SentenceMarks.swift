/// What the side-by-side page needs of a bead's aligned sentences, kept with the bead's review
/// so that the sentences are cut and paired once (by the review) and not again for the page:
/// for each sentence of each side, in order, its group in the bead (`BeadSentences.links`: the
/// same number on both sides pairs them; a number only one side has is a sentence with no
/// counterpart) and how many characters a reader sees of it (`Sentence.visible`; nil where
/// that count could be wrong).
public struct SentenceMarks: Hashable, Sendable {
    public struct Mark: Hashable, Sendable {
        public var link: Int
        public var visible: Int?

        public init(link: Int, visible: Int?) {
            self.link = link
            self.visible = visible
        }
    }

    public var source: [Mark]
    public var target: [Mark]

    public init(source: [Mark], target: [Mark]) {
        self.source = source
        self.target = target
    }

    public init(_ bead: BeadSentences) {
        var sourceLinks = [Int](repeating: 0, count: bead.source.count)
        var targetLinks = [Int](repeating: 0, count: bead.target.count)
        for (index, link) in bead.links.enumerated() {
            for sentence in link.source where sourceLinks.indices.contains(sentence) { sourceLinks[sentence] = index }
            for sentence in link.target where targetLinks.indices.contains(sentence) { targetLinks[sentence] = index }
        }
        source = zip(bead.source, sourceLinks).map { Mark(link: $1, visible: $0.visible) }
        target = zip(bead.target, targetLinks).map { Mark(link: $1, visible: $0.visible) }
    }
}
