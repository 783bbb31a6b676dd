import GuideModel

/// Where a reader is in a chapter, on any of its pages: the index of a source block. Every
/// top-level block of an English and a translated page, and every row of a side-by-side page,
/// carries the source block it stands for (`data-place`); the language switch (guide.js) lands
/// on the counterpart of the block at the top of the screen with them. Made from the pairs the
/// alignment gave, so a paragraph lands on its translation, not only on its section.
enum ReadingPlaces {
    /// Which blocks of a page carry a place: none (the print page), each its own index (the
    /// source's page), or the places `ofTarget` gave (a translation's page).
    enum Marks {
        case none, own, of([Int])

        subscript(block: Int) -> Int? {
            switch self {
            case .none: nil
            case .own: block
            case .of(let places): block < places.count ? places[block] : nil
            }
        }
    }

    /// For each block of a translation, the first source block of its pair. A block paired with
    /// no source stands where the source block before it is (0 before the first).
    /// `marked`: whether a source block carries its place on its page (raw HTML does not): a
    /// pair stands where its first marked source block is, when it has one.
    static func ofTarget(_ beads: [Bead], count: Int, marked: (Int) -> Bool = { _ in true }) -> [Int] {
        var places = [Int](repeating: 0, count: count)
        for (bead, place) in zip(beads, ofRows(beads, marked: marked)) {
            for block in bead.target where block < count { places[block] = place }
        }
        return places
    }

    /// For each pair (a side-by-side row): its first source block, else the last one before it.
    static func ofRows(_ beads: [Bead], marked: (Int) -> Bool = { _ in true }) -> [Int] {
        var last = 0
        return beads.map { bead in
            if let first = bead.source.first {
                last = bead.source.last ?? first
                return bead.source.first(where: marked) ?? first
            }
            return last
        }
    }

    /// The place of pair `index` alone (a side-by-side page renders its rows a slice at a time),
    /// as `ofRows` gives it; `sources`: a pair's source blocks.
    static func ofRow(_ index: Int, marked: (Int) -> Bool = { _ in true }, sources: (Int) -> [Int]) -> Int {
        let own = sources(index)
        if let first = own.first { return own.first(where: marked) ?? first }
        for before in stride(from: index - 1, through: 0, by: -1) {
            if let last = sources(before).last { return last }
        }
        return 0
    }

    /// Whether a block of `source` carries its place on its page: all but raw HTML (`ChapterBody`).
    static func marked(_ source: Chapter) -> (Int) -> Bool {
        let blocks = source.blocks
        return { $0 < blocks.count && !ChapterBody.isRawHTML(blocks[$0]) }
    }

    /// `html`, one block's, with ` data-place="place"` in its first tag (the block's element).
    /// HTML that does not start with an element (raw HTML a book wrote) is left as it is.
    static func marking(_ html: String, place: Int) -> String {
        let bytes = html.utf8
        guard bytes.count > 1, bytes.first == UInt8(ascii: "<"),
              let second = bytes.dropFirst().first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(second | 0x20) else { return html }
        let nameEnd = bytes.dropFirst().firstIndex { !(($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z"))
                                                     && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? bytes.endIndex
        return String(html[..<nameEnd]) + " data-place=\"\(place)\"" + String(html[nameEnd...])
    }
}
