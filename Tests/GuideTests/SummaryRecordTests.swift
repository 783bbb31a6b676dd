import Foundation
@testable import GuideFiles
import GuideModel
@testable import GuideParse
@testable import GuidePipeline
import Testing

/// A build reads each SUMMARY.md's entries back from the cache (`CacheStage.summary`) instead
/// of parsing the file again; a record that does not decode is parsed again.
@Suite struct SummaryRecordTests {
    let toc = [
        TocEntry(title: "Part one", path: nil, line: 3, children: [
            TocEntry(title: "委托", path: "delegates.md", line: 4, children: [
                TocEntry(title: "Deep \"quoted\"", path: "deep/inner.md", line: 5),
            ]),
        ]),
        TocEntry(title: "", path: "last.md", line: 7),
    ]

    @Test func entriesComeBackAsTheyWere() {
        let bytes = SummaryRecord.encode(toc)
        #expect(bytes.withUnsafeBytes(SummaryRecord.decode) == toc)
        #expect(SummaryRecord.encode([]).withUnsafeBytes(SummaryRecord.decode) == [])
    }

    @Test func damagedRecordsDoNotDecode() {
        let bytes = SummaryRecord.encode(toc)
        for damaged in [Array(bytes.dropLast()), bytes + [0], [], Array(bytes.prefix(9))] {
            #expect(damaged.withUnsafeBytes(SummaryRecord.decode) == nil, "record \(damaged)")
        }
        // Nested deeper than any SUMMARY.md the parser accepts: not a record guide wrote.
        var deep = TocEntry(title: "leaf", path: "leaf.md", line: 1)
        for _ in 0...SummaryRecord.maxDepth { deep = TocEntry(title: "x", path: nil, line: 1, children: [deep]) }
        #expect(SummaryRecord.encode([deep]).withUnsafeBytes(SummaryRecord.decode) == nil)
    }

    @Test func aBuildReadsTheEntriesItStored() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let cacheFolder = folder.path + "/.guide-cache"
        func load(_ cache: CacheStore) throws -> Book {
            var loader = ContentLoader(root: folder.path + "/content", displayRoot: "content")
            loader.memo = CachedChapters(cache)
            return try loader.load()
        }
        let cache = CacheStore(root: cacheFolder)
        let parsed = try load(cache)
        cache.save()
        #expect(packRecords(cacheFolder + "/summary.pack").count == 2)

        // A planted record is used: proof that the next build reads the cache, not the file.
        let next = CacheStore(root: cacheFolder)
        let text = try String(contentsOfFile: folder.path + "/content/zh/SUMMARY.md", encoding: .utf8)
        let planted = [TocEntry(title: "种下的", path: "intro.md", line: 3)]
        next.write(.summary, CachedChapters.summaryKey("zh/SUMMARY.md", text), SummaryRecord.encode(planted))
        // (The English chapter it does not list follows, as for a partial translation.)
        #expect(try load(next).translations.first?.toc.first == planted[0])

        // A damaged record is parsed again; an edited file has another key.
        let damaged = CacheStore(root: cacheFolder)
        damaged.write(.summary, CachedChapters.summaryKey("zh/SUMMARY.md", text), [1, 2, 3])
        #expect(try load(damaged).translations.first?.toc == parsed.translations.first?.toc)
        try folder.write("content/zh/SUMMARY.md", "# 目录\n\n* [第二章](second.md)\n* [介绍](intro.md)\n")
        #expect(try load(CacheStore(root: cacheFolder)).translations.first?.toc.map(\.path) == ["second.md", "intro.md"])
        #expect(parsed.translations.first?.toc.map(\.path) == ["intro.md", "second.md"])
    }
}
