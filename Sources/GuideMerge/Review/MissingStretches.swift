import GuideModel

/// The English a translation's page may show in its place, boxed "not translated yet"
/// (`output.fallback: inline`): only where the review is confident the Chinese is missing.
///
/// The aligner pairs blocks; a `missing` pair is English it paired with nothing. When a
/// translator rendered two English blocks in one Chinese block (a short paragraph and the code
/// after it written into the next paragraph, two paragraphs in one), the aligner may pair the
/// Chinese with one of them and leave the other `missing` (1:1 + 1:0 cost it less than 2:1):
/// the page then showed the English beside the Chinese that translates it. So a run's end
/// blocks are weighed against the Chinese right next to the run, one at a time from the end:
///
/// - English code is rendered there when that Chinese holds the code's text (comments aside);
/// - English prose, when that Chinese has Chinese prose and is paired with English, and the
///   length model of the sentence review (`LengthModel`) says the Chinese fits its English and
///   the block better than its English alone.
///
/// What is left of the run is shown; the review still counts every `missing` pair (the
/// dashboard is where a translator looks, and mends what the alignment was unsure of).
public enum MissingStretches {
    /// The English blocks of each run of `missing` pairs the page shows, in order.
    public static func confident(_ review: ChapterReview, model: LengthModel = .book) -> [Range<Int>] {
        let runs = runs(review.beads)
        guard !runs.isEmpty else { return [] }
        let source = review.source.blocks, target = review.target.blocks
        let lengths = review.source.facts.textLengths
        func length(_ block: Block) -> Double {
            let counts = TextMeasure.scan(block.text) { _ in }
            return model.length(latin: counts.latin, cjk: counts.cjk)
        }
        /// Whether English block `english` is rendered in the Chinese of `next`, whose English
        /// measures `measured` so far (the blocks it took already included).
        func isRendered(_ english: Int, in next: Bead, measured: Double) -> Bool {
            let block = source[english]
            if case .code(_, let literal) = block.kind {
                let code = Self.squeezed(code: literal)
                // (A line of `...` or a lone `}` is in every snippet: too short to say anything.)
                return code.count >= Self.shortestCode && next.target.contains { Self.squeezed(target[$0].text).contains(code) }
            }
            guard Self.isProse(block.kind), !next.source.isEmpty,
                  next.target.contains(where: { target[$0].headingLevel == nil && Self.hasCJK(target[$0].text) }) else { return false }
            let chinese = next.target.reduce(0) { $0 + length(target[$1]) }
            return model.cost(source: measured + length(block), target: chinese) < model.cost(source: measured, target: chinese)
        }
        var shown: [Range<Int>] = []
        for run in runs {
            var blocks = Array(run.blocks)
            if let before = run.before {
                var measured = before.source.reduce(0) { $0 + length(source[$1]) }
                while let first = blocks.first, isRendered(first, in: before, measured: measured) {
                    measured += length(source[first])
                    blocks.removeFirst()
                }
            }
            if let after = run.after {
                var measured = after.source.reduce(0) { $0 + length(source[$1]) }
                while let last = blocks.last, isRendered(last, in: after, measured: measured) {
                    measured += length(source[last])
                    blocks.removeLast()
                }
            }
            // A rest with no text (a rule only in English) shows nothing worth a box.
            guard let low = blocks.first, let high = blocks.last, blocks.contains(where: { lengths[$0] > 0 }) else { continue }
            shown.append(low..<(high + 1))
        }
        return shown
    }

    /// Characters (whitespace aside) of the shortest code that says where it is rendered.
    static let shortestCode = 16

    /// Text without whitespace (code written into a paragraph loses its line breaks and indents).
    static func squeezed(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace }))
    }

    /// A code block's code without its whitespace, its `//` comment lines (a translation's
    /// comments differ) and the semicolon that ends it (a call written into a sentence has none).
    static func squeezed(code: String) -> String {
        var code = squeezed(code.split(separator: "\n", omittingEmptySubsequences: true)
            .filter { !$0.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("//") }
            .joined(separator: "\n"))
        while code.hasSuffix(";") { code.removeLast() }
        return code
    }

    static func hasCJK(_ text: String) -> Bool { text.unicodeScalars.contains(where: Script.isCJK) }

    /// A run of `missing` pairs: its English blocks and the beads with Chinese right around it
    /// (paired, or Chinese with no English).
    struct Run {
        var blocks: Range<Int>
        var before: Bead?
        var after: Bead?
    }

    /// The runs of pairs the review found `missing` (English with nothing to translate, such as a
    /// rule only in English, goes with the run it is in), with the beads next to each.
    static func runs(_ beads: [ChapterReview.ReviewedBead]) -> [Run] {
        var runs: [Run] = []
        var open: Run?
        var previous: Bead?   // the bead just before, when it has Chinese
        for bead in beads {
            guard bead.bead.target.isEmpty else {
                if var done = open {
                    done.after = bead.bead
                    runs.append(done)
                }
                open = nil
                previous = bead.bead
                continue
            }
            guard let first = bead.bead.source.first, let last = bead.bead.source.last else { continue }
            if bead.review.has(.missing) {
                open = open.map { Run(blocks: $0.blocks.lowerBound..<(last + 1), before: $0.before) }
                    ?? Run(blocks: first..<(last + 1), before: previous)
            } else if let run = open {
                open = Run(blocks: run.blocks.lowerBound..<(last + 1), before: run.before)
            }
            previous = nil
        }
        if let open { runs.append(open) }
        return runs
    }

    static func isProse(_ kind: Block.Kind) -> Bool {
        switch kind {
        case .paragraph, .list, .blockQuote: return true
        default: return false
        }
    }
}
