/// Whether a Unicode scalar is written as Chinese (with Japanese and Korean, which share its
/// ranges): the one rule that the aligner, the review, the drafts and search all ask.
public enum Script {
    /// The letters of CJK text, which make words with no space between them: Han ideographs
    /// (U+4E00–9FFF, Extension A U+3400–4DBF, compatibility U+F900–FAFF, plane 2
    /// U+20000–2FFFF, radicals U+2E80–2FDF, `々` U+3005, `〇` U+3007), kana (U+3040–30FF,
    /// U+31F0–31FF) and hangul syllables (U+AC00–D7AF). `templates/search.js` (its `CJK`) has
    /// the same ranges, so a query is cut into terms as the pages were.
    @inlinable
    public static func isCJKLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FDF, 0x3005, 0x3007, 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FFFF:
            return true
        default:
            return false
        }
    }

    /// CJK letters and what is written among them at full width: CJK symbols and punctuation
    /// (U+3000–303F: `、。「」【】`, the ideographic space), vertical forms (U+FE30–FE4F) and
    /// full-width forms (U+FF00–FFEF: `（），：`, `Ａ１`). How much of a text is Chinese.
    @inlinable
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3000...0x303F, 0xFE30...0xFE4F, 0xFF00...0xFFEF: return true
        default: return isCJKLetter(scalar)
        }
    }
}
