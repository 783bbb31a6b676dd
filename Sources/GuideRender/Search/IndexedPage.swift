import GuideModel

/// A page of the search index before it is read: what places it in the index, and the bytes
/// its sections are a pure function of (`key`), so a chunk of unchanged pages is found in the
/// store without its chapters being parsed. `page` makes the page.
public struct IndexedPage: Sendable {
    public var language: String
    public var chapterTitle: String
    public var href: String
    /// What determines the sections (with the fields above); nil: only the sections themselves do.
    public var key: [UInt8]?
    /// Calls `body` with each section in order, made one at a time: the index reads them once, and
    /// a chapter of a million headings made all its sections at once twice over (both languages).
    var eachSection: @Sendable (_ body: (SearchSection) -> Void) -> Void

    func sections() -> [SearchSection] {
        var all: [SearchSection] = []
        eachSection { all.append($0) }
        return all
    }

    public var page: SearchPage {
        SearchPage(language: language, chapterTitle: chapterTitle, href: href, sections: sections())
    }
}

extension IndexedPage {
    /// A page already made.
    init(_ page: SearchPage) {
        self.init(language: page.language, chapterTitle: page.chapterTitle, href: page.href, key: nil,
                  eachSection: { body in page.sections.forEach(body) })
    }
}
