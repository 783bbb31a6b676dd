@testable import GuideMerge
import GuideModel
import GuideParse
import Testing

/// Sentence-missing and sentence-extra findings, with their confidence, from a bead's sentences.
@Suite struct SentenceFindingsTests {
    static func bead(_ english: String, _ chinese: String) -> BeadSentences {
        let source = SentenceSplitter.sentences(of: MarkdownParser().parse(english))
        let target = SentenceSplitter.sentences(of: MarkdownParser().parse(chinese))
        return BeadSentences(source: source, target: target, links: SentenceAligner().align(source, target))
    }

    @Test func aLeftOutSentenceAndAnAddedNote() throws {
        let findings = SentenceFindings.findings(Self.bead(
            "Call `alpha` first. Then call `beta` with the `gamma` option, which nobody translated. Call `delta` last.\n",
            "先调用 `alpha`。最后调用 `delta`。(译注：这是译者加的一段较长的说明，解释了背景。)\n"))
        #expect(findings.map(\.kind) == [.missing, .extra])
        let missing = try #require(findings.first), extra = try #require(findings.last)
        #expect(extra.index == 2 && extra.isAside && extra.sentence.text.hasPrefix("(译注"))
        #expect(missing.index == 1 && missing.sentence.text.hasPrefix("Then call `beta`") && !missing.isAside)
        #expect(missing.confidence > 0.5 && missing.confidence < 1)
        // No group may take a translator's note (`Sentence.isTranslatorsNote`): it is surely extra.
        #expect(extra.confidence == 1)
        #expect(SentenceFinding.Kind.missing.rawValue == "sentence-missing" && SentenceFinding.Kind.extra.rawValue == "sentence-extra")
    }

    /// An English aside the translator folded into the sentence before it as a bracketed clause
    /// is rendered there; one left out is not, nor is one beside an English sentence with brackets
    /// of its own that its Chinese keeps (no bracketed part is left over for the aside).
    @Test func anAsideFoldedIntoTheSentenceBeforeIsNotMissing() throws {
        let english = "Use `ls -l` to see the sizes of files and the dates they last changed on. "
            + "(More on sorting them comes later.)\n"
        #expect(SentenceFindings.findings(Self.bead(english, "用 `ls -l` 查看文件大小和最后修改的日期（下文还会讲到排序）。\n")).isEmpty)
        let lost = SentenceFindings.findings(Self.bead(english, "用 `ls -l` 查看文件大小和最后修改的日期。\n"))
        #expect(lost.map(\.kind) == [.missing] && lost.first?.isAside == true)
        let ownBrackets = SentenceFindings.findings(Self.bead(
            "Pick one build tool and learn it well, such as Make (`make`), old but fast and found everywhere. "
                + "(Of course, a large project also wants its IDE's own build system.)\n",
            "选一个构建工具并学好它，比如 Make（`make`），它历史悠久、速度快且到处都有。\n"))
        #expect(ownBrackets.map(\.kind) == [.missing])
        // A bracket of the Chinese far shorter than the aside renders something else.
        let shortBracket = SentenceFindings.findings(Self.bead(
            "Pick one build tool and learn it well, such as the old and fast Make. "
                + "(Of course, a large project also wants its IDE's own build system, its indexer and its many other tools.)\n",
            "选一个构建工具并学好它，比如 Make（更好用）。\n"))
        #expect(shortBracket.map(\.kind) == [.missing])
        #expect(SentenceFindings.bracketedParts("See [the guide](https://x.org/a_(b)) and `f(x)` (here)（这里）").map(String.init) == ["here", "这里"])
    }

    @Test func confidenceFollowsTheEvidence() throws {
        // A left-out sentence whose code the Chinese lacks is surer than a short plain one.
        let sure = try #require(SentenceFindings.findings(Self.bead(
            "Use the `first` call here. Configure `NSURLSession` and `NSURLRequest` with `timeout` set to 30. Use the `last` call there.\n",
            "这里用 `first` 调用。那里用 `last` 调用。\n")).first)
        let unsure = try #require(SentenceFindings.findings(Self.bead(
            "Use the `first` call here. This one has no code and keeps talking for quite a while. Use the `last` call there.\n",
            "这里用 `first` 调用。那里用 `last` 调用。\n")).first)
        #expect(sure.kind == .missing && unsure.kind == .missing)
        #expect(sure.confidence > unsure.confidence, "\(sure.confidence) vs \(unsure.confidence)")
    }

    @Test func aSentenceJoinedToANeighbourIsPricedAsTheAlignerCouldPairIt() throws {
        let bead = Self.bead("Call `alpha` first. Then call `beta`. Call `gamma` last. Call `delta` too.\n",
                             "先调用 `alpha`。然后调用 `beta`。最后调用 `gamma`。\n")
        let scorer = SentenceAligner.Scorer(aligner: SentenceAligner(), source: bead.source, target: bead.target)
        // The second sentence left alone beside the first's 1:1 group is paired there either
        // joined to it (a 2:1 group) or in its place, the first then left alone.
        let second = SentenceLink(source: 1..<2, target: 1..<1)
        #expect(SentenceFindings.pairing(second, within: 0..<2, 0..<1, scorer: scorer)
                == min(scorer.cost(0..<2, 0..<1), scorer.cost(0..<1, 0..<0) + scorer.cost(1..<2, 0..<1)))
        // Three English sentences with two Chinese ones are no group of the aligner's: the
        // cheapest cut into its shapes that pairs the third.
        let third = SentenceLink(source: 2..<3, target: 2..<2)
        let cuts = [scorer.cost(0..<2, 0..<1) + scorer.cost(2..<3, 1..<2), scorer.cost(0..<1, 0..<1) + scorer.cost(1..<3, 1..<2),
                    scorer.cost(0..<1, 0..<1) + scorer.cost(1..<2, 1..<1) + scorer.cost(2..<3, 1..<2)]
        #expect(SentenceFindings.pairing(third, within: 0..<3, 0..<2, scorer: scorer) <= cuts.min()!)
        #expect(SentenceFindings.pairing(third, within: 0..<3, 0..<2, scorer: scorer) != scorer.cost(0..<3, 0..<2))
        // So a sentence left alone next to a 2:2 group is at least as sure as the aligner is
        // (no 3:2 group priced as a 2:2 one makes it look joinable).
        let left = try #require(SentenceFindings.findings(BeadSentences(
            source: bead.source, target: bead.target,
            links: [SentenceLink(source: 0..<2, target: 0..<2), SentenceLink(source: 2..<3, target: 2..<3),
                    SentenceLink(source: 3..<4, target: 3..<3)])).first)
        #expect(left.index == 3 && left.confidence >= 0.5)
    }

    @Test func aLoneSentenceThatRendersItsNeighboursChineseBetterIsNoSureFinding() throws {
        // The Chinese renders the second sentence; a pairing that left the second alone says only
        // that one of the two has no Chinese: in its place, the first left alone costs less.
        let bead = Self.bead("Call `open` before you read the file. Keep the `handle` until the last read is done.\n",
                             "保留 `handle`，直到最后一次读取完成。\n")
        let scorer = SentenceAligner.Scorer(aligner: SentenceAligner(), source: bead.source, target: bead.target)
        let swapped = scorer.cost(0..<1, 0..<0) + scorer.cost(1..<2, 0..<1)
        #expect(swapped < scorer.cost(0..<2, 0..<1))
        let lone = SentenceLink(source: 1..<2, target: 1..<1)
        #expect(SentenceFindings.pairing(lone, within: 0..<2, 0..<1, scorer: scorer) == swapped)
        let found = try #require(SentenceFindings.findings(BeadSentences(
            source: bead.source, target: bead.target, links: [SentenceLink(source: 0..<1, target: 0..<1), lone])).first)
        #expect(found.index == 1 && found.confidence < 0.5)
        // The aligner itself leaves the first alone, and is sure of it.
        let aligned = try #require(SentenceFindings.findings(bead).first)
        #expect(aligned.index == 0 && aligned.confidence > 0.5)
    }

    @Test func nothingWhenEverythingPairsOrASideIsEmpty() {
        #expect(SentenceFindings.findings(Self.bead("One thing here. Another one.\n", "这里一件事。另一件。\n")).isEmpty)
        #expect(SentenceFindings.findings(Self.bead("Untranslated. Entirely.\n", "```\ncode\n```\n")).isEmpty)
        #expect(SentenceFindings.join(0..<0, 2..<3) == 2..<3 && SentenceFindings.join(1..<2, 2..<4) == 1..<4)
    }
}
