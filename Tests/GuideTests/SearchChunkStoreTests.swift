import Foundation
@testable import GuideFiles
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
