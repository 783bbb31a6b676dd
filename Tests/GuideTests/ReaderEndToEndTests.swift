import Foundation
import Testing

/// Reader findings through the real binary: `guide review` (text, JSON, --fail-on reader) and
/// the dashboard of `guide build`, on a small book whose second chapter hurts its readers.
@Suite struct ReaderEndToEndTests {
    func writeBook(in folder: TempFolder) throws {
        try writeSmallBook(in: folder)
        try folder.write("content/en/second.md", """
            # Second

            #### End

            See [here](intro.md) and the <https://example.org/diagram>.

            ![](diagram.png)

            """)
        try folder.write("content/zh/second.md", """
            # 第二章

            ## 结束

            见[点击这里](intro.md)。

            ![图示](diagram.png)

            """)
        try folder.write("content/en/diagram.png", "not really a PNG")
        try folder.write("content/zh/diagram.png", "not really a PNG")
    }

    @Test func reviewReportsEachFindingWithItsFileAndLine() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        let result = try runGuide(["review", "--no-check"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("content/en/second.md:3: warning: heading-skip: level 4 after level 1 “End”"), "\(result.stdout)")
        #expect(lines.contains("content/en/second.md:5: warning: link-text: link text “here” says nothing of where it goes"))
        #expect(lines.contains("content/en/second.md:7: warning: image-alt: image without alt text (diagram.png)"))
        #expect(lines.contains("content/zh/second.md:5: warning: link-text: link text “点击这里” says nothing of where it goes"))
        #expect(lines.filter { $0.contains("heading-skip") || $0.contains("image-alt") || $0.contains("link-text") }.count == 4)
        #expect(lines.contains { $0.hasPrefix("content/zh/second.md: ") && $0.hasSuffix("; 4 reader findings in the pair's files") })
        // The first chapter has none: its summary says nothing of them.
        #expect(lines.contains { $0.hasPrefix("content/zh/intro.md: ") && !$0.contains("reader") })

        #expect(try runGuide(["review", "--no-check", "--fail-on", "reader"], in: folder.path).status == 1)
        #expect(try runGuide(["review", "--no-check", "--fail-on", "missing"], in: folder.path).status == 0)

        let json = try runGuide(["review", "--no-check", "--format", "json"], in: folder.path)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let chapters = document["chapters"] as! [[String: Any]]
        let second = chapters.first { $0["chapter"] as? String == "second.md" }!
        let reader = second["reader"] as! [[String: Any]]
        #expect(reader.map { "\($0["file"]!):\($0["line"]!) \($0["kind"]!)" } == [
            "content/en/second.md:3 heading-skip", "content/en/second.md:5 link-text",
            "content/en/second.md:7 image-alt", "content/zh/second.md:5 link-text",
        ])
        #expect((chapters.first { $0["chapter"] as? String == "intro.md" }!["reader"] as! [Any]).isEmpty)

        // Mended, the gate opens.
        try folder.write("content/en/second.md", "# Second\n\n## End\n\nSee [the introduction](intro.md).\n\n![A diagram](diagram.png)\n")
        try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n见[介绍](intro.md)。\n\n![图示](diagram.png)\n")
        let mended = try runGuide(["review", "--no-check", "--fail-on", "reader"], in: folder.path)
        #expect(mended.status == 0 && !mended.stdout.contains("reader"), "\(mended.stdout)")
    }

    @Test func theDashboardCountsAndListsThem() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        let build = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates", "-o", "site"], in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        let dashboard = try folder.read("site/review/index.html")
        #expect(dashboard.contains("<h3>For readers: 4 in the markdown</h3>"))
        #expect(dashboard.contains("<span class=\"badge badge-heading-skip\" title=\"heading-skip\">heading-skip</span> content/en/second.md:3</a> level 4 after level 1"))
        #expect(dashboard.contains("content/zh/second.md:5</a> link text “点击这里” says nothing of where it goes"))
    }

    @Test func findingsAreEscapedInTheDashboard() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/second.md", "# Second\n\n### <b>&amp; \"here\"</b>\n\nText.\n")
        let build = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates", "-o", "site"], in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        let dashboard = try folder.read("site/review/index.html")
        #expect(dashboard.contains("level 3 after level 1"))
        #expect(!dashboard.contains("<b>&amp;"))
    }
}
