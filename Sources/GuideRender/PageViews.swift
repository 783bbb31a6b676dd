/// Typed view models handed to the Mustache templates.
///
/// Templates see stored properties only (swift-mustache reads values through `Mirror`),
/// so flags such as `hasToc` are stored, set by the initialisers.
///
/// Every `String` here is escaped by the template (`{{name}}`); only fields named
/// `…HTML` hold HTML fragments built by cmark or by this module, printed with `{{{…}}}`.

struct LinkView {
    var title: String
    var href: String
}

struct LanguageLinkView {
    var name: String
    var lang: String
    var href: String
}

struct TocItemView {
    var title: String
    var href: String?
    var current: Bool
    var children: [TocItemView]
    let hasChildren: Bool

    init(title: String, href: String?, current: Bool, children: [TocItemView]) {
        self.title = title
        self.href = href
        self.current = current
        self.children = children
        self.hasChildren = !children.isEmpty
    }
}

/// What every page shares (the `layout` template's fields).
struct PageFrame {
    var htmlLang: String
    var pageTitle: String
    var bookTitle: String
    /// Relative path from the page to the site root ("" or "../"…), so the site works from file://.
    var root: String
    var languageLinks: [LanguageLinkView]
    var toc: [TocItemView]
    let hasLanguageLinks: Bool
    let hasToc: Bool

    init(htmlLang: String, pageTitle: String, bookTitle: String, root: String,
         languageLinks: [LanguageLinkView], toc: [TocItemView]) {
        self.htmlLang = htmlLang
        self.pageTitle = pageTitle
        self.bookTitle = bookTitle
        self.root = root
        self.languageLinks = languageLinks
        self.toc = toc
        self.hasLanguageLinks = !languageLinks.isEmpty
        self.hasToc = !toc.isEmpty
    }
}

struct ChapterView {
    var page: PageFrame
    var title: String
    var languageName: String
    var bodyHTML: String
    var previous: LinkView?
    var next: LinkView?
}

struct IndexView {
    var page: PageFrame
    var editions: [EditionView]
}

struct EditionView {
    var lang: String
    var languageName: String
    var title: String
    var chapters: [ChapterLinkView]
}

struct ChapterLinkView {
    var title: String
    var href: String
    var depth: Int
}
