import Foundation
import GuideExchange
import GuideMerge
import GuideModel
import GuideParse
import Testing

/// `guide merge` then `guide split` gives back both chapters byte for byte, whatever they hold.
@Suite struct DraftRoundTripTests {
    let parser = MarkdownParser()

    /// The chapters that came back from the draft of a pair (aligned, or paired block by block).
    func roundTrip(_ en: String, _ zh: String, positional: Bool = false) throws -> (en: String, zh: String, draft: String) {
        let draft = try InterleavedDraft.interleave(english: en, chinese: zh, parse: parser.parse) { source, target in
            positional ? (0..<max(source.count, target.count)).map { index in
                Bead(source: index < source.count ? [index] : [], target: index < target.count ? [index] : [])
            } : Aligner().align(source, target)
        }
        let (english, chinese) = InterleavedDraft.split(text: draft, blocks: parser.parse(draft))
        return (english, chinese, draft)
    }

    func expectExact(_ en: String, _ zh: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        for positional in [false, true] {
            let back = try roundTrip(en, zh, positional: positional)
            #expect(back.en == en, "English\n\(back.draft)", sourceLocation: sourceLocation)
            #expect(back.zh == zh, "Chinese\n\(back.draft)", sourceLocation: sourceLocation)
        }
    }

    @Test func setextHeadingDirectlyFollowedByAList() throws {
        try expectExact("Title\n=====\n* one\n* two\n", "标题\n====\n* 一\n* 二\n")
        let back = try roundTrip("Title\n=====\n* one\n* two\n", "标题\n====\n* 一\n* 二\n")
        #expect(back.draft.components(separatedBy: "* one").count == 2, "written once:\n\(back.draft)")
    }

    @Test func atxHeadingsDirectlyFollowedByListsAndCode() throws {
        try expectExact("# Title\n* one\n* two\n## Code\n```objc\nint a;\n```\nText.\n", "# 标题\n* 一\n* 二\n## 代码\n```objc\nint a;\n```\n文字。\n")
    }

    @Test func linkReferenceDefinitionsStay() throws {
        let en = "See [the docs][ref].\n\n[ref]: https://example.org/en \"English\"\n"
        let zh = "[top]: https://example.org/top\n\n见[文档][ref]。\n\n[ref]: https://example.org/zh\n"
        try expectExact(en, zh)
        let back = try roundTrip(en, zh)
        #expect(parser.parse(back.en).first?.inline.urls == ["https://example.org/en"])
    }

    @Test func blankLinesAndWhitespaceBetweenBlocks() throws {
        try expectExact("\n\nOne.\n\n\n\nTwo.\n  \n\t\nThree.\n\n", "一。\n   \n\n二。\n三。\n")
    }

    @Test func lineEndsAndTheLastLine() throws {
        try expectExact("# Title\r\n\r\nText.\r\n", "# 标题\r\n\r\n文字。\r\n")
        try expectExact("One.\r\n\nTwo.\rThree.\n\r\nFour.", "一。\n\n二。")
        try expectExact("No final line end.", "没有换行。")
        try expectExact("Spaces after the end.\n   ", "")
        try expectExact("", "")
        try expectExact("\n\n", "\r\n")
    }

    @Test func htmlBlocksQuotesAndNestedLists() throws {
        let en = "<div>\n<b>Note</b>\n</div>\n> A quote\nthat runs on.\n> > nested\n\n* one\n  * inner\n    1. deep\n* two\n<!-- a comment -->\n"
        let zh = "<div>\n<b>注意</b>\n</div>\n\n> 引文\n\n* 一\n  * 里面\n* 二\n\n<!-- a comment -->\n"
        try expectExact(en, zh)
    }

    @Test func blocksLeftOpenAtTheEnd() throws {
        try expectExact("Text.\n\n```objc\nint a;\n", "文字。\n\n~~~~\nint b;\n\n")
        try expectExact("Text.\n\n<!-- never closed\n", "文字。\n\n<pre>\n没有关\n")
    }

    @Test func commentsThatLookLikeMarkers() throws {
        try expectExact("<!-- lang: zh -->\nText.\n\n<!-- guide draft: x -->\n", "<!-- lang: en -->\n\n文字。\n")
    }

    @Test func byteOrderMarks() throws {
        try expectExact("\u{FEFF}# Title\n", "\u{FEFF}\n# 标题\n")
    }

    @Test func sharedCodeIsWrittenOnce() throws {
        let back = try roundTrip("Text.\n\n```objc\nint a;\n```\n", "文字。\n\n```objc\nint a;\n```\n\n\n")
        #expect(back.draft.components(separatedBy: "int a;").count == 2, "\(back.draft)")
        #expect(back.zh == "文字。\n\n```objc\nint a;\n```\n\n\n")
    }

    /// The draft stays readable: markers only where the draft cannot show the chapters as they are.
    @Test func plainChaptersNeedNoMarkers() throws {
        let back = try roundTrip("# Title\n\nHello.\n\n```objc\nint a;\n```\n", "# 标题\n\n你好。\n\n```objc\nint a;\n```\n")
        #expect(back.draft == InterleavedDraft.header + "\n\n# Title\n\n# 标题\n\nHello.\n\n你好。\n\n```objc\nint a;\n```\n")
    }

    /// A translator's edits to a draft guide merge wrote are what split writes.
    @Test func editsToAMergedDraftAreKept() throws {
        let en = "# Title\n\nHello.\n\n```objc\nint a;\n```\n", zh = "# 标题\n\n你好。\n\n```objc\nint a;\n```\n"
        let draft = try roundTrip(en, zh).draft
            .replacingOccurrences(of: "你好。\n", with: "您好。\n\n新的一段。\n")
        let (english, chinese) = InterleavedDraft.split(text: draft, blocks: parser.parse(draft))
        #expect(english == en)
        #expect(chinese == "# 标题\n\n您好。\n\n新的一段。\n\n```objc\nint a;\n```\n")
    }

    /// A draft a translator wrote by hand (no header) splits block by block, as it always did.
    @Test func handWrittenDraftsSplitAsBefore() {
        let draft = "# Title\n\n# 标题\n\n\nHello.\n\n你好。\n\n[d]: https://example.org\n"
        let (en, zh) = InterleavedDraft.split(text: draft, blocks: parser.parse(draft))
        #expect(en == "# Title\n\nHello.\n\n[d]: https://example.org\n")
        #expect(zh == "# 标题\n\n你好。\n\n[d]: https://example.org\n")
        let setext = "Title\n=====\n* one\n* two\n"
        #expect(InterleavedDraft.split(text: setext, blocks: parser.parse(setext)).source == "Title\n=====\n\n* one\n* two\n")
    }

    /// Random pairs with every kind of block, separator and line end (seeded: a failure replays).
    @Test func randomPairsComeBackByteForByte() throws {
        var random = SplitMix64(seed: 21)
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        for round in 0..<400 where clock.now < deadline {
            let en = RandomChapter.text(&random, chinese: false)
            var zh = RandomChapter.text(&random, chinese: true)
            // Often the same code in both, so some units are written once for both.
            if round % 3 == 0 { zh += "\n```objc\nint shared = \(round);\n```\n" }
            let back: (en: String, zh: String, draft: String)
            do {
                back = try roundTrip(en, zh, positional: round % 2 == 1)
            } catch {
                Issue.record("round \(round): \(error)\nEnglish \(en.debugDescription)\nChinese \(zh.debugDescription)")
                break
            }
            #expect(back.en == en, "round \(round): English \(en.debugDescription)\n\(back.draft)")
            #expect(back.zh == zh, "round \(round): Chinese \(zh.debugDescription)\n\(back.draft)")
            if back.en != en || back.zh != zh { break }
        }
    }
}

/// Random chapters: every block kind the round trip must keep, joined by any separator, with
/// any line ends, sometimes a byte order mark, sometimes no final line end.
enum RandomChapter {
    static func words(_ random: inout SplitMix64, chinese: Bool, count: Int) -> String {
        RandomMarkdown.words(&random, chinese: chinese, count: count)
    }

    static func block(_ random: inout SplitMix64, chinese: Bool) -> String {
        let line = { (random: inout SplitMix64) in words(&random, chinese: chinese, count: Int.random(in: 1...6, using: &random)) }
        switch Int.random(in: 0..<22, using: &random) {
        case 0: return String(repeating: "#", count: Int.random(in: 1...6, using: &random)) + " " + line(&random)
        case 1: return line(&random) + "\n" + (Bool.random(using: &random) ? "=====" : "---")
        case 2: return line(&random) + "\n" + line(&random)
        case 3: return (0..<Int.random(in: 1...3, using: &random)).map { _ in "* " + line(&random) }.joined(separator: "\n")
        case 4: return "1. " + line(&random) + "\n2. " + line(&random)
        case 5: return "- " + line(&random) + "\n  - " + line(&random) + "\n    1) " + line(&random) + "\n- " + line(&random)
        case 6: return "* " + line(&random) + "\n\n  " + line(&random)
        case 7: return "```objc\nint x = \(Int.random(in: 0...9, using: &random));\n\n```"
        case 8: return "~~~\n" + line(&random) + "\n~~~"
        case 9: return "    int indented;\n    return 0;"
        case 10: return "> " + line(&random) + "\n" + line(&random) + "\n> > " + line(&random)
        case 11: return "<div class=\"note\">\n" + line(&random) + "\n</div>"
        case 12: return "<!-- snippet: ignore -->"
        case 13: return "<custom-tag>\n" + line(&random)
        case 14: return "[ref\(Int.random(in: 0...2, using: &random))]: https://example.org/\(Int.random(in: 0...9, using: &random)) \"Title\""
        case 15: return line(&random) + " [link][ref\(Int.random(in: 0...2, using: &random))]"
        case 16: return ["---", "***", "___"].randomElement(using: &random)!
        case 17: return "![figure](images/a.png)"
        case 18: return ["<!-- lang: en -->", "<!-- lang: zh -->", "<!-- after: \"\\n\" -->", "<!-- guide draft -->"].randomElement(using: &random)!
        case 19: return "<pre>\n" + line(&random) + "\n</pre>"
        case 20: return "\t" + line(&random) + "\t"
        default: return line(&random)
        }
    }

    static let separators = ["\n", "\n\n", "\n\n\n", "\n  \n", "\n\t\n\n"]

    static func text(_ random: inout SplitMix64, chinese: Bool) -> String {
        var text = Int.random(in: 0..<6, using: &random) == 0 ? "\u{FEFF}" : ""
        if Int.random(in: 0..<5, using: &random) == 0 { text += "\n \n" }
        let count = Int.random(in: 0...10, using: &random)
        for index in 0..<count {
            text += block(&random, chinese: chinese)
            if index < count - 1 { text += separators.randomElement(using: &random)! }
        }
        // Sometimes a block left open at the end.
        switch Int.random(in: 0..<12, using: &random) {
        case 0: text += "\n\n```\nunclosed"
        case 1: text += "\n\n<!-- unclosed"
        default: break
        }
        text += ["", "\n", "\n\n", "\n  "].randomElement(using: &random)!
        return lineEnds(text, &random)
    }

    /// The text with LF, CR LF or CR line ends, or a mix.
    static func lineEnds(_ text: String, _ random: inout SplitMix64) -> String {
        let style = Int.random(in: 0..<6, using: &random)
        guard style >= 3 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated().map { index, line in
            index == 0 ? line : (style == 3 ? "\r\n" : style == 4 ? "\r" : ["\n", "\r\n", "\r"].randomElement(using: &random)!) + line
        }.joined()
    }
}
