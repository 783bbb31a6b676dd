import Foundation
import GuideMerge
@testable import GuideModel
import GuideParse
import Testing

@Suite struct ReviewTests {
    func review(_ folder: TempFolder) throws -> ChapterReview {
        let book = try ContentLoader(root: folder.path + "/content", displayRoot: "content").load()
        return try book.reviews().first { $0.source.path == "intro.md" }!
    }

    @Test func ledgerOrderIsFixedWhenTwoBlocksShareTheirHashes() {
        // Two identical code blocks of one chapter: same hashes, different excerpts.
        let entries: [AcceptLedger.Entry] = ["second", "first"].map {
            .init(chapter: "a.md", sourceHash: "0000000000000002", targetHash: "0000000000000003", excerpt: $0)
        }
        let texts = Set((0..<20).map { _ in AcceptLedger(entries: Set(entries.shuffled())).serialized() })
        #expect(texts.count == 1)
        #expect(texts.first?.hasSuffix("0000000000000003  first\na.md 0000000000000002 0000000000000003  second\n") == true)
    }

    @Test func ledgerRoundTripsAndIsSorted() throws {
        let ledger = AcceptLedger(entries: [
            .init(chapter: "b.md", sourceHash: "00000000000000ff", targetHash: "0000000000000001", excerpt: "B"),
            .init(chapter: "a.md", sourceHash: "0000000000000002", targetHash: "0000000000000003"),
        ])
        let text = ledger.serialized()
        #expect(text.hasSuffix("a.md 0000000000000002 0000000000000003\nb.md 00000000000000ff 0000000000000001  B\n"))
        #expect(try AcceptLedger.parse(text) == ledger)
        #expect(throws: AcceptLedger.FormatError(line: 2, message: "expected 'chapter english-hash chinese-hash', found 'a.md xyz'")) {
            try AcceptLedger.parse("# c\na.md xyz\n")
        }
    }

    @Test func hashesIgnoreRewrapping() {
        #expect(ContentHash.of("a b\nc") == ContentHash.of("a  b c"))
        #expect(ContentHash.of("a b c") != ContentHash.of("a b d"))
    }

    /// The counts and shares are worked out with the beads, and follow any change to them.
    @Test func theTallyFollowsTheBeads() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        var chapter = try review(folder)
        let counts = chapter.beads.reduce(into: [BeadStatus: Int]()) { $0[$1.status, default: 0] += 1 }
        #expect(chapter.counts == counts && chapter.acceptedShare == 0 && chapter.translatedShare == 1)
        for index in chapter.beads.indices { chapter.beads[index].accepted = true }
        #expect(chapter.acceptedShare == 1)
        chapter.beads.removeAll()
        #expect(chapter.counts.isEmpty && chapter.translatedShare == 1 && chapter.acceptedShare == 1)
    }

    /// accept → edit the English → stale → edit the Chinese and accept again → accepted.
    @Test func acceptStaleCycle() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        var chapter = try review(folder)
        #expect(chapter.beads.allSatisfy { !$0.accepted })
        #expect(chapter.acceptedShare == 0)

        let ledger = AcceptLedger().replacing(chapter: "intro.md", with: chapter.acceptEntries)
        try folder.write("content/zh.accepted", ledger.serialized())
        chapter = try review(folder)
        #expect(chapter.beads.allSatisfy { $0.accepted })
        #expect(chapter.acceptedShare == 1)

        try folder.write("content/en/intro.md", "# Intro\n\nHello **brave new world**.\n\n## Blocks\n\nSee [next](second.md#end).\n\n```objective-c\n@interface A : NSObject\n@end\n```\n")
        chapter = try review(folder)
        let stale = chapter.beads.filter { $0.status == .stale }
        #expect(stale.count == 1)
        #expect(stale.first.map { chapter.source.blocks[$0.bead.source[0]].text } == "Hello brave new world.")

        try folder.write("content/zh/intro.md", "# 介绍\n\n你好，**勇敢的新世界**。\n\n## 代码块\n\n见[下一章](second.md#end)。\n\n```objective-c\n@interface A : NSObject\n@end\n```\n")
        chapter = try review(folder)
        #expect(chapter.beads.allSatisfy { $0.status != .stale })
        #expect(chapter.beads.contains { !$0.accepted })
    }

    @Test func reviewCommandReportsGapsAndGatesCI() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n完。【疑问】\n\nUntranslated English sentence left here for later.\n")
        try folder.write("content/en/second.md", "# Second\n\n## End\n\nThe end.\n\nUntranslated English sentence left here for later.\n\nA last paragraph nobody translated yet.\n")

        let text = try runGuide(["review"], in: folder.path)
        #expect(text.status == 0)
        #expect(text.stdout.contains("content/zh/second.md:5: warning: doubt: marker 【疑问】"))
        #expect(text.stdout.contains("content/en/second.md:9: warning: missing:"))
        #expect(text.stdout.contains("content/zh/second.md:7: warning: english-left:"))

        let gated = try runGuide(["review", "--fail-on", "missing,doubt"], in: folder.path)
        #expect(gated.status == 1)
        // What fails the review is printed as an error; the rest stays a warning.
        #expect(gated.stdout.contains("content/zh/second.md:5: error: doubt: marker 【疑问】"))
        #expect(gated.stdout.contains("content/en/second.md:9: error: missing:"))
        #expect(gated.stdout.contains("content/zh/second.md:7: warning: english-left:"))
        let notGated = try runGuide(["review", "--fail-on", "extra"], in: folder.path)
        #expect(notGated.status == 0)
        let unknown = try runGuide(["review", "--fail-on", "typo"], in: folder.path)
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("unknown status 'typo'"))

        let json = try runGuide(["review", "--format", "json"], in: folder.path)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let chapters = document["chapters"] as! [[String: Any]]
        let second = chapters.first { $0["chapter"] as? String == "second.md" }!
        let beads = second["beads"] as! [[String: Any]]
        #expect(beads.contains { $0["status"] as? String == "missing" && $0["target"] is NSNull })
        #expect((second["counts"] as! [String: Int])["doubt"] == 1)

        let accept = try runGuide(["review", "--accept"], in: folder.path)
        #expect(accept.status == 0)
        #expect(try folder.read("content/zh.accepted").contains("second.md "))
    }
}

@Suite struct HiddenBlockTests {
    @Test func commentsJoinTheNextBeadAndAreNotMissing() {
        let parser = MarkdownParser()
        let en = parser.parse("Intro text here.\n\n<!-- snippet: ignore -->\n\n```objc\nint a;\n```\n\nEnd of it.\n\n<!-- trailing -->\n")
        let zh = parser.parse("介绍文字。\n\n```objc\nint a;\n```\n\n结束。\n")
        #expect(en[1].isComment)
        let beads = Aligner().align(en, zh)
        #expect(beads == [Bead(source: [0], target: [0]), Bead(source: [1, 2], target: [1]), Bead(source: [3, 4], target: [2])])
        let reviews = StatusClassifier().review(beads, source: en, target: zh)
        #expect(reviews.allSatisfy { $0.status == .translated })
    }
}

@Suite struct SnippetFindingTests {
    /// A snippet that compiles in English but not in Chinese is a review finding and a
    /// dashboard entry; a reader's page shows no verdict (`ReaderMarksTests`: the badge
    /// `output.snippet_badges: failing` asks for, and `guide serve`'s).
    @Test func divergingSnippetIsReportedEverywhere() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/zh/intro.md", "# 介绍\n\n你好，**世界**。\n\n## 代码块\n\n见[下一章](second.md#end)。\n\n```objective-c\n@interface A : NSObject\nint x\n@end\n```\n")
        let review = try runGuide(["review", "--fail-on", "snippet"], in: folder.path)
        #expect(review.status == 1)
        #expect(review.stdout.contains("content/zh/intro.md:9: error: snippet: fail in zh, pass in en (English: content/en/intro.md:9)"))
        #expect(try runGuide(["review", "--fail-on", "snippet", "--no-check"], in: folder.path).status == 0)

        let build = try runGuide(["build", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.contains("checked 2 snippets"))
        for page in ["site/en/intro.html", "site/zh/intro.html", "site/bilingual/intro.html"] {
            #expect(try !folder.read(page).contains("snippet-badge"), "\(page)")
        }
        let dashboard = try folder.read("site/review/index.html")
        #expect(dashboard.contains("snippet-divergence"))
        #expect(dashboard.contains("content/zh/intro.md:9"))

        let unchecked = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(unchecked.status == 0)
        #expect(try !folder.read("site/zh/intro.html").contains("snippet-badge"))
    }
}

@Suite struct ExcerptTests {
    /// The first version: the whole text joined onto one line, then cut.
    func reference(_ text: String, length: Int) -> String {
        let line = text.split(whereSeparator: { $0 == "\n" || $0 == "\t" }).joined(separator: " ")
        return line.count <= length ? line : String(line.prefix(length)) + "…"
    }

    @Test func readsOnlyAsFarAsTheCutAndAgreesWithJoiningFirst() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "Word", " ", "\n", "\t", "\n\n", "中文", "。", "é", "👍🏽", "\r\n", "x y"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            for length in [0, 1, 5, 12, 70] {
                #expect(Excerpt.of(text, length: length) == reference(text, length: length), "\(text.debugDescription) \(length)")
            }
        }
        #expect(Excerpt.of("\n\tOne\n\ntwo\t", length: 60) == "One two")
        #expect(Excerpt.of("abcdef", length: 3) == "abc…")
    }
}
