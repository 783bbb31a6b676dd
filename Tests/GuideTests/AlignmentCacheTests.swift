import Foundation
import GuideMerge
import GuideModel
import GuideParse
@testable import GuideRender
import Testing

@Suite struct AlignmentCacheTests {
    let source = MarkdownParser().parse("# A\n\nOne.\n\nTwo.\n")
    let target = MarkdownParser().parse("# 甲\n\n一。\n\n二。\n")

    @Test func storesAndReusesAlignments() throws {
        let folder = try TempFolder()
        let cache = AlignmentCache(folder: folder.path + "/align")
        let first = cache.beads(source, target)
        #expect(first == Aligner().align(source, target))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/align")
        #expect(files.count == 1)
        // A planted entry, sealed and naming its key, is used: proof the second call reads the cache.
        let planted = [Bead(source: [0, 1, 2], target: [0, 1, 2])]
        let entry = Array(files[0].utf8) + [0x0A] + AlignmentCache.encode(planted)
        CacheFile.writeSealed(entry, to: folder.path + "/align/" + files[0])
        #expect(cache.beads(source, target) == planted)
        // The same entry under another pair's name is not that pair's.
        let other = MarkdownParser().parse("# A\n\nOne.\n\nThree.\n")
        let otherKey = AlignmentCache.key(other, target)
        CacheFile.writeSealed(entry, to: folder.path + "/align/" + otherKey)
        #expect(cache.beads(other, target) == Aligner().align(other, target))
    }

    @Test func damagedOrWrongEntriesAreIgnored() throws {
        let folder = try TempFolder()
        let cache = AlignmentCache(folder: folder.path + "/align")
        _ = cache.beads(source, target)
        let name = (try FileManager.default.contentsOfDirectory(atPath: folder.path + "/align"))[0]
        let file = folder.path + "/align/" + name
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: file))
        #expect(cache.beads(source, target) == Aligner().align(source, target))
        // Sealed and named, but not covering each block once in order, or cut short.
        let wrong = [[0, 1], [0, 1, 2, 3], [0, 2, 1]].map { $0.map { Bead(source: [$0], target: [$0]) } }
        let whole = AlignmentCache.encode((0..<3).map { Bead(source: [$0], target: [$0]) })
        for entry in wrong.map(AlignmentCache.encode) + [Array(whole.dropLast()), whole + [0], []] {
            CacheFile.writeSealed(Array(name.utf8) + [0x0A] + entry, to: file)
            #expect(cache.beads(source, target) == Aligner().align(source, target), "entry \(entry)")
        }
    }

    @Test func keyChangesWithEitherSide() {
        let other = MarkdownParser().parse("# A\n\nOne changed.\n\nTwo.\n")
        #expect(AlignmentCache.key(source, target) != AlignmentCache.key(other, target))
        #expect(AlignmentCache.key(source, target) == AlignmentCache.key(source, target))
    }
}
