/// Which writing system a piece of text is in, by counting letters.
public enum Script: Sendable {
    /// Han ideographs, CJK punctuation and full-width forms.
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3000...0x303F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }

    public static func containsCJK(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isCJK)
    }

    /// Share of CJK among letters and ideographs (0 for text with neither).
    public static func cjkShare(_ text: String) -> Double {
        var cjk = 0, latin = 0
        for scalar in text.unicodeScalars {
            if isCJK(scalar) { cjk += 1 } else if scalar.properties.isAlphabetic { latin += 1 }
        }
        // A Chinese character carries about as much as a short English word: weigh it so.
        let weightedCJK = Double(cjk) * 3
        let total = weightedCJK + Double(latin)
        return total == 0 ? 0 : weightedCJK / total
    }
}
