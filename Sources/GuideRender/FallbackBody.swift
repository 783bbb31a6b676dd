import GuideMerge
import GuideModel

/// What a translation's chapter page shows where the translation has no text yet
/// (`output.fallback`; which blocks are missing is the review's decision, how they show is this).
enum FallbackBody {
    /// The page's own blocks, as always.
    case own
    /// An untranslated chapter (`Chapter.untranslated`): the source's blocks under a banner.
    case source(Chapter)
    /// The page's blocks with the English of each stretch of `missing` pairs in its place, marked.
    case inline(InlineFallback)
    /// The page's blocks under a banner counting the stretches left out.
    case banner(missing: Int)

    /// What `chapter`'s page shows, given its review (nil for the source's pages).
    static func of(_ chapter: Chapter, review: ChapterReview?, mode: FallbackMode) -> FallbackBody {
        guard let review, mode != .none else { return .own }
        if chapter.untranslated != nil { return .source(review.source) }
        // Only where the review is confident the Chinese is missing (`MissingStretches`): never the
        // English beside the Chinese that renders it.
        let stretches = MissingStretches.confident(review)
        guard !stretches.isEmpty else { return .own }
        return mode == .inline ? .inline(InlineFallback(review: review, stretches: stretches)) : .banner(missing: stretches.count)
    }

    /// Whether `chapter`'s page shows some of the source's text (whose relative links then lead
    /// from the translation's folder), without laying the page out.
    static func showsSource(_ chapter: Chapter, review: ChapterReview, mode: FallbackMode) -> Bool {
        switch mode {
        case .none: return false
        case .banner: return chapter.untranslated != nil
        // Any `missing` pair: it may be shown (`MissingStretches` decides, reading the blocks; copying
        // the English folder's assets for a stretch that is not shown costs nothing a reader sees).
        case .inline: return chapter.untranslated != nil || review.beads.contains { $0.bead.target.isEmpty && $0.review.has(.missing) }
        }
    }

    /// The banner above the chapter, when there is one.
    func banner(sourceHref: String, bilingualHref: String?) -> FallbackBannerView? {
        switch self {
        case .own: return nil
        case .source: return FallbackBannerView(untranslated: true, missing: 0, inline: false, sourceHref: sourceHref,
                                                bilingualHref: bilingualHref)
        case .inline(let inline): return FallbackBannerView(untranslated: false, missing: inline.stretchCount, inline: true,
                                                            sourceHref: sourceHref, bilingualHref: bilingualHref)
        case .banner(let missing): return FallbackBannerView(untranslated: false, missing: missing, inline: false,
                                                             sourceHref: sourceHref, bilingualHref: bilingualHref)
        }
    }
}

/// A translated chapter's blocks with the English of its missing stretches in place: each item is
/// one of its own blocks or a piece of a stretch (at most `pieceBlocks` English blocks, so a page
/// still renders a slice at a time), each piece in a box marked as not translated yet.
struct InlineFallback {
    enum Item: Equatable {
        case own(Int)
        /// English blocks; `opens` on a stretch's first piece, which carries the note.
        case english(Range<Int>, opens: Bool)
    }

    let review: ChapterReview
    let items: [Item]
    let stretchCount: Int
    /// Where each of the page's own blocks stands in the source (`ReadingPlaces`).
    let places: [Int]

    static let pieceBlocks = 64

    init(review: ChapterReview, stretches: [Range<Int>]) {
        self.review = review
        stretchCount = stretches.count
        places = ReadingPlaces.ofTarget(review.beads.map(\.bead), count: review.target.blocks.count,
                                        marked: ReadingPlaces.marked(review.source))
        var items: [Item] = []
        var next = 0   // the next stretch
        for bead in review.beads {
            if next < stretches.count, let first = bead.bead.source.first, first == stretches[next].lowerBound {
                let stretch = stretches[next]
                for start in stride(from: stretch.lowerBound, to: stretch.upperBound, by: Self.pieceBlocks) {
                    items.append(.english(start..<min(start + Self.pieceBlocks, stretch.upperBound),
                                          opens: start == stretch.lowerBound))
                }
                next += 1
            }
            items += bead.bead.target.map { Item.own($0) }
        }
        self.items = items
    }

    /// The source's heading ids the page may use: none the translation's own headings have.
    static func sourceIDs(_ ids: HeadingIDs, besides own: HeadingIDs) -> HeadingIDs {
        let taken = Set(own.values)
        var kept = HeadingIDs()
        ids.forEach { block, id in if !taken.contains(id) { kept[block] = id } }
        return kept
    }

    /// The HTML of the items in `range`: own blocks as a page renders them (`aliases`: their
    /// headings' GitHub slugs), English pieces boxed.
    func html(_ range: Range<Int>, ids: HeadingIDs, aliases: HeadingIDs = HeadingIDs(), sourceIDs: HeadingIDs, sourceImages: ImageBase? = nil,
              sourceLinks: (any BlockLinks)? = nil, sourceLang: String,
              highlights: (any HighlightMemo)?, badge: (Int) -> String, sourceBadge: (Int) -> String) -> [UInt8] {
        var out: [UInt8] = []
        var index = range.lowerBound
        while index < range.upperBound {
            switch items[index] {
            case .own(let first):
                // A run of own blocks is rendered at once (their snippets are highlighted in one batch).
                var last = first
                while index + 1 < range.upperBound, case .own(let block) = items[index + 1], block == last + 1 {
                    last = block
                    index += 1
                }
                out += ChapterBody.html(review.target.blocks, range: first..<(last + 1), ids: ids, aliases: aliases, highlights: highlights,
                                        places: .of(places), badge: badge)
            case .english(let blocks, let opens):
                out += Array("<div class=\"fallback\(opens ? "" : " fallback-continued")\">\n".utf8)
                if opens { out += Array(Self.note.utf8) }
                out += Array("<div class=\"fallback-text\" lang=\"\(HTMLEscape.text(sourceLang))\">\n".utf8)
                out += ChapterBody.html(review.source.blocks, range: blocks, ids: sourceIDs, images: sourceImages, links: sourceLinks,
                                        highlights: highlights,
                                        places: .own, badge: sourceBadge)
                out += Array("</div>\n</div>\n".utf8)
            }
            index += 1
        }
        return out
    }

    /// The ids of the English headings the page shows (`sourceIDs`: those it may use).
    func shownSourceIDs(_ sourceIDs: HeadingIDs) -> [String] {
        items.flatMap { item -> [String] in
            guard case .english(let blocks, _) = item else { return [] }
            return blocks.compactMap { sourceIDs[$0] }
        }
    }

    /// The mark of a stretch shown in English.
    static let note = "<p class=\"fallback-note\">尚未翻译 · Not translated yet</p>\n"

    /// The outline's entries: the page's own headings and the English ones it shows, in order.
    func outline(ids: HeadingIDs, sourceIDs: HeadingIDs) -> [(english: Bool, block: Int)] {
        items.flatMap { item -> [(english: Bool, block: Int)] in
            switch item {
            case .own(let block):
                return ChapterBody.isOutlined(review.target.blocks[block], id: ids[block]) ? [(false, block)] : []
            case .english(let blocks, _):
                return blocks.filter { ChapterBody.isOutlined(review.source.blocks[$0], id: sourceIDs[$0]) }.map { (true, $0) }
            }
        }
    }

    func outlineItems(_ entries: ArraySlice<(english: Bool, block: Int)>, ids: HeadingIDs, sourceIDs: HeadingIDs,
                      sourceLang: String) -> [OutlineItemView] {
        entries.map { entry in
            let block = (entry.english ? review.source : review.target).blocks[entry.block]
            return OutlineItemView(title: block.text, id: (entry.english ? sourceIDs : ids)[entry.block]!,
                                   level: block.headingLevel!, lang: entry.english ? sourceLang : nil)
        }
    }
}
