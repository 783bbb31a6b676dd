import GuideMerge
import GuideModel

/// View models for the translators' pages: the side-by-side chapter and the dashboard.
struct ReviewPages {
    let book: Book
    let reviews: [ChapterReview]
    let anchors: [Language: [String: [Int: String]]]

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
                sourceHTML: bead.bead.source.map { CodeBlockHTML.html(for: review.source.blocks[$0]) }.joined(),
                targetHTML: bead.bead.target.map { CodeBlockHTML.html(for: review.target.blocks[$0]) }.joined(),
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
        ReviewDashboardView(page: frame, chapters: reviews.map { review in
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
                                 ?? bead.bead.source.first.map { review.source.blocks[$0].text } ?? ""), length: 70))
                }
            }
            return ChapterProgressView(
                title: review.target.title, language: SiteRenderer.languageName(review.language),
                bilingualHref: "../\(bilingualPath(review))",
                translatedPercent: Int((review.translatedShare * 100).rounded()),
                acceptedPercent: Int((review.acceptedShare * 100).rounded()),
                counts: BeadStatus.precedence.reversed().map { StatusCountView(status: $0.name, count: counts[$0] ?? 0) },
                gaps: gaps)
        })
    }
}
