import GuideModel

/// Typed view models handed to the Mustache templates.
///
/// Templates see what a view's field table lists (`TemplateFields`): every stored property,
/// and flags such as `hasChildren` computed from them.
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
    var children: [TocItemView]
    /// A translation's chapter not translated yet: its title is the source's (`lang`).
    var untranslatedLang: String? = nil
    var hasChildren: Bool { !children.isEmpty }
}

/// What every page shares (the `layout` template's fields).
struct PageFrame {
    var htmlLang: String
    var pageTitle: String
    var bookTitle: String
    /// Relative path from the page to the site root ("" or "../"…), so the site works from file://.
    var root: String
    var languageLinks: [LanguageLinkView]
    /// The edition's table of contents, for pages that show it.
    var sidebar: SidebarView?
    /// The chapter's side-by-side page, for chapter pages.
    var bilingualHref: String?
    /// The edition's whole book on one page, for printing (`PrintPage`).
    var printHref: String? = nil
    /// The frame's own words, in the page's language unless given (a probe gives marks: `ShapedPage`).
    var chrome: PageChrome
    var hasLanguageLinks: Bool { !languageLinks.isEmpty }

    init(htmlLang: String, pageTitle: String, bookTitle: String, root: String, languageLinks: [LanguageLinkView],
         sidebar: SidebarView? = nil, bilingualHref: String? = nil, printHref: String? = nil, chrome: PageChrome? = nil) {
        self.htmlLang = htmlLang
        self.pageTitle = pageTitle
        self.bookTitle = bookTitle
        self.root = root
        self.languageLinks = languageLinks
        self.sidebar = sidebar
        self.bilingualHref = bilingualHref
        self.printHref = printHref
        self.chrome = chrome ?? PageChrome(htmlLang: htmlLang)
    }
}

/// The frame's own words (the skip link, the sidebar's and the language switch's names) in the
/// page's language, as search.js and code.js choose theirs: a Chinese page says 跳到正文.
struct PageChrome {
    var skip: String
    var tableOfContents: String
    var languages: String
    var contents: String
    var print: String
    /// The outline's name (a side-by-side page's says it in both languages).
    var onThisPage: String

    init(skip: String, tableOfContents: String, languages: String, contents: String, print: String, onThisPage: String) {
        (self.skip, self.tableOfContents, self.languages, self.contents, self.print) = (skip, tableOfContents, languages, contents, print)
        self.onThisPage = onThisPage
    }

    init(htmlLang: String) {
        if htmlLang.lowercased().hasPrefix("zh") {
            (skip, tableOfContents, languages, contents, print) = ("跳到正文", "目录", "语言", "目录", "打印")
            onThisPage = "本页"
        } else {
            (skip, tableOfContents, languages, contents, print) = ("Skip to content", "Table of contents", "Language", "Contents", "Print")
            onThisPage = "On this page"
        }
    }
}

/// The print page (`print.mustache`): the frame and the book's chapters, as a list's mark.
struct PrintView {
    var page: PageFrame
    var bodyHTML: String
}

/// A page's sidebar: the edition's shared table of contents (one `toc.js` per edition,
/// see `SidebarScript`), with this page's chapter marked as current.
///
/// The table is shared rather than printed into every page so that a page's size does not
/// grow with the book: a 1,000-chapter book would otherwise write its table 2,000 times.
struct SidebarView {
    /// The edition's sidebar script, relative to the page.
    var script: String
    /// The current chapter's page, relative to the site root (as the table's links are).
    var current: String
}

/// The `sidebar` template's fields: an edition's table of contents, links relative to the site root.
struct SidebarTableView {
    var items: [TocItemView]
}

/// The `sidebar` template's fields: the script that puts the table into a page's sidebar.
struct SidebarScriptView {
    /// The table's HTML (from the `toc` template) as a JavaScript string literal.
    var tableJSON: String
}

struct ChapterView {
    var page: PageFrame
    var title: String
    var languageName: String
    /// The page's own headings (levels 2 and 3), for the "on this page" outline; nil when none.
    var outline: OutlineView?
    /// The blocks' place (`StreamedPage.mark`): they are rendered a slice at a time.
    var bodyHTML: String
    var previous: LinkView?
    var next: LinkView?
    /// Where the translation has no text yet (`output.fallback`): the banner above the chapter.
    var fallback: FallbackBannerView? = nil
    /// The article's language when it is not the page's (an untranslated chapter's English).
    var bodyLang: String? = nil
}

/// The banner of a translation's page that shows (or leaves out) English not translated yet.
struct FallbackBannerView {
    /// The whole chapter is the English (`Chapter.untranslated`).
    var untranslated: Bool
    /// Stretches of the chapter not translated yet (shown in place when `inline`).
    var missing: Int
    var inline: Bool
    /// The source's page of the chapter, and its side-by-side page.
    var sourceHref: String
    var bilingualHref: String?
}

struct OutlineView {
    /// The entries' place (`StreamedPage.mark`): they are rendered a slice at a time
    /// (`OutlineItemsView`, the `outline-items` template).
    var itemsHTML: String
}

/// A slice of an outline's entries.
struct OutlineItemsView {
    var items: [OutlineItemView]
}

struct OutlineItemView {
    var title: String
    var id: String
    var level: Int
    /// The entry's language when it is not the page's (a heading shown in English).
    var lang: String? = nil
    /// The translation's heading beside it (a side-by-side page's outline), in `alternateLang`.
    var alternate: String? = nil
    var alternateLang: String? = nil
}

struct IndexView {
    var page: PageFrame
    var editions: [EditionView]
    /// Link the translators' dashboard.
    var hasReview: Bool
}

struct EditionView {
    var lang: String
    var languageName: String
    var title: String
    var chapters: [ChapterLinkView]
    /// The chapter list as `index-chapters` renders it (`ShapedRows`), filled just before the
    /// page renders (the page's key is made from `chapters`).
    var chaptersHTML: String = ""
}

/// The chapter list of an edition on the index page (the `index-chapters` template).
struct ChapterLinksView {
    var chapters: [ChapterLinkView]
}

struct ChapterLinkView {
    var title: String
    var href: String
    var depth: Int
    /// For a translation: its pairs with English that are translated, in percent (`ChapterReview.Progress`).
    var translatedPercent: String?
    var bilingualHref: String?
    /// Not translated yet (`Chapter.untranslated`): the title is the source's, in this language.
    var untranslatedLang: String? = nil
}

/// The side-by-side page: one row per bead.
struct BilingualView {
    var page: PageFrame
    var title: String
    var sourceLang: String
    var targetLang: String
    var sourceName: String
    var targetName: String
    /// The rows' place (`StreamedPage.mark`): they are rendered a slice at a time
    /// (`BeadRowsView`, the `bilingual-rows` template).
    var rowsHTML: String
    /// The rows that start with a heading (levels 2 and 3), for the "on this page" outline; nil when none.
    var outline: OutlineView? = nil
    /// The neighbouring chapters' side-by-side pages.
    var previous: LinkView? = nil
    var next: LinkView? = nil
}

/// A slice of the side-by-side page's rows.
struct BeadRowsView {
    var sourceLang: String
    var targetLang: String
    var rows: [BeadRowView]
}

struct BeadRowView {
    /// The row's anchor: a heading's shared id, or `pair-N`.
    var id: String
    /// The source block the row stands for (`ReadingPlaces`).
    var sourcePlace: Int = 0
    var status: String
    /// The status as the review's language names it (`ReviewKind.label`).
    var statusLabel: String = ""
    /// The row link's accessible name, in the review's language.
    var linkLabel: String = "Link to this pair"
    var isTranslated: Bool
    var findings: [String]
    var sourceHTML: String
    var targetHTML: String
    /// Each cell's sentences for `sentences.js` (`SentenceCells`; nil: none).
    var sourceSentences: String?
    var targetSentences: String?
    var sourceLines: String
    var targetLines: String
    /// A pair stale by the book's history: its English's word diff since the translation
    /// (`WordDiffHTML`), under a toggle named by `staleDiffLabel`; nil for other pairs.
    var staleDiffLabel: String? = nil
    var staleDiffHTML: String? = nil
}

/// The translators' dashboard.
struct ReviewDashboardView {
    var page: PageFrame
    /// The snippet check's summary line, when the build ran it.
    var checkLine: String?
    var checkProblems: [String]
    /// The statuses, most pressing first: the overview's columns and the filter's boxes.
    var statuses: [String]
    /// One row per chapter pair: where to start.
    var overview: [OverviewRowView]
    /// `overview` as the table's rows (`review-overview.mustache`), rendered a shape at a time
    /// before the page (`SiteRenderer`), not row by row through the engine.
    var overviewHTML = ""
    /// The languages of the translations, for the filter.
    var languages: [OverviewLanguageView]
    /// Every chapter's section (the `review-chapter` template), in book order.
    var chaptersHTML: String
    /// The page's words in the review's language (`review.lang`).
    var labels: ReviewLabelsView = ReviewLabelsView(code: "en")
    /// Each status the overview counts (a column), with its label; and the legend: every kind the page may
    /// show, what it means and what to do about it.
    var statusLabels: [StatusLabelView] = []
    /// The filter's boxes: every status, those only for information too (they have no column).
    var filterLabels: [StatusLabelView] = []
    var legend: [StatusLabelView] = []
    /// The filter's count line, as `review.js` fills it: `{1}` findings shown in `{2}` chapters.
    var countWords: CountWordsView = CountWordsView()
}

/// A kind as the dashboard names and explains it.
struct StatusLabelView {
    var status: String
    var label: String
    var meaning: String
    var action: String

    /// `action` with its commands (`` `guide fix-spacing` ``) as code, the rest escaped.
    var actionHTML: String {
        action.split(separator: "`", omittingEmptySubsequences: false).enumerated().map { index, part in
            index % 2 == 1 ? "<code>" + HTMLEscape.text(String(part)) + "</code>" : HTMLEscape.text(String(part))
        }.joined()
    }
}

/// The words `review.js` puts together, with `{1}` where the number goes.
struct CountWordsView {
    var findingOne = "1 finding"
    var findingMany = "{1} findings"
    var chapterOne = "1 chapter"
    var chapterMany = "{1} chapters"
    var shownIn = "{1} shown in {2}"
}

/// Every message id's text without its arguments, by the id (`{{labels.gapsHeading}}`), in the
/// language `code` names.
struct ReviewLabelsView {
    var code: String
    var language: ReviewLanguage { ReviewLanguage(rawValue: code) ?? .en }
}

/// A chapter pair's row in the dashboard's overview table.
struct OverviewRowView {
    /// The section's id (`chapter-…`) and the filter's chapter key.
    var id: String
    var title: String
    var lang: String
    var language: String
    var languageCode: String
    /// Numbers as the table prints them (texts: rows of one shape go through the template once).
    var translatedPercent: String
    var acceptedPercent: String
    /// Pairs per status, in `ReviewDashboardView.statuses`' order.
    var counts: [StatusCountView]
    var snippetFails: String
    var snippetWarns: String
}

/// The dashboard's overview rows, as `review-overview.mustache` lists them.
struct OverviewRowsView {
    var rows: [OverviewRowView]
}

struct OverviewLanguageView {
    var code: String
    var name: String
}

struct ChapterProgressView {
    /// The section's id, as the overview links it.
    var id: String
    var languageCode: String
    var title: String
    /// The translation's `lang`, for its title and excerpts.
    var lang: String
    var language: String
    var bilingualHref: String
    var translatedPercent: Int
    var acceptedPercent: Int
    /// What the percentage is of (`ChapterReview.Progress`): the pairs translated, of those with English.
    var translatedPairs = 0
    var pairsWithEnglish = 0
    var counts: [StatusCountView]
    /// Gaps but typography, which is folded into `typographyGaps` (shown on demand).
    var gaps: [GapView]
    var typographyGaps: [GapView]
    /// `gaps` and `typographyGaps` as HTML (`review-gaps.mustache`), rendered before the section
    /// a shape at a time (`SiteRenderer.dashboardSection`).
    var gapsHTML = ""
    var typographyGapsHTML = ""
    var hasGaps: Bool { !gaps.isEmpty || !typographyGaps.isEmpty }
    var hasTypography: Bool { !typographyGaps.isEmpty }
    /// The typography findings listed (the chapter's first gaps: `moreGaps` counts the rest).
    var typographyCount: Int
    /// Findings of the chapter's pairs, listed or not.
    var findingCount: Int
    /// How many gaps the list leaves out, when it is cut (`ReportLimit.perChapter`).
    var moreGaps: String?
    /// Snippets that fail, warn, were not checked, or compile differently in the translation.
    var snippets: [GapView]
    var hasSnippets: Bool { !snippets.isEmpty }
    /// What the markdown of the pair's files does that hurts readers (`ReaderChecks`).
    var reader: [ReaderGapView]
    var hasReader: Bool { !reader.isEmpty }
    /// All of them, where the list shows the first (`ReportLimit.perChapter`).
    var readerCount: Int
    /// Why the translation has no file for the chapter yet (`Chapter.untranslated`).
    var untranslated: String? = nil
    /// The section's words (`review.lang`), and those with its numbers in them.
    var labels: ReviewLabelsView = ReviewLabelsView(code: "en")
    var findingsLabel = ""
    var progressLabel = ""
    var progressText = ""
    var typographyLabel = ""
    var typographyBadge = "typography"
    var readerHeading = ""
}

struct StatusCountView {
    var status: String
    var label: String = ""
    /// The count as printed (a text: see `OverviewRowView`).
    var count: String
}

/// One reader finding in a dashboard section: the file's line, and the heading's text when it is one.
struct ReaderGapView {
    var kind: String
    var label: String = ""
    var message: String
    var location: String
    var href: String
    var excerpt: String?
    var excerptLang: String
}

/// A dashboard section's gaps, as `review-gaps.mustache` lists them.
struct GapsView {
    var gaps: [GapView]
}

struct GapView {
    var status: String
    var label: String = ""
    var message: String
    var location: String
    /// The English pair's `file:line`, where the gap is in the translation and the pair has English.
    var englishLocation: String? = nil
    var href: String
    var excerpt: String
    /// The excerpt's language (`lang` attribute).
    var excerptLang: String = "en"
    /// A pair stale by the book's history: its English's word diff since the translation
    /// (`WordDiffHTML`) under a toggle named by `diffLabel`, in the English's `diffLang`; nil for other gaps.
    var diffLabel: String? = nil
    var diffHTML: String? = nil
    var diffLang: String? = nil
}
