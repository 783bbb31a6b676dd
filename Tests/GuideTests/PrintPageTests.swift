import GuideModel
@testable import GuideRender
import Testing

/// Where the print page goes: `print.html`, unless a chapter's own page has that name.
@Suite struct PrintPageTests {
    func edition(_ paths: [String]) -> Edition {
        let chapters = paths.map { Chapter(path: $0, displayPath: "content/en/" + $0, title: $0, blocks: []) }
        return Edition(language: Language("en"), title: "Book", toc: [], chapters: chapters, assets: [])
    }

    @Test func thePrintPageGivesWayToAChapterCalledPrint() {
        #expect(PrintPage.path(in: edition(["intro.md", "print-more.md"])) == "print.html")
        #expect(PrintPage.path(in: edition(["intro.md", "print.md"])) == "print-book.html")
        #expect(PrintPage.path(in: edition(["print"])) == "print-book.html")
        // A chapter in a folder has a page of its own path: no clash.
        #expect(PrintPage.path(in: edition(["guide/print.md"])) == "print.html")
        #expect(PrintPage.path(in: edition(["print.markdown"])) == "print.html")
    }
}
