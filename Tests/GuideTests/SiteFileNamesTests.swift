import Foundation
@testable import GuideRender
import Testing

/// Pages name the book's markdown files from the content folder's own name, wherever guide runs
/// from: the same book gives the same site, and no page holds the maintainer's own paths.
@Suite struct SiteFileNamesTests {
    @Test func displayPathsAreNamedFromTheContentFolder() {
        let fromRepo = SiteFileNames(displayRoot: "content", contentFolder: "/home/a/book/content")
        #expect(fromRepo("content/zh/x.md") == "content/zh/x.md")
        let fromElsewhere = SiteFileNames(displayRoot: "/home/a/book/content", contentFolder: "/home/a/book/content")
        #expect(fromElsewhere("/home/a/book/content/zh/x.md") == "content/zh/x.md")
        #expect(fromElsewhere("/home/a/book/content") == "content")
        let fromInside = SiteFileNames(displayRoot: ".", contentFolder: "/home/a/my book/.")
        #expect(fromInside("./en/深.md") == "my book/en/深.md")
        // Only the root itself, not a name that begins like it, nor a file outside it.
        #expect(fromRepo("contents/zh/x.md") == "contents/zh/x.md")
        #expect(fromElsewhere("/home/a/book/content-old/x.md") == "/home/a/book/content-old/x.md")
        #expect(fromElsewhere("/etc/x.h") == "/etc/x.h")
    }

    /// Built from three working folders, the book gives one site; the last two builds find the
    /// first one's reviews in the cache (their keys do not hold the working folder either).
    @Test func theSiteIsTheSameFromAnyWorkingFolder() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        // A doubt on the dashboard, with its file and line; a chapter not translated yet, with
        // the SUMMARY.md files that say so.
        try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n完。【疑问】\n")
        try folder.write("content/en/SUMMARY.md", "# Summary\n\n* [Intro](intro.md)\n* [Second](second.md)\n* [Third](third.md)\n")
        try folder.write("content/en/third.md", "# Third\n\nNot translated yet.\n")
        let templates = repositoryRoot + "/templates"
        let runs: [(directory: String, content: String, output: String)] = [
            (folder.path, "content", "site-a"),
            (folder.path + "/content/zh", "..", "../../site-b"),
            ("/", folder.path + "/content", folder.path + "/site-c"),
        ]
        var reviews: [Int] = []
        for run in runs {
            let build = try runGuide(["build", "--no-check", "--content", run.content, "--templates", templates, "-o", run.output],
                                     in: run.directory)
            #expect(build.status == 0, "\(build.stderr)")
            reviews.append(packRecords(folder.path + "/.guide-cache/review.pack").count)
        }
        #expect(reviews.first ?? 0 > 0)
        #expect(Set(reviews).count == 1, "review records after each build: \(reviews)")
        let sites = try ["site-a", "site-b", "site-c"].map { try snapshot(folder.path + "/" + $0) }
        #expect(!sites[0].isEmpty)
        #expect(sites[1] == sites[0])
        #expect(sites[2] == sites[0])
        let dashboard = String(decoding: sites[0]["review/index.html"] ?? Data(), as: UTF8.self)
        #expect(dashboard.contains("content/zh/second.md:5"))
        #expect(dashboard.contains("content/zh/SUMMARY.md does not list it (English: content/en/SUMMARY.md:5)"))
        let own = Data(folder.path.utf8)
        #expect(sites[2].filter { _, bytes in bytes.range(of: own) != nil }.keys.sorted() == [])
    }

    /// What the snippet check says in the pages (a context header that does not compile: its
    /// name is in the reason under every snippet and on the dashboard) names the files as the
    /// pages do.
    @Test func theCheckSaysInThePagesWhatItSaysFromAnyFolder() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/guide.yml", try folder.read("content/guide.yml") + "\ncheck:\n  context: objc-context.h\n")
        try folder.write("content/objc-context.h", "@interface Broken\n")
        let templates = repositoryRoot + "/templates"
        for (directory, content, output) in [(folder.path, "content", "site-a"), ("/", folder.path + "/content", folder.path + "/site-b")] {
            let build = try runGuide(["build", "--content", content, "--templates", templates, "-o", output], in: directory)
            #expect(build.status == 0, "\(build.stderr)")
        }
        let sites = try ["site-a", "site-b"].map { try snapshot(folder.path + "/" + $0) }
        #expect(sites[1] == sites[0])
        let dashboard = String(decoding: sites[1]["review/index.html"] ?? Data(), as: UTF8.self)
        #expect(dashboard.contains("the context header content/objc-context.h could not be precompiled"))
        let own = Data(folder.path.utf8)
        #expect(sites[1].filter { _, bytes in bytes.range(of: own) != nil }.keys.sorted() == [])
    }

    @Test func messagesNameFilesAsThePagesDo() {
        let names = SiteFileNames(displayRoot: "/home/a/book/content", contentFolder: "/home/a/book/content")
        #expect(names.inText("the context header /home/a/book/content/objc-context.h could not be precompiled")
                == "the context header content/objc-context.h could not be precompiled")
        #expect(names.inText("(/home/a/book/content/x.md) and “/home/a/book/content/y.md”") == "(content/x.md) and “content/y.md”")
        // Only where a word starts: a path that merely contains the root stays as it is.
        #expect(names.inText("/mnt/home/a/book/content/x.md") == "/mnt/home/a/book/content/x.md")
        let inside = SiteFileNames(displayRoot: ".", contentFolder: "/home/a/book")
        #expect(inside.inText("see ./zh/x.md, not ../x.md") == "see book/zh/x.md, not ../x.md")
    }
}
