@testable import GuideMerge
import GuideModel
import GuideParse
import Testing

/// A bead's prose scanned once (`BeadProse`) gives the style review and the sentence cutter
/// what they find scanning each block themselves: the same findings, the same sentences.
@Suite struct BeadProseTests {
    static let english = """
        # The delegate

        A *delegate* is told about events. Its `delegate` property is weak; see [the notes](http://x.org/n).

        * One item. Two sentences here.
        * A second item with a protocol.

        > A quote, with a property.

        Text &amp; more [^1] that cmark reads otherwise __init__ here.

        """
    static let chinese = """
        # 委托

        *委托*会收到事件的通知。它的`delegate`属性是弱引用；参见[说明](http://x.org/n)。

        * 第一项。两句话。
        * 第二项带有protocol。

        > 一段引用，带有属性。

        文本 &amp; 更多 [^1] 其余 __init__ 这里。

        """

    @Test func theSharedScanFindsWhatEachScanFinds() {
        let parser = MarkdownParser()
        let source = parser.parse(Self.english), target = parser.parse(Self.chinese)
        let glossary = Glossary(terms: [
            Glossary.Term(english: ["delegate"], chinese: ["委托"]),
            Glossary.Term(english: ["protocol"], chinese: ["协议"]),
            Glossary.Term(english: ["property"], chinese: ["属性"]),
        ])
        let style = StyleReview(glossary: glossary)
        let terms = SentenceGlossary(glossary)
        let beads = Aligner().align(source, target)
        #expect(beads.count >= 5)
        for bead in beads {
            let prose = BeadProse(bead, source: source, target: target)
            #expect(prose.source.count == bead.source.count && prose.target.count == bead.target.count)
            let shared = style.findings(bead, source: source, target: target, making: .max, prose: prose)
            let alone = style.findings(bead, source: source, target: target, making: .max)
            #expect(shared.made == alone.made && shared.unmade == alone.unmade)
            // With the English terms searched once for both (`findTerms`): the same again.
            var searched = prose
            searched.findTerms(style.matcher)
            #expect(searched.hasTerms)
            let once = style.findings(bead, source: source, target: target, making: .max, prose: searched)
            #expect(once.made == alone.made && once.unmade == alone.unmade)
            let found = { (prose: BeadProse?) in
                style.termsUsed(bead, source: source, prose: prose).map { "\($0.term) \($0.position) \($0.text)" }
            }
            #expect(found(searched) == found(nil))
            for visible in [false, true] {
                #expect(SentenceSplitter.sentences(of: bead.source.map { source[$0] }, glossary: terms.source, visible: visible,
                                                   scanned: searched.source)
                        == SentenceSplitter.sentences(of: bead.source.map { source[$0] }, glossary: terms.source, visible: visible))
                #expect(SentenceSplitter.sentences(of: bead.source.map { source[$0] }, glossary: terms.source, visible: visible,
                                                   scanned: prose.source)
                        == SentenceSplitter.sentences(of: bead.source.map { source[$0] }, glossary: terms.source, visible: visible))
                #expect(SentenceSplitter.sentences(of: bead.target.map { target[$0] }, glossary: terms.target, visible: visible,
                                                   scanned: prose.target)
                        == SentenceSplitter.sentences(of: bead.target.map { target[$0] }, glossary: terms.target, visible: visible))
            }
        }
        // The list's leaves: one per item, in order.
        let list = source.firstIndex { if case .list = $0.kind { true } else { false } }!
        #expect(ProseScanner.scannedLeaves(of: source[list]).count == 2)
    }
}
