/// The prose of a block as one string for term matching: markup dropped, code spans and
/// URLs replaced by a separator (so no term matches into or across them), whitespace as
/// single spaces; each character keeps its file position.
public struct ProseText: Sendable {
    public private(set) var characters: [Character] = []
    public private(set) var positions: [TextPosition] = []

    /// Stands for a code span or URL: matches nothing and is no word boundary to skip.
    static let separator: Character = "\u{1F}"

    public init(_ leaves: [[ProseUnit]]) {
        for units in leaves {
            append(" ", at: units.first?.start ?? TextPosition(line: 1, column: 1))
            for unit in units {
                switch unit.kind {
                case .text: append(unit.character, at: unit.start)
                case .space, .lineBreak: append(" ", at: unit.start)
                case .code, .url: append(Self.separator, at: unit.start)
                case .opening, .closing, .hidden: break
                }
            }
        }
    }

    private mutating func append(_ character: Character, at position: TextPosition) {
        if character == " ", characters.last == " " || characters.isEmpty { return }
        characters.append(character)
        positions.append(position)
    }

    public var string: String { String(characters) }

    public var containsCJK: Bool { characters.contains { $0.isCJK } }

    /// Latin words (letters, digits, `_`), each with where it starts and what stands between it and the next.
    func words() -> [Word] {
        var words: [Word] = []
        var i = 0
        while i < characters.count {
            guard Self.isWordCharacter(characters[i]) else { i += 1; continue }
            let start = i
            while i < characters.count, Self.isWordCharacter(characters[i]) { i += 1 }
            let before: Character = start > 0 ? characters[start - 1] : " "
            words.append(Word(text: String(characters[start..<i]), start: start, end: i, before: before))
        }
        return words
    }

    static func isWordCharacter(_ c: Character) -> Bool {
        c == "_" || ScriptClass(c) == .latin
    }

    struct Word {
        var text: String
        var start: Int
        var end: Int
        /// The character before it (`@` in `@interface` makes it a keyword, not the word).
        var before: Character
    }
}
