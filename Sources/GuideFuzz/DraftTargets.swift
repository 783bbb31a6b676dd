import GuideExchange
import GuideMerge
import GuideModel
import GuideParse

extension FuzzTarget {
    /// An interleaved draft split into its two chapters (`guide split`).
    static let split = FuzzTarget(
        name: "split", summary: "InterleavedDraft.split (guide split: drafts by guide merge or by hand)",
        seedSuffixes: [".md"]
    ) { bytes in
        guard let text = text(bytes) else { return }
        _ = InterleavedDraft.split(text: text, blocks: MarkdownParser().parse(text))
    }

    /// The accept ledger (`zh.accepted`): parsed or refused at a line; what it writes it reads back the same.
    static let ledger = FuzzTarget(
        name: "ledger", summary: "AcceptLedger.parse (zh.accepted), and parse ∘ serialized is the identity",
        seedSuffixes: [".accepted"]
    ) { bytes in
        guard let text = text(bytes) else { return }
        let ledger: AcceptLedger
        do { ledger = try AcceptLedger.parse(text) } catch { return }
        let again = try? AcceptLedger.parse(ledger.serialized())
        require(again == ledger, "the ledger written does not read back the same:\n\(ledger.serialized())")
    }
}
