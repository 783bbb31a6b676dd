import GuideMerge
import GuideModel

/// Which side of a draft a block belongs to, told by its script when no marker says.
extension InterleavedDraft {
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

    /// Code, images alone in a paragraph, rules and HTML belong to both languages unless marked.
    static func isShared(_ block: Block) -> Bool {
        switch block.kind {
        case .code, .thematicBreak, .html: return true
        case .paragraph: return block.source.hasPrefix("![") && !block.inline.images.isEmpty && !block.source.unicodeScalars.contains(where: Script.isCJK)
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

    /// Chinese when CJK is at least 30% of its letters, a CJK character weighing as three
    /// Latin letters (it carries about as much as a short English word).
    static func guessSide(text: String) -> Side {
        var cjk = 0, latin = 0
        for scalar in text.unicodeScalars {
            if Script.isCJK(scalar) { cjk += 3 } else if scalar.properties.isAlphabetic { latin += 1 }
        }
        return cjk > 0 && Double(cjk) / Double(cjk + latin) >= 0.3 ? .zh : .en
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
}
