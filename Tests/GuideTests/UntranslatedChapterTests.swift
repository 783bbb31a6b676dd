import Foundation
import GuideModel
import GuideParse
import Testing

/// A chapter the English SUMMARY.md lists and the Chinese one does not is not translated yet
/// (a stand-in with no blocks, where the English has it); a Chinese entry without its file is a typo.
@Suite struct UntranslatedChapterTests {
    func load(_ folder: TempFolder) throws -> Book {
        try ContentLoader(root: folder.path + "/content", displayRoot: "content").load()
    }

    @Test func aChapterTheTranslationDoesNotListGetsAStandIn() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/zh/SUMMARY.md", "* [介绍](intro.md)\n")
        try FileManager.default.removeItem(atPath: folder.path + "/content/zh/second.md")
        let zh = try #require(try load(folder).edition(Language("zh")))
        #expect(zh.chapters.map(\.path) == ["intro.md", "second.md"])
        #expect(zh.toc.map(\.path) == ["intro.md", "second.md"])
        let standIn = try #require(zh.chapter(at: "second.md"))
        #expect(standIn.blocks.isEmpty)
        #expect(standIn.title == "Second")
        #expect(standIn.displayPath == "content/zh/second.md")
        #expect(standIn.contentDigest != nil)
        #expect(standIn.untranslated == Untranslated(sourceEntry: SourceLocation(file: "content/en/SUMMARY.md", line: 4),
                                                     summary: "content/zh/SUMMARY.md", fileExists: false))
        #expect(standIn.untranslated?.reason == "content/zh/SUMMARY.md does not list it")
        #expect(zh.chapter(at: "intro.md")?.untranslated == nil)
    }

    @Test func aFileTheSummaryDoesNotListIsNotPublished() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/zh/SUMMARY.md", "* [第二章](second.md)\n")
        let zh = try #require(try load(folder).edition(Language("zh")))
        // The first English chapter goes first; the file on disk is not read.
        #expect(zh.chapters.map(\.path) == ["intro.md", "second.md"])
        let standIn = try #require(zh.chapter(at: "intro.md"))
        #expect(standIn.blocks.isEmpty)
        #expect(standIn.untranslated?.reason
                == "the file exists but content/zh/SUMMARY.md does not list it")
    }

    @Test func aSummaryEntryWithoutItsFileIsAnErrorAtItsLine() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try FileManager.default.removeItem(atPath: folder.path + "/content/zh/second.md")
        #expect(throws: GuideError("'second.md' is listed in SUMMARY.md but the file content/zh/second.md does not exist",
                                   file: "content/zh/SUMMARY.md", line: 4)) { try load(folder) }
    }

    @Test func standInsFollowTheSourcesNesting() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/SUMMARY.md", "* [Intro](intro.md)\n  * [A](a.md)\n  * [B](b.md)\n* [Second](second.md)\n")
        try folder.write("content/zh/SUMMARY.md", "* [介绍](intro.md)\n  * [乙](b.md)\n* [第二章](second.md)\n")
        for name in ["a", "b"] {
            try folder.write("content/en/\(name).md", "# \(name)\n")
        }
        try folder.write("content/zh/b.md", "# 乙\n")
        let zh = try #require(try load(folder).edition(Language("zh")))
        #expect(zh.chapters.map(\.path) == ["intro.md", "a.md", "b.md", "second.md"])
        #expect(zh.toc.map(\.path) == ["intro.md", "second.md"])
        #expect(zh.toc[0].children.map(\.path) == ["a.md", "b.md"])
        #expect(zh.toc[0].children[0].title == "A")   // the source SUMMARY.md's title
    }

    /// A part the translation lacks comes after the part before it, at its level, not inside
    /// that part's last chapter; its own chapters stay its children.
    @Test func aMissingPartFollowsThePartBeforeItAtItsLevel() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/SUMMARY.md", "* [Intro](intro.md)\n  * [A](a.md)\n* [Second](second.md)\n  * [B](b.md)\n")
        try folder.write("content/zh/SUMMARY.md", "* [介绍](intro.md)\n  * [甲](a.md)\n")
        for name in ["a", "b"] { try folder.write("content/en/\(name).md", "# \(name)\n") }
        try folder.write("content/zh/a.md", "# 甲\n")
        try FileManager.default.removeItem(atPath: folder.path + "/content/zh/second.md")
        let zh = try #require(try load(folder).edition(Language("zh")))
        #expect(zh.chapters.map(\.path) == ["intro.md", "a.md", "second.md", "b.md"])
        #expect(zh.toc.map(\.path) == ["intro.md", "second.md"])
        #expect(zh.toc[0].children.map(\.path) == ["a.md"])
        #expect(zh.toc[1].children.map(\.path) == ["b.md"])
    }

    @Test func fallbackIsReadFromTheConfig() throws {
        #expect(try ConfigLoader.parse("languages: [en, zh]\n", displayPath: "guide.yml").fallback == .inline)
        for mode in FallbackMode.allCases {
            #expect(try ConfigLoader.parse("output:\n  fallback: \(mode.rawValue)\n", displayPath: "guide.yml").fallback == mode)
        }
        do {
            _ = try ConfigLoader.parse("languages: [en, zh]\noutput:\n  raw_html: false\n  fallback: inlined\n", displayPath: "guide.yml")
            Issue.record("an unknown fallback was accepted")
        } catch let error as GuideError {
            #expect(error.description == "guide.yml:4:13: error: 'output.fallback' must be inline, banner or none, not \"inlined\"")
        }
    }
}
