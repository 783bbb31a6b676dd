import Foundation
import Testing

/// The print pages of a book whose chapters live in subfolders: every link and image leads
/// somewhere (the same check the docs book's site passes, `brokenLinks`).
@Suite struct PrintPageEndToEndTests {
    @Test func everyLinkOfThePrintPagesLeadsSomewhere() throws {
        let folder = try TempFolder()
        try folder.write("content/guide.yml", "title:\n  en: Book\n  zh: 书\nlanguages: [en, zh]\nsource: en\n")
        try folder.write("content/en/SUMMARY.md", "# Summary\n\n- [Other](other.md)\n- [One](part/one.md)\n- [Two](part/two.md)\n")
        try folder.write("content/zh/SUMMARY.md", "# 目录\n\n- [其他](other.md)\n- [一](part/one.md)\n")
        try folder.write("content/en/other.md", "# Other\n\n## Far away\n\nText.\n")
        try folder.write("content/zh/other.md", "# 其他\n\n## 远方\n\n文字。\n")
        let one = """
            # One

            ## Local heading

            [up](../other.md) [far](../other.md#far-away) [next](two.md) [its heading](two.md#a-heading)
            [here](#local-heading) [asset](../files/a.txt)

            ![x](../images/x.png)
            """
        try folder.write("content/en/part/one.md", one)
        try folder.write("content/zh/part/one.md", one.replacingOccurrences(of: "# One", with: "# 一")
            .replacingOccurrences(of: "[far](../other.md#far-away)", with: "[远](../other.md#远方)"))
        try folder.write("content/en/part/two.md", "# Two\n\n## A heading\n\nBack [home](one.md#local-heading).\n")
        try folder.write("content/en/images/x.png", Data([1]))
        try folder.write("content/zh/images/x.png", Data([2]))
        try folder.write("content/en/files/a.txt", "a\n")
        try folder.write("content/zh/files/a.txt", "a\n")
        let build = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        let broken = try brokenLinks(inSite: folder.path + "/site", atLeast: 8)
        #expect(broken.isEmpty, "links that lead nowhere:\n\(broken.joined(separator: "\n"))")
        // The print page's links between chapters stay on the page.
        let print = try folder.read("site/en/print.html")
        #expect(!print.contains("href=\"two.html") && !print.contains("href=\"../other.html"), "\(print)")
        #expect(print.contains("href=\"#chapter-part-two.html--a-heading\""))
    }
}
