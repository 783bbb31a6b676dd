import Foundation
@testable import GuideFiles
import GuideModel
@testable import GuideRender
@testable import GuidePipeline
import Testing

/// The search index's chunks stored on disk between builds: read back, they give the same
/// files as chunks scanned afresh; an edit scans its own chunk only; damage is scanned again.
@Suite struct SearchChunkStoreTests {
    static func pages(seed: UInt64) -> [SearchPage] {
        var random = SplitMix(seed: seed)
        return SearchSpeedTests.randomPages(&random, count: 600)
    }

    static func files(_ pages: [SearchPage], store: (any SearchChunkMemo)?) -> [String: String] {
        SearchIndex.build(pages: pages, termShardSize: 4096, textShardSize: 2048, store: store)
    }

    /// One build's chunks through the cache in `folder`: the files, and how many chunks were scanned.
    static func build(_ pages: [SearchPage], in folder: TempFolder) -> (files: [String: String], made: Int) {
        let cache = CacheStore(root: folder.path)
        let store = SearchChunkStore(cache)
        let files = Self.files(pages, store: store)
        cache.save()
        return (files, store.made)
    }

    @Test func storedChunksGiveTheSameFilesAndAnEditScansOneChunk() throws {
        let folder = try TempFolder()
        var pages = Self.pages(seed: 7)
        let expected = Self.files(pages, store: nil)
        let chunks = SearchIndex.chunkRanges(pages).count
        #expect(chunks > 4)
        #expect(Self.build(pages, in: folder) == (expected, chunks))
        #expect(Self.build(pages, in: folder) == (expected, 0))
        // One page's text edited: its chunk is scanned, the rest read back; same files as afresh.
        pages[300].sections.append(SearchSection(id: "new", heading: "Edited", text: "a new paragraph 新的段落"))
        #expect(Self.build(pages, in: folder) == (Self.files(pages, store: nil), 1))
        // The edited chunk's new record appended; the old one stays while the unused weigh less.
        #expect(packRecords(folder.path + "/search.pack").count == chunks + 1)
    }

    @Test func damagedChunksAreScannedAgain() throws {
        let folder = try TempFolder()
        let pages = Self.pages(seed: 8)
        let expected = Self.files(pages, store: nil)
        _ = Self.build(pages, in: folder)
        // One byte flipped in each record.
        try damageEveryRecord(folder.path + "/search.pack")
        #expect(Self.build(pages, in: folder) == (expected, SearchIndex.chunkRanges(pages).count))
        #expect(Self.build(pages, in: folder) == (expected, 0))
    }

    /// About 1/32 of the pages a chunk in a small book (enough chunks for all cores), and about
    /// `longestRunSpacing` pages in a large one (an edit scans its chunk again).
    @Test func chunksAreAThirtySecondOfTheBookUpToTheLongestRun() {
        func pages(_ count: Int) -> [IndexedPage] {
            (0..<count).map { IndexedPage(SearchPage(language: "en", chapterTitle: "C", href: "en/c\($0).html", sections: [])) }
        }
        let small = SearchIndex.chunkRanges(pages(640)), large = SearchIndex.chunkRanges(pages(12_800))
        #expect((25...60).contains(small.count), "\(small.count) chunks of 640 pages")   // spacing 16: ~40
        let mean = 12_800 / large.count
        #expect((20...48).contains(mean), "\(large.count) chunks of 12,800 pages")   // spacing 32, not 256
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
