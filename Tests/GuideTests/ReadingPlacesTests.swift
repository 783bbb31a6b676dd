import Foundation
import Testing
import GuideModel
@testable import GuideRender

/// Every block of a chapter's pages names the source block it stands for (`data-place`), so that
/// the language switch lands on the counterpart of the paragraph being read.
@Suite struct ReadingPlacesTests {
    @Test func aTranslationsBlocksStandWhereTheirPairsSourceStarts() {
        // 0↔0, 1↔1+2 (split), 2+3↔3 (merged), 4↔nothing, nothing↔4 (Chinese only), 5↔5.
        let beads = [Bead(source: [0], target: [0]), Bead(source: [1], target: [1, 2]), Bead(source: [2, 3], target: [3]),
                     Bead(source: [4], target: []), Bead(source: [], target: [4]), Bead(source: [5], target: [5])]
        #expect(ReadingPlaces.ofTarget(beads, count: 6) == [0, 1, 1, 2, 4, 5])
        #expect(ReadingPlaces.ofRows(beads) == [0, 1, 2, 4, 4, 5])
        #expect(beads.indices.map { index in ReadingPlaces.ofRow(index) { beads[$0].source } } == ReadingPlaces.ofRows(beads))
        // Chinese before any English stands at the start.
        #expect(ReadingPlaces.ofTarget([Bead(source: [], target: [0]), Bead(source: [0], target: [1])], count: 2) == [0, 0])
    }

    @Test func theMarkGoesOnTheBlocksOwnElement() {
        #expect(ReadingPlaces.marking("<p>Text <b>x</b></p>\n", place: 3) == "<p data-place=\"3\">Text <b>x</b></p>\n")
        #expect(ReadingPlaces.marking("<div class=\"code-block\">…</div>", place: 0) == "<div data-place=\"0\" class=\"code-block\">…</div>")
        #expect(ReadingPlaces.marking("<hr />\n", place: 7) == "<hr data-place=\"7\" />\n")
        #expect(ReadingPlaces.marking("<h2>T</h2>", place: 1) == "<h2 data-place=\"1\">T</h2>")
        #expect(ReadingPlaces.marking("text", place: 1) == "text")
        #expect(ReadingPlaces.marking("<!-- c -->", place: 1) == "<!-- c -->")
    }

    @Test func pagesCarryThePlacesOfTheirBlocks() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        // The Chinese splits the English paragraph in two and adds a note of its own.
        try folder.write("content/en/second.md", "# Second\n\n## End\n\nThe end is near and the book closes here.\n\nAfter.\n")
        try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n结局近了，\n\n书在这里合上。\n\n之后。\n")
        let build = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        func places(_ page: String) throws -> [String] {
            let html = try folder.read("site/" + page)
            return html.components(separatedBy: "data-place=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        #expect(try places("en/second.html") == ["0", "1", "2", "3"])
        // The two halves stand where the English paragraph does.
        #expect(try places("zh/second.html") == ["0", "1", "2", "2", "3"])
        #expect(try folder.read("site/zh/second.html").contains("<p data-place=\"3\">之后。</p>"))
        // The side-by-side rows stand where their English does.
        #expect(try places("bilingual/second.html").first == "0")
        // The print page is no place to switch from.
        #expect(try !folder.read("site/en/print.html").contains("data-place"))
    }
}
