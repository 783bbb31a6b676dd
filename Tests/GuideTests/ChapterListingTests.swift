import Foundation
@testable import GuideMerge
import GuideModel
@testable import GuidePipeline
import GuideParse
@testable import GuideRender
import Testing

/// A chapter lists its first `ChapterReview.listed` findings and counts the rest exactly: the
/// counts, statuses, shares, reports and the review cache see every finding.
@Suite struct ChapterListingTests {
    /// `pairs` English paragraphs "Para N." against "第N段。": two typography findings each
    /// (a space missing either side of the number), paired one to one without the aligner.
    static func review(pairs: Int, doubtAt: Int? = nil) -> ChapterReview {
        let english = (1...pairs).map { "Para \($0)." }.joined(separator: "\n\n") + "\n"
        let chinese = (1...pairs).map { $0 == doubtAt ? "第\($0)段【疑问】。" : "第\($0)段。" }.joined(separator: "\n\n") + "\n"
        let source = Chapter(path: "a.md", displayPath: "content/en/a.md", title: "A", blocks: MarkdownParser().parse(english))
        let target = Chapter(path: "a.md", displayPath: "content/zh/a.md", title: "A", blocks: MarkdownParser().parse(chinese))
        return ChapterReview.make(source: source, target: target, language: Language("zh"), ledger: AcceptLedger(),
                                  doubtMarkers: ["【疑问】"],
                                  align: { source, _ in source.indices.map { Bead(source: [$0], target: [$0]) } },
                                  style: StyleReview(glossary: Glossary()))
    }

    @Test func fiveThousandFindingsListTheFirstThousandAndCountEveryOne() {
        let review = Self.review(pairs: 2500)
        #expect(review.findingCount == 5000)
        #expect(review.beads.reduce(0) { $0 + $1.review.findings.count } == 1000)
        // The first 500 pairs list both findings, the rest none but still count them.
        #expect(review.beads.prefix(500).allSatisfy { $0.review.findings.count == 2 && $0.review.unlisted == 0 })
        #expect(review.beads.dropFirst(500).allSatisfy { $0.review.findings.isEmpty && $0.review.findingCount == 2 })
        #expect(review.beads.allSatisfy { $0.status == .typography && $0.review.statuses == [.typography] && $0.isTranslated })
        #expect(review.counts == [.typography: 2500])
        #expect(review.translatedShare == 1)
        // The listed findings are the ones a chapter listing everything starts with.
        let all = ChapterReview.make(source: review.source, target: review.target, language: review.language,
                                     ledger: AcceptLedger(), doubtMarkers: [],
                                     align: { source, _ in source.indices.map { Bead(source: [$0], target: [$0]) } },
                                     style: StyleReview(glossary: Glossary()), listed: .max)
        #expect(all.beads.reduce(0) { $0 + $1.review.findings.count } == 5000)
        #expect(Array(all.beads.flatMap(\.review.findings).prefix(1000)) == review.beads.flatMap(\.review.findings))
    }

    @Test func reportsCountWhatIsNotListed() {
        let lines = ReviewReport.report([Self.review(pairs: 2500)]).flatMap { $0.diagnostics.map(\.description) + [$0.summary] }
        let text = lines.joined(separator: "\n")
        #expect(lines.filter { $0.contains(": warning: typography: ") }.count == 1000)
        #expect(text.contains("content/zh/a.md: warning: 4,000 more findings in this chapter not shown "
                              + "(`guide review --format json` lists the first 1,000)"))
        #expect(text.contains("content/zh/a.md: 2500 pairs: 2500 typography;"))
        let json = ReviewReport.json([Self.review(pairs: 600)])
        #expect(json.components(separatedBy: "\"unlisted\" : 2").count - 1 == 100)
    }

    /// A pair past the listing still has its most pressing status, and `--fail-on` sees it.
    @Test func statusesOutliveTheFindings() {
        let review = Self.review(pairs: 2500, doubtAt: 2000)
        let doubted = review.beads[1999]
        #expect(doubted.review.findings.isEmpty)
        #expect(doubted.status == .doubt)
        #expect(doubted.review.statuses == [.doubt, .typography])
        #expect(doubted.review.findingCount >= 3)
        #expect(!doubted.isTranslated)
        #expect(review.counts[.doubt] == 1)
        // The line that counts the findings not shown fails the review when one of them would.
        let more = { (failing: Set<BeadStatus>) in
            ReviewReport.report([review], failing: failing)[0].diagnostics.filter { $0.message.contains("more findings") }.map(\.severity)
        }
        #expect(more([.doubt]) == [.error] && more([.missing]) == [.warning])
    }

    @Test func theReviewCacheKeepsCountsAndStatuses() throws {
        let beads = Self.review(pairs: 1200, doubtAt: 1100).beads
        let decoded = try #require(ReviewCodec.encode(beads).withUnsafeBytes { ReviewCodec.decode($0) })
        #expect(decoded == beads)
        #expect(decoded[1099].status == .doubt && decoded[1099].review.findingCount >= 3)
    }

    /// Past about 95,000 source blocks the band's margin narrows to keep its cells bounded;
    /// below, it is the margin asked for (so a real chapter's alignment is unchanged).
    @Test func theMarginNarrowsOnlyForHugeChapters() {
        #expect(SearchBand.fittedMargin(20, rows: 5000, marginCells: SearchBand.marginCells) == 20)
        #expect(SearchBand.fittedMargin(20, rows: 90000, marginCells: SearchBand.marginCells) == 20)
        #expect(SearchBand.fittedMargin(20, rows: 200_000, marginCells: SearchBand.marginCells) == 8)
        #expect(SearchBand.fittedMargin(20, rows: 1_000_000, marginCells: SearchBand.marginCells) == SearchBand.leastMargin)
        #expect(SearchBand.fittedMargin(2, rows: 1_000_000, marginCells: SearchBand.marginCells) == 2)
        let band = SearchBand(anchors: [], sourceCount: 400_000, targetCount: 300_000, margin: 20)
        #expect(band.cellCount < SearchBand.marginCells + SearchBand.extraCells + 400_000 + 300_000)
    }
}

extension ChapterListingTests {
    /// A chapter longer than a stretch (`ChapterReview.stretch`) is reviewed a stretch at a time
    /// on every core; its reviews are those of one pass over the whole chapter, also when the
    /// chapter's listing runs out inside the second stretch, and when pairs have more findings
    /// than the listing has room for (one pair's typography findings cut, with its note).
    @Test func aLongChapterReviewedInStretchesIsTheOnePassReview() {
        let count = 3 * ChapterReview.stretch + 17
        func chinese(_ n: Int) -> String {
            if n == 3_000 { return String(repeating: "中文English混排, ", count: 150) }   // hundreds of findings
            if n == 9_000 { return String(repeating: "中文English混排, ", count: 700) }   // over 1,000 in one pair
            if n == ChapterReview.stretch + 100 { return "第\(n)段【疑问】。" }
            return n < 3_900 ? "第 \(n) 段。" : "第\(n)段。"   // findings only from pair 3,900 on, but one
        }
        let english = (1...count).map { "Para \($0)." }.joined(separator: "\n\n") + "\n"
        let source = Chapter(path: "a.md", displayPath: "content/en/a.md", title: "A", blocks: MarkdownParser().parse(english))
        let target = Chapter(path: "a.md", displayPath: "content/zh/a.md", title: "A",
                             blocks: MarkdownParser().parse((1...count).map(chinese).joined(separator: "\n\n") + "\n"))
        let beads = source.blocks.indices.map { Bead(source: [$0], target: [$0]) }
        let style = StyleReview(glossary: Glossary())
        let stretched = ChapterReview.make(source: source, target: target, language: Language("zh"), ledger: AcceptLedger(),
                                           doubtMarkers: ["【疑问】"], align: { _, _ in beads }, style: style)
        let onePass = ChapterReview.review(beads[...], source: source, target: target, ledger: AcceptLedger(),
                                           classifier: StatusClassifier(doubtMarkers: ["【疑问】"]), style: style,
                                           listed: ChapterReview.listed)
        #expect(stretched.beads.count == count)
        #expect(stretched.beads == onePass)
        #expect(stretched.beads.reduce(0) { $0 + $1.review.findings.count } == ChapterReview.listed)
        #expect(stretched.beads[ChapterReview.stretch + 99].status == .doubt)
        // The listing runs out in the second stretch; the pair of over 1,000 findings counts them all.
        let lastListed = stretched.beads.lastIndex { !$0.review.findings.isEmpty } ?? 0
        #expect(lastListed >= ChapterReview.stretch && lastListed < 2 * ChapterReview.stretch, "\(lastListed)")
        #expect(stretched.beads[8_999].review.findingCount > 1_000)
    }
}
