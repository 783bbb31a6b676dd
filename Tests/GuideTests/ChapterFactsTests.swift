import Foundation
import Testing
@testable import GuideModel
@testable import GuidePipeline
@testable import GuideParse
@testable import GuideRender

@Suite struct ChapterFactsTests {
    let markdown = """
        # Title

        Text with [a link](other.md#x) and `code`.

        ## 第二节

        - item with ![an image](img/a.png)
          - nested [deep](https://example.org)

        > quoted [quote](q.md)

        ```objc
        int x;
        ```

        Last.

        """

    @Test func factsAreWhatTheBlocksSay() {
        let blocks = MarkdownParser().parse(markdown)
        let facts = ChapterFacts(blocks: blocks)
        #expect(facts.blockCount == 7)
        #expect(facts.codeBlockCount == 1)
        #expect(facts.headings == [.init(block: 0, text: "Title"), .init(block: 2, text: "第二节")])
        #expect(facts.references == [
            // Each with the line it is on, which a link finding names.
            .init(block: 1, url: "other.html#x", isImage: false, line: 3),
            .init(block: 3, url: "https://example.org", isImage: false, line: 8),
            .init(block: 3, url: "img/a.png", isImage: true, line: 7),
            .init(block: 4, url: "q.html", isImage: false, line: 10),
        ])
        #expect(facts.textLengths == blocks.map(\.text.count))
        #expect(HeadingAnchors.slugs(for: facts.headings) == [0: "title", 2: "第二节"])
    }

    @Test func factsSurviveTheStoreAndDamageIsRefused() throws {
        let facts = ChapterFacts(blocks: MarkdownParser().parse(markdown))
        func decode(_ bytes: [UInt8]) -> ChapterFacts? { bytes.withUnsafeBytes { ChapterFacts(decoding: $0) } }
        let bytes = facts.encoded
        #expect(decode(bytes) == facts)
        // Every shorter prefix, and facts pointing past the blocks, are damage.
        for cut in stride(from: 0, to: bytes.count, by: 3) { #expect(decode(Array(bytes[..<cut])) == nil) }
        let impossible = ChapterFacts(blockCount: facts.blockCount, codeBlockCount: facts.codeBlockCount,
                                      headings: facts.headings + [.init(block: facts.blockCount, text: "x")],
                                      references: facts.references, textLengths: facts.textLengths)
        #expect(decode(impossible.encoded) == nil)
    }

    /// The point of the facts: a rebuild opens (parses) only the chapters it must: the edited
    /// pair (its alignment), and the chapters in the edited page's chunk of the search index.
    @Test func aRebuildParsesOnlyTheEditedPairAndItsSearchChunk() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let names = (1...40).map { "c\($0).md" }
        for language in ["en", "zh"] {
            let summary = try folder.read("content/\(language)/SUMMARY.md")
            try folder.write("content/\(language)/SUMMARY.md", summary + names.map { "* [\($0)](\($0))\n" }.joined())
            for name in names { try folder.write("content/\(language)/\(name)", "# \(name)\n\nText \(language) \(name).\n") }
        }
        let builder = SiteBuilder(content: folder.path + "/content", templates: repositoryRoot + "/templates",
                                  output: folder.path + "/site", checkSnippets: false)
        func parsed(_ rendered: SiteBuilder.Rendered) -> Set<String> {
            Set(rendered.model!.book.editions.flatMap { edition in
                edition.chapters.filter(\.parsed.isParsed).map { "\(edition.language.code)/\($0.path)" }
            })
        }
        let first = try builder.build()
        #expect(parsed(first).count == 84)
        #expect(parsed(try builder.build()) == [])

        try folder.write("content/zh/c20.md", "# c20\n\n改了。\n")
        let rebuilt = try builder.build()
        let book = rebuilt.model!.book
        let pages = SearchIndex.indexedPages(for: book, anchors: [:])
        let chunk = SearchIndex.chunkRanges(pages).first { pages[$0].contains { $0.href == "zh/c20.html" } }!
        let expected = Set(pages[chunk].map { String($0.href.dropLast(5)) + ".md" } + ["en/c20.md", "zh/c20.md"])
        #expect(expected.count < 20)
        #expect(parsed(rebuilt) == expected)
        #expect(try folder.read("site/zh/c20.html").contains("改了。"))

        // A damaged facts file is ignored: every chapter is parsed, and the site is the same.
        let site = try snapshot(folder.path + "/site")
        try damageEveryRecord(folder.path + "/.guide-cache/facts.pack")
        #expect(parsed(try builder.build()).count == 84)
        #expect(try snapshot(folder.path + "/site") == site)
        #expect(parsed(try builder.build()) == [])
    }
}

/// What the caches read their texts with: UTF-8 as it was written, and nil for bytes that are not UTF-8.
@Suite struct ByteReaderTextTests {
    /// `text` written by `ByteWriter`, its last bytes replaced by `tail` (the same count), read back.
    func read(_ text: String, tail: [UInt8] = []) -> String? {
        var writer = ByteWriter()
        writer.string(text)
        var bytes = writer.bytes
        bytes.replaceSubrange((bytes.count - tail.count)..., with: tail)
        return bytes.withUnsafeBytes { raw in
            var reader = ByteReader(raw)
            return reader.string()
        }
    }

    @Test func textReadsBackAsWritten() {
        for text in ["", "plain", "中文与 English", "a real \u{FFFD} stays", "emoji 🙂 and \u{2028}"] {
            #expect(read(text) == text)
        }
    }

    /// Bytes the decoder would mend (each into U+FFFD, whatever its length) are damage: a lone
    /// continuation byte, a sequence cut short (even of three bytes, which one U+FFFD's three
    /// would match in length), an overlong form, a surrogate.
    @Test func bytesThatAreNotUTF8ReadAsNothing() {
        #expect(read("abc", tail: [0x80]) == nil)
        #expect(read("abc", tail: [0xFF]) == nil)
        #expect(read("abc", tail: [0xF0, 0x90, 0x80]) == nil)
        #expect(read("abc", tail: [0xE4, 0xB8]) == nil)
        #expect(read("abc", tail: [0xC0, 0xAF]) == nil)
        #expect(read("abc", tail: [0xED, 0xA0, 0x80]) == nil)
        #expect(read("abc", tail: [0xEF, 0xBF, 0xBD]) == "\u{FFFD}")
    }
}
