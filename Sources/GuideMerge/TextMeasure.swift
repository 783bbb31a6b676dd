/// What the aligner reads from a block's visible text: how much of it is
/// Chinese, how much is not, and the Latin words and numbers in it.
///
/// A Chinese technical translation keeps identifiers, acronyms and numbers
/// from its source (`block`, `retain`, `ARC`, `2014`), so those words are the
/// lexical evidence that ties a Chinese block to its English one.
struct TextMeasure: Hashable, Sendable {
    /// Non-space characters outside the CJK ranges (Latin letters, digits, ASCII punctuation).
    var latin: Int = 0
    /// CJK ideographs, CJK punctuation and full-width forms.
    var cjk: Int = 0
    /// Lowercased Latin words of two or more characters, and numbers, in text order.
    var words: [String] = []

    init(_ text: String) {
        var latin = 0, cjk = 0
        var words: [String] = []
        var word = ""
        func flush() {
            if word.count >= 2 || word.first?.isNumber == true { words.append(word.lowercased()) }
            word = ""
        }
        for scalar in text.unicodeScalars {
            if Self.isCJK(scalar) {
                cjk += 1
                flush()
            } else if scalar.properties.isWhitespace {
                flush()
            } else {
                latin += 1
                if Self.isWordScalar(scalar) { word.unicodeScalars.append(scalar) } else { flush() }
            }
        }
        flush()
        self.latin = latin
        self.cjk = cjk
        self.words = words
    }

    /// Ideographs, kana, CJK punctuation (`，。【】`) and full-width forms (`（）：`).
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FDF, 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }

    /// Letters and digits of Latin-like scripts, and `_` (identifiers such as `__block`).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "_" { return true }
        if scalar.isASCII { return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) }
        return scalar.properties.isAlphabetic && !isCJK(scalar)
    }
}
