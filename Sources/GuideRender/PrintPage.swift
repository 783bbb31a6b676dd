import GuideModel

/// One edition's whole book on one page (`<lang>/print.html`, as mdBook's print page): every
/// chapter in the order of its table of contents, each a section that print CSS starts on a
/// new page.
///
/// A chapter's section is kept by the page memo by what it is made from (its content digest
/// and heading ids), so that a rebuild after an edit renders the edited chapter's section and
/// reads the others from the store, without parsing their chapters. A chapter of more than
/// `streamedBlocks` blocks is rendered a slice of blocks at a time instead, never whole in
/// memory (`StreamedPage`).
struct PrintPage {
    enum Item {
        /// A chapter's whole section, from the store or rendered.
        case section(Int)
        /// A long chapter's opening tag, one of its blocks, its closing tag.
        case open(Int), block(Int, Int), close(Int)
    }

    let chapters: [Chapter]
    /// Each chapter's heading ids, made unique on the page by the chapter's (`sectionID`).
    let ids: [HeadingIDs]
    let highlights: (any HighlightMemo)?
    let sections: (any SectionMemo)?
    /// Each chapter's language when it is not the page's (an untranslated chapter's English).
    let langs: [String?]
    /// Where each chapter's relative images are, seen from the page (`ImageBase`).
    let images: [ImageBase?]
    /// Where each chapter's links lead on the page (`PrintLinks`).
    let links: [PrintLinks]
    /// Each chapter's GitHub anchors its guide ids lack, prefixed as its ids are: a link written
    /// for GitHub (`#blocks-代码块`) leads to its heading here too, as on the chapter's page.
    let aliases: [HeadingIDs]
    /// Where each chapter's items begin (a long chapter has one per block and two more).
    private let starts: [Int]

    static let streamedBlocks = 20_000

    init(chapters: [Chapter], ids: [HeadingIDs], highlights: (any HighlightMemo)?, sections: (any SectionMemo)?, langs: [String?]? = nil,
         images: [ImageBase?]? = nil) {
        self.chapters = chapters
        self.images = images ?? Array(repeating: nil, count: chapters.count)
        self.langs = langs ?? Array(repeating: nil, count: chapters.count)
        self.highlights = highlights
        self.sections = sections
        func prefixed(_ chapterIDs: HeadingIDs, of chapter: Chapter) -> HeadingIDs {
            var prefixed = HeadingIDs()
            let section = Self.sectionID(chapter)
            chapterIDs.forEach { block, id in prefixed[block] = PrintLinks.headingID(section: section, fragment: id[...]) }
            return prefixed
        }
        self.ids = zip(chapters, ids).map { prefixed($1, of: $0) }
        let gitHub = zip(chapters, ids).map { chapter, chapterIDs in
            HeadingIDs.gitHubAliases(.gitHub(for: chapter.facts.headings), besides: chapterIDs)
        }
        aliases = zip(chapters, gitHub).map { prefixed($1, of: $0) }
        let sections = PrintLinks.Sections(chapters, ids: zip(ids, gitHub).map { Set($0.values + $1.values) })
        links = zip(chapters, self.images).map { PrintLinks(chapter: $0, sections: sections, rebase: $1) }
        var starts: [Int] = [], total = 0
        for chapter in chapters {
            starts.append(total)
            total += chapter.facts.blockCount > Self.streamedBlocks ? chapter.facts.blockCount + 2 : 1
        }
        self.starts = starts + [total]
    }

    /// The page's path in its edition's folder: `print.html`, unless a chapter's page has that name.
    static func path(in edition: Edition) -> String {
        // Asked for every page's frame: looked up by path, not searched for (quadratic in the chapters).
        edition.chapter(at: "print.md") != nil || edition.chapter(at: "print") != nil ? "print-book.html" : "print.html"
    }

    /// A chapter's section id on the page.
    static func sectionID(_ chapter: Chapter) -> String {
        // By bytes (the encoded path is ASCII), not through Foundation's replacing.
        let encoded = URLPath.encode(chapter.pagePath).utf8.map { byte -> UInt8 in
            byte == UInt8(ascii: "%") ? UInt8(ascii: "_") : byte == UInt8(ascii: "/") ? UInt8(ascii: "-") : byte
        }
        return "chapter-" + String(decoding: encoded, as: UTF8.self)
    }

    var count: Int { starts.last ?? 0 }

    func item(_ index: Int) -> Item {
        // The last chapter starting at or before `index` (a search: the page asks for every item).
        var low = 0, high = starts.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= index { low = middle } else { high = middle }
        }
        let chapter = low
        let offset = index - starts[chapter]
        guard starts[chapter + 1] - starts[chapter] > 1 else { return .section(chapter) }
        if offset == 0 { return .open(chapter) }
        return offset == chapters[chapter].facts.blockCount + 1 ? .close(chapter) : .block(chapter, offset - 1)
    }

    /// The items in `range`, a piece each: a chapter's section as the store holds it.
    func pieces(_ range: Range<Int>) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var index = range.lowerBound
        while index < range.upperBound {
            switch item(index) {
            case .section(let chapter):
                out.append(section(chapter))
                index += 1
            case .open(let chapter):
                out.append(opening(chapter))
                index += 1
            case .close:
                out.append(closing)
                index += 1
            case .block(let chapter, let first):
                // The chapter's blocks in this range, at once.
                let last = min(chapters[chapter].facts.blockCount, first + range.upperBound - index)
                out.append(ChapterBody.html(chapters[chapter].blocks, range: first..<last, ids: ids[chapter], aliases: aliases[chapter],
                                            images: images[chapter], links: links[chapter], highlights: highlights))
                index += last - first
            }
        }
        return out
    }

    private func opening(_ chapter: Int) -> [UInt8] {
        let lang = langs[chapter].map { " lang=\"\(HTMLEscape.text($0))\"" } ?? ""
        return Array("<section class=\"print-chapter\" id=\"\(Self.sectionID(chapters[chapter]))\"\(lang)>\n".utf8)
    }

    private var closing: [UInt8] { Array("</section>\n".utf8) }

    /// A chapter's whole section: from the store when its chapter and ids are as they were.
    private func section(_ chapter: Int) -> [UInt8] {
        let render = {
            opening(chapter) + ChapterBody.html(chapters[chapter].blocks, ids: ids[chapter], aliases: aliases[chapter],
                                                images: images[chapter], links: links[chapter], highlights: highlights) + closing
        }
        guard let sections, let key = sectionKey(chapter) else { return render() }
        return sections.section(template: Self.sectionTemplate, key: key, render: render)
    }

    /// What a chapter's section is made from (nil for a chapter not read from a file).
    private func sectionKey(_ chapter: Int) -> [UInt8]? {
        var views = langs[chapter].map { PageInputs.bytes($0) } ?? []
        if let imageKey = images[chapter]?.key(for: chapters[chapter]), !imageKey.isEmpty { views += PageInputs.bytes(imageKey) }
        let linkKey = links[chapter].key(for: chapters[chapter])
        if !linkKey.isEmpty { views += PageInputs.bytes("links", linkKey) }
        return PageInputs(views: views, chapters: [chapters[chapter]], ids: ids[chapter], badges: []).key
    }

    /// The name the sections are kept by (a template of its own: the section is no page).
    static let sectionTemplate = "print-chapter"

    /// The keys of the chapters kept as whole sections, which a page kept from the output keeps.
    var sectionKeys: [[UInt8]] {
        chapters.indices.filter { starts[$0 + 1] - starts[$0] == 1 }.compactMap(sectionKey)
    }
}
