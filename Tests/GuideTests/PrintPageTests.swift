import Foundation
import GuideModel
import GuideParse
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

/// Every link and image of a chapter in a subfolder works on the print page, which holds every
/// chapter in the edition's folder with its heading ids prefixed by the chapter's.
@Suite struct PrintPageLinkTests {
    func chapter(_ path: String, _ markdown: String) -> Chapter {
        Chapter(path: path, displayPath: "content/en/" + path, title: path, blocks: MarkdownParser().parse(markdown))
    }

    func printed(_ chapters: [Chapter]) -> String {
        let ids = chapters.map { HeadingAnchors.slugs(for: $0.facts.headings) }
        let images = chapters.map { ImageBase(chapter: $0.path, in: "en", page: "en/print.html") }
        let page = PrintPage(chapters: chapters, ids: ids, highlights: nil, sections: nil, images: images)
        return String(decoding: page.pieces(0..<page.count).joined(), as: UTF8.self)
    }

    @Test func linksBetweenChaptersLeadToTheirSectionsOnThePage() {
        let html = printed([
            chapter("other.md", "# Other\n\n## Far away\n\nText.\n"),
            chapter("part/one.md", """
                # One

                ## Local heading

                [up](../other.md) [far](../other.md#far-away) [next](two.md) [its heading](two.md#a-heading)
                [here](#local-heading) [asset](../files/a.zip) [web](https://example.com/x.md)

                ![x](../images/x.png)
                """),
            chapter("part/two.md", "# Two\n\n## A heading\n\nText.\n"),
        ])
        let other = PrintPage.sectionID(chapter("other.md", "# O\n")), two = PrintPage.sectionID(chapter("part/two.md", "# T\n"))
        let one = PrintPage.sectionID(chapter("part/one.md", "# O\n"))
        for href in ["#\(other)", "#\(other)--far-away", "#\(two)", "#\(two)--a-heading", "#\(one)--local-heading",
                     "files/a.zip", "https://example.com/x.md"] {
            #expect(html.contains("<a href=\"\(href)\""), "no link to \(href) in \(html)")
        }
        #expect(html.contains("<img src=\"images/x.png\""), "\(html)")
        // Each target is there: the sections and the prefixed heading ids.
        for id in [other, "\(other)--far-away", two, "\(two)--a-heading", "\(one)--local-heading"] {
            #expect(html.contains("id=\"\(id)\""), "no id \(id)")
        }
        #expect(!html.contains("href=\"two.html") && !html.contains("href=\"../other.html") && !html.contains("href=\"#local-heading\""))
    }

    /// A link written for GitHub's slug of a heading (which differs from guide's id) lands too.
    @Test func aGitHubSlugLeadsToItsHeadingOnThePage() {
        let html = printed([chapter("a.md", "# A\n\n## Blocks 代码块\n\nSee [it](#blocks-代码块).\n")])
        let section = PrintPage.sectionID(chapter("a.md", "# A\n"))
        let href = "#\(section)--" + "blocks-代码块".addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed)!
        #expect(html.contains("<a href=\"\(href)\""), "\(html)")
        #expect(html.contains("id=\"\(section)--blocks-代码块\""), "\(html)")
    }

    /// A chapter beside the print page keeps its asset links; a link to the other language's page is rebased like an image.
    @Test func otherRelativeLinksAreSeenFromThePage() {
        let html = printed([chapter("a.md", "# A\n\n[pdf](a.pdf) [zh](../zh/a.html)\n"),
                            chapter("deep/b.md", "# B\n\n[pdf](b.pdf) [zh](../../zh/deep/b.html)\n")])
        for href in ["a.pdf", "../zh/a.html", "deep/b.pdf", "../zh/deep/b.html"] {
            #expect(html.contains("<a href=\"\(href)\""), "no link to \(href) in \(html)")
        }
    }
}
