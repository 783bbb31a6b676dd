import Foundation
import Testing

/// The real binary on chapters of odd shapes: each builds, prints a report a person can read,
/// and stays within a bound of memory (guide's peak, as the kernel counts it). The bounds are
/// a few times what a release build takes (the tests run the debug build); the figures for
/// 10 MB chapters are `scripts/bench-shapes.sh`'s.
@Suite struct InputShapeEndToEndTests {
    func book(english: String, chinese: String) throws -> TempFolder {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/second.md", english)
        try folder.write("content/zh/second.md", chinese)
        return folder
    }

    /// A megabyte on one line in each language: a one-paragraph chapter of Latin text, its
    /// translation one paragraph of Chinese run into Latin (a typography finding every few characters).
    @Test func aOneLineMegabyteChapterBuildsAndReviewsWithinBounds() throws {
        let english = "# Second\n\n" + String(repeating: "lorem ipsum ", count: 85_000) + "\n"
        let chinese = "# 第二章\n\n" + String(repeating: "中文English混排123中文, ", count: 40_000) + "\n"
        let folder = try book(english: english, chinese: chinese)
        let build = try runGuideMeasured(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder)
        #expect(build.status == 0, "\(build.text.prefix(2000))")
        #expect(underSanitizer || build.peakKiB < 600 * 1024, "peak \(build.peakKiB) KiB")
        let review = try runGuideMeasured(["review", "--no-check", "--typography", "full"], in: folder)
        #expect(underSanitizer || review.peakKiB < 500 * 1024, "peak \(review.peakKiB) KiB")
        // The pair lists its first thousand typography findings and counts the others.
        #expect(review.text.contains("typography findings; the first 1,000 are listed"), "\(review.text.prefix(1500))")
        let lines = review.text.split(separator: "\n")
        #expect(lines.count < 1_100)
        #expect(lines.allSatisfy { $0.utf8.count < 400 })
        // By default the chapter's typography is one line, counting every finding (listed or not).
        let summary = try runGuide(["review", "--no-check"], in: folder.path).stdout.split(separator: "\n").filter { $0.contains("warning: typography:") }
        let total = try #require(review.text.firstMatch(of: /this pair has ([0-9,]+) typography findings/)).1
        #expect(summary.count == 1 && summary[0].contains(": \(total) typography findings in this chapter: run `guide fix-spacing`"), "\(summary)")
    }

    /// A paragraph of 20,000 links to anchors that do not exist: a warning each, of which the
    /// build prints the first thousand and counts the rest.
    @Test func twentyThousandBrokenAnchorsPrintAThousandWarnings() throws {
        let links = (1...20_000).map { "[x](#nope-\($0))" }.joined(separator: " ")
        let folder = try book(english: "# Second\n\n## End\n\n" + links + "\n", chinese: "# 第二章\n\n## 结束\n\n完。\n")
        let build = try runGuideMeasured(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder)
        #expect(build.status == 0, "\(build.text.prefix(2000))")
        let warnings = build.text.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.count == 1_001)
        #expect(build.text.contains("19,000 more link warnings in this file not shown"))
        // Each at the link's own line.
        #expect(warnings.first?.contains("content/en/second.md:5:") == true, "\(warnings.first ?? "")")
        #expect(underSanitizer || build.peakKiB < 400 * 1024, "peak \(build.peakKiB) KiB")
    }
}

extension InputShapeEndToEndTests {
    /// Forty thousand tiny paragraphs a language: the side-by-side page (tens of megabytes)
    /// is written to the spool as it is rendered and moved into the site; nothing of the spool
    /// is left, and a rebuild keeps the page as it was.
    @Test func aChapterOfTinyParagraphsStreamsItsSideBySidePageIntoTheSite() throws {
        let english = "# Second\n\n" + (1...40_000).map { "Para \($0).\n\n" }.joined()
        let chinese = "# 第二章\n\n" + (1...40_000).map { "段 \($0)。\n\n" }.joined()
        let folder = try book(english: english, chinese: chinese)
        let arguments = ["build", "--no-check", "--templates", repositoryRoot + "/templates"]
        let build = try runGuideMeasured(arguments, in: folder)
        #expect(build.status == 0, "\(build.text.prefix(2000))")
        #expect(underSanitizer || build.peakKiB < 900 * 1024, "peak \(build.peakKiB) KiB")
        let page = folder.path + "/site/bilingual/second.html"
        let bytes = try #require(FileManager.default.contents(atPath: page))
        #expect(bytes.count > 16 << 20)   // PageSink.spillBytes
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.components(separatedBy: "<section class=\"bead").count - 1 == 40_001)
        #expect(text.hasSuffix("</html>\n"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("guide-spool") }
        #expect(leftovers.isEmpty)
        let again = try runGuideMeasured(arguments, in: folder)
        #expect(again.status == 0)
        #expect(FileManager.default.contents(atPath: page) == bytes)
    }
}
