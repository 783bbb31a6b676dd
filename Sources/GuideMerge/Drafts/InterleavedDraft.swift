import Foundation
import GuideModel

/// A translator's interleaved draft: each English block followed by its Chinese one,
/// code and images written once for both (like `## Blocks 代码块` headings, bilingual).
///
/// `split` turns a draft into the two chapters; `interleave` writes the draft of a pair
/// from its alignment. A block whose language its script would not tell (a Chinese
/// heading left in English, code that differs between the languages) is written after
/// a `<!-- lang: en -->` / `<!-- lang: zh -->` marker, so `split(interleave(x)) == x`.
public enum InterleavedDraft {
    public enum Side: String, Sendable { case en, zh, both }

    public static let markerPrefix = "<!-- lang: "

    /// The English and Chinese chapters of a draft, as markdown.
    ///
    /// `text` is the draft the blocks were parsed from: lines outside every block (link
    /// reference definitions, which cmark does not keep as blocks) go into both chapters.
    public static func split(text: String, blocks: [Block]) -> (source: String, target: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var source: [String] = []
        var target: [String] = []
        var forced: Side?
        var covered = 0
        for block in blocks {
            if let gap = gapText(lines, from: covered, to: block.lines.start - 1) {
                source.append(gap)
                target.append(gap)
            }
            covered = block.lines.end
            if let side = marker(block) {
                forced = side
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

    /// Non-blank lines between two blocks (1-based, exclusive of `from`, inclusive of `to`).
    static func gapText(_ lines: [String], from: Int, to: Int) -> String? {
        let end = min(to, lines.count)
        guard end > from else { return nil }
        let gap = lines[from..<end].filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
        return gap.isEmpty ? nil : gap.joined(separator: "\n")
    }

    /// A block with the side it belongs to; a list whose items are in both languages
    /// (cmark joins an English list and the Chinese list after it) is cut into runs of items.
    static func pieces(of block: Block) -> [(Block, Side)] {
        guard case .list = block.kind, block.items.count > 1 else { return [(block, guessSide(block))] }
        let itemSides = block.items.map { item in guessSide(text: item.map(\.text).joined(separator: " ")) }
        guard Set(itemSides).count > 1 else { return [(block, guessSide(block))] }
        let listLines = block.source.split(separator: "\n", omittingEmptySubsequences: false)
        var pieces: [(Block, Side)] = []
        var runStart = 0
        for index in 1...block.items.count where index == block.items.count || itemSides[index] != itemSides[runStart] {
            let first = block.items[runStart].first?.lines.start ?? block.lines.start
            let last = block.items[index - 1].last?.lines.end ?? first
            var piece = block
            piece.lines = LineRange(start: first, end: last)
            piece.source = listLines[(first - block.lines.start)...(last - block.lines.start)].joined(separator: "\n")
            piece.items = Array(block.items[runStart..<index])
            pieces.append((piece, itemSides[runStart]))
            runStart = index
        }
        return pieces
    }
    /// The draft of a pair: per bead, the English blocks then the Chinese ones; identical
    /// code, images and rules once.
    public static func interleave(source: [Block], target: [Block], beads: [Bead]) -> String {
        var parts: [String] = []
        var previous: Block?
        func emit(_ block: Block, as side: Side?) {
            // Two lists in a row would be read back as one: the marker keeps them apart.
            let follows = previous.map { if case .list = $0.kind, case .list = block.kind { return true } else { return false } } ?? false
            // …and so does any block `split` would send (in part) to the other side.
            if let side, follows || pieces(of: block).contains(where: { $0.1 != side }) {
                parts.append("\(markerPrefix)\(side.rawValue) -->")
            }
            parts.append(block.source)
            previous = block
        }
        for bead in beads {
            let english = bead.source.map { source[$0] }
            let chinese = bead.target.map { target[$0] }
            if english.count == chinese.count, zip(english, chinese).allSatisfy({ $0.source == $1.source && isShared($0) }) {
                english.forEach { emit($0, as: nil) }
                continue
            }
            english.forEach { emit($0, as: .en) }
            chinese.forEach { emit($0, as: .zh) }
        }
        return document(parts)
    }

    /// Code, images alone in a paragraph, rules and HTML belong to both languages unless marked.
    static func isShared(_ block: Block) -> Bool {
        switch block.kind {
        case .code, .thematicBreak, .html: return true
        case .paragraph: return block.source.hasPrefix("![") && !block.inline.images.isEmpty && !Script.containsCJK(block.source)
        default: return false
        }
    }

    static func guessSide(_ block: Block) -> Side {
        if isShared(block) { return .both }
        if block.headingLevel != nil, splitBilingualHeading(block) != nil { return .both }
        // Code spans are the same in both languages: only the prose around them tells.
        var prose = block.text
        for span in block.inline.codeSpans where !span.isEmpty { prose = prose.replacingOccurrences(of: span, with: " ") }
        return guessSide(text: prose)
    }

    static func guessSide(text: String) -> Side {
        Script.cjkShare(text) >= 0.3 ? .zh : .en
    }

    /// `## Blocks 代码块` → (`## Blocks`, `## 代码块`): ATX headings with English then Chinese.
    static func splitBilingualHeading(_ block: Block) -> (String, String)? {
        guard let level = block.headingLevel, !block.source.contains("\n") else { return nil }
        let hashes = String(repeating: "#", count: level)
        guard block.source.hasPrefix(hashes + " ") else { return nil }
        let title = block.source.dropFirst(level + 1)
        let scalars = Array(title.unicodeScalars)
        guard var cut = scalars.firstIndex(where: Script.isCJK) else { return nil }
        // A wide gap before the Chinese is the translator's separator: the Chinese title
        // may start with a kept English word ("Retain cycles on self   self 的循环引用").
        if cut > 1, let gap = (1..<cut).last(where: { scalars[$0] == " " && scalars[$0 - 1] == " " }) {
            cut = gap
        }
        let english = String(String.UnicodeScalarView(scalars[..<cut])).trimmingCharacters(in: " \t")
        let chinese = String(String.UnicodeScalarView(scalars[cut...])).trimmingCharacters(in: " \t")
        guard english.unicodeScalars.contains(where: { $0.properties.isAlphabetic }), !chinese.isEmpty else { return nil }
        return ("\(hashes) \(english)", "\(hashes) \(chinese)")
    }

    static func marker(_ block: Block) -> Side? {
        guard case .html = block.kind else { return nil }
        let text = block.source.trimmingCharacters(in: " \t\n")
        for side in [Side.en, .zh] where text == "\(markerPrefix)\(side.rawValue) -->" { return side }
        return nil
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
