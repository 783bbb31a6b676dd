import Foundation
import Testing
import GuideFiles
@testable import GuideModel
@testable import GuideParse

/// A chapter whose facts came from the cache is read again only when a stage asks for its
/// blocks. If the file no longer holds the text those facts were kept for (an editor saved it
/// mid-build), the build must fail with a message naming the file, not end the process from
/// inside whichever stage asked, and not keep pages of one text under the keys of another.
@Suite struct RereadFailureTests {
    /// A memo that claims to know every chapter file, under a digest no text has: each re-read
    /// finds a different text, as after a write between the load and the stage that asks.
    struct KnowsEveryFileWrongly: ChapterMemo {
        func toc(at path: String, text: String, parse: () throws -> [TocEntry]) throws -> [TocEntry] { try parse() }
        func chapter(file: ChapterFileKey, reparse: @escaping @Sendable ([UInt8]) throws -> [Block])
            -> (digest: [UInt8], parsed: ParsedChapter)? {
            let digest = [UInt8](repeating: 7, count: Digest.byteCount)
            return (digest, ParsedChapter(facts: ChapterFacts(blocks: [])) { try reparse(digest) })
        }
        func parsed(_ digest: [UInt8], parse: @escaping @Sendable () -> [Block]) -> ParsedChapter {
            ParsedChapter(blocks: parse())
        }
        func keep(file: ChapterFileKey, digest: [UInt8], parsed: ParsedChapter) {}
    }

    @Test func aFileChangedSinceItsFactsFailsTheBookWhenItsBlocksAreAskedFor() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        var loader = ContentLoader(root: folder.path + "/content", displayRoot: "content")
        loader.memo = KnowsEveryFileWrongly()
        let book = try loader.load()
        // Nothing was asked for yet: the facts stand.
        #expect(book.rereadFailure == nil)
        #expect(book.source.chapters.allSatisfy { !$0.parsed.isParsed })

        #expect(book.source.chapters[1].blocks.isEmpty)
        let failure = try #require(book.rereadFailure)
        #expect("\(failure)".contains("content/en/second.md"))
        #expect("\(failure)".contains("changed while the book was built"))
        // The other chapters were not asked for and have not failed.
        #expect(book.source.chapters[0].parsed.failure == nil)
    }

    @Test func aParseThatThrowsLeavesNoBlocksAndItsError() {
        struct Gone: Error {}
        let parsed = ParsedChapter(facts: ChapterFacts(blocks: [])) { throw Gone() }
        #expect(parsed.failure == nil)
        #expect(parsed.blocks.isEmpty)
        #expect(parsed.failure is Gone)
        #expect(parsed.isParsed)
    }
}
