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
        let entry = Array(files[0].utf8) + [0x0A] + [UInt8](AlignmentCache.encode(planted))
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
        let file = folder.path + "/align/" + (try FileManager.default.contentsOfDirectory(atPath: folder.path + "/align"))[0]
        for damage in ["garbage", "0;0\n1;1", "0;0\n1;1\n2;2\n3;3", "0;0\n2;1\n1;2", "x;y", ""] {
            try Data(damage.utf8).write(to: URL(fileURLWithPath: file))
            #expect(cache.beads(source, target) == Aligner().align(source, target), "entry \(damage)")
        }
    }

    @Test func keyChangesWithEitherSide() {
        let other = MarkdownParser().parse("# A\n\nOne changed.\n\nTwo.\n")
        #expect(AlignmentCache.key(source, target) != AlignmentCache.key(other, target))
        #expect(AlignmentCache.key(source, target) == AlignmentCache.key(source, target))
    }
}
