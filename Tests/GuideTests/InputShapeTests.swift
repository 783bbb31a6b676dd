import Foundation
@testable import GuideMerge
import GuideModel
import GuideParse
@testable import GuideRender
import Testing

/// No input may cost without bound (issue #20): hostile shapes of chapters, each checked by a
/// count of the work done (or a bound generous enough for a debug build on a busy machine that
/// the quadratic code missed by minutes), and reports whose size grows with their findings at
/// a bounded size per finding. `scripts/bench-shapes.sh` measures the same shapes at 10 MB.
@Suite struct InputShapeTests {
    /// The small book with `en/second.md` (and its translation) replaced.
    func book(english: String, chinese: String = "# 第二章\n\n## 结束\n\n完。\n") throws -> (TempFolder, Book) {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/second.md", english)
        try folder.write("content/zh/second.md", chinese)
        return (folder, try ContentLoader(root: folder.path + "/content", displayRoot: "content").load())
    }

    func linkFindings(_ book: Book, in folder: TempFolder) throws -> [Diagnostic] {
        let renderer = try SiteRenderer(templatesFolder: repositoryRoot + "/templates")
        let anchors = try renderer.anchorsByChapter(book).mapValues { $0.mapValues { Set($0.values) } }
        return LinkChecker(book: book, contentRoot: folder.path + "/content", anchors: anchors, anchorsAreErrors: false).check()
    }

    // MARK: link check

    /// 20,000 broken anchors in one paragraph, ten to a line. Each finding used to search the
    /// paragraph's lines for its URL: 20,000 searches of a 400 KB paragraph, minutes even in a
    /// release build. Now the parser gives each link's line.
    @Test func twentyThousandBrokenAnchorsInOneParagraph() throws {
        let count = 20_000, perLine = 10
        let lines = (0..<count / perLine).map { line in
            (0..<perLine).map { "[x](#nope-\(line * perLine + $0))" }.joined(separator: " ")
        }
        let (folder, book) = try book(english: "# Second\n\n## End\n\n" + lines.joined(separator: "\n") + "\n")
        let clock = ContinuousClock()
        var findings: [Diagnostic] = []
        let took = try clock.measure { findings = try linkFindings(book, in: folder) }
        #expect(took < .seconds(60), "the link check took \(took)")
        #expect(findings.count == count)
        // Each finding at its own line: the paragraph starts at line 5.
        let lineOf = Dictionary(findings.map { ($0.message, $0.location?.line ?? 0) }) { first, _ in first }
        for index in [0, 9, 10, 12_345, count - 1] {
            #expect(lineOf["anchor '#nope-\(index)' matches no heading of second.md"] == 5 + index / perLine)
        }

        // What a person reads: the first 1,000, then how many more.
        let report = LinkChecker.report(findings)
        #expect(report.count == ReportLimit.perChapter + 1)
        #expect(report.last?.description == "content/en/second.md: warning: 19,000 more link warnings in this file not shown")
        let bytes = report.reduce(0) { $0 + $1.description.utf8.count + 1 }
        #expect(bytes < report.count * 120)
    }

    /// Errors and warnings are cut separately, so a build that fails shows its errors.
    @Test func reportCutsErrorsAndWarningsApart() {
        func finding(_ line: Int, error: Bool) -> Diagnostic {
            Diagnostic(error ? .error : .warning, "m\(line)", at: SourceLocation(file: "a.md", line: line))
        }
        let findings = (1...5).map { finding($0, error: false) } + (6...8).map { finding($0, error: true) }
        let report = LinkChecker.report(findings, limit: 2).map(\.description)
        #expect(report == [
            "a.md:1: warning: m1", "a.md:2: warning: m2", "a.md:6: error: m6", "a.md:7: error: m7",
            "a.md: error: 1 more link errors in this file not shown",
            "a.md: warning: 3 more link warnings in this file not shown",
        ])
        #expect(LinkChecker.report(findings).count == findings.count)
    }

    /// cmark gives a link's line itself; code spans and raw HTML that span lines count.
    @Test func linksKeepTheirLinesAfterMultiLineCodeAndHTML() throws {
        let (folder, book) = try book(english: """
            # Second

            ## End

            Text `a
            b` and <span
            class="x"> then [gone](#nowhere) and
            ![pic](images/none.png)

            * item

              [deep](#deeper)
            """)
        let found = try linkFindings(book, in: folder).map(\.description)
        #expect(found == [
            // `class` is not on GitHub's allow-list: the paragraph's first line is named.
            "content/en/second.md:5: warning: raw HTML: left out what GitHub would not show (an element, attribute or URL off its allow-list; set output.raw_html: true to keep all HTML)",
            "content/en/second.md:7: warning: anchor '#nowhere' matches no heading of second.md",
            "content/en/second.md:8: error: image 'images/none.png' points to a file that does not exist: no en/images/none.png in the content folder (add the file, or correct the path)",
            "content/en/second.md:12: warning: anchor '#deeper' matches no heading of second.md",
        ])
    }

    /// A megabyte-long link target is quoted in part: a finding stays one short line.
    @Test func aLongURLIsQuotedInPart() throws {
        let target = String(repeating: "x", count: 1_000_000)
        let (folder, book) = try book(english: "# Second\n\n## End\n\n[a](#\(target))\n")
        let found = try linkFindings(book, in: folder)
        #expect(found.count == 1)
        #expect(found[0].description.utf8.count < 400)
    }

    // MARK: heading ids

    /// n equal headings used to try `slug`, `slug-1`, … from the start for each: n²/2 look-ups.
    @Test func twentyThousandEqualHeadingsTakeLinearLookups() {
        let count = 20_000
        var used = UsedSlugs()
        let ids = (0..<count).map { _ in used.unique("section") }
        #expect(ids.first == "section")
        #expect(ids.last == "section-\(count - 1)")
        #expect(Set(ids).count == count)
        #expect(used.lookups <= 2 * count)
    }

    /// Resuming each slug's suffix gives GitHub's ids, also where a heading's own slug is a suffixed one.
    @Test func resumedSuffixesGiveTheSameIds() {
        let blocks = MarkdownParser().parse("# A-1\n\n# A\n\n# A\n\n# A\n\n# A-2\n")
        #expect(HeadingAnchors.slugs(for: ChapterFacts(blocks: blocks).headings)
            == [0: "a-1", 1: "a", 2: "a-2", 3: "a-3", 4: "a-2-1"])
    }

    // MARK: alignment

    /// A chapter against a translation of half its blocks widened the band by the imbalance
    /// on both sides of the diagonal: n²/2 cells for n blocks. The widening is now cut to a
    /// budget of cells beyond the margin.
    @Test func anImbalancedPairStaysWithinTheBandBudget() {
        let margin = 20
        let band = SearchBand(anchors: [], sourceCount: 20_000, targetCount: 10_000, margin: margin)
        let marginOnly = SearchBand(anchors: [], sourceCount: 20_000, targetCount: 10_000, margin: margin, extraCells: 0)
        #expect(marginOnly.cellCount < 20_001 * (2 * margin + 4))
        #expect(band.cellCount <= marginOnly.cellCount + SearchBand.extraCells + 20_001 * 4)
        // A real chapter's imbalance is well inside the budget: the band is the one without it.
        let small = SearchBand(anchors: [], sourceCount: 400, targetCount: 250, margin: margin)
        let unbounded = SearchBand(anchors: [], sourceCount: 400, targetCount: 250, margin: margin, extraCells: .max)
        #expect(small.lower == unbounded.lower && small.upper == unbounded.upper)
    }

    /// Past the budget the alignment is still complete and in order.
    @Test func aBudgetedAlignmentIsCompleteAndOrdered() {
        let parser = MarkdownParser()
        let english = parser.parse((1...3_000).map { "Paragraph \($0) of the text." }.joined(separator: "\n\n"))
        let chinese = parser.parse((1...1_000).map { "第 \($0) 段正文。" }.joined(separator: "\n\n"))
        let beads = Aligner(extraCells: 50_000).align(english, chinese)
        #expect(beads.flatMap(\.source) == Array(english.indices))
        #expect(beads.flatMap(\.target) == Array(chinese.indices))
    }

    // MARK: glossary

    /// A paragraph that uses glossary terms 20,000 times, in both languages: finding the terms
    /// nested in longer ones compared every occurrence with every other (400 million pairs).
    @Test func twentyThousandTermUsesInOneParagraph() {
        let glossary = Glossary(terms: [Glossary.Term(english: ["delegate"], chinese: ["委托"]),
                                        Glossary.Term(english: ["multiple delegation"], chinese: ["多重委托"]),
                                        Glossary.Term(english: ["delegation"], chinese: ["委托"])])
        let parser = MarkdownParser()
        let english = parser.parse(String(repeating: "a delegate and multiple delegation, ", count: 10_000))
        let chinese = parser.parse(String(repeating: "一个 delegate 和 multiple delegation，", count: 10_000))
        let review = StyleReview(glossary: glossary)
        let clock = ContinuousClock()
        var findings: [BeadFinding] = []
        let took = clock.measure { findings = review.glossary(Bead(source: [0], target: [0]), source: english, target: chinese) }
        #expect(took < .seconds(60), "the glossary check took \(took)")
        // One finding per term left in English; “delegation” inside “multiple delegation” is not one.
        #expect(findings.map(\.message).sorted() == [
            "“multiple delegation” left in English: the glossary has 多重委托 (English line 1)",
            "“delegate” left in English: the glossary has 委托 (English line 1)",
        ].sorted())
    }

    /// The sweep finds the same nested ranges as comparing every pair.
    @Test func nestedRangesMatchComparingEveryPair() {
        var generator = SplitMix64(seed: 20)
        for _ in 0..<200 {
            let ranges: [Range<Int>] = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                let start = Int.random(in: 0...8, using: &generator)
                return start..<(start + Int.random(in: 1...5, using: &generator))
            }
            let everyPair = ranges.map { inner in
                ranges.contains { $0 != inner && $0.lowerBound <= inner.lowerBound && inner.upperBound <= $0.upperBound }
            }
            #expect(GlossaryMatcher.insideAnother(ranges) == everyPair, "\(ranges)")
        }
    }

    // MARK: reports

    /// A Chinese paragraph with thousands of typography findings.
    static let crowdedChinese = "# 第二章\n\n## 结束\n\n" + String(repeating: "中文English", count: 1_500) + "。\n"

    @Test func reviewTextShowsAThousandFindingsAChapterAndCountsTheRest() throws {
        let (_, book) = try book(english: "# Second\n\n## End\n\nThe end.\n", chinese: Self.crowdedChinese)
        let reviews = try book.reviews()
        let findings = reviews.flatMap { $0.beads.flatMap(\.review.findings) }.filter { $0.status == .typography }
        // A pair has its first thousand typography findings and one more counting the others; the
        // chapter lists its first thousand findings (`ChapterReview.listed`) and counts the rest.
        let pairs = reviews.flatMap(\.beads)
        #expect(pairs.reduce(0) { $0 + $1.review.findings.count } == ChapterReview.listed)
        #expect(pairs.contains { $0.review.findingCount >= StyleReview.typographyListed + 1 && $0.review.unlisted > 0 })
        #expect(reviews.reduce(0) { $0 + $1.findingCount } > ChapterReview.listed)
        let all = MarkdownParser().parse(Self.crowdedChinese).reduce(0) { $0 + Typography.findings(in: $1).count }
        #expect(all > 2 * StyleReview.typographyListed)
        #expect(findings.first?.message.hasPrefix(
            "this pair has \(ReportLimit.grouped(all)) typography findings; the first 1,000 are listed") == true)
        let limit = 500
        let lines = ReviewReport.report(reviews, limit: limit).flatMap { $0.diagnostics.map(\.description) + [$0.summary] }
        let warnings = lines.filter { $0.contains(": warning: ") }
        #expect(warnings.count == limit + 1)
        #expect(lines.contains { $0.contains("more findings in this chapter not shown") })
        #expect(lines.allSatisfy { $0.utf8.count < 300 })
    }

    @Test func pagesShowTheFirstFindingsAndCountTheRest() throws {
        let (_, book) = try book(english: "# Second\n\n## End\n\nThe end.\n", chinese: Self.crowdedChinese)
        let site = try SiteRenderer(templatesFolder: repositoryRoot + "/templates").render(book)
        let bilingual = String(decoding: site.wholeFiles["bilingual/second.html"] ?? [], as: UTF8.self)
        let rows = bilingual.components(separatedBy: "<section class=\"bead")
        #expect(rows.map { $0.components(separatedBy: "class=\"finding\"").count - 1 }.max() == ReportLimit.perPair + 1)
        #expect(bilingual.contains("more findings in this pair not shown"))
        let dashboard = String(decoding: site.wholeFiles["review/index.html"] ?? [], as: UTF8.self)
        #expect(dashboard.contains("more gaps in this chapter not shown"))
        // About a thousand gaps of a few hundred bytes each, not all of them.
        #expect(dashboard.utf8.count < ReportLimit.perChapter * 600)
    }

    /// A code block whose one string literal is a megabyte: its drift is quoted in part.
    @Test func codeDriftQuotesALongTokenInPart() {
        let long = String(repeating: "a", count: 1_000_000)
        let source = MarkdownParser().parse("```c\nx = \"\(long)\";\n```\n")
        let target = MarkdownParser().parse("```c\nx = \"\(long)b\";\n```\n")
        let review = StatusClassifier().classify(Bead(source: [0], target: [0]), source: source, target: target)
        #expect(review.findings.map(\.status) == [.codeDrift])
        #expect(review.findings.allSatisfy { $0.message.utf8.count < 300 })
    }
}
