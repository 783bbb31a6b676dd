@testable import GuideMerge
import GuideModel
import GuideParse
import Testing

/// A unit keeps its first scalar and whether that is all of it (`lead`, `leadIsWhole`): the
/// checks read those instead of making a `Character`, and must see what the character shows.
@Suite struct ProseUnitTests {
    static let at = TextPosition(line: 1, column: 1)

    @Test func theLeadIsTheCharactersOnlyScalarOrItsFirst() {
        for (character, whole) in [("a", true), ("中", true), ("e\u{301}", false), ("👍🏽", false), ("\r\n", false)] as [(Character, Bool)] {
            let unit = ProseUnit(kind: .text, character: character, source: "", start: Self.at, end: Self.at)
            #expect(unit.lead == character.unicodeScalars.first!)
            #expect(unit.leadIsWhole == whole)
            #expect(unit.character == character)
            #expect(unit.scriptClass == ScriptClass(character))
        }
        let code = ProseUnit(kind: .code, character: "`", source: "`x`", start: Self.at, end: Self.at)
        #expect(code.lead == "`" && !code.leadIsWhole && code.character == "`" && code.source == "`x`")
        let empty = ProseUnit(kind: .hidden, character: " ", source: "", start: Self.at, end: Self.at)
        #expect(empty.lead == "\0" && !empty.leadIsWhole && empty.character == " ")
    }

    /// Prose with characters of several scalars reads the same through the fast path: the
    /// same text for the glossary, the same verdict against cmark's text.
    @Test func proseOfSeveralScalarCharactersReadsTheSame() {
        let block = MarkdownParser().parse("Cafe\u{301} `x` *👍🏽* 中文 — ok.\n")[0]
        let units = ProseScanner.scannedUnits(of: block)
        #expect(ProseScanner.matches(units, text: block.text))
        let text = ProseText([units])
        #expect(text.string == "Cafe\u{301} \u{1F} 👍🏽 中文 — ok.")
        #expect(text.characters.count == text.positions.count)
    }
}
