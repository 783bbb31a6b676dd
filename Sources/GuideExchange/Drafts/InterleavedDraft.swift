import Foundation
import GuideMerge
import GuideModel

/// A translator's interleaved draft: each English block followed by its Chinese one,
/// code and images written once for both (like `## Blocks 代码块` headings, bilingual).
///
/// `split` turns a draft into the two chapters; `interleave` writes the draft of a pair
/// from its alignment, so that `split(interleave(en, zh)) == (en, zh)` byte for byte:
/// it starts with `DraftMarker.header`, and a `<!-- lang: … -->` marker before a block
/// says what the script would not (a Chinese heading left in English, code that differs
/// between the languages) and what the chapter has around the block that the draft
/// cannot show (see `DraftMarker`). A draft without the header, written by hand, is read
/// block by block (`handWritten`).
public enum InterleavedDraft {
    public enum Side: String, Sendable, Hashable { case en, zh, both }

    /// The first line of every draft `guide merge` writes.
    public static let header = DraftMarker.header

    /// The English and Chinese chapters of a draft, as markdown.
    public static func split(text: String, blocks: [Block]) -> (source: String, target: String) {
        if let first = blocks.first, DraftMarker.isHeader(first) {
            let read = DraftReader.read(text: text, blocks: blocks)
            return (read.english, read.chinese)
        }
        return handWritten(text: text, blocks: blocks)
    }

    /// The draft of a pair, from the chapters' exact text (a byte order mark kept).
    ///
    /// `parse` is the markdown parser: blocks are cut from the chapters by its line numbers,
    /// and the draft is read back with it before it is returned, so a draft that would not
    /// give back both chapters is never written (`DraftError` says which and where).
    public static func interleave(english: String, chinese: String, parse: (String) -> [Block],
                                  align: ([Block], [Block]) -> [Bead] = { Aligner().align($0, $1) }) throws -> String {
        let englishBlocks = parse(withoutByteOrderMark(english))
        let chineseBlocks = parse(withoutByteOrderMark(chinese))
        let source = ChapterCut(text: english, blocks: englishBlocks)
        let target = ChapterCut(text: chinese, blocks: chineseBlocks)
        let beads = align(englishBlocks, chineseBlocks)
        return try withoutActuallyEscaping(parse) { parse in
            try DraftWriter(english: english, chinese: chinese, source: source, target: target,
                            beads: beads, parse: parse).draft()
        }
    }

    static func withoutByteOrderMark(_ text: String) -> String {
        text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    /// A draft written by hand, block by block: each block's source goes to its side, blocks
    /// joined by a blank line. Lines outside every block (link reference definitions, which
    /// cmark does not keep as blocks) go into both chapters.
    static func handWritten(text: String, blocks: [Block]) -> (source: String, target: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var source: [String] = []
        var target: [String] = []
        var forced: Side?
        var covered = 0
        for (index, whole) in blocks.enumerated() {
            let block = clipped(whole, before: index + 1 < blocks.count ? blocks[index + 1].lines.start : nil)
            if let gap = gapText(lines, from: covered, to: block.lines.start - 1) {
                source.append(gap)
                target.append(gap)
            }
            covered = block.lines.end
            // A marker from a draft `guide merge` wrote (its first line removed) still only tells the side.
            if let marker = DraftMarker(block) {
                forced = marker.lang
                continue
            }
            // A marked block goes whole to its side; an unmarked list may hold both languages.
            for (part, guessed) in forced.map({ [(block, $0)] }) ?? pieces(of: block) {
                let side = forced ?? guessed
                switch side {
                case .en: source.append(part.source)
                case .zh: target.append(part.source)
                case .both:
                    if let (english, chinese) = splitBilingualHeading(part) {
                        source.append(english)
                        target.append(chinese)
                    } else {
                        source.append(part.source)
                        target.append(part.source)
                    }
                }
            }
            forced = nil
        }
        if let gap = gapText(lines, from: covered, to: lines.count) {
            source.append(gap)
            target.append(gap)
        }
        return (document(source), document(target))
    }

    /// The block without the lines of the next one: cmark ends a setext heading directly
    /// followed by a list on the list's first line, which then came out twice.
    static func clipped(_ block: Block, before next: Int?) -> Block {
        guard let next, block.lines.end >= next, next > block.lines.start else { return block }
        var lines = block.source.split(separator: "\n", omittingEmptySubsequences: false).prefix(next - block.lines.start)
        while lines.count > 1, let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeLast() }
        var clipped = block
        clipped.lines.end = block.lines.start + lines.count - 1
        clipped.source = lines.joined(separator: "\n")
        return clipped
    }

    /// Non-blank lines between two blocks (1-based, exclusive of `from`, inclusive of `to`).
    static func gapText(_ lines: [String], from: Int, to: Int) -> String? {
        let end = min(to, lines.count)
        guard end > from else { return nil }
        let gap = lines[from..<end].filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
        return gap.isEmpty ? nil : gap.joined(separator: "\n")
    }

    static func document(_ parts: [String]) -> String {
        parts.isEmpty ? "" : parts.joined(separator: "\n\n") + "\n"
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, set.contains(last) { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
