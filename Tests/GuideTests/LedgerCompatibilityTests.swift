import Foundation
import GuideMerge
import GuideModel
import GuideParse
import Testing

/// Accept ledgers live in the book's folder: a guide that changes how it hashes must still read
/// the ledgers translators wrote with an earlier one, and write the same bytes for them.
@Suite struct LedgerCompatibilityTests {
    /// `Tests/fixtures/zh.accepted-2cbcfdc`: what `guide review --accept` wrote for `content/`
    /// with guide at commit 2cbcfdc (SHA-256 through swift-crypto, before cache keys became XXH3).
    @Test func aLedgerWrittenBeforeTheHashChangeStillMatches() throws {
        let folder = try TempFolder()
        try FileManager.default.copyItem(atPath: repositoryRoot + "/content", toPath: folder.path + "/content")
        let ledger = try String(contentsOfFile: repositoryRoot + "/Tests/fixtures/zh.accepted-2cbcfdc", encoding: .utf8)
        try folder.write("content/zh.accepted", ledger)
        let book = try ContentLoader(root: folder.path + "/content", displayRoot: "content").load()
        let reviews = book.reviews()
        #expect(!reviews.isEmpty)
        let entries = reviews.flatMap(\.acceptEntries)
        #expect(entries.count > 50)
        for review in reviews {
            for bead in review.beads where bead.sourceHash != nil && bead.targetHash != nil {
                #expect(bead.accepted, "\(review.source.path): \(bead.bead)")
            }
            #expect(review.beads.allSatisfy { $0.status != .stale })
        }
        // Accepting again records the same pairs with the same hashes: the file keeps its bytes.
        let again = reviews.reduce(AcceptLedger()) { $0.replacing(chapter: $1.source.path, with: $1.acceptEntries) }
        #expect(again.serialized() == ledger)
    }
}
