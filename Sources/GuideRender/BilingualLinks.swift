import GuideMerge
import GuideModel

/// Where a cell's links lead on a side-by-side page (`bilingual/part/one.html`).
///
/// A chapter's links are written from its own page (`zh/part/one.html`). The side-by-side pages
/// mirror the chapters' folders, so a link to a chapter that has a side-by-side page stays as
/// written and leads to it; its fragment names a heading of that chapter's page, and there the
/// rows carry the ids (a row's id is its first English heading's, `ReviewPages.rowPlace`) and the
/// cells' headings their GitHub slugs: a fragment the page has stays, one it lacks leads to the
/// row of its heading, else to the page's top. Any other relative link (a file, the other
/// language's page, a chapter with no side-by-side page) is rebased from the chapter's folder
/// (`ImageBase`).
struct BilingualLinks {
    /// The anchors of the side-by-side pages of one translation, made once a build when first linked.
    final class Targets: Sendable {
        let pages: ReviewPages
        private let reviewByPage = MemoTable<Language, [String: Int]>()
        private let anchors = MemoTable<String, PageAnchors>()

        init(_ pages: ReviewPages) { self.pages = pages }

        /// The review whose side-by-side page is `page` (`part/two.html`) in `language`'s folder.
        func review(_ language: Language, page: String) -> ChapterReview? {
            let byPage = reviewByPage.value(language) {
                Dictionary(pages.reviews.indices.filter { pages.reviews[$0].language == language }
                    .map { (pages.reviews[$0].source.pagePath, $0) }) { first, _ in first }
            }
            return byPage[page].map { pages.reviews[$0] }
        }

        func anchors(_ review: ChapterReview) -> PageAnchors {
            anchors.value(review.language.code + "/" + review.source.path) { PageAnchors(review, pages: pages) }
        }
    }

    /// The ids a side-by-side page has, and the row of each heading of either chapter.
    struct PageAnchors: Sendable {
        let ids: Set<String>
        /// A fragment of either chapter's page (a guide id, then a GitHub slug) → its row's id.
        let rowOf: [String: String]

        init(_ review: ChapterReview, pages: ReviewPages) {
            let sourceIDs = pages.anchors[pages.book.source.language]?[review.source.path] ?? [:]
            let targetIDs = pages.anchors[review.language]?[review.target.path] ?? [:]
            let aliases = pages.gitHubAliases(review)
            let beads = BeadIndex(review)
            var ids = Set(aliases.source.values + aliases.target.values)
            for index in review.beads.indices where review.beads[index].bead.source.contains(where: { sourceIDs[$0] != nil }) {
                ids.insert(ReviewPages.rowID(review, index, ids: sourceIDs))
            }
            var rowOf: [String: String] = [:]
            func add(_ headingIDs: HeadingIDs, rows: [Int: Int]) {
                headingIDs.forEach { block, id in
                    guard rowOf[id] == nil, let row = rows[block] else { return }
                    rowOf[id] = ReviewPages.rowID(review, row, ids: sourceIDs)
                }
            }
            add(sourceIDs, rows: beads.ofSource)
            add(targetIDs, rows: beads.ofTarget)
            add(.gitHub(for: review.source.facts.headings), rows: beads.ofSource)
            add(.gitHub(for: review.target.facts.headings), rows: beads.ofTarget)
            self.ids = ids
            self.rowOf = rowOf
        }
    }

    let targets: Targets
    /// The cell's chapter, and its folder in its language's folder (decoded segments).
    let chapter: Chapter
    let folder: [String]
    /// The page's own review: in-page links lead to its rows.
    let review: ChapterReview
    /// The cell's other relative URLs seen from the page.
    let rebase: ImageBase

    init(chapter: Chapter, review: ChapterReview, targets: Targets, rebase: ImageBase) {
        self.chapter = chapter
        folder = PathText.parent(chapter.path).split(separator: "/").map(String.init)
        self.review = review
        self.targets = targets
        self.rebase = rebase
    }

    /// `written` (an href as the block's HTML has it) as the side-by-side page needs it; nil to leave it as written.
    func url(_ written: String) -> String? {
        guard let link = WrittenLink(written) else { return nil }
        if link.path.isEmpty {
            guard let fragment = link.fragment, !fragment.isEmpty else { return nil }
            return Self.fragment(fragment, on: targets.anchors(review)).map { WrittenLink.href(fragment: $0) }
        }
        guard let page = link.page(from: folder), let target = targets.review(review.language, page: page) else {
            // No side-by-side page: the chapter's own page (or the file) from here.
            return rebase.url(written)
        }
        guard let fragment = link.fragment, !fragment.isEmpty else { return nil }
        return Self.fragment(fragment, on: targets.anchors(target)).map { String(link.beforeHash) + ($0.isEmpty ? "" : WrittenLink.href(fragment: $0)) }
    }

    /// What `fragment` becomes on a page with `anchors`: nil to keep it, its heading's row, or "" (none: the page's top).
    static func fragment(_ fragment: String, on anchors: PageAnchors) -> String? {
        if anchors.ids.contains(fragment) { return nil }
        return anchors.rowOf[fragment] ?? ""
    }

    /// `html` (a cell's block) with each `<a href="…">` as the page needs it.
    func rewrite(_ html: String) -> String {
        ImageBase.rewriting(html, opening: "<a href=\"", url)
    }

    /// What the rewritten links of the cell's chapter depend on beyond the page's two chapters
    /// (other chapters' headings and rows), for the page's key; "" when the chapter has no link.
    func key() -> String {
        let links = chapter.facts.references.filter { !$0.isImage }
        guard !links.isEmpty else { return "" }
        return links.map { url($0.url) ?? "" }.joined(separator: "\n")
    }
}
