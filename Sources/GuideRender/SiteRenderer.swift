import GuideMerge
import GuideModel

/// Turns the book into a `Site`: the index, one page per chapter and language, and the templates' static files.
public struct SiteRenderer {
    let templates: TemplateSet

    public init(templatesFolder: String) throws {
        templates = try TemplateSet(folder: templatesFolder)
    }

    public init(templates: TemplateSet) {
        self.templates = templates
    }

    public func render(_ book: Book) throws -> Site {
        var site = Site()
        let anchors = anchorsByChapter(book)
        site.add("index.html", text: try templates.render(indexView(book), with: "index"))
        for edition in book.editions {
            let order = edition.chapters
            for (position, chapter) in order.enumerated() {
                let root = String(repeating: "../", count: 1 + chapter.pagePath.filter { $0 == "/" }.count)
                let view = ChapterView(
                    page: frame(book, edition, chapter: chapter, root: root),
                    title: chapter.title,
                    languageName: Self.languageName(edition.language),
                    bodyHTML: ChapterBody.html(chapter.blocks, ids: anchors[edition.language]?[chapter.path] ?? [:]),
                    previous: position > 0 ? link(order[position - 1], from: chapter, root: root, edition) : nil,
                    next: position + 1 < order.count ? link(order[position + 1], from: chapter, root: root, edition) : nil
                )
                site.add("\(edition.language.code)/\(chapter.pagePath)", text: try templates.render(view, with: "chapter"))
            }
        }
        site.add("404.html", text: try templates.render(notFoundView(book), with: "404"))
        site.add("sitemap.xml", text: Sitemap.xml(pages: site.paths.filter { $0.hasSuffix(".html") },
                                                  baseURL: book.config.baseURL))
        for (path, bytes) in templates.staticFiles { site.files[path] = bytes }
        return site
    }

    /// Heading ids per language and chapter: the source's slugs, borrowed by aligned translations.
    func anchorsByChapter(_ book: Book) -> [Language: [String: [Int: String]]] {
        var result: [Language: [String: [Int: String]]] = [:]
        let aligner = Aligner()
        for chapter in book.source.chapters {
            let sourceIDs = HeadingAnchors.slugs(for: chapter.blocks)
            result[book.source.language, default: [:]][chapter.path] = sourceIDs
            for edition in book.translations {
                guard let translated = edition.chapter(at: chapter.path) else { continue }
                let beads = aligner.align(chapter.blocks, translated.blocks)
                result[edition.language, default: [:]][chapter.path] = HeadingAnchors.translatedSlugs(
                    target: translated.blocks, sourceIDs: sourceIDs,
                    pairs: beads.map { ($0.source, $0.target) })
            }
        }
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
                    href: target.map { "\(root)\(other.language.code)/\($0.pagePath)" } ?? "\(root)index.html")
            },
            toc: edition.toc.map { tocItem($0, edition: edition, current: chapter, root: root) }
        )
    }

    func tocItem(_ entry: TocEntry, edition: Edition, current: Chapter?, root: String) -> TocItemView {
        let chapter = entry.path.flatMap { path in edition.chapter(at: path) }
        return TocItemView(
            title: entry.title,
            href: chapter.map { "\(root)\(edition.language.code)/\($0.pagePath)" },
            current: chapter != nil && chapter?.path == current?.path,
            children: entry.children.map { tocItem($0, edition: edition, current: current, root: root) }
        )
    }

    func link(_ chapter: Chapter, from current: Chapter, root: String, _ edition: Edition) -> LinkView {
        LinkView(title: chapter.title, href: "\(root)\(edition.language.code)/\(chapter.pagePath)")
    }

    /// The 404 page is served for any missing path, so its links start at the site's root URL.
    func notFoundView(_ book: Book) -> IndexView {
        let root = Self.rootURLPath(book.config.baseURL)
        let source = book.source
        return IndexView(
            page: PageFrame(htmlLang: source.language.htmlLang, pageTitle: "404 · \(source.title)",
                            bookTitle: source.title, root: root, languageLinks: [], toc: []),
            editions: [])
    }

    /// The path part of the base URL (`https://x.org/book/` → `/book/`), or `/`.
    static func rootURLPath(_ baseURL: String) -> String {
        guard let scheme = baseURL.range(of: "://") else { return "/" }
        let afterHost = baseURL[scheme.upperBound...].drop { $0 != "/" }
        let path = afterHost.isEmpty ? "/" : String(afterHost)
        return path.hasSuffix("/") ? path : path + "/"
    }

    func indexView(_ book: Book) -> IndexView {
        let source = book.source
        return IndexView(
            page: PageFrame(htmlLang: source.language.htmlLang, pageTitle: source.title, bookTitle: source.title,
                            root: "", languageLinks: [], toc: []),
            editions: book.editions.map { edition in
                EditionView(
                    lang: edition.language.htmlLang,
                    languageName: Self.languageName(edition.language),
                    title: edition.title,
                    chapters: edition.toc.flatMap { flatten($0, depth: 0) }.compactMap { entry, depth in
                        guard let chapter = entry.path.flatMap({ edition.chapter(at: $0) }) else { return nil }
                        return ChapterLinkView(title: entry.title, href: "\(edition.language.code)/\(chapter.pagePath)", depth: depth)
                    })
            })
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
