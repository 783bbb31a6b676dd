import Foundation
import GuideParse
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

    /// The parser's options key chapters field by field: each field, and where a marker ends, tells two apart.
    @Test func parserOptionsFingerprintEveryField() {
        let base = MarkdownParser.Options(unpublishedMarkers: ["【疑问】"])
        let others = [
            MarkdownParser.Options(rawHTML: true, unpublishedMarkers: ["【疑问】"]),
            MarkdownParser.Options(rewriteMarkdownLinks: false, unpublishedMarkers: ["【疑问】"]),
            MarkdownParser.Options(maxItemDepth: 8, unpublishedMarkers: ["【疑问】"]),
            MarkdownParser.Options(unpublishedMarkers: ["【疑", "问】"]),
            MarkdownParser.Options(),
        ]
        let prints = ([base] + others).map(\.fingerprint)
        #expect(Set(prints).count == prints.count)
        #expect(base.fingerprint == MarkdownParser.Options(unpublishedMarkers: ["【疑问】"]).fingerprint)
    }
}
