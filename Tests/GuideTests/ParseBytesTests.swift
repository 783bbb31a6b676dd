@testable import GuideParse
import GuideModel
import Testing

/// The parser reads lines and trims text on UTF-8 bytes for speed; these tests hold
/// it to what the earlier `Character`-based code gave, on text built to hit the cases
/// where graphemes and bytes differ (CR LF, combining marks, Prepend scalars, CJK spaces…).
@Suite struct ParseBytesTests {
    static let pieces = ["a", "b", "\n", "\r", "\r\n", " ", "\t", "\u{301}", "\u{600}", "代", "。",
                         "\u{3000}", "\u{A0}", "\u{FEFF}", "\u{1F1EB}", "\u{1F44D}\u{1F3FD}", "\u{200D}", "#"]

    static func randomTexts(seed: UInt64, count: Int, maxPieces: Int) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...maxPieces, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
    }

    @Test func sourceLinesMatchACharacterSplit() {
        let fixed = ["", "\n", "a\r\nb\nc", "a\rb\n\r", "x\r", " \u{301}\n\t\n", "\r\n\r\n", "a\n\n  \n"]
        for text in fixed + Self.randomTexts(seed: 7, count: 2000, maxPieces: 24) {
            let lines = SourceLines(text)
            let reference = CharacterLines(text)
            #expect(lines.count == reference.count, "\(text.debugDescription)")
            for start in 0...reference.count + 1 {
                for end in start...reference.count + 1 {
                    let range = LineRange(start: start, end: end)
                    #expect(lines.text(of: range) == reference.text(of: range), "\(text.debugDescription) \(range)")
                    guard start >= 1 else { continue }
                    #expect(lines.trimmed(range) == reference.trimmed(range), "\(text.debugDescription) \(range)")
                }
            }
        }
    }

    /// CR LF and lone CR end lines as LF does (as in cmark): the same blocks, sources and lines.
    @Test func crlfAndCRTextParsesAsLF() {
        let parser = MarkdownParser()
        let fixed = ["# T\n\nA *b*\nc.\n\n- x\n- y\n\n```c\nint a;\n```\n", "a\n\n\nb", "\n\n", ""]
        for text in fixed + Self.randomTexts(seed: 9, count: 500, maxPieces: 16)
            .map({ String(decoding: $0.utf8.filter { $0 != 0x0D }, as: UTF8.self) }) {
            // Replaced byte by byte: a Character-wise replace would skip a LF that a combining mark follows.
            func lineEnds(_ end: [UInt8]) -> String {
                String(decoding: text.utf8.flatMap { $0 == 0x0A ? end : [$0] }, as: UTF8.self)
            }
            let expected = parser.parse(text)
            #expect(parser.parse(lineEnds([0x0D, 0x0A])) == expected, "\(text.debugDescription)")
            #expect(parser.parse(lineEnds([0x0D])) == expected, "\(text.debugDescription)")
        }
    }

    @Test func plainTextTrimsLikeCharacters() {
        let fixed = ["", " ", " a ", "\u{600} ", " \u{301}a", "a \u{301}", "\r\n", "。 ", "\u{3000}代\u{3000}", "\u{A0}x\t"]
        for text in fixed + Self.randomTexts(seed: 8, count: 5000, maxPieces: 8) {
            var builder = PlainTextBuilder()
            text.utf8.withContiguousStorageIfAvailable { builder.append($0) }
            #expect(builder.trimmedText() == characterTrimmed(text), "\(text.debugDescription)")
            #expect(builder.endsWithSpace == (text.last == " "), "\(text.debugDescription)")
            #expect(builder.isEmpty == text.isEmpty)
        }
    }
}

/// The earlier line splitting, by `Character`.
private struct CharacterLines {
    let lines: [Substring]

    init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    }

    var count: Int { lines.count }

    func trimmed(_ range: LineRange) -> LineRange {
        var end = min(range.end, lines.count)
        while end > range.start, lines[end - 1].allSatisfy({ $0 == " " || $0 == "\t" }) { end -= 1 }
        return LineRange(start: range.start, end: max(end, range.start))
    }

    func text(of range: LineRange) -> String {
        let start = max(range.start, 1) - 1
        let end = min(range.end, lines.count)
        guard start < end else { return "" }
        return lines[start..<end].joined(separator: "\n")
    }
}

/// The earlier trimming, by `Character`.
private func characterTrimmed(_ text: String) -> String {
    var characters = Substring(text)
    while let first = characters.first, first.isWhitespace { characters = characters.dropFirst() }
    while let last = characters.last, last.isWhitespace { characters = characters.dropLast() }
    return String(characters)
}
