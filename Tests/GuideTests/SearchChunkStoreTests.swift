import Foundation
import GuideModel
@testable import GuideRender
import Testing

/// The search index's chunks stored on disk between builds: read back, they give the same
/// files as chunks scanned afresh; an edit scans its own chunk only; damage is scanned again.
@Suite struct SearchChunkStoreTests {
    static func pages(seed: UInt64) -> [SearchPage] {
        var random = SplitMix(seed: seed)
        return SearchSpeedTests.randomPages(&random, count: 600)
    }

    static func files(_ pages: [SearchPage], store: SearchChunkStore?) -> [String: String] {
        SearchIndex.build(pages: pages, termShardSize: 4096, textShardSize: 2048, memo: nil, store: store)
    }

    @Test func storedChunksGiveTheSameFilesAndAnEditScansOneChunk() throws {
        let folder = try TempFolder()
        var pages = Self.pages(seed: 7)
        let expected = Self.files(pages, store: nil)
        let chunks = SearchIndex.chunkRanges(pages).count
        #expect(chunks > 4)
        let first = SearchChunkStore(folder: folder.path)
        #expect(Self.files(pages, store: first) == expected)
        #expect(first.made == chunks)
        let second = SearchChunkStore(folder: folder.path)
        #expect(Self.files(pages, store: second) == expected)
        #expect(second.made == 0)
        // One page's text edited: its chunk is scanned, the rest read back; same files as afresh.
        pages[300].sections.append(SearchSection(id: "new", heading: "Edited", text: "a new paragraph 新的段落"))
        let third = SearchChunkStore(folder: folder.path)
        #expect(Self.files(pages, store: third) == Self.files(pages, store: nil))
        #expect(third.made == 1)
        third.prune()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == chunks)
    }

    @Test func aDamagedChunkIsScannedAgain() throws {
        let folder = try TempFolder()
        let pages = Self.pages(seed: 8)
        let expected = Self.files(pages, store: nil)
        _ = Self.files(pages, store: SearchChunkStore(folder: folder.path))
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        // One byte flipped, one entry cut short, one emptied.
        var flipped = [UInt8](FileManager.default.contents(atPath: folder.path + "/" + entries[0])!)
        flipped[flipped.count / 2] ^= 0x20
        try Data(flipped).write(to: URL(fileURLWithPath: folder.path + "/" + entries[0]))
        let cut = FileManager.default.contents(atPath: folder.path + "/" + entries[1])!
        try cut.prefix(cut.count / 3).write(to: URL(fileURLWithPath: folder.path + "/" + entries[1]))
        try Data().write(to: URL(fileURLWithPath: folder.path + "/" + entries[2]))
        let store = SearchChunkStore(folder: folder.path)
        #expect(Self.files(pages, store: store) == expected)
        #expect(store.made == 3)
    }

    /// Where chunks end depends on the pages' paths only: an edit moves no cut.
    @Test func chunkCutsDependOnPathsOnly() {
        var pages = Self.pages(seed: 9)
        let ranges = SearchIndex.chunkRanges(pages)
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == pages.count)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        for index in stride(from: 0, to: pages.count, by: 37) {
            pages[index].sections = [SearchSection(id: "", heading: "", text: String(repeating: "long text ", count: 500))]
        }
        #expect(SearchIndex.chunkRanges(pages) == ranges)
    }
}
