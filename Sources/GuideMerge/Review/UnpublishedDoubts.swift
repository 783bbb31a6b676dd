import GuideModel

/// A translator's doubt markers (`review.doubt_markers`, 【疑问】) are the review's: the pages
/// leave them out (the parser's `unpublishedMarkers`), and `guide build` says how many it left
/// out, where, and where to read them (`guide review`).
public struct UnpublishedDoubts: Sendable, Equatable {
    /// Markers left out of the pages, counted one by one.
    public var markers = 0
    /// Chapters (of every translation) that hold one.
    public var chapters = 0
    /// The markers found, in `review.doubt_markers`' order.
    public var kinds: [String] = []

    /// The markers in the prose of the reviews' translations. Only the pairs the review found in
    /// doubt are read (their blocks loaded, nothing else); code is shown as written, so markers
    /// inside code blocks are not counted.
    public init(_ reviews: [ChapterReview], markers: [String]) {
        let markers = markers.filter { !$0.isEmpty }
        guard !markers.isEmpty else { return }
        var found = Set<String>()
        for review in reviews where review.beads.contains(where: { $0.review.has(.doubt) }) {
            let blocks = review.target.blocks
            var inChapter = 0
            for bead in review.beads where bead.review.has(.doubt) {
                for index in bead.bead.target {
                    if case .code = blocks[index].kind { continue }
                    for marker in markers {
                        let count = Self.occurrences(of: marker, in: blocks[index].source)
                        if count > 0 { found.insert(marker) }
                        inChapter += count
                    }
                }
            }
            if inChapter > 0 {
                self.markers += inChapter
                chapters += 1
            }
        }
        kinds = markers.filter(found.contains)
    }

    static func occurrences(of marker: String, in text: String) -> Int {
        var count = 0
        var rest = text[...]
        while let found = rest.range(of: marker) {
            count += 1
            rest = rest[found.upperBound...]
        }
        return count
    }

    /// The line `guide build` prints (nil when no marker was left out).
    public var line: String? {
        guard markers > 0 else { return nil }
        return "\(markers) doubt marker\(markers == 1 ? "" : "s") (\(kinds.joined(separator: ", "))) in \(chapters) "
            + "chapter\(chapters == 1 ? "" : "s") \(markers == 1 ? "is" : "are") not published; see `guide review`"
    }
}
