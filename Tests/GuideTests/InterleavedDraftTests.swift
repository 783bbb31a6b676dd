import GuideExchange
import GuideMerge
import GuideModel
import GuideParse
import Testing

@Suite struct InterleavedDraftTests {
    let parser = MarkdownParser()

    func split(_ draft: String) -> (String, String) {
        InterleavedDraft.split(text: draft, blocks: parser.parse(draft))
    }

    @Test func splitsADraft() {
        let (en, zh) = split("""
            # Blocks 代码块

            Blocks are closures.

            block 是闭包。

            ```objc
            int x = 1;
            ```

            * one
            * two

            * 一
            * 二

            ### Retain cycles on self   self 的循环引用

            See [docs][d].

            见[文档][d]。

            [d]: https://example.org/docs
            """)
        #expect(en == "# Blocks\n\nBlocks are closures.\n\n```objc\nint x = 1;\n```\n\n* one\n* two\n\n### Retain cycles on self\n\nSee [docs][d].\n\n[d]: https://example.org/docs\n")
        #expect(zh == "# 代码块\n\nblock 是闭包。\n\n```objc\nint x = 1;\n```\n\n* 一\n* 二\n\n### self 的循环引用\n\n见[文档][d]。\n\n[d]: https://example.org/docs\n")
    }

    @Test func markersForceASide() {
        let (en, zh) = split("<!-- lang: zh -->\n\n## Blocks\n\n<!-- lang: en -->\n\n```objc\nint a;\n```\n")
        #expect(en == "```objc\nint a;\n```\n")
        #expect(zh == "## Blocks\n")
    }

    /// merge then split gives back both chapters byte for byte, whatever the pairing.
    @Test(arguments: [
        ("# Title\n\nHello.\n\n```objc\nint a;\n```\n\nBye.\n", "# 标题\n\n你好。\n\n```objc\nint a;\n```\n\n再见。\n"),
        // A Chinese heading left in English, code that differs, an untranslated paragraph.
        ("## Blocks\n\nText.\n\n```objc\nint a; // one\n```\n\nMore text.\n", "## Blocks\n\n文字。\n\n```objc\nint a; // 一\n```\n"),
        // A translator's note with no English, an image, a rule.
        ("Intro.\n\n![](images/a.png)\n\n---\n\nEnd.\n", "介绍。\n\n译者注：这是注释。\n\n![](images/a.png)\n\n---\n\n结束。\n"),
    ])
    func roundTripLosesNothing(en: String, zh: String) throws {
        for beads in [{ Aligner().align($0, $1) }, positionalBeads] as [([Block], [Block]) -> [Bead]] {
            let draft = try InterleavedDraft.interleave(english: en, chinese: zh, parse: parser.parse, align: beads)
            let (splitEn, splitZh) = split(draft)
            #expect(splitEn == en, "draft:\n\(draft)")
            #expect(splitZh == zh, "draft:\n\(draft)")
        }
    }

    @Test func interleaveWritesSharedCodeOnce() throws {
        let draft = try InterleavedDraft.interleave(english: "Text.\n\n```objc\nint a;\n```\n",
                                                    chinese: "文字。\n\n```objc\nint a;\n```\n", parse: parser.parse)
        #expect(draft == InterleavedDraft.header + "\n\nText.\n\n文字。\n\n```objc\nint a;\n```\n")
    }

    func positionalBeads(_ source: [Block], _ target: [Block]) -> [Bead] {
        let (n, m) = (source.count, target.count)
        return (0..<max(n, m)).map { Bead(source: $0 < n ? [$0] : [], target: $0 < m ? [$0] : []) }
    }
}
