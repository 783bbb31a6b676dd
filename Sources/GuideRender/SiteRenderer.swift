import Foundation
import GuideMerge
import GuideModel
import GuideFiles

/// Turns the book into a `Site`: the index, one page per chapter and language, and the templates' static files.
public struct SiteRenderer: Sendable {
    public let templates: TemplateSet
    /// What earlier builds made that this one may reuse; nil makes everything afresh, in memory.
    public var memos: RenderMemos?
    var highlights: (any HighlightMemo)? { memos?.highlights }
    /// How pages name the markdown files.
    public var fileNames = SiteFileNames.asDisplayed
    /// The language of the review dashboard and of the side-by-side pages' marks (`review.lang`).
    public var reviewLanguage: ReviewLanguage = .en

    /// `templatesFolder`: the book's, over the built-in theme (nil: the built-in theme alone).
    public init(templatesFolder: String?) throws {
        templates = try TemplateSet(folder: templatesFolder)
    }

    public init(templates: TemplateSet) {
        self.templates = templates
    }

    /// The site with every page made now, in memory (`plan` for a build that reuses pages);
    /// `reviews`: the book's (aligned now when nil).
    public func render(_ book: Book, reviews: [ChapterReview]? = nil, snippets: SnippetBadges = SnippetBadges([])) throws -> Site {
        try plan(book, reviews: try reviews ?? book.reviews(), snippets: snippets).site()
    }

    /// The site's pages as plans (`PagePlan`, each made as its page is), for the pipeline to make
    /// or reuse. `reviews`: the book's chapter reviews (one alignment per chapter pair, shared by
    /// heading ids, the bilingual pages and the dashboard).
    public func plan(_ book: Book, reviews: [ChapterReview], snippets: SnippetBadges = SnippetBadges([]),
                     check: CheckSummary? = nil, anchors: [Language: [String: HeadingIDs]]? = nil) throws -> SitePlan {
        let anchors = try anchors ?? anchorsByChapter(book, reviews: reviews)
        // The reviews cover every chapter; the pages, the chapters the translations publish.
        let reviewOf = Dictionary(reviews.map { ("\($0.language.code)/\($0.source.path)", $0) }) { first, _ in first }
        let book = FallbackPages.published(book)
        let reviewPages = {
            var pages = ReviewPages(book: book, reviews: reviews, anchors: anchors, snippets: snippets, check: check,
                                    highlights: highlights, fileNames: fileNames, language: reviewLanguage)
            pages.linkTargets = BilingualLinks.Targets(pages)
            return pages
        }()
        // The search index needs only the book and the heading ids: it is built while the pages are made.
        let searchFiles = InBackground { [memos] in
            SearchIndex.siteFiles(for: book, anchors: anchors, store: memos?.searchChunks)
        }
        let index = indexView(book, reviews: reviews)
        let fallbackLinks = FallbackLinks.Targets(book: book, anchors: anchors, reviews: reviewOf)
        let indexPlan = PagePlan(path: "index.html", template: "index", key: { PageInputs(views: PageInputs.bytes(index)).key },
                                 making: .whole { [templates] in
            // Each edition's chapter list a shape of row at a time (`ShapedRows`). Templates
            // without the list template (a book's own older `index.mustache`) print `chapters`.
            var index = index
            if templates.library.getTemplate(named: "index-chapters") != nil {
                for position in index.editions.indices {
                    index.editions[position].chaptersHTML = String(decoding: try ShapedRows.render(
                        index.editions[position].chapters, template: "index-chapters", templates: templates) {
                        ChapterLinksView(chapters: $0)
                    }, as: UTF8.self)
                }
            }
            return Array(try templates.render(index, with: "index").utf8)
        })
        let chapterPage: @Sendable (Edition, Int) -> PagePlan = { edition, position in
            let order = edition.chapters, chapter = order[position]
            let root = Self.root(of: chapter)
            let page = frame(book, edition, chapter: chapter, root: root)
            let ids = anchors[edition.language]?[chapter.path] ?? [:]
            let previous = position > 0 ? link(order[position - 1], root: root, folder: edition.language.code) : nil
            let next = position + 1 < order.count ? link(order[position + 1], root: root, folder: edition.language.code) : nil
            let path = "\(edition.language.code)/\(chapter.pagePath)"
            let review = edition.language == book.source.language ? nil : reviewOf["\(edition.language.code)/\(chapter.path)"]
            let shown = FallbackBody.of(chapter, review: review, mode: book.config.fallback)
            if case .own = shown {
                return chapterPlan(path, page: page, edition: edition, chapter: chapter, ids: ids,
                                   previous: previous, next: next, snippets: snippets, review: review)
            }
            let source = book.source
            let fallback = FallbackPages(renderer: self, source: source, review: review!, shown: shown,
                                         ids: ids, sourceIDs: anchors[source.language]?[chapter.path] ?? [:], snippets: snippets,
                                         linkTargets: fallbackLinks)
            return fallback.plan(path, page: page, edition: edition, root: root, previous: previous, next: next)
        }
        var sidebars = book.editions.filter { !$0.toc.isEmpty }.map { sidebarPlan(Self.sidebarScriptPath($0), table: sidebarTable($0, of: book)) }
        // Each translation's side-by-side pages, in the book's order: their sidebar (a table of
        // their own, `bilingual/toc.js`) and previous/next stay side by side.
        let bilingualOrder = Dictionary(grouping: reviews.indices) { reviews[$0].language }
        let bilingualPosition = Dictionary(uniqueKeysWithValues: bilingualOrder.values.flatMap { $0.enumerated().map { ($1, $0) } })
        for (language, indexes) in bilingualOrder.sorted(by: { $0.key.code < $1.key.code }) where !book.source.toc.isEmpty {
            let folder = ReviewPages.folder(for: language, in: book)
            let pages = Set(indexes.map { reviews[$0].source.path })
            let table = SidebarTableView(items: book.source.toc.map { bilingualTocItem($0, source: book.source, folder: folder, pages: pages) })
            sidebars.append(sidebarPlan(Self.bilingualSidebarScriptPath(folder), table: table))
        }
        let bilingualPage: @Sendable (Int) -> PagePlan = { reviewIndex in
            let review = reviews[reviewIndex]
            let root = Self.root(of: review.source)
            var page = frame(book, book.source, chapter: review.source, root: root)
            page.pageTitle = "\(review.source.title) · \(review.target.title)"
            // The outline lists both languages' headings: named in both.
            page.chrome.onThisPage = PageChrome(htmlLang: book.source.language.htmlLang).onThisPage
                + " · " + PageChrome(htmlLang: review.language.htmlLang).onThisPage
            // The switch leads to either language's page (the page side by side is this one).
            page.languageLinks = [(book.source, review.source), (book.edition(review.language), review.target)].compactMap { edition, chapter in
                edition.map { LanguageLinkView(name: Self.languageName($0.language), lang: $0.language.htmlLang,
                                               href: "\(root)\($0.language.code)/\(chapter.pageURL)") }
            }
            page.bilingualHref = nil
            let folder = ReviewPages.folder(for: review.language, in: book)
            if page.sidebar != nil {
                page.sidebar = SidebarView(script: "\(root)\(Self.bilingualSidebarScriptPath(folder))",
                                           current: "\(folder)/\(review.source.pageURL)")
            }
            let order = bilingualOrder[review.language] ?? [], position = bilingualPosition[reviewIndex] ?? 0
            let neighbour = { (index: Int) in
                LinkView(title: reviews[index].source.title, href: root + reviewPages.bilingualURL(reviews[index]))
            }
            let previous = position > 0 ? neighbour(order[position - 1]) : nil
            let next = position + 1 < order.count ? neighbour(order[position + 1]) : nil
            return streamedPlan(reviewPages.bilingualPath(review), template: "bilingual",
                                key: { [page] in reviewPages.inputs(review, views: PageInputs.bytes(page, previous, next)).key }) { [templates, page] in
                let rows = StreamedPage.mark("rows"), items = StreamedPage.mark("outline"), aliases = reviewPages.gitHubAliases(review)
                let outline = reviewPages.bilingualOutline(review)
                let view = reviewPages.bilingualView(review, frame: page, rowsHTML: rows, outlineHTML: outline.isEmpty ? nil : items,
                                                     previous: previous, next: next)
                return StreamedPage(frame: try ShapedPage.render(view, template: "bilingual", templates: templates), lists: [
                    .init(mark: items, count: outline.count) { range in
                        try ShapedRows.render(reviewPages.bilingualOutlineItems(review, outline[range]),
                                              template: "outline-items", templates: templates) {
                            OutlineItemsView(items: $0)
                        }
                    },
                    .init(mark: rows, count: review.beads.count) { range in
                        let slice = reviewPages.rows(review, range, aliases: aliases)
                        return try ShapedRows.render(slice.rows, template: "bilingual-rows",
                                                         listKey: slice.sourceLang + "\u{0}" + slice.targetLang,
                                                         templates: templates) { rows in
                            BeadRowsView(sourceLang: slice.sourceLang, targetLang: slice.targetLang, rows: rows)
                        }
                    },
                ])
            }
        }
        // Those made of every chapter first, so that no core is left making one alone at the end.
        var pages: [@Sendable () throws -> PagePlan] = book.editions.filter { !$0.chapters.isEmpty }.map { edition in
            { printPlan(book, edition, anchors: anchors) }
        }
        pages += [{ try dashboardPlan(book, reviews: reviews, reviewPages: reviewPages, check: check) }, { indexPlan }]
        pages += book.editions.flatMap { edition in edition.chapters.indices.map { position in { @Sendable in chapterPage(edition, position) } } }
        pages += sidebars.map { plan in { @Sendable in plan } } + reviews.indices.map { review in { @Sendable in bilingualPage(review) } }
        return SitePlan(pages: pages, searchFiles: searchFiles, notFound: try templates.render(notFoundView(book), with: "404"),
                        baseURL: book.config.baseURL, staticFiles: templates.staticFiles)
    }

    /// The review dashboard: one section per chapter, each made (or reused) on its own, so that
    /// a rebuild after an edit makes the edited chapter's section, not the whole dashboard.
    func dashboardPlan(_ book: Book, reviews: [ChapterReview], reviewPages: ReviewPages, check: CheckSummary?) throws -> PagePlan {
        let frame = PageFrame(htmlLang: reviewLanguage == .zh ? "zh-Hans" : "en", pageTitle: "\(ReviewMessage(.dashboardTitle).text(in: reviewLanguage)) · \(book.source.title)",
                              bookTitle: book.source.title, root: "../", languageLinks: [],
                              printHref: Self.printHref(book.source, root: "../"))
        let keys = reviews.compactMap { review in
            reviewPages.inputs(review, views: [], checkResults: { check.map { check in
                // The section's snippet gaps are made from these (and the review and its row ids).
                (check.noteworthy(review.source.path) + check.divergences(review.source.path).flatMap { [$0.source, $0.translation] })
                    .map { result in
                        var shown = result
                        shown.cached = false   // whether it came from the cache does not show
                        return shown
                    }
            } ?? [] }).key
        }
        // The page around the sections is kept by its inputs: an edit that changes no chapter's
        // counts renders neither the overview's rows nor the page.
        let view = reviewPages.dashboardView(frame: frame, chaptersHTML: Self.sectionsMark)
        let make = { [templates] in
            var view = view
            view.overviewHTML = try listHTML(view.overview, template: "review-overview") { OverviewRowsView(rows: $0) }
            return Array(try templates.render(view, with: "review").utf8)
        }
        let page: [UInt8] = if let sections = memos?.sections, let key = PageInputs(views: PageInputs.bytes(view)).key {
            try sections.section(template: "review", key: key, render: make)
        } else { try make() }
        return PagePlan(path: "review/index.html", template: "review-chapter", key: { nil },
                        making: .sections(frame: String(decoding: page, as: UTF8.self), count: reviews.count) { index in
                            try dashboardSection(reviewPages.chapterProgress(reviews[index]))
                        },
                        parts: keys.count == reviews.count ? PagePlan.Parts(template: "review-chapter", keys: { keys }) : nil)
    }

    /// Where the dashboard's sections go; no chapter's text can hold it (content with a NUL byte is refused).
    static let sectionsMark = "\u{0}guide:dashboard-sections\u{0}"

    /// An edition's print page: every chapter in one page (its sections kept by the section memo,
    /// so an edit renders the edited chapter's alone).
    func printPlan(_ book: Book, _ edition: Edition, anchors: [Language: [String: HeadingIDs]]) -> PagePlan {
        let path = "\(edition.language.code)/\(PrintPage.path(in: edition))"
        var page = frame(book, edition, chapter: nil, root: "../")
        page.pageTitle = edition.title
        let ids = edition.chapters.map { anchors[edition.language]?[$0.path] ?? [:] }
        // Every chapter's heading ids stand in the page's inputs by their digests.
        let idDigests = ids.map { HexText.of(HeadingAnchors.digest($0)) }.joined(separator: " ")
        // A chapter not translated yet prints its English (its ids are the English's already).
        let chapters = edition.chapters.map { $0.untranslated == nil ? $0 : book.source.chapter(at: $0.path) ?? $0 }
        let langs = edition.chapters.map { $0.untranslated == nil ? nil : book.source.language.htmlLang }
        let own = Set(edition.assets), source = book.source.language.code
        let images = zip(edition.chapters, chapters).map { listed, shown in
            listed.untranslated == nil ? ImageBase(chapter: shown.path, in: edition.language.code, page: path)
                : ImageBase(chapter: shown.path, in: source, page: path, copiedInto: (edition.language.code, own))
        }
        let imageKeys = zip(images, chapters).map { $0.key(for: $1) }.joined(separator: "\n")
        let print = PrintPage(chapters: chapters, ids: ids, highlights: highlights, sections: memos?.sections, langs: langs, images: images)
        // Where the chapters' links lead on the page depends on which chapters it holds (`PrintLinks`).
        let linkKeys = zip(print.links, chapters).map { $0.key(for: $1) }.joined(separator: "\n")
        let listed = edition.chapters
        let parts = PagePlan.Parts(template: PrintPage.sectionTemplate, keys: { print.sectionKeys })
        return streamedPlan(path, template: "print", parts: parts, key: { [page] in PageInputs(
            views: PageInputs.bytes(page, idDigests) + (imageKeys.contains(where: { $0 != "\n" }) ? PageInputs.bytes(imageKeys) : [])
                + (linkKeys.contains(where: { $0 != "\n" }) ? PageInputs.bytes("links", linkKeys) : []),
            chapters: listed, ids: [:], badges: []).key }) { [templates, page] in
            let body = StreamedPage.mark("body")
            return StreamedPage(frame: try templates.render(PrintView(page: page, bodyHTML: body), with: "print"), lists: [
                .pieced(mark: body, count: print.count) { range in print.pieces(range) },
            ])
        }
    }

    /// A page of a frame and long lists (`StreamedPage`), made a slice at a time: past
    /// `PageSink.spillBytes`, into the spool its maker is given.
    func streamedPlan(_ path: String, template: String, parts: PagePlan.Parts? = nil,
                      key: @escaping @Sendable () -> [UInt8]?, page make: @escaping @Sendable () throws -> StreamedPage) -> PagePlan {
        PagePlan(path: path, template: template, key: key, making: .streamed { spool in
            var sink = PageSink(spool: spool)
            try make().write(to: &sink)
            return try sink.finish()
        }, parts: parts)
    }

    /// A table of contents' script (`toc.js`).
    func sidebarPlan(_ path: String, table: SidebarTableView) -> PagePlan {
        PagePlan(path: path, template: "toc", key: { PageInputs(views: PageInputs.bytes(table)).key },
                 making: .whole { Array(try sidebarScript(table).utf8) })
    }

    /// A dashboard section, its gap lists rendered first a shape at a time (`ShapedRows`: a
    /// book's dashboard lists tens of thousands of gaps, each of seven fields the template
    /// engine looks up one by one). `review-gaps` prints a line per gap; the section's template
    /// puts the list where the last line's break is its own.
    func dashboardSection(_ section: ChapterProgressView) throws -> [UInt8] {
        var view = section
        view.gapsHTML = try listHTML(view.gaps, template: "review-gaps") { GapsView(gaps: $0) }
        view.typographyGapsHTML = try listHTML(view.typographyGaps, template: "review-gaps") { GapsView(gaps: $0) }
        return Array(try templates.render(view, with: "review-chapter").utf8)
    }

    /// A list a page prints with `{{{…HTML}}}` on a line of its own (`ShapedRows`): the list's
    /// template prints a line per row, and the page's line break ends the last.
    func listHTML<Row: ShapedView>(_ rows: [Row], template: String, list: ([Row]) -> Any) throws -> String {
        var bytes = try ShapedRows.render(rows, template: template, templates: templates, list: list)
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Relative path from a chapter's pages to the site root (pages sit one folder down).
    static func root(of chapter: Chapter) -> String {
        String(repeating: "../", count: 1 + chapter.pagePath.filter { $0 == "/" }.count)
    }

    /// Heading ids per language and chapter: the source's slugs, borrowed by aligned translations.
    public func anchorsByChapter(_ book: Book, reviews: [ChapterReview]? = nil) throws -> [Language: [String: HeadingIDs]] {
        let reviews = try reviews ?? book.reviews()
        var result: [Language: [String: HeadingIDs]] = [:]
        // Each chapter's ids on their own (on every core); a translation's after its source's.
        let sourceIDs = book.source.chapters.concurrentMap { HeadingAnchors.slugs(for: $0.facts.headings) }
        var source: [String: HeadingIDs] = [:]
        source.reserveCapacity(sourceIDs.count)
        for (chapter, ids) in zip(book.source.chapters, sourceIDs) { source[chapter.path] = ids }
        result[book.source.language] = source
        let translated = reviews.concurrentMap { [source] review in
            // An untranslated chapter's page shows the English, with its ids.
            if review.target.untranslated != nil { return source[review.source.path] ?? [:] }
            return HeadingAnchors.translatedSlugs(target: review.target.facts.headings, sourceIDs: source[review.source.path] ?? [:],
                                           pairs: review.beads.map { ($0.bead.source, $0.bead.target) })
        }
        for (review, ids) in zip(reviews, translated) { result[review.language, default: [:]][review.source.path] = ids }
        return result
    }

    func frame(_ book: Book, _ edition: Edition, chapter: Chapter?, root: String) -> PageFrame {
        PageFrame(
            htmlLang: edition.language.htmlLang,
            pageTitle: chapter.map { "\($0.title) · \(edition.title)" } ?? edition.title,
            bookTitle: edition.title,
            root: root,
            languageLinks: book.editions.filter { $0.language != edition.language }.map { other in
                let target = chapter.flatMap { other.chapter(at: $0.path) }
                return LanguageLinkView(
                    name: Self.languageName(other.language),
                    lang: other.language.htmlLang,
                    href: target.map { "\(root)\(other.language.code)/\($0.pageURL)" } ?? "\(root)index.html")
            },
            sidebar: edition.toc.isEmpty ? nil : SidebarView(
                script: "\(root)\(Self.sidebarScriptPath(edition))",
                current: chapter.map { "\(edition.language.code)/\($0.pageURL)" } ?? ""),
            bilingualHref: chapter.flatMap { chapter in
                book.translations.first.map { "\(root)\(ReviewPages.folder(for: $0.language, in: book))/\(chapter.pageURL)" }
            },
            printHref: Self.printHref(edition, root: root)
        )
    }

    /// An edition's print page from a page `root` away from the site root (none without chapters).
    static func printHref(_ edition: Edition, root: String) -> String? {
        edition.chapters.isEmpty ? nil : "\(root)\(edition.language.code)/\(URLPath.encode(PrintPage.path(in: edition)))"
    }

    /// Where an edition's shared table of contents goes, relative to the site root.
    static func sidebarScriptPath(_ edition: Edition) -> String {
        "\(edition.language.code)/toc.js"
    }

    /// Where a translation's side-by-side pages' table of contents goes (`folder`: `ReviewPages.folder`).
    static func bilingualSidebarScriptPath(_ folder: String) -> String {
        "\(folder)/toc.js"
    }

    /// A side-by-side table's entry: the source's title, linking the chapter's side-by-side page
    /// (`pages`: the source chapters that have one), else its page in the source.
    func bilingualTocItem(_ entry: TocEntry, source: Edition, folder: String, pages: Set<String>) -> TocItemView {
        let chapter = entry.path.flatMap { path in source.chapter(at: path) }
        return TocItemView(
            title: entry.title,
            href: chapter.map { pages.contains($0.path) ? "\(folder)/\($0.pageURL)" : "\(source.language.code)/\($0.pageURL)" },
            children: entry.children.map { bilingualTocItem($0, source: source, folder: folder, pages: pages) })
    }

    /// The edition's table of contents as a script its pages' sidebars run (see `SidebarView`).
    func sidebarScript(_ table: SidebarTableView) throws -> String {
        let table = try templates.render(table, with: "toc")
        return try templates.render(SidebarScriptView(tableJSON: JSString.quote(table)), with: "sidebar")
    }

    func sidebarTable(_ edition: Edition, of book: Book) -> SidebarTableView {
        SidebarTableView(items: edition.toc.map { tocItem($0, edition: edition, source: book.source.language) })
    }

    /// A table entry; links are relative to the site root (the script prefixes the page's root).
    func tocItem(_ entry: TocEntry, edition: Edition, source: Language) -> TocItemView {
        let chapter = entry.path.flatMap { path in edition.chapter(at: path) }
        return TocItemView(
            title: entry.title,
            href: chapter.map { "\(edition.language.code)/\($0.pageURL)" },
            children: entry.children.map { tocItem($0, edition: edition, source: source) },
            untranslatedLang: chapter?.untranslated == nil ? nil : source.htmlLang
        )
    }

    func link(_ chapter: Chapter, root: String, folder: String) -> LinkView {
        LinkView(title: chapter.title, href: "\(root)\(folder)/\(chapter.pageURL)")
    }

    /// The 404 page is served for any missing path, so its links start at the site's root URL.
    func notFoundView(_ book: Book) -> IndexView {
        let root = Self.rootURLPath(book.config.baseURL)
        let source = book.source
        return IndexView(
            page: PageFrame(htmlLang: source.language.htmlLang, pageTitle: "404 · \(source.title)",
                            bookTitle: source.title, root: root, languageLinks: [], printHref: Self.printHref(source, root: root)),
            editions: [], hasReview: false)
    }

    /// The path part of the base URL (`https://x.org/book/` → `/book/`), or `/`.
    static func rootURLPath(_ baseURL: String) -> String {
        guard let scheme = baseURL.range(of: "://") else { return "/" }
        let afterHost = baseURL[scheme.upperBound...].drop { $0 != "/" }
        let path = afterHost.isEmpty ? "/" : String(afterHost)
        return path.hasSuffix("/") ? path : path + "/"
    }

    func indexView(_ book: Book, reviews: [ChapterReview]) -> IndexView {
        let source = book.source
        let progress = Dictionary(reviews.map { ("\($0.language.code)/\($0.source.path)", $0) }) { first, _ in first }
        return IndexView(
            page: PageFrame(htmlLang: source.language.htmlLang, pageTitle: source.title, bookTitle: source.title,
                            root: "", languageLinks: [], printHref: Self.printHref(source, root: "")),
            editions: book.editions.map { edition in
                EditionView(
                    lang: edition.language.htmlLang,
                    languageName: Self.languageName(edition.language),
                    title: edition.title,
                    chapters: edition.toc.flatMap { flatten($0, depth: 0) }.compactMap { entry, depth in
                        guard let chapter = entry.path.flatMap({ edition.chapter(at: $0) }) else { return nil }
                        let review = progress["\(edition.language.code)/\(chapter.path)"]
                        return ChapterLinkView(
                            title: entry.title, href: "\(edition.language.code)/\(chapter.pageURL)", depth: depth,
                            translatedPercent: review.map { String($0.progress.translatedPercent) },
                            bilingualHref: review.map { "\(ReviewPages.folder(for: $0.language, in: book))/\(chapter.pageURL)" },
                            untranslatedLang: chapter.untranslated == nil ? nil : source.language.htmlLang)
                    })
            },
            hasReview: !reviews.isEmpty)
    }

    private func flatten(_ entry: TocEntry, depth: Int) -> [(TocEntry, Int)] {
        [(entry, depth)] + entry.children.flatMap { flatten($0, depth: depth + 1) }
    }

    static func languageName(_ language: Language) -> String {
        switch language.code {
        case "en": return "English"
        case "zh": return "中文"
        default: return language.code
        }
    }
}
