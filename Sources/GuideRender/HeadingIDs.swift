import GuideModel

/// A chapter's heading ids by block index (`HeadingAnchors`): a slot per block, up to the last
/// block with an id.
///
/// Every page, the search index and the side-by-side rows look ids up block after block: the
/// slots are read in order, where a dictionary hashes and reads at random. A chapter with few
/// headings has few slots: they end at its last heading.
public struct HeadingIDs: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    private var slots: [String?] = []
    /// How many blocks have an id.
    public private(set) var count = 0

    public init() {}

    public init(dictionaryLiteral elements: (Int, String)...) {
        for (block, id) in elements { self[block] = id }
    }

    public subscript(block: Int) -> String? {
        get { slots.indices.contains(block) ? slots[block] : nil }
        set {
            precondition(block >= 0, "a block index is never negative")
            if block >= slots.count {
                guard newValue != nil else { return }
                slots += repeatElement(nil, count: block + 1 - slots.count)
            }
            count += (newValue == nil ? 0 : 1) - (slots[block] == nil ? 0 : 1)
            slots[block] = newValue
            while let last = slots.last, last == nil { slots.removeLast() }   // equal ids, equal slots
        }
    }

    public var isEmpty: Bool { count == 0 }

    /// The ids, in block order.
    public var values: [String] { slots.compactMap { $0 } }

    /// Calls `body` with each block that has an id and its id, in block order.
    public func forEach(_ body: (_ block: Int, _ id: String) throws -> Void) rethrows {
        for (block, id) in slots.enumerated() {
            if let id { try body(block, id) }
        }
    }
}

/// GitHub's anchors: how READMEs and GitBooks written for GitHub link to their own headings
/// (`[前言](#前言)`, `[Blocks](#blocks-代码块)`). A translation's guide ids are borrowed from
/// its source (`HeadingAnchors.translatedSlugs`), so its GitHub slugs often differ; the pages
/// give those headings the GitHub slug as a second anchor (`ChapterBody.appendHeading`).
extension HeadingIDs {
    /// Each heading's slug as GitHub makes it on the chapter alone, in document order: repeats
    /// get `-1`, `-2`…; a heading with nothing left of its text gets none.
    public static func gitHub(for headings: [ChapterFacts.Heading]) -> HeadingIDs {
        var ids = HeadingIDs()
        for (heading, slug) in zip(headings, GitHubSlug.numbered(headings.map(\.text))) {
            if let slug { ids[heading.block] = slug }
        }
        return ids
    }

    /// The GitHub slugs that a page with `ids` does not have already: a heading's slug when it
    /// differs from its guide id and names nothing else on the page (a duplicate `id` would
    /// take the reader to whichever comes first; `main` and `pair-N` are the templates').
    public static func gitHubAliases(_ gitHub: HeadingIDs, besides ids: HeadingIDs) -> HeadingIDs {
        guard !gitHub.isEmpty else { return HeadingIDs() }
        var taken = Set(ids.values)
        return gitHubAliases(gitHub, taken: &taken)
    }

    /// The slugs of `gitHub` not in `taken` (nor reserved), each then taken: for a page that
    /// shows two chapters (the side-by-side page), one after the other.
    public static func gitHubAliases(_ gitHub: HeadingIDs, taken: inout Set<String>) -> HeadingIDs {
        var aliases = HeadingIDs()
        gitHub.forEach { block, slug in
            if !HeadingAnchors.isReserved(slug), taken.insert(slug).inserted { aliases[block] = slug }
        }
        return aliases
    }

    /// GitHub's slug of a heading's text (`GitHubSlug`: no `section` stand-in, unlike guide's own `HeadingAnchors.slug`).
    public static func gitHubSlug(_ text: String) -> String { GitHubSlug.of(text) }
}

