/// The prose of a block as one string for term matching: markup dropped, code spans and
/// URLs replaced by a separator (so no term matches into or across them), whitespace as
/// single spaces; each character keeps its file position.
///
/// Kept as each character's first scalar (the rare character of several scalars, such as an
/// emoji with a modifier, on the side): 12 bytes a character instead of 40, for a text that may
/// be a 10 MB paragraph.
public struct ProseText: Sendable {
    public private(set) var positions: [TextPosition] = []
    /// Each character's first scalar, and whether it is the whole character: what the word
    /// and script tests read, without going through the `Character` (the costly part).
    private var leads: [Lead] = []
    /// The characters of more than one scalar, by index.
    private var wholeCharacters: [Int: Character] = [:]

    /// A scalar with a flag in a bit no scalar uses (scalars end at 0x10FFFF).
    private struct Lead {
        private var bits: UInt32

        init(scalar: Unicode.Scalar, isWholeCharacter: Bool) {
            bits = scalar.value | (isWholeCharacter ? 0 : 1 << 31)
        }

        var scalar: Unicode.Scalar { Unicode.Scalar(bits & 0x7FFF_FFFF)! }
        var isWholeCharacter: Bool { bits & (1 << 31) == 0 }
        var isSpace: Bool { bits == 0x20 }
    }

    /// The characters, in order (`characters[i]` is at `positions[i]`).
    public var characters: Characters { Characters(text: self) }

    public struct Characters: RandomAccessCollection, Sendable {
        let text: ProseText
        public var startIndex: Int { 0 }
        public var endIndex: Int { text.leads.count }

        public subscript(index: Int) -> Character {
            let lead = text.leads[index]
            return lead.isWholeCharacter ? Character(lead.scalar) : text.wholeCharacters[index]!
        }
    }

    /// Stands for a code span or URL: matches nothing and is no word boundary to skip.
    static let separator: Unicode.Scalar = "\u{1F}"

    public init(_ leaves: [[ProseUnit]] = []) {
        for units in leaves { append(leaf: units) }
    }

    /// Adds a leaf's prose after a separator (leaves are apart: no term runs from one into the
    /// next, as a space would let a term of two words do).
    public mutating func append(leaf units: [ProseUnit]) {
        if !leads.isEmpty { append(scalar: Self.separator, at: units.first?.start ?? TextPosition(line: 1, column: 1)) }
        positions.reserveCapacity(positions.count + units.count)
        leads.reserveCapacity(leads.count + units.count)
        // By index, reading fields in place: `for unit in` copied each unit (its payload retained
        // and released), a unit per character of every paragraph the reviews read.
        for index in units.indices {
            switch units[index].kind {
            case .text:
                if units[index].leadIsWhole {
                    append(scalar: units[index].lead, at: units[index].start)
                } else {
                    append(units[index].character, at: units[index].start)
                }
            case .space, .lineBreak: append(scalar: " ", at: units[index].start)
            case .code, .url: append(scalar: Self.separator, at: units[index].start)
            case .opening, .closing, .hidden: break
            }
        }
    }

    private mutating func append(_ character: Character, at position: TextPosition) {
        let scalars = character.unicodeScalars
        guard scalars.count > 1 else { return append(scalar: scalars.first!, at: position) }
        wholeCharacters[leads.count] = character
        positions.append(position)
        leads.append(Lead(scalar: scalars.first!, isWholeCharacter: false))
    }

    /// A character of one scalar.
    private mutating func append(scalar: Unicode.Scalar, at position: TextPosition) {
        let lead = Lead(scalar: scalar, isWholeCharacter: true)
        // No space first, nor two in a row (a space is one scalar, equivalent to no other).
        if lead.isSpace, leads.last?.isSpace ?? true { return }
        positions.append(position)
        leads.append(lead)
    }

    /// The text (through its scalars' UTF-8 when every character is one scalar: a `String` made
    /// character by character through the collection's protocol was most of the glossary check).
    public var string: String {
        if let scalars = singleScalars { return Unicode.Scalar.string(scalars) }
        return String(characters)
    }

    /// Each character's scalar, when every character is one scalar (nil otherwise): what a
    /// search of substrings reads without making a `Character` per place.
    var singleScalars: LeadScalars? { wholeCharacters.isEmpty ? LeadScalars(self) : nil }

    struct LeadScalars: RandomAccessCollection {
        private let leads: [Lead]
        init(_ text: ProseText) { leads = text.leads }
        var startIndex: Int { 0 }
        var endIndex: Int { leads.count }
        subscript(index: Int) -> Unicode.Scalar { leads[index].scalar }
    }

    /// (`ScriptClass` tells CJK by a character's first scalar alone.)
    public var containsCJK: Bool { leads.contains { ScriptClass($0.scalar) == .cjk } }

    /// Latin words (letters, digits, `_`), each with where it starts and what stands between it
    /// and the next, and lower-cased (`folded`).
    func words() -> [Word] {
        var words: [Word] = []
        var i = 0
        let characters = self.characters
        while i < characters.count {
            guard isWordCharacter(at: i) else { i += 1; continue }
            let start = i
            var isASCII = true, hasUpper = false
            while i < characters.count, isWordCharacter(at: i) {
                let lead = leads[i]
                isASCII = isASCII && lead.isWholeCharacter && lead.scalar.isASCII
                hasUpper = hasUpper || (0x41...0x5A).contains(lead.scalar.value)
                i += 1
            }
            let before: Character = start > 0 ? characters[start - 1] : " "
            let text: String, folded: String
            if isASCII {
                // Straight from the scalars, without an array in between (a word of prose each).
                let leads = self.leads[start..<i]
                text = String(unsafeUninitializedCapacity: leads.count) { buffer in
                    for (offset, lead) in leads.enumerated() { buffer[offset] = UInt8(lead.scalar.value) }
                    return leads.count
                }
                folded = hasUpper ? text.lowercased() : text
            } else {
                text = String(characters[start..<i])
                folded = text.lowercased()
            }
            words.append(Word(text: text, folded: folded, start: start, end: i, before: before))
        }
        return words
    }

    /// `isWordCharacter(characters[i])`, from the lead scalar: `_` only as a whole character,
    /// Latin by the first scalar (as `ScriptClass` has it).
    private func isWordCharacter(at i: Int) -> Bool {
        let lead = leads[i]
        return (lead.scalar == "_" && lead.isWholeCharacter) || ScriptClass(lead.scalar) == .latin
    }

    static func isWordCharacter(_ c: Character) -> Bool {
        c == "_" || ScriptClass(c) == .latin
    }

    struct Word {
        var text: String
        /// `text.lowercased()`.
        var folded: String
        var start: Int
        var end: Int
        /// The character before it (`@` in `@interface` makes it a keyword, not the word).
        var before: Character
    }
}
