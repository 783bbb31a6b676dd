import Foundation
import GuideMerge
import GuideModel
import GuideParse
@testable import GuideRender
import Testing

@Suite struct ReviewCacheTests {
    let source = Chapter(path: "a.md", displayPath: "content/en/a.md", title: "A",
                         blocks: MarkdownParser().parse("# A\n\nOne.\n\nTwo words here.\n"))
    let target = Chapter(path: "a.md", displayPath: "content/zh/a.md", title: "甲",
                         blocks: MarkdownParser().parse("# 甲\n\n一。【疑问】\n"))

    func make() -> ChapterReview {
        ChapterReview.make(source: source, target: target, language: Language("zh"), ledger: AcceptLedger(),
                           doubtMarkers: ["【疑问】"])
    }

    /// Reviews through `cache`, counting how often the review had to be made.
    func review(_ cache: ReviewCache, settings: String = "s", made: inout Int) -> ChapterReview {
        cache.review(source: source, target: target, language: Language("zh"), settings: settings) {
            made += 1
            return make()
        }
    }

    @Test func aSecondBuildReadsTheReview() throws {
        let folder = try TempFolder()
        let cache = ReviewCache(folder: folder.path + "/review")
        var made = 0
        let first = review(cache, made: &made)
        let second = review(cache, made: &made)
        #expect(made == 1)
        #expect(second.beads == first.beads)
        #expect(first.beads.contains { $0.status == .doubt } && first.beads.contains { $0.status == .missing })
        // Other settings (a glossary edit, an accepted pair…) are another review.
        _ = review(cache, settings: "t", made: &made)
        #expect(made == 2)
    }

    @Test func damagedOrWrongEntriesAreIgnored() throws {
        let folder = try TempFolder()
        let cache = ReviewCache(folder: folder.path + "/review")
        var made = 0
        let good = review(cache, made: &made)
        let file = folder.path + "/review/" + (try FileManager.default.contentsOfDirectory(atPath: folder.path + "/review"))[0]
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        var missingBead = good.beads
        missingBead.removeLast()
        var findingOutside = good.beads
        findingOutside[0].review = BeadReview(bead: findingOutside[0].bead,
                                              findings: findingOutside[0].review.findings + [BeadFinding(.doubt, "x", targetBlock: 99)])
        // After the alignment key and its newline: beads that decode but do not fit the chapters.
        let head = whole.prefix(ReviewCache.alignmentKeyLength + 1)
        let damages = [Data("garbage".utf8), whole.prefix(whole.count / 2), Data(), Data(ReviewCodec.encode(good.beads)),
                       head + Data(ReviewCodec.encode(missingBead)), head + Data(ReviewCodec.encode(findingOutside))]
        for damage in damages {
            try damage.write(to: URL(fileURLWithPath: file))
            made = 0
            #expect(review(cache, made: &made).beads == good.beads)
            #expect(made == 1)
        }
    }

    @Test func codecRoundTripsAndRejectsEveryCutOrExtraByte() {
        let beads = make().beads + [ChapterReview.ReviewedBead(
            review: BeadReview(bead: Bead(source: [7], target: []), findings: BeadStatus.allCases.map {
                BeadFinding($0, "“\($0.name)” ✓", sourceBlock: 7, targetBlock: nil, line: 3, column: -1)
            }),
            sourceHash: 0xff, targetHash: nil, accepted: true)]
        let bytes = ReviewCodec.encode(beads)
        #expect(ReviewCodec.decode(bytes) == beads)
        for cut in stride(from: 0, to: bytes.count, by: 7) { #expect(ReviewCodec.decode(Array(bytes.prefix(cut))) == nil) }
        #expect(ReviewCodec.decode(bytes + [0]) == nil)
    }

    /// The key of chapters without digests (made in code): through their pair's alignment key.
    @Test func keyChangesWithEitherSideAndTheSettings() {
        func key(_ source: [Block], _ target: [Block], settings: String) -> String {
            ReviewCache.key(alignment: AlignmentCache.key(source, target), settings: settings)
        }
        let other = MarkdownParser().parse("# A\n\nOne changed.\n")
        #expect(key(source.blocks, target.blocks, settings: "s") != key(other, target.blocks, settings: "s"))
        #expect(key(source.blocks, target.blocks, settings: "s") != key(source.blocks, target.blocks, settings: "t"))
        #expect(key(source.blocks, target.blocks, settings: "s") == key(source.blocks, target.blocks, settings: "s"))
    }

    /// Chapters loaded from files are keyed by their content digests: either side's digest
    /// and the settings change the key.
    @Test func loadedChaptersAreKeyedByTheirDigests() throws {
        let folder = try TempFolder()
        func withDigest(_ chapter: Chapter, _ digest: [UInt8]) -> Chapter {
            Chapter(path: chapter.path, displayPath: chapter.displayPath, title: chapter.title, blocks: chapter.blocks,
                    contentDigest: digest)
        }
        let digested = (source: withDigest(source, [1]), target: withDigest(target, [2]))
        let cache = ReviewCache(folder: folder.path + "/review")
        var made = 0
        func review(_ pair: (source: Chapter, target: Chapter), settings: String = "s") {
            _ = cache.review(source: pair.source, target: pair.target, language: Language("zh"), settings: settings) {
                made += 1
                return make()
            }
        }
        review(digested)
        review(digested)
        #expect(made == 1)
        let edited = (source: digested.source, target: withDigest(target, [3]))
        review(edited)
        review(digested, settings: "t")
        #expect(made == 3)
        #expect(ReviewCache.key(digests: [1], [2], settings: "s") != ReviewCache.key(digests: [1, 2], [], settings: "s"))
    }

    @Test func aGlossaryEditIsSeenThoughTheChaptersDidNotChange() throws {
        let folder = try TempFolder()
        try StyleEndToEndTests().writeStyledBook(in: folder, chinese: "每个 protocol 都在这里用 KVO。")
        let first = try runGuide(["review"], in: folder.path)
        #expect(first.stdout.contains("glossary: “protocol” left in English"), "\(first.stdout)")
        // The same chapters, reviewed again from the cache: same report.
        #expect(try runGuide(["review"], in: folder.path).stdout == first.stdout)
        try folder.write("content/glossary.yml", "terms:\n  - en: protocol\n    keep: true\n")
        let second = try runGuide(["review"], in: folder.path)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(!second.stdout.contains("glossary:"), "\(second.stdout)")
    }

    /// A build keeps one review and one alignment per chapter pair: the entries of edited
    /// chapters' older versions go, and a second build still reads the kept ones.
    @Test func aBuildRemovesTheEntriesNoPairUsed() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let arguments = ["build", "--no-check", "--templates", repositoryRoot + "/templates"]
        func entries(_ name: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/.guide-cache/" + name)) ?? []).sorted()
        }
        #expect(try runGuide(arguments, in: folder.path).status == 0)
        let reviews = entries("review"), alignments = entries("align")
        #expect(reviews.count == 2 && alignments.count == 2)
        for round in 1...3 {
            try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n完，第\(round)次。\n")
            #expect(try runGuide(arguments, in: folder.path).status == 0)
            #expect(entries("review").count == 2 && entries("align").count == 2, "after edit \(round)")
        }
        // The untouched pair's entries were kept (and read, not rewritten).
        #expect(Set(entries("review")).intersection(reviews).count == 1)
        #expect(Set(entries("align")).intersection(alignments).count == 1)
        let kept = entries("review")
        #expect(try runGuide(arguments, in: folder.path).status == 0)
        #expect(entries("review") == kept)
    }
}
