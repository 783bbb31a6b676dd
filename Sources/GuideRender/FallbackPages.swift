import GuideMerge
import GuideModel

/// A translation's chapter page that shows English where the translation has none yet
/// (`FallbackBody`: an untranslated chapter's whole text, or a translated chapter's missing
/// stretches in place, or only a banner counting them).
public struct FallbackPages: Sendable {
    let renderer: SiteRenderer
    let source: Edition
    let review: ChapterReview
    let shown: FallbackBody
    /// The page's heading ids, and the source chapter's.
    let ids: HeadingIDs
    let sourceIDs: HeadingIDs
    let snippets: SnippetBadges
    /// The translation's pages the English links (`FallbackLinks`), shared by the build's pages.
    let linkTargets: FallbackLinks.Targets

    /// The languages some page of which shows the source text (a chapter not translated yet,
    /// or English blocks shown in place): their sites need the source's images too.
    public static func languagesShowingSource(_ reviews: [ChapterReview], mode: FallbackMode) -> Set<Language> {
        Set(reviews.filter { FallbackBody.showsSource($0.target, review: $0, mode: mode) }.map(\.language))
    }

    /// The book as its pages show it: with `output.fallback: none`, a translation publishes only
    /// the chapters it has (no page, no table of contents entry for an untranslated one).
    public static func published(_ book: Book) -> Book {
        guard book.config.fallback == .none,
              book.translations.contains(where: { $0.chapters.contains { $0.untranslated != nil } }) else { return book }
        var published = book
        published.editions = book.editions.map { edition in
            var edition = edition
            let dropped = Set(edition.chapters.filter { $0.untranslated != nil }.map(\.path))
            guard !dropped.isEmpty else { return edition }
            edition.chapters = edition.chapters.filter { $0.untranslated == nil }
            edition.toc = without(dropped, edition.toc)
            return edition
        }
        return published
    }

    private static func without(_ paths: Set<String>, _ entries: [TocEntry]) -> [TocEntry] {
        entries.compactMap { entry in
            guard let path = entry.path, paths.contains(path) else {
                var kept = entry
                kept.children = without(paths, entry.children)
                return kept
            }
            return nil   // a stand-in is a leaf (`UntranslatedChapters`)
        }
    }

    func plan(_ path: String, page: PageFrame, edition: Edition, root: String, previous: LinkView?,
              next: LinkView?) -> PagePlan {
        let chapter = review.target, english = review.source
        let sourceHref = "\(root)\(source.language.code)/\(english.pageURL)"
        let banner = shown.banner(sourceHref: sourceHref, bilingualHref: page.bilingualHref)
        let sourceLang = source.language.htmlLang
        let checkKeys = [snippets.resultsKey(language: edition.language, chapter: chapter.path),
                         snippets.resultsKey(language: source.language, chapter: english.path)]
        let badges: @Sendable () -> [String] = { snippets.badges(language: edition.language, chapter: chapter.path, blocks: chapter.facts.blockCount) }
        let sourceBadges: @Sendable () -> [String] = { snippets.badges(language: self.source.language, chapter: english.path, blocks: english.facts.blockCount) }
        let known = checkKeys.allSatisfy { $0 != nil }
        // The source's blocks shown here: their images as the translation's folder has them.
        let sourceImages = ImageBase(chapter: english.path, in: source.language.code, page: path,
                                     copiedInto: (edition.language.code, Set(edition.assets)))
        let imageKey = sourceImages.key(for: english)
        // The English's links, from this page: the ids the page has decide its in-page links.
        let englishIDs = InlineFallback.sourceIDs(sourceIDs, besides: ids)
        let pageIDs: Set<String>? = switch shown {
        case .source: FallbackLinks.Targets.ids(sourceIDs, aliasesOf: english)
        case .inline(let inline): FallbackLinks.Targets.ids(ids, aliasesOf: chapter).union(inline.shownSourceIDs(englishIDs))
        case .own, .banner: nil
        }
        let links = pageIDs.map { FallbackLinks(english: english, source: source.language, edition: edition, page: path, pageIDs: $0,
                                                targets: linkTargets, files: sourceImages) }
        let linkKey = links?.key(for: english) ?? ""
        let inputs = PageInputs(
            views: PageInputs.bytes(page, previous, next, SiteRenderer.languageName(edition.language), banner, sourceLang,
                                    HexText.of(HeadingAnchors.digest(sourceIDs)))
                + (imageKey.isEmpty ? [] : PageInputs.bytes(imageKey)) + (linkKey.isEmpty ? [] : PageInputs.bytes("links", linkKey)),
            chapters: [chapter, english], ids: ids, badges: known ? [] : badges() + sourceBadges(),
            beads: review.cacheKey == nil ? review.beads : [], reviewKey: review.cacheKey,
            checkKeys: known ? checkKeys.compactMap { $0 } : nil)
        let templates = renderer.templates, highlights = renderer.highlights
        return renderer.streamedPlan(path, template: "chapter", key: { inputs.key }) {
            let body = StreamedPage.mark("body"), items = StreamedPage.mark("outline")
            var view = ChapterView(page: page, title: chapter.title, languageName: SiteRenderer.languageName(edition.language),
                                   outline: nil, bodyHTML: body, previous: previous, next: next, fallback: banner)
            let lists: [StreamedPage.List]
            switch shown {
            case .source:
                // The English chapter as its own page shows it, in the translation's frame.
                view.bodyLang = sourceLang
                lists = plainLists(english, ids: sourceIDs, images: sourceImages, links: links, badges: sourceBadges(), places: .own,
                                   view: &view)
            case .inline(let inline):
                let badges = badges(), sourceBadges = sourceBadges()
                let aliases = HeadingIDs.gitHubAliases(.gitHub(for: chapter.facts.headings), besides: ids)
                let outline = inline.outline(ids: ids, sourceIDs: englishIDs)
                view.outline = outline.isEmpty ? nil : OutlineView(itemsHTML: items)
                lists = [
                    .init(mark: body, count: inline.items.count) { [ids] range in
                        inline.html(range, ids: ids, aliases: aliases, sourceIDs: englishIDs, sourceImages: sourceImages,
                                    sourceLinks: links, sourceLang: sourceLang, highlights: highlights,
                                    badge: { badges[$0] }, sourceBadge: { sourceBadges[$0] })
                    },
                    .init(mark: items, count: outline.count) { [ids] range in
                        try ShapedRows.render(inline.outlineItems(outline[range], ids: ids, sourceIDs: englishIDs,
                                                                  sourceLang: sourceLang),
                                              template: "outline-items", templates: templates) { OutlineItemsView(items: $0) }
                    },
                ]
            case .own, .banner:
                lists = plainLists(chapter, ids: ids, badges: badges(),
                                   places: .of(ReadingPlaces.ofTarget(review.beads.map(\.bead), count: chapter.blocks.count,
                                                                      marked: ReadingPlaces.marked(review.source))), view: &view)
            }
            return StreamedPage(frame: try ShapedPage.render(view, template: "chapter", templates: templates), lists: lists)
        }
    }

    /// A chapter's blocks and outline as its own page lists them (the outline set on `view`).
    private func plainLists(_ chapter: Chapter, ids: HeadingIDs, images: ImageBase? = nil, links: (any BlockLinks)? = nil, badges: [String],
                            places: ReadingPlaces.Marks, view: inout ChapterView) -> [StreamedPage.List] {
        let templates = renderer.templates, highlights = renderer.highlights, blocks = chapter.blocks
        let aliases = HeadingIDs.gitHubAliases(.gitHub(for: chapter.facts.headings), besides: ids)
        let body = StreamedPage.mark("body"), items = StreamedPage.mark("outline")
        let outline = ChapterBody.outline(blocks, ids: ids)
        view.outline = outline.isEmpty ? nil : OutlineView(itemsHTML: items)
        return [
            .init(mark: body, count: blocks.count) { range in
                ChapterBody.html(blocks, range: range, ids: ids, aliases: aliases, images: images, links: links, highlights: highlights,
                                 places: places) { badges[$0] }
            },
            .init(mark: items, count: outline.count) { range in
                try ShapedRows.render(ChapterBody.outlineItems(blocks, outline[range], ids: ids),
                                      template: "outline-items", templates: templates) { OutlineItemsView(items: $0) }
            },
        ]
    }
}
