import Foundation
import GuideCheck
import GuideMerge
import GuideModel

/// View models for the translators' pages: the side-by-side chapter and the dashboard.
struct ReviewPages {
    let book: Book
    let reviews: [ChapterReview]
    let anchors: [Language: [String: HeadingIDs]]
    let snippets: SnippetBadges
    let check: CheckSummary?
    var highlights: (any HighlightMemo)?
    /// How the pages name the markdown files (nil: by their display paths).
    var fileNames: SiteFileNames?
    /// What the dashboard and the rows' marks say (`review.lang`).
    var language: ReviewLanguage = .en
    /// The side-by-side pages' anchors, for the links between them: one table a build, shared
    /// by every page (nil: made for each page that asks).
    var linkTargets: BilingualLinks.Targets?

    /// A message in the pages' language.
    func text(_ message: ReviewMessage) -> String { message.text(in: language) }
    /// A snippet outcome's name in the pages' language.
    func outcome(_ outcome: SnippetOutcome) -> String { ReviewMessage.outcome(outcome.rawValue, in: language) }

    /// A kind's label in the pages' language.
    func label(_ rule: String) -> String { ReviewKind(rule: rule)?.label(in: language) ?? rule }

    /// A display path as the pages show it.
    func shown(_ file: String) -> String { fileNames?(file) ?? file }

    /// A message with the files in it named as the pages name them.
    func shownText(_ text: String) -> String { fileNames?.inText(text) ?? text }

    /// A diagnostic as the pages show it: its files (and its notes') named as the pages name them.
    func shown(_ diagnostic: Diagnostic) -> Diagnostic {
        var shownDiagnostic = diagnostic
        shownDiagnostic.location?.file = shown(diagnostic.location?.file ?? "")
        shownDiagnostic.message = shownText(diagnostic.message)
        shownDiagnostic.notes = diagnostic.notes.map(shown)
        return shownDiagnostic
    }

    /// `bilingual/<chapter>.html` for the first translation, `bilingual-<lang>/…` for any other.
    static func folder(for language: Language, in book: Book) -> String {
        language == book.translations.first?.language ? "bilingual" : "bilingual-\(language.code)"
    }

    func bilingualPath(_ review: ChapterReview) -> String {
        "\(Self.folder(for: review.language, in: book))/\(review.source.pagePath)"
    }

    /// `bilingualPath` as links write it.
    func bilingualURL(_ review: ChapterReview) -> String { URLPath.encode(bilingualPath(review)) }

    /// Where each bead's row is: its anchor and the lines it comes from (cheap: no HTML).
    struct RowPlace {
        var id: String
        var sourceLines: String
        var targetLines: String
    }

    /// The place of bead `index`'s row, made when asked: a dashboard section links only the
    /// rows of its gaps (making every row's place was a sixtieth of a cold build).
    func rowPlaces(_ review: ChapterReview) -> (Int) -> RowPlace {
        let ids = anchors[book.source.language]?[review.source.path] ?? [:]
        return { rowPlace(review, $0, ids: ids) }
    }

    /// The place of the row of bead `index`; `ids` are the source chapter's heading ids.
    func rowPlace(_ review: ChapterReview, _ index: Int, ids: HeadingIDs) -> RowPlace {
        let bead = review.beads[index].bead
        return RowPlace(id: Self.rowID(review, index, ids: ids),
                        sourceLines: review.sourceLines(bead).map { "\(shown(review.source.displayPath)):\($0.start)" } ?? "",
                        targetLines: review.targetLines(bead).map { "\(shown(review.target.displayPath)):\($0.start)" } ?? "")
    }

    /// The id of bead `index`'s row: its first English heading's, else `pair-N` (from the beads
    /// alone: the links to a row are decided without reading a chapter's blocks).
    static func rowID(_ review: ChapterReview, _ index: Int, ids: HeadingIDs) -> String {
        review.beads[index].bead.source.lazy.compactMap { ids[$0] }.first ?? "pair-\(index + 1)"
    }

    /// What a pair's side-by-side page and dashboard section are made from besides `views`
    /// (the bytes of their small views): for their keys (`PageInputs.key`). `checkResults` gives the check's
    /// results the page shows beyond its badges; they and the badges are made only when the
    /// check has no key for either chapter's results (`SnippetBadges.resultsKey`).
    func inputs(_ review: ChapterReview, views: [UInt8], checkResults: () -> [SnippetResult] = { [] }) -> PageInputs {
        let checkKeys = [snippets.resultsKey(language: book.source.language, chapter: review.source.path),
                         snippets.resultsKey(language: review.language, chapter: review.target.path)]
        let keyed = checkKeys.allSatisfy { $0 != nil }
        let links = cellLinks(review)
        return PageInputs(
            // The files as the pages name them (a chapter's digest does not hold its display path),
            // and where the cells' links lead (other chapters' rows).
            views: views + PageInputs.bytes(language.rawValue, book.source.language.code, review.language.code, bilingualPath(review),
                                            shown(review.source.displayPath), shown(review.target.displayPath),
                                            links.source.key(), links.target.key()),
            chapters: [review.source, review.target],
            // The rows' ids (see `rowPlaces`).
            ids: anchors[book.source.language]?[review.source.path] ?? [:],
            badges: snippets.isEmpty || keyed ? [] :
                snippets.badges(language: book.source.language, chapter: review.source.path, blocks: review.source.facts.blockCount)
                + snippets.badges(language: review.language, chapter: review.target.path, blocks: review.target.facts.blockCount),
            beads: review.beads,
            reviewKey: review.cacheKey,
            checkResults: keyed ? [] : checkResults(),
            checkKeys: keyed ? checkKeys.compactMap { $0 } : nil)
    }

    /// The side-by-side page around its rows (`rows`, rendered a slice at a time into `rowsHTML`;
    /// the outline's entries into `outlineHTML`, nil when the page has none).
    func bilingualView(_ review: ChapterReview, frame: PageFrame, rowsHTML: String, outlineHTML: String? = nil,
                       previous: LinkView? = nil, next: LinkView? = nil) -> BilingualView {
        BilingualView(
            page: frame, title: review.source.title,
            sourceLang: book.source.language.htmlLang, targetLang: review.language.htmlLang,
            sourceName: SiteRenderer.languageName(book.source.language),
            targetName: SiteRenderer.languageName(review.language), rowsHTML: rowsHTML,
            outline: outlineHTML.map { OutlineView(itemsHTML: $0) }, previous: previous, next: next)
    }

    /// The side-by-side page's outline: the rows whose anchor is a heading of level 2 or 3 of
    /// the source (a row's anchor is its first heading's id, `rowPlace`), as bead indexes.
    func bilingualOutline(_ review: ChapterReview) -> [Int] {
        let ids = anchors[book.source.language]?[review.source.path] ?? [:], blocks = review.source.blocks
        return review.beads.indices.filter { index in
            guard let first = review.beads[index].bead.source.first(where: { ids[$0] != nil }) else { return false }
            return ChapterBody.isOutlined(blocks[first], id: ids[first])
        }
    }

    /// The outline's entries of the beads `indexes` (from `bilingualOutline`): the source's heading,
    /// and the translation's beside it when the pair has one.
    func bilingualOutlineItems(_ review: ChapterReview, _ indexes: ArraySlice<Int>) -> [OutlineItemView] {
        let ids = anchors[book.source.language]?[review.source.path] ?? [:]
        let source = review.source.blocks, target = review.target.blocks
        return indexes.map { index in
            let bead = review.beads[index].bead
            let first = bead.source.first { ids[$0] != nil }!
            let translated = bead.target.first { target[$0].headingLevel != nil }.map { target[$0].text }
            let alternate = translated.flatMap { $0.isEmpty || $0 == source[first].text ? nil : $0 }
            return OutlineItemView(title: source[first].text, id: ids[first]!, level: source[first].headingLevel!,
                                   alternate: alternate, alternateLang: alternate == nil ? nil : review.language.htmlLang)
        }
    }

    /// The rows of the beads in `range`: made a slice at a time, so that a chapter of a million
    /// pairs never has a million rows' views (and their HTML) in memory at once. Each cell's
    /// `data-sentences` is what the review paired (`ReviewedBead.sentences`).
    /// `aliases`: the GitHub anchors of either side's headings (`gitHubAliases(review)`).
    func rows(_ review: ChapterReview, _ range: Range<Int>, aliases: BeadAliases = BeadAliases()) -> BeadRowsView {
        let ids = anchors[book.source.language]?[review.source.path] ?? [:]
        // The page is in `bilingual/`, not beside either chapter: every relative image is rebased,
        // and the links lead to what the page reaches (`BilingualLinks`).
        let links = cellLinks(review)
        let marked = ReadingPlaces.marked(review.source)
        let rows = range.map { index -> BeadRowView in
            let bead = review.beads[index], place = rowPlace(review, index, ids: ids)
            let sentenceCells = SentenceCells(bead.sentences)
            return BeadRowView(
                id: place.id,
                sourcePlace: ReadingPlaces.ofRow(index, marked: marked) { review.beads[$0].bead.source },
                status: bead.status.name,
                statusLabel: label(bead.status.name),
                linkLabel: text(ReviewMessage(.linkToPair)),
                isTranslated: bead.status == .translated,
                findings: Self.shown(bead.review.findings, of: bead.review.findingCount, limit: ReportLimit.perPair,
                                     more: { text(ReviewMessage(.pairFindingsNotShown, $0)) }) { finding in
                    let at = finding.line.map { line in " \(line)" + (finding.column.map { ":\($0)" } ?? "") } ?? ""
                    return text(ReviewMessage(.findingLabel, label(finding.status.name), at, text(finding.explanation)))
                },
                sourceHTML: cellHTML(bead.bead.source, of: review.source, language: book.source.language, aliases: aliases.source,
                                     links: links.source),
                targetHTML: cellHTML(bead.bead.target, of: review.target, language: review.language, aliases: aliases.target,
                                     links: links.target),
                sourceSentences: sentenceCells.source.isEmpty ? nil : sentenceCells.source,
                targetSentences: sentenceCells.target.isEmpty ? nil : sentenceCells.target,
                sourceLines: place.sourceLines,
                targetLines: place.targetLines,
                staleDiffLabel: bead.history?.diff == nil ? nil : text(ReviewMessage(.englishSinceTranslation)),
                staleDiffHTML: bead.history?.diff.map(WordDiffHTML.html))
        }
        return BeadRowsView(sourceLang: book.source.language.htmlLang, targetLang: review.language.htmlLang, rows: rows)
    }

    /// Where each cell's links lead on the pair's side-by-side page, the source's and the translation's.
    func cellLinks(_ review: ChapterReview) -> (source: BilingualLinks, target: BilingualLinks) {
        let page = bilingualPath(review), targets = linkTargets ?? BilingualLinks.Targets(self)
        func links(_ chapter: Chapter, _ language: Language) -> BilingualLinks {
            BilingualLinks(chapter: chapter, review: review, targets: targets,
                           rebase: ImageBase(chapter: chapter.path, in: language.code, page: page))
        }
        return (links(review.source, book.source.language), links(review.target, review.language))
    }

    /// One side of a row: its blocks' HTML (code highlighted), each with its snippet badge.
    private func cellHTML(_ blocks: [Int], of chapter: Chapter, language: Language, aliases: HeadingIDs, links: BilingualLinks) -> String {
        let all = chapter.blocks
        return blocks.map {
            // A slice of one: the block read in place, not copied into an array of its own.
            var html = CodeBlockHTML.html(for: all[$0...$0], store: highlights)[0]
            if let alias = aliases[$0], let level = all[$0].headingLevel { html = Self.heading(html, level: level, alias: alias) }
            if !all[$0].inline.images.isEmpty { html = links.rebase.rebase(html) }
            if !all[$0].inline.urls.isEmpty || ChapterBody.isRawHTML(all[$0]) { html = links.rewrite(html) }
            return html + snippets.html(language: language, chapter: chapter.path, block: $0)
        }.joined()
    }

    /// Both sides' GitHub anchors on a side-by-side page, where the rows' ids are the source's
    /// heading ids: each side's slugs that no row and no earlier heading has.
    struct BeadAliases {
        var source = HeadingIDs(), target = HeadingIDs()
    }

    func gitHubAliases(_ review: ChapterReview) -> BeadAliases {
        var taken = Set((anchors[book.source.language]?[review.source.path] ?? [:]).values)
        let source = HeadingIDs.gitHubAliases(.gitHub(for: review.source.facts.headings), taken: &taken)
        return BeadAliases(source: source, target: HeadingIDs.gitHubAliases(.gitHub(for: review.target.facts.headings), taken: &taken))
    }

    /// A cell's heading (cmark's `<hN>…`, no id of its own: the row has it) with `alias` in it.
    static func heading(_ html: String, level: Int, alias: String) -> String {
        let open = "<h\(level)>"
        guard html.hasPrefix(open) else { return html }
        return open + "<span id=\"\(HTMLEscape.text(alias))\"></span>" + html.dropFirst(open.count)
    }

    /// The dashboard around its chapters' sections (`chapterProgress`, rendered one by one).
    func dashboardView(frame: PageFrame, chaptersHTML: String) -> ReviewDashboardView {
        // What is only for information (code-comments-translated) counts as translated: no column of its own.
        let statuses = BeadStatus.precedence.filter { !$0.isInformational }
        let overview = reviews.map { review in
            let counts = review.counts
            let snippets = check.map { $0.noteworthy(review.source.path) } ?? []
            return OverviewRowView(
                id: sectionID(review), title: review.target.title, lang: titleLang(review),
                language: SiteRenderer.languageName(review.language), languageCode: review.language.code,
                translatedPercent: String(review.progress.translatedPercent),
                acceptedPercent: String(review.progress.acceptedPercent),
                counts: statuses.map { StatusCountView(status: $0.name, label: label($0.name), count: String(counts[$0] ?? 0)) },
                snippetFails: String(snippets.count { $0.outcome == .fail || $0.outcome == .unexpectedPass }),
                snippetWarns: String(snippets.count { $0.outcome == .warn || $0.outcome == .notChecked }))
        }
        func labelled(_ kind: ReviewKind) -> StatusLabelView {
            StatusLabelView(status: kind.rawValue, label: kind.label(in: language), meaning: kind.meaning(in: language),
                            action: kind.action(in: language))
        }
        let words = CountWordsView(findingOne: text(ReviewMessage(.filterCountOne)), findingMany: ReviewMessage.ID.filterCountMany.template(in: language),
                                   chapterOne: text(ReviewMessage(.chapterCountOne)), chapterMany: ReviewMessage.ID.chapterCountMany.template(in: language),
                                   shownIn: ReviewMessage.ID.shownIn.template(in: language))
        return ReviewDashboardView(page: frame, checkLine: check?.line(in: language),
                                   checkProblems: check?.problems.map { shown($0).description } ?? [],
                                   statuses: statuses.map(\.name), overview: overview,
                                   languages: book.translations.map { OverviewLanguageView(code: $0.language.code,
                                                                                           name: SiteRenderer.languageName($0.language)) },
                                   chaptersHTML: chaptersHTML, labels: ReviewLabelsView(code: language.rawValue),
                                   statusLabels: statuses.map { labelled(ReviewKind($0)) },
                                   filterLabels: BeadStatus.precedence.map { labelled(ReviewKind($0)) },
                                   legend: ReviewKind.allCases.map(labelled), countWords: words)
    }

    /// A chapter pair's section id on the dashboard (the overview links it).
    func sectionID(_ review: ChapterReview) -> String {
        "chapter-\(review.language.code)-" + URLPath.encode(review.source.pagePath).replacingOccurrences(of: "%", with: "_")
            .replacingOccurrences(of: "/", with: "-")
    }

    /// One chapter's section of the dashboard: progress, counts, every gap linking to its row.
    func chapterProgress(_ review: ChapterReview) -> ChapterProgressView {
        let place = rowPlaces(review)
        let counts = review.counts
        let readerFindings = review.readerFindings
        // The first gaps of the chapter (`ReportLimit.perChapter`), then how many more.
        let gapCount = review.findingCount   // listed or not (`ChapterReview.listed`)
        let listedCount = review.beads.reduce(0) { $0 + $1.review.findings.count }
        let page = "../\(bilingualURL(review))#"
        // A sequence, walked once (a lazy collection would be walked again to count it).
        let gaps = zip(review.beads.indices, review.beads).lazy.flatMap { index, bead -> [GapView] in
            guard !bead.review.findings.isEmpty else { return [] }
            let row = place(index)
            // What every finding of the pair shows alike, made once a pair (a pair may have dozens).
            let excerpt = Excerpt.of(
                (bead.bead.target.first.map { review.target.blocks[$0].text }
                 ?? bead.bead.source.first.map { review.source.blocks[$0].text } ?? ""), length: 70)
            let lang = bead.bead.target.isEmpty ? book.source.language.htmlLang : review.language.htmlLang
            let href = page + row.id
            // The history's word diff goes with the pair's stale finding (the first: `markingStale`).
            let diff = bead.history?.diff.map(WordDiffHTML.html)
            return bead.review.findings.enumerated().map { number, finding in
                let history = number == 0 && finding.status == .stale ? diff : nil
                return GapView(status: finding.status.name, label: label(finding.status.name), message: text(finding.explanation),
                        location: finding.line.map { "\(shown(review.target.displayPath)):\($0)" + (finding.column.map { ":\($0)" } ?? "") }
                            ?? (row.targetLines.isEmpty ? row.sourceLines : row.targetLines),
                        englishLocation: row.targetLines.isEmpty || row.sourceLines.isEmpty ? nil
                            : text(ReviewMessage(.englishAt, row.sourceLines)).trimmingCharacters(in: .whitespaces),
                        href: href, excerpt: excerpt, excerptLang: lang,
                        diffLabel: history == nil ? nil : text(ReviewMessage(.englishSinceTranslation)), diffHTML: history,
                        diffLang: history == nil ? nil : book.source.language.htmlLang)
            }
        }.prefix(ReportLimit.perChapter)
        let listed = Array(gaps)
        let typographyCount = listed.count { $0.status == BeadStatus.typography.name }
        return ChapterProgressView(
            id: sectionID(review), languageCode: review.language.code,
            title: review.target.title, lang: titleLang(review), language: SiteRenderer.languageName(review.language),
            bilingualHref: "../\(bilingualURL(review))",
            translatedPercent: review.progress.translatedPercent,
            acceptedPercent: review.progress.acceptedPercent,
            translatedPairs: review.progress.translatedPairs, pairsWithEnglish: review.progress.pairsWithEnglish,
            counts: BeadStatus.precedence.reversed().map { StatusCountView(status: $0.name, label: label($0.name), count: String(counts[$0] ?? 0)) },
            gaps: listed.filter { $0.status != BeadStatus.typography.name },
            typographyGaps: listed.filter { $0.status == BeadStatus.typography.name },
            typographyCount: typographyCount,
            findingCount: gapCount, moreGaps: gapCount > ReportLimit.perChapter
                ? text(listedCount == gapCount ? ReviewMessage(.gapsNotShown, ReportLimit.more(gapCount - ReportLimit.perChapter))
                    : ReviewMessage(.gapsNotShownFirst, ReportLimit.more(gapCount - ReportLimit.perChapter), ReportLimit.grouped(listedCount)))
                : nil,
            snippets: snippetGaps(review, row: place), reader: readerGaps(review, findings: readerFindings, row: place),
            readerCount: readerFindings.count,
            untranslated: review.target.untranslated.map { why in
                let entry = SourceLocation(file: shown(why.sourceEntry.file), line: why.sourceEntry.line, column: why.sourceEntry.column)
                return text(why.explanation(naming: shown)) + text(ReviewMessage(.englishAt, entry.description))
            },
            labels: ReviewLabelsView(code: language.rawValue),
            findingsLabel: text(gapCount == 1 ? ReviewMessage(.sectionFindingsOne) : ReviewMessage(.sectionFindingsMany, gapCount)),
            progressLabel: text(ReviewMessage(.progressLabel, review.progress.translatedPercent, review.progress.acceptedPercent)),
            progressText: text(ReviewMessage(.progressText, review.progress.translatedPercent, review.progress.translatedPairs,
                                             review.progress.pairsWithEnglish, review.progress.acceptedPercent)),
            typographyLabel: text(ReviewMessage(.typographyFold, typographyCount)),
            typographyBadge: label(BeadStatus.typography.name),
            readerHeading: text(ReviewMessage(.readerHeading, readerFindings.count)))
    }

    /// The language of a chapter's title: the source's for a chapter not translated yet (its title is the source's).
    func titleLang(_ review: ChapterReview) -> String {
        (review.target.untranslated == nil ? review.language : book.source.language).htmlLang
    }

    /// The first `limit` findings as `line` gives them, then one saying how many more of the
    /// `count` there are (a bead lists fewer than it has past its chapter's listed findings).
    static func shown(_ findings: [BeadFinding], of count: Int, limit: Int, more: (String) -> String,
                      line: (BeadFinding) -> String) -> [String] {
        var lines = findings.prefix(limit).map(line)
        if count > lines.count { lines.append(more(ReportLimit.more(count - lines.count))) }
        return lines
    }

    /// What the pair's markdown does that hurts readers (`ReaderChecks`), each linking to its
    /// row: the first `ReportLimit.perChapter` of them (a chapter of a million links that say
    /// "here" has a million). Made only with the section (no count for the whole book: it would
    /// parse every chapter on every rebuild, where the facts cache lets a rebuild parse only the
    /// edited pair).
    func readerGaps(_ review: ChapterReview, findings: [(chapter: Chapter, finding: ReaderFinding)],
                    row place: (Int) -> RowPlace) -> [ReaderGapView] {
        let beads = BeadIndex(review)
        return findings.prefix(ReportLimit.perChapter).map { chapter, finding in
            let isSource = chapter.displayPath == review.source.displayPath
            let row = isSource ? beads.ofSource[finding.block] : beads.ofTarget[finding.block]
            return ReaderGapView(kind: finding.kind.rawValue, label: label(finding.kind.rawValue), message: text(finding.explanation),
                                 location: "\(shown(chapter.displayPath)):\(finding.line)",
                                 href: "../\(bilingualURL(review))" + (row.map { "#\(place($0).id)" } ?? ""),
                                 excerpt: finding.excerpt.isEmpty ? nil : Excerpt.of(finding.excerpt, length: 70),
                                 excerptLang: isSource ? book.source.language.htmlLang : review.language.htmlLang)
        }
    }

    /// The chapter's snippets that fail, warn or were not checked, translations that compile
    /// differently from the English, then snippets that compile with assumed names (and which),
    /// each linking to its row.
    func snippetGaps(_ review: ChapterReview, row place: (Int) -> RowPlace) -> [GapView] {
        guard let check else { return [] }
        let beads = BeadIndex(review)
        func href(_ result: SnippetResult) -> String {
            let isSource = result.language == book.source.language
            let block = result.blockPath.first ?? -1
            let index = isSource ? beads.ofSource[block] : beads.ofTarget[block]
            return "../\(bilingualURL(review))" + (index.map { "#\(place($0).id)" } ?? "")
        }
        let inChapter = { (result: SnippetResult) in
            result.chapterPath == review.source.path
                && (result.language == book.source.language || result.language == review.language)
        }
        var gaps = check.noteworthy(review.source.path).filter(inChapter).map { result in
            GapView(status: "snippet-\(result.outcome.rawValue)", label: text(ReviewMessage(.snippetOutcomeLabel, outcome(result.outcome))),
                    message: shownText(result.diagnostics.first { !$0.expected }?.message ?? result.reason ?? outcome(result.outcome)),
                    location: "\(shown(result.file)):\(result.fenceLine)", href: href(result), excerpt: "")
        }
        gaps += check.divergences(review.source.path).filter { inChapter($0.translation) }.map { pair in
            GapView(status: "snippet-divergence", label: text(ReviewMessage(.snippetDivergenceLabel)),
                    message: text(ReviewMessage(.snippetOutcomes, outcome(pair.source.outcome), pair.source.language.code,
                                                outcome(pair.translation.outcome), pair.translation.language.code)),
                    location: "\(shown(pair.translation.file)):\(pair.translation.fenceLine)", href: href(pair.translation), excerpt: "")
        }
        gaps += check.assumed(review.source.path).filter(inChapter).map { result in
            GapView(status: "snippet-assumed", label: text(ReviewMessage(.snippetOutcomeLabel, outcome(.assumed))),
                    message: text(ReviewMessage(.snippetAssumed, result.assumed.map(\.label).joined(separator: ", "))),
                    location: "\(shown(result.file)):\(result.fenceLine)", href: href(result), excerpt: "")
        }
        return gaps
    }
}

/// Each block's bead, found once: searching the beads for every finding was quadratic.
struct BeadIndex {
    var ofSource: [Int: Int] = [:]
    var ofTarget: [Int: Int] = [:]

    init(_ review: ChapterReview) {
        for (index, bead) in review.beads.enumerated().reversed() {
            for block in bead.bead.source { ofSource[block] = index }
            for block in bead.bead.target { ofTarget[block] = index }
        }
    }
}
