import Foundation
import Testing

/// Keys say what the cached result depends on, no more: the same book named two ways is one
/// book to the cache.
@Suite struct CacheKeyTests {
    @Test func checkAndBuildShareTheChaptersResultsHoweverTheContentIsNamed() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        func keys() throws -> [String] { packRecords(folder.path + "/.guide-cache/check-chapters.pack").map(\.key).sorted() }
        #expect(try runGuide(["check", "--content", "./content"], in: folder.path).status == 0)
        let first = try keys()
        #expect(!first.isEmpty)
        #expect(try runGuide(["check", "--content", "content"], in: folder.path).status == 0)
        #expect(try keys() == first)
        let build = try runGuide(["build", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try keys() == first)
    }
}
