import Foundation
import GuideMerge
@testable import GuideFiles
import GuideModel
@testable import GuidePipeline
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
    func review(_ cache: ReviewCache, settings: ReviewSettings = ReviewSettings(accepted: "s"), made: inout Int) throws -> ChapterReview {
        try cache.review(source: source, target: target, language: Language("zh"), settings: settings) {
            made += 1
            return make()
        }
    }

    @Test func aSecondBuildReadsTheReview() throws {
        let folder = try TempFolder()
        let cache = CacheStore(root: folder.path)
        var made = 0
        let first = try review(ReviewCache(cache), made: &made)
        cache.save()
        let second = try review(ReviewCache(CacheStore(root: folder.path)), made: &made)
        #expect(made == 1)
        #expect(second.beads == first.beads && second.cacheKey == first.cacheKey)
        #expect(first.beads.contains { $0.status == .doubt } && first.beads.contains { $0.status == .missing })
        // Other settings (a glossary edit, an accepted pair…) are another review.
        _ = try review(ReviewCache(cache), settings: ReviewSettings(accepted: "t"), made: &made)
        #expect(made == 2)
    }

    /// Records that do not decode, or decode to beads that do not fit the chapters, are made again.
    @Test func wrongRecordsAreIgnored() throws {
        var made = 0
        let first = try TempFolder()   // each folder kept while its cache writes in it
        let good = try review(ReviewCache(CacheStore(root: first.path)), made: &made)
        let key = ReviewCache.key(source, target, language: Language("zh"), settings: ReviewSettings(accepted: "s")).0
        var missingBead = good.beads
        missingBead.removeLast()
        var findingOutside = good.beads
        findingOutside[0].review = BeadReview(bead: findingOutside[0].bead,
                                              findings: findingOutside[0].review.findings + [BeadFinding(.doubt, ReviewMessage(.doubtMarker, "x"), targetBlock: 99)])
        // After the alignment key: beads that decode but do not fit the chapters.
        let base = AlignmentCache.key(source.blocks, target.blocks).bytes
        let whole = base + ReviewCodec.encode(good.beads)
        for record in [Array("garbage".utf8), Array(whole.prefix(whole.count / 2)), [], ReviewCodec.encode(good.beads),
                       base + ReviewCodec.encode(missingBead), base + ReviewCodec.encode(findingOutside)] {
            let folder = try TempFolder()
            let cache = CacheStore(root: folder.path)
            cache.write(.review, key, record)
            made = 0
            #expect(try review(ReviewCache(cache), made: &made).beads == good.beads)
            #expect(made == 1)
        }
    }

    /// A bead's findings come in order of precedence, those of one status in the order found:
    /// findings given out of order are sorted (stably), findings in order are kept as they are.
    @Test func findingsAreInOrderOfPrecedenceAndFoundOrderWithin() {
        func finding(_ status: BeadStatus, _ text: String) -> BeadFinding { BeadFinding(status, ReviewMessage(.doubtMarker, text)) }
        let shuffled = [finding(.typography, "t1"), finding(.missing, "m1"), finding(.typography, "t2"), finding(.doubt, "d1"),
                        finding(.missing, "m2")]
        let sorted = BeadReview(bead: Bead(source: [0], target: [0]), findings: shuffled).findings
        #expect(sorted.map { $0.explanation.arguments[0] } == ["m1", "m2", "d1", "t1", "t2"])
        #expect(BeadReview(bead: Bead(source: [0], target: [0]), findings: sorted).findings.map { $0.explanation.arguments[0] } == ["m1", "m2", "d1", "t1", "t2"])
        #expect(BeadReview(bead: Bead(source: [0], target: [0]), findings: shuffled).status == .missing)
    }

    @Test func codecRoundTripsAndRejectsEveryCutOrExtraByte() {
        let beads = make().beads + [ChapterReview.ReviewedBead(
            review: BeadReview(bead: Bead(source: [7], target: []), findings: BeadStatus.allCases.map {
                BeadFinding($0, ReviewMessage(.englishLeft, "\($0.name) ✓"), sourceBlock: 7, targetBlock: nil, line: 3, column: -1)
            }),
            sourceHash: 0xff, targetHash: nil, accepted: true)]
        let bytes = ReviewCodec.encode(beads)
        func decode(_ bytes: [UInt8]) -> [ChapterReview.ReviewedBead]? { bytes.withUnsafeBytes { ReviewCodec.decode($0) } }
        #expect(decode(bytes) == beads)
        for cut in stride(from: 0, to: bytes.count, by: 7) { #expect(decode(Array(bytes.prefix(cut))) == nil) }
        #expect(decode(bytes + [0]) == nil)
    }

    /// Chapters made in code are keyed through their pair's alignment key; loaded ones by their
    /// content digests. Either side, the settings and the language change the key.
    @Test func keyChangesWithEitherSideTheSettingsAndTheLanguage() {
        func key(_ source: Chapter, _ target: Chapter, settings: ReviewSettings = ReviewSettings(accepted: "s"), language: String = "zh") -> CacheKey {
            ReviewCache.key(source, target, language: Language(language), settings: settings).0
        }
        var other = target
        other.blocks = MarkdownParser().parse("# A\n\nOne changed.\n")
        #expect(key(source, target) != key(source, other))
        #expect(key(source, target) != key(source, target, settings: ReviewSettings(accepted: "t")))
        // Each typed setting is part of the key, and no two split alike where a part ends.
        let base = ReviewSettings(doubtMarkers: ["【疑问】"], glossary: [Glossary.Term(english: ["delegate"], chinese: ["委托"])],
                                  accepted: "s")
        var changed = [base, base, base, base, base, base]
        changed[0].doubtMarkers = ["【疑问", "】"]
        changed[1].sentences = false
        changed[2].glossary[0].keepEnglish = true
        changed[3].glossary[0].note = "not 代理"
        changed[4].dictionary = "cedict"
        changed[5].glossary[0].chinese = ["委", "托"]
        let keys = ([base] + changed).map { key(source, target, settings: $0) }
        #expect(Set(keys).count == keys.count)
        #expect(key(source, target) != key(source, target, language: "ja"))
        #expect(key(source, target) == key(source, target))
        #expect(ReviewCache.key(source, target, language: Language("zh"), settings: ReviewSettings(accepted: "s")).alignment
                == AlignmentCache.key(source.blocks, target.blocks))
        func withDigest(_ chapter: Chapter, _ digest: [UInt8]) -> Chapter {
            Chapter(path: chapter.path, displayPath: chapter.displayPath, title: chapter.title, blocks: chapter.blocks,
                    contentDigest: digest)
        }
        let (a, b) = (withDigest(source, [1]), withDigest(target, [2]))
        #expect(ReviewCache.key(a, b, language: Language("zh"), settings: ReviewSettings(accepted: "s")).alignment == nil)
        #expect(key(a, b) != key(a, withDigest(target, [3])))
        #expect(key(a, b) != key(withDigest(source, [1, 2]), withDigest(target, [])))
        #expect(key(a, b) == key(a, b))
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

    /// A build keeps the review and alignment of every chapter pair; the records of edited
    /// chapters' older versions stay only while they weigh less than the used ones (then the
    /// pack is written anew with the used ones), and a later build still reads the kept ones.
    @Test func aBuildRemovesTheRecordsNoPairUsed() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let arguments = ["build", "--no-check", "--templates", repositoryRoot + "/templates"]
        func records(_ stage: String) -> [String] {
            packRecords(folder.path + "/.guide-cache/\(stage).pack").map(\.key).sorted()
        }
        #expect(try runGuide(arguments, in: folder.path).status == 0)
        let reviews = records("review"), alignments = records("align")
        #expect(reviews.count == 2 && alignments.count == 2)
        for round in 1...3 {
            try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n完，第\(round)次。\n")
            #expect(try runGuide(arguments, in: folder.path).status == 0)
            #expect((2...4).contains(records("review").count) && (2...4).contains(records("align").count), "after edit \(round)")
        }
        // The untouched pair's records were kept.
        #expect(Set(records("review")).intersection(reviews).count == 1)
        #expect(Set(records("align")).intersection(alignments).count == 1)
        let kept = records("review")
        #expect(try runGuide(arguments, in: folder.path).status == 0)
        #expect(records("review") == kept)
    }
}
