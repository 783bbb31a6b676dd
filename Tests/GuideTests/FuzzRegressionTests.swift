import Foundation
import GuideFuzz
import GuideExchange
import GuideMerge
import GuideModel
import GuideParse
import Testing

/// What coverage-guided fuzzing (`scripts/fuzz.sh`) found, each kept as a test: the minimised
/// input and the promise it broke. `Tests/fuzz/TARGET/` holds the inputs as files too; they seed
/// later fuzzing and are replayed here through the same checks the fuzz targets make.
@Suite struct FuzzRegressionTests {
    /// markdown (found on content/'s own chapter): cmark 0.30 ends a setext heading on the line
    /// after its underline, so a heading directly followed by a list took the list's first line
    /// into its range and source (and split wrote that line twice).
    @Test func setextHeadingDirectlyFollowedByAListEndsAtItsUnderline() {
        let text = "Title\n---\n* a\n* b\n"
        let blocks = MarkdownParser().parse(text)
        #expect(blocks.map(\.kind.name) == ["heading", "list"])
        #expect(blocks.map(\.lines) == [LineRange(start: 1, end: 2), LineRange(start: 3, end: 4)])
        #expect(blocks.first?.source == "Title\n---")
        let (english, _) = InterleavedDraft.split(text: text, blocks: blocks)
        #expect(english.components(separatedBy: "* a").count == 2, "split wrote the list's first line twice:\n\(english)")
    }

    @Test func setextHeadingFollowedByAParagraphOrInsideAnItem() {
        let blocks = MarkdownParser().parse("Title\n===\nText\n\n* Item\n  ---\n* Next\n")
        #expect(blocks.map(\.lines) == [LineRange(start: 1, end: 2), LineRange(start: 3, end: 3), LineRange(start: 5, end: 7)])
        #expect(blocks[2].items.map { $0.map(\.lines) } == [[LineRange(start: 5, end: 6)], [LineRange(start: 7, end: 7)]])
    }

    /// po: a header value that ends in a CR was written with its line end after it, and read back
    /// by characters, where the two are one (`\r\n`): the value came back a line feed longer.
    @Test func aHeaderValueThatEndsInACarriageReturnReadsBackTheSame() throws {
        let catalog = try POReader.read("msgid \"\"\nmsgstr \"Language: zh\\nX-Guide-Chapter: a.md\\r\"\n")
        #expect(catalog.header.map(\.value) == ["zh", "a.md\r"])
        #expect(try POReader.read(catalog.text).header.map(\.value) == ["zh", "a.md\r"])
    }

    /// Every committed input of an earlier finding passes its target's checks now.
    @Test(arguments: FuzzTarget.all.map(\.name))
    func earlierFindingsPass(target name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        let folder = repositoryRoot + "/Tests/fuzz/" + name
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for file in files.sorted() {
            let data = try #require(FileManager.default.contents(atPath: folder + "/" + file))
            target.run(Array(data))   // traps on a broken promise
        }
    }
}
