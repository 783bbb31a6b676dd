import Foundation
import GuideMerge
import GuideModel
import GuideParse
@testable import GuideRender
import Testing

/// The side-by-side page's ids are its rows' (a row's first English heading's) and the cells'
/// GitHub slugs where they differ from every guide id: a link to a heading that shares its row
/// with an earlier one has no id there, and leads to that row.
@Suite struct BilingualLinksTests {
    /// Pairs the blocks in order, but a run of two English section headings goes with one Chinese
    /// heading (as a translator who merged them would be aligned).
    static let mergingHeadings: BeadSource = { source, target in
        var beads: [Bead] = [], i = 0, j = 0
        while i < source.count || j < target.count {
            if i + 1 < source.count, source[i].headingLevel ?? 0 >= 2, source[i + 1].headingLevel != nil,
               j < target.count, target[j].headingLevel != nil {
                beads.append(Bead(source: [i, i + 1], target: [j]))
                i += 2
            } else {
                beads.append(Bead(source: i < source.count ? [i] : [], target: j < target.count ? [j] : []))
                i += 1
            }
            j += 1
        }
        return beads
    }

    @Test func aHeadingWithoutItsIdThereLeadsToItsRow() throws {
        let folder = try TempFolder()
        try folder.write("content/guide.yml", "title:\n  en: Book\n  zh: 书\nlanguages: [en, zh]\nsource: en\n")
        try folder.write("content/en/SUMMARY.md", "# Summary\n\n- [A](a.md)\n- [B](part/b.md)\n")
        try folder.write("content/zh/SUMMARY.md", "# 目录\n\n- [甲](a.md)\n- [乙](part/b.md)\n")
        // "Main" has the id `main-1` (`main` is the layout's) and no GitHub anchor besides.
        try folder.write("content/en/a.md", "# A\n\nSee [main](#main-1) and [in b](part/b.md#usage).\n\n## Setup\n\n### Main\n\nText.\n")
        try folder.write("content/zh/a.md", "# 甲\n\n见[乙](part/b.md#setup)。\n\n## 设置\n\n文字。\n")
        try folder.write("content/en/part/b.md", "# B\n\n## Setup\n\n### Usage\n\nBack to [a](../a.md#main-1).\n")
        try folder.write("content/zh/part/b.md", "# 乙\n\n## 设置\n\n回到[甲](../a.md#setup)。\n")
        let book = try ContentLoader(root: folder.path + "/content", displayRoot: "content").load()
        let site = try SiteRenderer(templatesFolder: repositoryRoot + "/templates")
            .render(book, reviews: try book.reviews(align: Self.mergingHeadings))
        let a = String(decoding: site.wholeFiles["bilingual/a.html"] ?? [], as: UTF8.self)
        let b = String(decoding: site.wholeFiles["bilingual/part/b.html"] ?? [], as: UTF8.self)
        #expect(!a.contains("id=\"main-1\"") && a.contains("id=\"setup\"") && !b.contains("id=\"usage\""))
        #expect(a.contains("href=\"#setup\">main</a>") && a.contains("href=\"part/b.html#setup\">in b</a>"))
        #expect(a.contains("href=\"part/b.html#setup\">乙</a>"))
        #expect(b.contains("href=\"../a.html#setup\">a</a>") && b.contains("href=\"../a.html#setup\">甲</a>"))
        // The chapter's own pages keep the ids the links were written for.
        #expect(String(decoding: site.wholeFiles["en/a.html"] ?? [], as: UTF8.self).contains("id=\"main-1\""))
    }
}
