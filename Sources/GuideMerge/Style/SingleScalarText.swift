/// Text in which every character is one Unicode scalar, so the review's scanners may
/// read scalars instead of `Character`s (grapheme breaking and `Character` comparison
/// are most of what a character-by-character scan of a block costs).
///
/// Only scalars from a few ranges qualify—ASCII text, Latin letters, general punctuation,
/// CJK punctuation, kana, ideographs and full-width forms: what this book is written in.
/// Between any two of them Unicode puts a grapheme break (the same ranges as the standard
/// library's own quick break check), and each is in normalization form C with no other
/// scalar canonically equivalent to it, so comparing scalars gives what comparing
/// `Character`s does. Carriage returns and the other line separators are left out, so a
/// line ends at `\n` and nowhere else. Of the other controls only tab and U+001F (the
/// `ProseText.separator` that stands for code in the glossary's text) are in. Text with
/// anything else takes the `Character` path.
enum SingleScalarText {
    /// The text's scalars, or nil when one of them is not of the ranges above.
    static func scalars(_ text: String) -> [Unicode.Scalar]? {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            guard qualifies(scalar) else { return nil }
            scalars.append(scalar)
        }
        return scalars
    }

    /// Whether every scalar of the text qualifies.
    static func qualifies(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(qualifies)
    }

    /// Whether `text` contains `part` (as `String.contains` tells), found by bytes; nil
    /// unless both qualify and `part` is not empty. Then a match of bytes is one of whole
    /// characters, and canonical equivalence adds no other.
    static func contains(_ text: String, _ part: String) -> Bool? {
        guard !part.isEmpty, qualifies(part), qualifies(text) else { return nil }
        return text.withUTF8Bytes { text in
            part.withUTF8Bytes { part in
                guard part.count <= text.count else { return false }
                let first = part[0]
                for start in 0...(text.count - part.count) where text[start] == first {
                    if (1..<part.count).allSatisfy({ text[start + $0] == part[$0] }) { return true }
                }
                return false
            }
        }
    }

    /// The text's UTF-8 with each run of separators made one space and none at either
    /// end (its words joined by spaces), or nil when the text does not qualify.
    static func foldedUTF8(_ text: String, separator isSeparator: (Unicode.Scalar) -> Bool) -> [UInt8]? {
        text.withUTF8Bytes { utf8 -> [UInt8]? in
            // Written into the array's own storage: appending a scalar's bytes one call at a
            // time was most of what folding a review's every block cost.
            var qualified = true
            let folded = [UInt8](unsafeUninitializedCapacity: utf8.count) { out, count in
                var pendingSpace = false
                var offset = 0
                count = 0
                while offset < utf8.count {
                    let (scalar, length) = utf8.scalar(at: offset)
                    guard qualifies(scalar) else { qualified = false; return }
                    if isSeparator(scalar) {
                        pendingSpace = count > 0
                    } else {
                        if pendingSpace { out[count] = 0x20; count += 1; pendingSpace = false }
                        for byte in 0..<length { out[count + byte] = utf8[offset + byte] }
                        count += length
                    }
                    offset += length
                }
            }
            return qualified ? folded : nil
        }
    }

    @inline(__always)
    static func qualifies(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x1F, 0x20...0x7E, 0xA0...0x2FF, 0x2010...0x2027, 0x3000...0x3029, 0x3041...0x3096,
             0x30A1...0x30FC, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF01...0xFF9D:
            return true
        default:
            return false
        }
    }
}
