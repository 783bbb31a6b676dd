import Foundation
import GuideModel
import GuideParse
import Testing

/// The load-and-parse stage of the real binary on a 10 MB chapter of a million tiny paragraphs
/// in each language (`scripts/bench-shapes.sh paragraphs`): its peak memory is what the blocks
/// cost, not what a cmark tree, a growing array or HTML strings did on top (705 MiB before;
/// see `Block`). The build is given templates that do not exist, so it stops right after
/// parsing and the process's peak is the stage's.
@Suite struct ParseMemoryEndToEndTests {
    func chapter(heading: String, paragraph: (Int) -> String, bytes: Int) -> String {
        var text = heading + "\n\n"
        text.reserveCapacity(bytes + 64)
        var index = 0
        while text.utf8.count < bytes {
            index += 1
            text += paragraph(index)
        }
        return text
    }

    @Test func aTenMegabyteTinyParagraphPairParsesWithinBound() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let megabytes = 10_000_000
        try folder.write("content/en/second.md", chapter(heading: "# Second", paragraph: { "Para \($0).\n\n" }, bytes: megabytes))
        try folder.write("content/zh/second.md", chapter(heading: "# 第二章", paragraph: { "第\($0)段。\n\n" }, bytes: megabytes))
        let run = try runGuideMeasured(["build", "--no-check", "--templates", folder.path + "/no-templates"], in: folder)
        // It failed on the templates, after the parse (the peak says the chapters were parsed).
        #expect(run.status == 1, "\(run.text.prefix(2000))")
        #expect(run.text.contains("no-templates"), "\(run.text.prefix(2000))")
        #expect(run.peakKiB > 100 * 1024, "peak \(run.peakKiB) KiB: the chapters were not parsed")
        // The debug build (the tests') peaks at about 420 MiB, the release build at 385 (base: 720).
        #expect(underSanitizer || run.peakKiB < 500 * 1024, "peak \(run.peakKiB) KiB")
    }
}

/// Chapters from 2 MB on are parsed one at a time (`ContentLoader.largeChapterBytes`), the
/// others all at once: either way a chapter's blocks are those of parsing its text alone.
@Suite struct LargeChapterParseTests {
    @Test func largeChaptersParsedOneAtATimeGiveTheBlocksOfParsingEachAlone() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let paragraphs = (1...100_000).map { "Para \($0) & <more>.\n\n" }.joined()
        let large = ["# Second\n\n" + paragraphs, "# 第二章\n\n> > " + paragraphs.replacingOccurrences(of: "Para", with: "段")]
        #expect(large.allSatisfy { $0.utf8.count >= 2_000_000 })
        try folder.write("content/en/second.md", large[0])
        try folder.write("content/zh/second.md", large[1])
        try folder.write("content/en/SUMMARY.md", "# Summary\n\n* [Intro](intro.md)\n* [Second](second.md)\n* [Third](third.md)\n")
        try folder.write("content/zh/SUMMARY.md", "# 目录\n\n* [介绍](intro.md)\n* [第二章](second.md)\n* [第三章](third.md)\n")
        try folder.write("content/en/third.md", large[1])
        try folder.write("content/zh/third.md", large[0])
        let book = try ContentLoader(root: folder.path + "/content").load()
        let parser = MarkdownParser()
        for edition in book.editions {
            for chapter in edition.chapters {
                let text = try folder.read("content/\(edition.language.code)/\(chapter.path)")
                #expect(chapter.blocks == parser.parse(text), "\(edition.language.code)/\(chapter.path)")
            }
        }
        #expect(book.editions[0].chapters[1].blocks.count == 100_001)
    }
}
