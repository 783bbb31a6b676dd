import GuideCheck
import GuideMerge
import GuideModel

/// View models for the translators' pages: the side-by-side chapter and the dashboard.
struct ReviewPages {
    let book: Book
    let reviews: [ChapterReview]
    let anchors: [Language: [String: [Int: String]]]
    let snippets: SnippetBadges
    let check: CheckSummary?
    var highlights: HighlightStore?

    /// `bilingual/<chapter>.html` for the first translation, `bilingual-<lang>/…` for any other.
    static func folder(for language: Language, in book: Book) -> String {
        language == book.translations.first?.language ? "bilingual" : "bilingual-\(language.code)"
    }

    func bilingualPath(_ review: ChapterReview) -> String {
        "\(Self.folder(for: review.language, in: book))/\(review.source.pagePath)"
    }

    func bilingualView(_ review: ChapterReview, frame: PageFrame) -> BilingualView {
        let ids = anchors[book.source.language]?[review.source.path] ?? [:]
        let rows = review.beads.enumerated().map { index, bead -> BeadRowView in
            let headingID = bead.bead.source.lazy.compactMap { ids[$0] }.first
            return BeadRowView(
                id: headingID ?? "pair-\(index + 1)",
                status: bead.status.name,
                isTranslated: bead.status == .translated,
                findings: bead.review.findings.map { finding in
                    let at = finding.line.map { line in " \(line)" + (finding.column.map { ":\($0)" } ?? "") } ?? ""
                    return "\(finding.status.name)\(at): \(finding.message)"
                },
                sourceHTML: bead.bead.source.map {
                    CodeBlockHTML.html(for: review.source.blocks[$0], store: highlights)
                        + snippets.html(language: book.source.language, chapter: review.source.path, block: $0)
                }.joined(),
                targetHTML: bead.bead.target.map {
                    CodeBlockHTML.html(for: review.target.blocks[$0], store: highlights)
                        + snippets.html(language: review.language, chapter: review.target.path, block: $0)
                }.joined(),
                sourceLines: review.sourceLines(bead.bead).map { "\(review.source.displayPath):\($0.start)" } ?? "",
                targetLines: review.targetLines(bead.bead).map { "\(review.target.displayPath):\($0.start)" } ?? "")
        }
        return BilingualView(
            page: frame, title: review.source.title,
            sourceLang: book.source.language.htmlLang, targetLang: review.language.htmlLang,
            sourceName: SiteRenderer.languageName(book.source.language),
            targetName: SiteRenderer.languageName(review.language), rows: rows)
    }

    func dashboardView(frame: PageFrame) -> ReviewDashboardView {
        ReviewDashboardView(page: frame, checkLine: check?.line, checkProblems: check?.problems ?? [],
                            chapters: reviews.map { review in
            let page = bilingualView(review, frame: frame)
            let counts = review.counts
            let gaps = zip(review.beads, page.rows).flatMap { bead, row in
                bead.review.findings.map { finding in
                    GapView(status: finding.status.name, message: finding.message,
                            location: finding.line.map { "\(review.target.displayPath):\($0)" + (finding.column.map { ":\($0)" } ?? "") }
                                ?? (row.targetLines.isEmpty ? row.sourceLines : row.targetLines),
                            href: "../\(bilingualPath(review))#\(row.id)",
                            excerpt: Excerpt.of(
                                (bead.bead.target.first.map { review.target.blocks[$0].text }
                                 ?? bead.bead.source.first.map { review.source.blocks[$0].text } ?? ""), length: 70),
                            excerptLang: bead.bead.target.isEmpty ? book.source.language.htmlLang : review.language.htmlLang)
                }
            }
            return ChapterProgressView(
                title: review.target.title, lang: review.language.htmlLang, language: SiteRenderer.languageName(review.language),
                bilingualHref: "../\(bilingualPath(review))",
                translatedPercent: Int((review.translatedShare * 100).rounded()),
                acceptedPercent: Int((review.acceptedShare * 100).rounded()),
                counts: BeadStatus.precedence.reversed().map { StatusCountView(status: $0.name, count: counts[$0] ?? 0) },
                gaps: gaps, snippets: snippetGaps(review, rows: page.rows))
        })
    }

    /// The chapter's snippets that fail, warn or were not checked, and translations that
    /// compile differently from the English, each linking to its row.
    func snippetGaps(_ review: ChapterReview, rows: [BeadRowView]) -> [GapView] {
        guard let check else { return [] }
        func href(_ result: SnippetResult) -> String {
            let isSource = result.language == book.source.language
            let block = result.blockPath.first ?? -1
            let index = review.beads.firstIndex { (isSource ? $0.bead.source : $0.bead.target).contains(block) }
            return "../\(bilingualPath(review))" + (index.map { "#\(rows[$0].id)" } ?? "")
        }
        let inChapter = { (result: SnippetResult) in
            result.chapterPath == review.source.path
                && (result.language == book.source.language || result.language == review.language)
        }
        var gaps = check.noteworthy.filter(inChapter).map { result in
            GapView(status: "snippet-\(result.outcome.rawValue)",
                    message: result.diagnostics.first { !$0.expected }?.message ?? result.reason ?? result.outcome.rawValue,
                    location: "\(result.file):\(result.fenceLine)", href: href(result), excerpt: "")
        }
        gaps += check.divergences.filter { inChapter($0.translation) }.map { pair in
            GapView(status: "snippet-divergence",
                    message: "\(pair.source.outcome.rawValue) in \(pair.source.language.code), \(pair.translation.outcome.rawValue) in \(pair.translation.language.code)",
                    location: "\(pair.translation.file):\(pair.translation.fenceLine)", href: href(pair.translation), excerpt: "")
        }
        return gaps
    }
}
