import Foundation
import GuideModel
@testable import GuideFiles
@testable import GuidePipeline
import GuideRender
import Testing

/// The real binary on a book with a chapter the Chinese edition does not have yet: the build
/// publishes the English in its place, the review reports it (text and JSON), a typo is an error.
@Suite struct FallbackEndToEndTests {
    func bookMissingSecondInChinese() throws -> TempFolder {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/zh/SUMMARY.md", "# 目录\n\n* [介绍](intro.md)\n")
        try FileManager.default.removeItem(atPath: folder.path + "/content/zh/second.md")
        return folder
    }

    @Test func aBookWithAChapterMissingInChineseBuilds() throws {
        let folder = try bookMissingSecondInChinese()
        let build = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(!build.stderr.contains("error"))
        let page = try folder.read("site/zh/second.html")
        #expect(page.contains("<article class=\"chapter\" lang=\"en\">"))
        #expect(page.contains("尚未翻译 · Not translated yet."))
        #expect(try folder.read("site/zh/toc.js").contains("untranslated-mark"))
        #expect(try folder.read("site/review/index.html").contains("second.html"))
    }

    @Test func theReviewReportsIt() throws {
        let folder = try bookMissingSecondInChinese()
        let text = try runGuide(["review", "--no-check"], in: folder.path)
        #expect(text.status == 0, "\(text.stderr)")
        let all = text.stdout + text.stderr
        #expect(all.contains("content/zh/SUMMARY.md: warning: untranslated: 'second.md' is not translated yet: "
            + "content/zh/SUMMARY.md does not list it (English: content/en/SUMMARY.md:4)"))
        #expect(all.contains("content/zh/second.md: 3 pairs: 3 missing; 0% of the English translated, 0% accepted; not translated yet"))
        // One line for the chapter, not one per English block.
        #expect(!all.contains("missing: no Chinese for this English"))

        let gated = try runGuide(["review", "--no-check", "--fail-on", "missing"], in: folder.path)
        #expect(gated.status != 0)
        #expect((gated.stdout + gated.stderr).contains("content/zh/SUMMARY.md: error: untranslated: 'second.md'"))

        let json = try runGuide(["review", "--no-check", "--format", "json"], in: folder.path)
        #expect(json.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let chapters = try #require(document["chapters"] as? [[String: Any]])
        let second = try #require(chapters.first { $0["chapter"] as? String == "second.md" })
        #expect(second["translated"] as? Double == 0)
        #expect((second["counts"] as? [String: Int])?["missing"] == 3)
        let untranslated = try #require(second["untranslated"] as? [String: String])
        #expect(untranslated == ["reason": "content/zh/SUMMARY.md does not list it", "english": "content/en/SUMMARY.md:4"])
        #expect(chapters.first { $0["chapter"] as? String == "intro.md" }?["untranslated"] == nil)
    }

    /// With `output.fallback: none` the chapter has no Chinese page: a Chinese link to it leads nowhere.
    @Test func withNoneALinkToAnUntranslatedChapterIsAnError() throws {
        let folder = try bookMissingSecondInChinese()
        try folder.write("content/guide.yml", try folder.read("content/guide.yml") + "\noutput:\n  fallback: none\n")
        let build = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(build.status != 0)
        #expect(build.stderr.contains("content/zh/intro.md:7: error: link 'second.html#end' points to a page that does not exist"))
    }

    @Test func aChineseEntryWithoutItsFileIsAnError() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try FileManager.default.removeItem(atPath: folder.path + "/content/zh/second.md")
        let build = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(build.status != 0)
        #expect(build.stderr == "content/zh/SUMMARY.md:4: error: 'second.md' is listed in SUMMARY.md but the file "
            + "content/zh/second.md does not exist\n")
    }

    @Test func anUnknownFallbackIsAnErrorAtItsLine() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/guide.yml", try folder.read("content/guide.yml") + "\noutput:\n  fallback: english\n")
        let build = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(build.status != 0)
        #expect(build.stderr == "content/guide.yml:7:13: error: 'output.fallback' must be inline, banner or none, not \"english\"\n")
    }

    /// Edits a partial translation goes through, one after the other.
    func fallbackEdits(_ folder: TempFolder) -> [(what: String, edit: () throws -> Void)] {
        [
            ("a chapter left out of the Chinese SUMMARY.md", {
                try folder.write("content/zh/SUMMARY.md", "# 目录\n\n* [介绍](intro.md)\n")
            }),
            ("the English of the untranslated chapter", {
                try folder.write("content/en/second.md", "# Second\n\n## End\n\nThe very end.\n\n## After\n\nMore.\n")
            }),
            ("an English paragraph with no Chinese", {
                try folder.write("content/en/intro.md", try folder.read("content/en/intro.md") + "\nA new paragraph.\n")
            }),
            ("the fallback mode", {
                try folder.write("content/guide.yml", try folder.read("content/guide.yml") + "\noutput:\n  fallback: banner\n")
            }),
            ("the chapter listed again", {
                try folder.write("content/zh/SUMMARY.md", "# 目录\n\n* [介绍](intro.md)\n* [第二章](second.md)\n")
            }),
        ]
    }

    /// After each edit, a build through the caches (and `guide serve`'s memory) gives what a fresh build gives.
    @Test func rebuildsEqualFreshBuilds() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/templates", toPath: folder.path + "/templates")
        var builder = SiteBuilder(content: folder.path + "/content", templates: folder.path + "/templates",
                                  output: folder.path + "/site", checkSnippets: false)
        builder.memory = CacheMemory()
        _ = try builder.render()
        let warm = try runGuide(["build", "--no-check", "--templates", "templates"], in: folder.path)
        #expect(warm.status == 0, "\(warm.stderr)")
        for (what, edit) in fallbackEdits(folder) {
            try edit()
            let served = try builder.render().site.wholeFiles
            #expect(try runGuide(["build", "--no-check", "--templates", "templates"], in: folder.path).status == 0)
            try FileManager.default.moveItem(atPath: folder.path + "/.guide-cache", toPath: folder.path + "/kept-cache")
            let fresh = try runGuide(["build", "--no-check", "--templates", "templates", "-o", "fresh"], in: folder.path)
            #expect(fresh.status == 0, "\(fresh.stderr)")
            try FileManager.default.removeItem(atPath: folder.path + "/.guide-cache")
            try FileManager.default.moveItem(atPath: folder.path + "/kept-cache", toPath: folder.path + "/.guide-cache")
            let built = try snapshot(folder.path + "/site"), expected = try snapshot(folder.path + "/fresh")
            #expect(built.keys.sorted() == expected.keys.sorted(), "after editing \(what)")
            for (path, bytes) in expected where built[path] != bytes {
                Issue.record("after editing \(what): site/\(path) differs from a fresh build")
            }
            // The reading pages (the translators' pages name files by the builder's absolute path).
            let reading = expected.filter { $0.key.hasPrefix("en/") || $0.key.hasPrefix("zh/") || $0.key == "index.html" }
            #expect(reading.keys.allSatisfy { served[$0] != nil }, "after editing \(what)")
            for (path, bytes) in reading where served[path].map({ Data($0) }) != bytes {
                Issue.record("after editing \(what): \(path) served differs from a fresh build")
            }
            try FileManager.default.removeItem(atPath: folder.path + "/fresh")
        }
        #expect(try folder.read("site/zh/intro.html").contains("本章有 1 处尚未翻译。"))
    }
}
