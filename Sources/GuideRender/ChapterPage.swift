import GuideMerge
import GuideModel

extension SiteRenderer {
    /// A chapter's page of its own blocks (`<lang>/<chapter>.html`), rendered a slice at a time.
    /// `review`: a translated chapter's, whose pairs place its blocks (`ReadingPlaces`); nil for the source.
    func chapterPlan(_ path: String, page: PageFrame, edition: Edition, chapter: Chapter, ids: HeadingIDs,
                     previous: LinkView?, next: LinkView?, snippets: SnippetBadges, review: ChapterReview? = nil) -> PagePlan {
        // Badges are made only for a page to render, when the check's key stands for them.
        let checkKey = snippets.resultsKey(language: edition.language, chapter: chapter.path)
        let badges: @Sendable () -> [String] = { snippets.badges(language: edition.language, chapter: chapter.path, blocks: chapter.facts.blockCount) }
        return streamedPlan(path, template: "chapter",
            key: { PageInputs(views: PageInputs.bytes(page, previous, next, Self.languageName(edition.language)),
                               chapters: [chapter], ids: ids, badges: checkKey == nil ? badges() : [],
                               // A translation's places come from its pairs: they stand for them.
                               beads: review?.beads ?? [], reviewKey: review?.cacheKey,
                               checkKeys: checkKey.map { [$0] }).key }) { [templates, highlights] in
            let badges = badges(), outline = ChapterBody.outline(chapter.blocks, ids: ids)
            let places = review.map { ReadingPlaces.ofTarget($0.beads.map(\.bead), count: chapter.blocks.count,
                                                             marked: ReadingPlaces.marked($0.source)) }
            let aliases = HeadingIDs.gitHubAliases(.gitHub(for: chapter.facts.headings), besides: ids)
            let body = StreamedPage.mark("body"), items = StreamedPage.mark("outline")
            let view = ChapterView(
                page: page,
                title: chapter.title,
                languageName: Self.languageName(edition.language),
                outline: outline.isEmpty ? nil : OutlineView(itemsHTML: items),
                bodyHTML: body,
                previous: previous,
                next: next)
            return StreamedPage(frame: try ShapedPage.render(view, template: "chapter", templates: templates), lists: [
                .init(mark: body, count: chapter.blocks.count) { range in
                    ChapterBody.html(chapter.blocks, range: range, ids: ids, aliases: aliases, highlights: highlights,
                                     places: places.map { .of($0) } ?? .own) { badges[$0] }
                },
                .init(mark: items, count: outline.count) { range in
                    try ShapedRows.render(ChapterBody.outlineItems(chapter.blocks, outline[range], ids: ids),
                                          template: "outline-items", templates: templates) {
                        OutlineItemsView(items: $0)
                    }
                },
            ])
        }
    }
}
