import GuideModel

/// One edition's whole book on one page (`<lang>/print.html`, as mdBook's print page): every
/// chapter in the order of its table of contents, each a section that print CSS starts on a
/// new page. Rendered a slice of blocks at a time (`StreamedPage`): a book's print page is
/// as large as all its chapters.
struct PrintPage {
    let chapters: [Chapter]
    /// Each chapter's heading ids, made unique on the page by the chapter's (`sectionID`).
    let ids: [HeadingIDs]
    let highlights: HighlightStore?
    /// Where each chapter's items begin: an opening item, its blocks, a closing item.
    private let starts: [Int]

    init(chapters: [Chapter], ids: [HeadingIDs], highlights: HighlightStore?) {
        self.chapters = chapters
        self.highlights = highlights
        self.ids = zip(chapters, ids).map { chapter, chapterIDs in
            var prefixed = HeadingIDs()
            chapterIDs.forEach { block, id in prefixed[block] = Self.sectionID(chapter) + "--" + id }
            return prefixed
        }
        var starts: [Int] = [], total = 0
        for chapter in chapters {
            starts.append(total)
            total += chapter.facts.blockCount + 2
        }
        self.starts = starts + [total]
    }

    /// The page's path in its edition's folder: `print.html`, unless a chapter's page has that name.
    static func path(in edition: Edition) -> String {
        edition.chapters.contains { $0.pagePath == "print.html" } ? "print-book.html" : "print.html"
    }

    /// A chapter's section id on the page.
    static func sectionID(_ chapter: Chapter) -> String {
        "chapter-" + URLPath.encode(chapter.pagePath).replacingOccurrences(of: "%", with: "_").replacingOccurrences(of: "/", with: "-")
    }

    var count: Int { starts.last ?? 0 }

    /// The items in `range`: a chapter's opening and closing tags, and its blocks' HTML between.
    func html(_ range: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let chapter = starts.lastIndex { $0 <= index }!
            let start = starts[chapter], blocks = chapters[chapter].facts.blockCount
            if index == start {
                out += "<section class=\"print-chapter\" id=\"\(Self.sectionID(chapters[chapter]))\">\n".utf8
                index += 1
            } else if index == start + blocks + 1 {
                out += "</section>\n".utf8
                index += 1
            } else {
                let first = index - start - 1, last = min(blocks, range.upperBound - start - 1)
                out += ChapterBody.html(chapters[chapter].blocks, range: first..<last, ids: ids[chapter], highlights: highlights)
                index = start + 1 + last
            }
        }
        return out
    }
}
