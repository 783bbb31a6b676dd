/// How text becomes search terms; `templates/search.js` reads queries by the same rules.
///
/// - Text is lower-cased.
/// - Chinese (and Japanese, Korean) characters form runs; a run gives its character
///   bigrams (`代码块` → `代码`, `码块`) and its last character alone, so a one-character
///   query finds every occurrence as a prefix of some term.
/// - Other letters, digits, combining marks and `_` form words; a word written in camel
///   case or with underscores also gives its parts (`NSNotificationCenter` →
///   `nsnotificationcenter`, `notification`, `center`).
/// - Everything else separates.
public enum SearchTokenizer {
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xAC00...0xD7AF, 0x20000...0x2FFFF:
            return true
        default:
            return false
        }
    }

    /// Letters, numbers, marks (Unicode L, N, M) and `_`: what JavaScript's `/[\p{L}\p{N}\p{M}_]/u` matches.
    public static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "_" { return true }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    /// The terms of a text, in order, with repeats.
    public static func terms(_ text: String) -> [String] {
        var result: [String] = []
        var word: [Unicode.Scalar] = []
        var run: [Unicode.Scalar] = []

        func flushWord() {
            guard !word.isEmpty else { return }
            let whole = String(String.UnicodeScalarView(word))
            result.append(whole.lowercased())
            let parts = wordParts(word)
            if parts.count > 1 {
                for part in parts where part.count >= 2 { result.append(part.lowercased()) }
            }
            word.removeAll(keepingCapacity: true)
        }
        func flushRun() {
            guard !run.isEmpty else { return }
            let lowered = run.map { String($0).lowercased() }
            if lowered.count > 1 {
                for k in 0..<(lowered.count - 1) { result.append(lowered[k] + lowered[k + 1]) }
            }
            result.append(lowered[lowered.count - 1])
            run.removeAll(keepingCapacity: true)
        }

        for scalar in text.unicodeScalars {
            if isCJK(scalar) {
                flushWord()
                run.append(scalar)
            } else if isWordCharacter(scalar) {
                flushRun()
                word.append(scalar)
            } else {
                flushWord()
                flushRun()
            }
        }
        flushWord()
        flushRun()
        return result
    }

    /// Camel-case and snake-case parts: `NSNotificationCenter` → NS, Notification, Center.
    static func wordParts(_ word: [Unicode.Scalar]) -> [String] {
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        func isUpper(_ s: Unicode.Scalar) -> Bool { s.properties.isUppercase }
        func isLower(_ s: Unicode.Scalar) -> Bool { s.properties.isLowercase }
        for (index, scalar) in word.enumerated() {
            if scalar == "_" {
                if !current.isEmpty { parts.append(String(current)); current = String.UnicodeScalarView() }
                continue
            }
            if let last = current.last {
                let next = index + 1 < word.count ? word[index + 1] : nil
                let lowerToUpper = isLower(last) && isUpper(scalar)
                let acronymEnd = isUpper(last) && isUpper(scalar) && next.map(isLower) == true
                if lowerToUpper || acronymEnd {
                    parts.append(String(current))
                    current = String.UnicodeScalarView()
                }
            }
            current.append(scalar)
        }
        if !current.isEmpty { parts.append(String(current)) }
        return parts
    }
}
