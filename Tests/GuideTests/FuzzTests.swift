import GuideExchange
import GuideMerge
import GuideModel
import GuideParse
import Testing

/// Property tests on random markdown pairs (seeded, so a failure can be replayed):
/// the parser, the aligner and split/merge keep their promises on any input.
@Suite struct FuzzTests {
    static let iterations = 500

    @Test func parserLineRangesAreOrderedAndInside() {
        var random = SplitMix64(seed: 1)
        for round in 0..<Self.iterations {
            let text = RandomMarkdown.document(&random, chinese: round % 2 == 0)
            let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
            var previousEnd = 0
            for block in MarkdownParser().parse(text) {
                #expect(block.lines.start > previousEnd, "round \(round): overlapping blocks\n\(text)")
                #expect(block.lines.start <= block.lines.end && block.lines.end <= lineCount, "round \(round)\n\(text)")
                previousEnd = block.lines.end
            }
        }
    }

    /// Doubt markers left out of the pages change only the blocks' HTML: their kinds, lines,
    /// source and text are the parse without them, and no marker is left in a block's HTML but
    /// in code or raw HTML (shown as written).
    @Test func unpublishedMarkersChangeOnlyTheHTML() {
        var random = SplitMix64(seed: 11)
        let marker = "【疑问】"
        let marking = MarkdownParser(options: .init(unpublishedMarkers: [marker])), plain = MarkdownParser()
        for round in 0..<Self.iterations {
            let lines = RandomMarkdown.document(&random, chinese: round % 2 == 0).split(separator: "\n", omittingEmptySubsequences: false)
            let text = lines.map { random.next() % 4 == 0 ? $0 + marker : String($0) }.joined(separator: "\n")
            let marked = marking.parse(text), asWritten = plain.parse(text)
            #expect(marked.map(\.kind) == asWritten.map(\.kind) && marked.map(\.lines) == asWritten.map(\.lines), "round \(round)")
            #expect(marked.map(\.source) == asWritten.map(\.source) && marked.map(\.text) == asWritten.map(\.text), "round \(round)")
            for block in marked where block.html.contains(marker) {
                let inCode: Bool
                if case .code = block.kind { inCode = true } else { inCode = false }
                // A list or quote holding a code block shows that code as written too.
                let holdsCode = block.html.contains("<pre>")
                #expect(inCode || holdsCode || block.kind == .html || block.inline.codeSpans.contains { $0.contains(marker) },
                        "round \(round)\n\(block.source)\n\(block.html)")
            }
        }
    }

    @Test func beadsCoverEveryBlockOnceInOrder() {
        var random = SplitMix64(seed: 2)
        let parser = MarkdownParser()
        for round in 0..<Self.iterations {
            let source = parser.parse(RandomMarkdown.document(&random, chinese: false))
            let target = parser.parse(RandomMarkdown.document(&random, chinese: true))
            let beads = Aligner().align(source, target)
            #expect(beads.flatMap(\.source) == Array(source.indices), "round \(round)")
            #expect(beads.flatMap(\.target) == Array(target.indices), "round \(round)")
            #expect(beads.allSatisfy { !$0.source.isEmpty || !$0.target.isEmpty }, "round \(round)")
        }
    }

    @Test func mergeThenSplitLosesNothing() throws {
        var random = SplitMix64(seed: 3)
        let parser = MarkdownParser()
        for round in 0..<Self.iterations {
            let english = RandomMarkdown.document(&random, chinese: false)
            let chinese = RandomMarkdown.document(&random, chinese: true)
            let draft = try InterleavedDraft.interleave(english: english, chinese: chinese, parse: parser.parse)
            let (en, zh) = InterleavedDraft.split(text: draft, blocks: parser.parse(draft))
            #expect(en == english, "round \(round): English\n\(english)\n---\n\(draft)")
            #expect(zh == chinese, "round \(round): Chinese\n\(chinese)\n---\n\(draft)")
        }
    }
}

/// A small, fast, seedable generator (SplitMix64), so every run sees the same inputs.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum RandomMarkdown {
    static let englishWords = ["block", "self", "retain", "cycle", "the", "delegate", "weak", "strong", "object", "API", "2", "ARC"]
    static let chineseWords = ["代码块", "引用", "循环", "委托", "对象", "弱", "强", "的", "是", "block", "ARC", "2"]
    static let inline = ["`code`", "*em*", "**strong**", "[link](https://x.org)", "![img](a.png)", "<b>", "&amp;", "\\*", "【疑问】", " "]

    static func words(_ random: inout SplitMix64, chinese: Bool, count: Int) -> String {
        let pool = chinese ? chineseWords : englishWords
        return (0..<count).map { _ -> String in
            Int.random(in: 0..<8, using: &random) == 0 ? inline.randomElement(using: &random)! : pool.randomElement(using: &random)!
        }.joined(separator: chinese ? "" : " ")
    }

    static func block(_ random: inout SplitMix64, chinese: Bool) -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return String(repeating: "#", count: Int.random(in: 1...4, using: &random)) + " " + words(&random, chinese: chinese, count: 3)
        case 1: return "```objc\nint x = \(Int.random(in: 0...9, using: &random));\n```"
        case 2: return (0..<Int.random(in: 1...4, using: &random)).map { _ in "* " + words(&random, chinese: chinese, count: 4) }.joined(separator: "\n")
        case 3: return "> " + words(&random, chinese: chinese, count: 6)
        case 4: return "<!-- snippet: ignore -->"
        case 5: return "---"
        case 6: return "1. " + words(&random, chinese: chinese, count: 3) + "\n   * " + words(&random, chinese: chinese, count: 2)
        default: return words(&random, chinese: chinese, count: Int.random(in: 1...20, using: &random))
        }
    }

    static func document(_ random: inout SplitMix64, chinese: Bool) -> String {
        (0..<Int.random(in: 0...12, using: &random)).map { _ in block(&random, chinese: chinese) }.joined(separator: "\n\n") + "\n"
    }
}
