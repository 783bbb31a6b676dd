import GuideMerge
import GuideModel

/// Where the English shown on a translation's page (`FallbackBody`) links.
///
/// The English is written from `en/part/one.md` and shown at `zh/part/one.html`. A link to a
/// chapter leads to the translation's page of it (the same path in its folder), keeping its
/// fragment where that page has the id (translated headings borrow the English ids), else
/// without it; a chapter the translation does not publish is reached in English. Files and
/// images are where the English ones are published (`ImageBase` with the translation's own
/// assets). A link within the page keeps a fragment the page has, else goes to its top.
struct FallbackLinks: BlockLinks {
    /// The ids of a translation's published pages, made once a build for the pages linked.
    final class Targets: Sendable {
        let book: Book
        let anchors: [Language: [String: HeadingIDs]]
        /// The reviews by `language/chapter path`: which English a page shows in place.
        let reviews: [String: ChapterReview]
        private let chapterOfPage = MemoTable<Language, [String: String]>()
        private let idsOfChapter = MemoTable<String, Set<String>>()

        /// `book` as its pages show it (`FallbackPages.published`).
        init(book: Book, anchors: [Language: [String: HeadingIDs]], reviews: [String: ChapterReview]) {
            self.book = book
            self.anchors = anchors
            self.reviews = reviews
        }

        /// The path of the chapter of `edition` whose page is `page` (`part/two.html`), if any.
        func path(_ edition: Edition, page: String) -> String? {
            chapterOfPage.value(edition.language) {
                Dictionary(edition.chapters.map { ($0.pagePath, $0.path) }) { first, _ in first }
            }[page]
        }

        /// The ids of `edition`'s page `page`, nil when the edition has no such page.
        func ids(_ edition: Edition, page: String) -> Set<String>? {
            guard let path = path(edition, page: page), let chapter = edition.chapter(at: path) else { return nil }
            return idsOfChapter.value(edition.language.code + "/" + path) {
                let own = anchors[edition.language]?[path] ?? [:]
                // A chapter not translated yet shows the English headings (`FallbackBody.source`).
                let shown = chapter.untranslated == nil ? chapter : book.source.chapter(at: path) ?? chapter
                let ids = Self.ids(own, aliasesOf: shown)
                // English stretches shown in place bring their headings' ids.
                guard edition.language != book.source.language, chapter.untranslated == nil,
                      case .inline(let inline) = FallbackBody.of(chapter, review: reviews[edition.language.code + "/" + path],
                                                                 mode: book.config.fallback) else { return ids }
                let sourceIDs = anchors[book.source.language]?[path] ?? [:]
                return ids.union(inline.shownSourceIDs(InlineFallback.sourceIDs(sourceIDs, besides: own)))
            }
        }

        /// A page's ids: its headings' and their GitHub slugs' (`HeadingIDs.gitHubAliases`).
        static func ids(_ ids: HeadingIDs, aliasesOf chapter: Chapter) -> Set<String> {
            Set(ids.values + HeadingIDs.gitHubAliases(.gitHub(for: chapter.facts.headings), besides: ids).values)
        }
    }

    let targets: Targets
    /// The translation showing the English.
    let edition: Edition
    /// The English chapter's folder in its language's folder (decoded segments).
    let folder: [String]
    /// The ids of the page showing the English.
    let pageIDs: Set<String>
    /// Files and images, as the translation's folder has them (`ImageBase.copiedInto`).
    let files: ImageBase
    /// The English pages, from the page.
    let englishPages: ImageBase

    /// `files`: the English chapter's images as the page shows them.
    init(english: Chapter, source: Language, edition: Edition, page: String, pageIDs: Set<String>, targets: Targets, files: ImageBase) {
        self.targets = targets
        self.edition = edition
        folder = PathText.parent(english.path).split(separator: "/").map(String.init)
        self.pageIDs = pageIDs
        self.files = files
        englishPages = ImageBase(chapter: english.path, in: source.code, page: page)
    }

    /// `written` (an href as the block's HTML has it) as the translation's page needs it; nil to leave it as written.
    func url(_ written: String) -> String? {
        guard let link = WrittenLink(written) else { return nil }
        if link.path.isEmpty {
            guard let fragment = link.fragment, !fragment.isEmpty, !pageIDs.contains(fragment) else { return nil }
            return "#"
        }
        if let page = link.page(from: folder) {
            if let ids = targets.ids(edition, page: page) {
                guard let fragment = link.fragment, !fragment.isEmpty, !ids.contains(fragment) else { return nil }
                return String(link.beforeHash)
            }
            // Not published in the translation (`output.fallback: none` leaves it out): the English page.
            if targets.path(targets.book.source, page: page) != nil { return englishPages.url(written) }
        }
        return files.url(written)
    }

    func rewrite(_ html: String) -> String {
        ImageBase.rewriting(html, opening: "<a href=\"", url)
    }

    /// What the rewritten links of `chapter` (the English shown) depend on beyond it, for the
    /// page's key; "" when it has no link.
    func key(for chapter: Chapter) -> String {
        let links = chapter.facts.references.filter { !$0.isImage }
        guard !links.isEmpty else { return "" }
        return links.map { url($0.url) ?? "" }.joined(separator: "\n")
    }
}

/// What rewrites a block's links for a page that shows it away from its own (`ChapterBody.html`).
protocol BlockLinks: Sendable {
    func rewrite(_ html: String) -> String
}

extension PrintLinks: BlockLinks {}
