import GuideModel

/// How the typography rules see one character of prose.
public enum ScriptClass: Hashable, Sendable {
    /// CJK letters (`Script.isCJKLetter`): the text that wants a space next to Latin.
    case cjk
    /// Latin letters (ASCII and accented) and ASCII digits.
    case latin
    /// Full-width letters and digits (`Ａ`, `１`), which should be half-width.
    case fullwidthAlnum
    /// Full-width punctuation that takes no space around it (`，。、！？：；（）「」《》【】`…).
    case fullwidthPunctuation
    /// Curly quotes (`“”‘’`): full-width in Chinese, so no space next to Chinese.
    case quote
    /// Half-width sentence punctuation (`,.;:!?`), which a Chinese sentence writes full-width.
    case halfwidthPunctuation
    /// Spaces and tabs, and the ideographic space U+3000.
    case space
    case other

    public init(_ character: Character) {
        guard let scalar = character.unicodeScalars.first else { self = .other; return }
        if let byRange = Self(range: scalar) { self = byRange; return }
        if Self.fullwidthMarks.contains(character) { self = .fullwidthPunctuation }
        else if Self.halfwidthMarks.contains(character) { self = .halfwidthPunctuation }
        else { self = .other }
    }

    /// The class of a scalar that is a character of its own (see `SingleScalarText`).
    init(_ scalar: Unicode.Scalar) {
        if let byRange = Self(range: scalar) { self = byRange; return }
        if Self.fullwidthMarkScalars.contains(scalar) { self = .fullwidthPunctuation }
        else if Self.halfwidthMarkScalars.contains(scalar) { self = .halfwidthPunctuation }
        else { self = .other }
    }

    /// The classes given by a character's first scalar alone.
    private init?(range scalar: Unicode.Scalar) {
        let value = scalar.value
        switch value {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39: self = .latin
        case 0xC0...0x24F where value != 0xD7 && value != 0xF7: self = .latin
        case 0x20, 0x09, 0x3000: self = .space
        case 0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A: self = .fullwidthAlnum
        case 0x201C, 0x201D, 0x2018, 0x2019: self = .quote
        default:
            guard Script.isCJKLetter(scalar) else { return nil }
            self = .cjk
        }
    }

    static let fullwidthMarks: Set<Character> = Set("，。、！？：；（）「」《》【】『』〈〉〔〕")
    static let halfwidthMarks: Set<Character> = Set(",.;:!?")
    static let fullwidthMarkScalars: Set<Unicode.Scalar> = Set("，。、！？：；（）「」《》【】『』〈〉〔〕".unicodeScalars)
    static let halfwidthMarkScalars: Set<Unicode.Scalar> = Set(",.;:!?".unicodeScalars)

    /// The full-width form of a half-width punctuation mark.
    static let fullwidthForm: [Character: Character] = [",": "，", ".": "。", ";": "；", ":": "：", "!": "！", "?": "？"]

    /// `Ａ` → `A`, `１` → `1`.
    static func halfwidth(_ character: Character) -> Character {
        guard let scalar = character.unicodeScalars.first, (0xFF01...0xFF5E).contains(scalar.value),
              let half = Unicode.Scalar(scalar.value - 0xFEE0) else { return character }
        return Character(half)
    }
}

extension Character {
    var scriptClass: ScriptClass { ScriptClass(self) }
    var isCJK: Bool { scriptClass == .cjk }
}
