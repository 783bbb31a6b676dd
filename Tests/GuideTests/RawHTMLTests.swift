import Foundation
import GuideModel
@testable import GuideParse
import Testing

/// Raw HTML without `output.raw_html`: kept as GitHub keeps it (`HTMLSanitizer`), not dropped.
@Suite struct RawHTMLTests {
    func html(_ markdown: String, rawHTML: Bool = false) -> [String] {
        MarkdownParser(options: .init(rawHTML: rawHTML)).parse(markdown).map(\.html)
    }

    @Test func aCenteredDiagramIsKept() {
        let blocks = MarkdownParser().parse("<p align=\"center\"><img src=\"images/x.png\" width=\"400\"></p>\n")
        #expect(blocks.map(\.html) == ["<p align=\"center\"><img src=\"images/x.png\" width=\"400\"></p>\n"])
        #expect(blocks[0].inline.images == ["images/x.png"])   // checked as a markdown image is
        #expect(blocks[0].inline.labels.map(\.destination) == ["images/x.png"])
        #expect(!blocks[0].inline.droppedHTML)
    }

    @Test func scriptHandlersAndJavaScriptURLsNeverReachThePage() {
        let result = HTMLSanitizer.sanitize("""
            <div onclick="x()"><script>alert(1)</script><style>p{}</style><a href=" java\nscript:alert(2)" title="t">go</a>\
            <img src="JAVASCRIPT:alert(3)" alt="a"><iframe src="https://x.org"></iframe>\
            <a href="https://x.org/?a=1&amp;b=&quot;2&quot;">ok</a><font color="red">kept text</font></div>
            """)
        #expect(result.html == "<div><a title=\"t\">go</a><img alt=\"a\"><a href=\"https://x.org/?a=1&amp;b=&quot;2&quot;\">ok</a>kept text</div>")
        #expect(result.droppedSomething)
        #expect(result.images.isEmpty)
    }

    @Test func idsAreGitHubsAndTextIsEscapedAgain() {
        let result = HTMLSanitizer.sanitize("<details open><summary id=\"main\">a &lt;b&gt; &amp; c</summary><kbd>Ctrl</kbd></details><!-- note -->")
        #expect(result.html == "<details open=\"\"><summary id=\"user-content-main\">a &lt;b&gt; &amp; c</summary><kbd>Ctrl</kbd></details>")
        #expect(!result.droppedSomething)   // a comment goes silently
    }

    @Test func rawImagesJoinTheMarkdownOnesInAnyOrder() {
        let block = MarkdownParser().parse("<img src=\"raw.png\"> and ![md](<图 1.png>) <img src=\"raw2.png\">\n")[0]
        #expect(block.inline.labels.filter { $0.kind == .image }.map(\.destination).sorted() == ["raw.png", "raw2.png", "图 1.png"])
    }

    @Test func imagesGiveTheirSourceFirst() {
        #expect(HTMLSanitizer.sanitize("<img width=\"10\" alt=\"x\" src=\"a.png\">").html == "<img src=\"a.png\" width=\"10\" alt=\"x\">")
    }

    @Test func markdownAroundInlineHTMLStaysCmarks() {
        #expect(html("Press <kbd>Ctrl</kbd> and **go** ![i](a.png).\n") == ["<p>Press <kbd>Ctrl</kbd> and <strong>go</strong> <img src=\"a.png\" alt=\"i\">.</p>\n"])
        // Blocks without raw HTML are as before.
        #expect(html("Plain **text** ![i](a.png).\n") == ["<p>Plain <strong>text</strong> <img src=\"a.png\" alt=\"i\" />.</p>\n"])
    }

    @Test func withRawHTMLTheHTMLIsCmarksAsBefore() {
        let markdown = "<div onclick=\"x()\"><script>alert(1)</script></div>\n"
        #expect(html(markdown, rawHTML: true) == [markdown])
    }

    @Test func theBuildWarnsOncePerBlockWithItsLine() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/zh/images/x.png", Data([1]))
        try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n<p align=\"center\"><img src=\"images/x.png\"><script>1</script><blink>b</blink></p>\n\n完。<img src=\"images/gone.png\">\n")
        let templates = ["--templates", repositoryRoot + "/templates"]
        let broken = try runGuide(["build"] + templates, in: folder.path)
        #expect(broken.status != 0)
        #expect(broken.stderr.contains("content/zh/second.md:7: error: image 'images/gone.png' points to a file that does not exist"))
        try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n<p align=\"center\"><img src=\"images/x.png\"><script>1</script><blink>b</blink></p>\n\n完。\n")
        for _ in 0..<2 {   // a rebuild from the cache's facts warns too
            let result = try runGuide(["build"] + templates, in: folder.path)
            #expect(result.status == 0, "\(result.stderr)")
            let warnings = result.stderr.split(separator: "\n").filter { $0.contains("raw HTML") }
            #expect(warnings.count == 1)
            #expect(warnings.first?.hasPrefix("content/zh/second.md:5: warning: raw HTML:") == true)
        }
        let page = try String(contentsOfFile: folder.path + "/site/zh/second.html", encoding: .utf8)
        #expect(page.contains("<p align=\"center\"><img src=\"images/x.png\">b</p>"))
    }
}
