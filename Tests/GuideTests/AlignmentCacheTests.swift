import Foundation
import GuideMerge
@testable import GuideFiles
import GuideModel
@testable import GuidePipeline
import GuideParse
@testable import GuideRender
import Testing

@Suite struct AlignmentCacheTests {
    let source = MarkdownParser().parse("# A\n\nOne.\n\nTwo.\n")
    let target = MarkdownParser().parse("# 甲\n\n一。\n\n二。\n")

    @Test func storesAndReusesAlignments() throws {
        let folder = try TempFolder()
        let cache = CacheStore(root: folder.path)
        #expect(AlignmentCache(cache).beads(source, target) == Aligner().align(source, target))
        cache.save()
        #expect(packRecords(folder.path + "/align.pack").map(\.key) == [AlignmentCache.key(source, target).hex])
        // A planted record is used: proof the next build reads the cache.
        let planted = [Bead(source: [0, 1, 2], target: [0, 1, 2])]
        let next = CacheStore(root: folder.path)
        next.write(.align, AlignmentCache.key(source, target), AlignmentCache.encode(planted))
        #expect(AlignmentCache(next).beads(source, target) == planted)
    }

    /// Records that decode but do not cover each block once in order, or are cut short, are aligned again.
    @Test func wrongRecordsAreIgnored() throws {
        let wrong = [[0, 1], [0, 1, 2, 3], [0, 2, 1]].map { $0.map { Bead(source: [$0], target: [$0]) } }
        let whole = AlignmentCache.encode((0..<3).map { Bead(source: [$0], target: [$0]) })
        for record in wrong.map(AlignmentCache.encode) + [Array(whole.dropLast()), whole + [0], [], Array("garbage".utf8)] {
            let folder = try TempFolder()   // kept while the cache writes in it
            let cache = CacheStore(root: folder.path)
            cache.write(.align, AlignmentCache.key(source, target), record)
            #expect(AlignmentCache(cache).beads(source, target) == Aligner().align(source, target), "record \(record)")
        }
    }

    @Test func keyChangesWithEitherSide() {
        let other = MarkdownParser().parse("# A\n\nOne changed.\n\nTwo.\n")
        #expect(AlignmentCache.key(source, target) != AlignmentCache.key(other, target))
        #expect(AlignmentCache.key(source, target) != AlignmentCache.key(source, other))
        #expect(AlignmentCache.key(source, target) == AlignmentCache.key(source, target))
    }
}
