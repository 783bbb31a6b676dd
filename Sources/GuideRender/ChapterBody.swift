import GuideModel

/// A chapter's HTML: cmark's rendering of each block, headings given their `id` and a link to themselves.
enum ChapterBody {
    /// The HTML of the blocks in `range`, as bytes for the page (a page renders its blocks a
    /// slice at a time, see `StreamedPage`). `badge` gives the snippet harness's verdict for a
    /// block (by index), or "". `aliases`: a heading's second anchor, its GitHub slug
    /// (`HeadingIDs.gitHubAliases`). `images`: for a page outside the blocks' folder, where their
    /// relative images are (`ImageBase`).
    /// `places`: the source block each block stands for (`ReadingPlaces`), written on its element as `data-place`.
    /// `links`: on a page away from the blocks' own (the print page, English on a translation's
    /// page), where their links lead there (`PrintLinks`, `FallbackLinks`).
    static func html(_ blocks: [Block], range: Range<Int>? = nil, ids: HeadingIDs, aliases: HeadingIDs = HeadingIDs(),
                     images: ImageBase? = nil, links: (any BlockLinks)? = nil, highlights: (any HighlightMemo)? = nil,
                     places: ReadingPlaces.Marks = .none, badge: (Int) -> String = { _ in "" }) -> [UInt8] {
        let images = images?.isIdentity == false ? images : nil
        let range = range ?? blocks.indices
        let html = CodeBlockHTML.html(for: blocks[range], store: highlights)
        var out: [UInt8] = []
        out.reserveCapacity(html.reduce(0) { $0 + $1.utf8.count })
        for (offset, index) in range.enumerated() {
            var blockHTML = images.flatMap { blocks[index].inline.images.isEmpty ? nil : $0.rebase(html[offset]) } ?? html[offset]
            // A block with links, or of raw HTML (whose links the parser does not list).
            if let links, !blocks[index].inline.urls.isEmpty || isRawHTML(blocks[index]) { blockHTML = links.rewrite(blockHTML) }
            if let level = blocks[index].headingLevel, let id = ids[index] {
                appendHeading(blockHTML, level: level, id: id, alias: aliases[index], place: places[index], to: &out)
            } else if let place = places[index], !isRawHTML(blocks[index]) {
                out += ReadingPlaces.marking(blockHTML, place: place).utf8
                out += badge(index).utf8
            } else {
                out += blockHTML.utf8
                out += badge(index).utf8
            }
        }
        return out
    }

    /// A block of the book's own HTML: its element is the book's, not marked.
    static func isRawHTML(_ block: Block) -> Bool {
        if case .html = block.kind { return true }
        return false
    }

    /// The headings a reader jumps between (levels 2 and 3), in order: the page's outline, as
    /// block indexes; each slice of it is made into views only as it is rendered (a chapter of
    /// a million headings held a million views per page).
    static func outline(_ blocks: [Block], ids: HeadingIDs) -> [Int] {
        blocks.indices.filter { isOutlined(blocks[$0], id: ids[$0]) }
    }

    /// A heading of level 2 or 3 with an id.
    static func isOutlined(_ block: Block, id: String?) -> Bool {
        guard let level = block.headingLevel else { return false }
        return (2...3).contains(level) && id != nil
    }

    /// The outline's items at `indexes` (from `outline`).
    static func outlineItems(_ blocks: [Block], _ indexes: ArraySlice<Int>, ids: HeadingIDs) -> [OutlineItemView] {
        indexes.map { OutlineItemView(title: blocks[$0].text, id: ids[$0]!, level: blocks[$0].headingLevel!) }
    }

    /// cmark renders `<hN>inner</hN>`; only the opening tag changes, the inner HTML stays cmark's.
    /// (Appended as bytes: a chapter of a million headings made four strings each.)
    /// `alias`, when there is one, is an empty element of its own that carries the second id.
    static func appendHeading(_ html: String, level: Int, id: String, alias: String? = nil, place: Int? = nil,
                              to out: inout [UInt8]) {
        let open = "<h\(level)>"
        guard html.hasPrefix(open) else {
            out += html.utf8
            return
        }
        let escaped = HTMLEscape.text(id)
        out += "<h\(level) id=\"".utf8
        out += escaped.utf8
        if let place { out += "\" data-place=\"\(place)".utf8 }
        out += "\"><a class=\"anchor\" href=\"#".utf8
        out += escaped.utf8
        out += "\" aria-hidden=\"true\" tabindex=\"-1\">#</a>".utf8
        if let alias {
            out += "<span id=\"".utf8
            out += HTMLEscape.text(alias).utf8
            out += "\"></span>".utf8
        }
        out += html.utf8.dropFirst(open.utf8.count)
    }
}
