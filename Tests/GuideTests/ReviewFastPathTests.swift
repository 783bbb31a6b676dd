import Foundation
@testable import GuideMerge
import GuideModel
import Testing

/// The review's scanners read `SingleScalarText` as scalars and everything else as
/// `Character`s. These tests hold the two readings to the same results on random text
/// made of what markdown, Chinese and English prose are made of.
@Suite struct ReviewFastPathTests {
    /// Markdown syntax, ASCII letters and digits, Latin, CJK and full-width punctuation, spaces.
    static let alphabet: [Unicode.Scalar] = Array(
        "`*_[]()<>!&;#:/\\\"'-+.,?@=\n \t\u{3000}\u{1F}aAbhHfFmMwWtpsx019éß中文的是，。、：（）「」“”…—&amp;".unicodeScalars)
    static let words = ["http://", "https://x.y/", "www.", "mailto:", "<a href=\"x\">", "</b>", "<!-- c -->",
                        "&amp;", "&#x4E2D;", "&#20013;", "&nbsp;", "&bogus;", "[x]: http://y", "](u \"t\")", "][r]",
                        "```", "``", "# ", "> ", "1. ", "- ", "\n===", "\n---", "the ", "of ", "block"]

    static func randomText(_ generator: inout some RandomNumberGenerator, length: Int) -> String {
        var text = ""
        for _ in 0..<length {
            if Int.random(in: 0..<6, using: &generator) == 0 {
                text += words.randomElement(using: &generator)!
            } else {
                text.unicodeScalars.append(alphabet.randomElement(using: &generator)!)
            }
        }
        return text
    }

    @Test func scanReadsScalarsAsCharacters() throws {
        var generator = SplitMix64(seed: 7)
        let kinds: [Block.Kind] = [.paragraph, .heading(level: 2), .blockQuote]
        for round in 0..<3000 {
            let source = Self.randomText(&generator, length: Int.random(in: 0..<60, using: &generator))
            let scalars = try #require(SingleScalarText.scalars(source))
            let block = Block(kind: kinds[round % 3], lines: LineRange(start: 3, end: 3), source: source, text: "", html: "")
            let firstInItem = round % 2 == 0
            var byScalar = ProseScan(lines: scalars[...].split(separator: "\n", omittingEmptySubsequences: false),
                                     block: block, firstInItem: firstInItem)
            var byCharacter = ProseScan(lines: Array(source).split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" }),
                                        block: block, firstInItem: firstInItem)
            let units = byScalar.scan()
            #expect(units == byCharacter.scan(), "\(source.debugDescription)")
            // The comparison with cmark's text, both ways, against a text that differs a little.
            let other = Self.randomText(&generator, length: 3)
            for text in [source, other + source, String(source.dropFirst())] {
                let fast = ProseScanner.matches(units, text: text)
                let slow = ProseScanner.comparisonKey(units.lazy.flatMap(\.visible)) == ProseScanner.comparisonKey(text)
                #expect(fast == slow, "\(source.debugDescription) vs \(text.debugDescription)")
            }
        }
    }

    @Test func keptConstructsMatchTheirPatterns() {
        var generator = SplitMix64(seed: 3)
        for _ in 0..<4000 {
            let text = Self.randomText(&generator, length: Int.random(in: 0..<50, using: &generator))
            #expect(EnglishProse.proseSource(text) == EnglishProse.proseSourceByRegex(text), "\(text.debugDescription)")
        }
        for text in ["`a`` b `` c`", "```x`", "[a [b](c) d", "![i](p) [r][l] [x]: y", "\n  [ref]:\n  http://x y\nz",
                     "<http://a b> <a@b> <x:y> </b> <1a>", "see http://x.y/z，中文 ftp://a"] {
            #expect(EnglishProse.proseSource(text) == EnglishProse.proseSourceByRegex(text), "\(text.debugDescription)")
        }
    }

    @Test func foldingReadsScalarsAsCharacters() {
        var generator = SplitMix64(seed: 5)
        for _ in 0..<3000 {
            let text = Self.randomText(&generator, length: Int.random(in: 0..<40, using: &generator))
            #expect(ContentHash.folded(text) == ContentHash.foldedByCharacter(text), "\(text.debugDescription)")
            #expect(StatusClassifier.normalized(text) == text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
    }

    @Test func byteSearchFindsWhatStringSearchFinds() {
        var generator = SplitMix64(seed: 9)
        for _ in 0..<3000 {
            let text = Self.randomText(&generator, length: Int.random(in: 0..<30, using: &generator))
            let scalars = Array(text.unicodeScalars)
            // Mostly a piece of the text, sometimes anything.
            var part = Self.randomText(&generator, length: Int.random(in: 1..<4, using: &generator))
            if !scalars.isEmpty, Bool.random(using: &generator) {
                let start = Int.random(in: 0..<scalars.count, using: &generator)
                let end = Int.random(in: start...min(scalars.count, start + 5), using: &generator)
                part = Unicode.Scalar.string(scalars[start..<end])
            }
            let found = SingleScalarText.contains(text, part)
            #expect(found == (part.isEmpty ? nil : text.range(of: part) != nil), "\(text.debugDescription) \(part.debugDescription)")
            #expect(found == (part.isEmpty ? nil : text.contains(part)))
        }
        #expect(SingleScalarText.contains("が", "か") == false)
        #expect(SingleScalarText.contains("cafe\u{301}", "e") == nil)
    }

    @Test func scalarPropertiesAreTheTables() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if scalar.isWhitespace != scalar.properties.isWhitespace { Issue.record("White_Space of \(value)") }
            if scalar.isASCII, scalar.isLetter != scalar.properties.isAlphabetic { Issue.record("Alphabetic of \(value)") }
        }
    }

    @Test func contentHashIsTheFoldedTextsSHA256() {
        // The first 8 bytes of SHA-256, in lower-case hex: ledgers written before hold these.
        #expect(ContentHash.of("  中文\ta  b\nc ") == "404af54b7b98b560")
        #expect(ContentHash.of("x") == "2d711642b726b044")
        // As before: `\r\n` is one character, and not one of the separators.
        #expect(ContentHash.folded("中文 a\r\nb  c") == Array("中文 a\r\nb c".utf8))
    }

    @Test func scalarClassesAreCharacterClasses() {
        for range in [0x00...0x2FF, 0x2010...0x2027, 0x3000...0x30FF, 0x4E00...0x4E80, 0xFF00...0xFFA0] {
            for value in range {
                let scalar = Unicode.Scalar(UInt32(value))!
                guard SingleScalarText.qualifies(scalar) else { continue }
                let character = Character(scalar)
                #expect(scalar.isWhitespace == character.isWhitespace, "\(value)")
                #expect(scalar.isLetter == character.isLetter, "\(value)")
                #expect(scalar.isNumber == character.isNumber, "\(value)")
                #expect(scalar.isASCII == character.isASCII, "\(value)")
                #expect(ScriptClass(scalar) == ScriptClass(character), "\(value)")
            }
        }
    }

    @Test func singleScalarTextIsOneCharacterPerScalar() {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<2000 {
            let text = Self.randomText(&generator, length: 40)
            #expect(text.count == text.unicodeScalars.count)
        }
        #expect(SingleScalarText.scalars("e\u{301}") == nil)
        #expect(SingleScalarText.scalars("a\r\nb") == nil)
        #expect(SingleScalarText.scalars("中文 text，“引号”") != nil)
    }
}
