import GuideModel

/// What the aligner reads from a block's visible text: how much of it is
/// Chinese, how much is not, and the Latin words and numbers in it.
///
/// A Chinese technical translation keeps identifiers, acronyms and numbers
/// from its source (`block`, `retain`, `ARC`, `2014`), so those words are the
/// lexical evidence that ties a Chinese block to its English one.
struct TextMeasure: Hashable, Sendable {
    /// Non-space characters that are not `Script.isCJK` (Latin letters, digits, ASCII punctuation).
    var latin: Int = 0
    /// `Script.isCJK`: ideographs, kana, CJK punctuation and full-width forms.
    var cjk: Int = 0
    /// Lowercased Latin words of two or more characters, and numbers, in text order.
    var words: [String] = []

    init(_ text: String) {
        var words: [String] = []
        (latin, cjk) = Self.scan(text) { word in
            switch word {
            case .ascii(let bytes): words.append(String(decoding: bytes, as: UTF8.self))
            case .other(let word): words.append(word)
            }
        }
        self.words = words
    }

    /// A word as `scan` hands it over, lowercased: an ASCII word (most are) as its
    /// bytes, so no string need be made for it; any other as a string.
    enum Word {
        case ascii(UnsafeBufferPointer<UInt8>)
        case other(String)
    }

    /// Counts the text's Latin and CJK characters, and hands over its words of two
    /// or more characters and its numbers, in text order.
    static func scan(_ text: String, word: (Word) -> Void) -> (latin: Int, cjk: Int) {
        text.withUTF8Bytes { bytes in
            var latin = 0, cjk = 0
            var wordStart = -1   // byte offset of the current word, -1 between words
            var wordIsASCII = true
            // Room for the longest word, lowercased: one allocation for the whole text.
            let lowercased = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            defer { lowercased.deallocate() }
            func flush(at end: Int) {
                let start = wordStart
                wordStart = -1
                defer { wordIsASCII = true }
                if wordIsASCII {
                    // One character per byte, and the only numbers are digits.
                    guard end - start >= 2 || isDigit(Unicode.Scalar(bytes[start])) else { return }
                    for offset in 0..<(end - start) { lowercased[offset] = asciiLowercased(bytes[start + offset]) }
                    word(.ascii(UnsafeBufferPointer(rebasing: lowercased[0..<(end - start)])))
                } else {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    if text.count >= 2 || text.first?.isNumber == true { word(.other(text.lowercased())) }
                }
            }
            var offset = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte < 0x80 {
                    // ASCII: neither CJK nor in need of decoding.
                    if isASCIIWord(byte) {
                        latin += 1
                        if wordStart < 0 { wordStart = offset }
                    } else {
                        if wordStart >= 0 { flush(at: offset) }
                        if !isWhitespace(Unicode.Scalar(byte)) { latin += 1 }
                    }
                    offset += 1
                    continue
                }
                let (scalar, length) = bytes.scalar(at: offset)
                if Script.isCJK(scalar) {
                    cjk += 1
                    if wordStart >= 0 { flush(at: offset) }
                } else if isWhitespace(scalar) {
                    if wordStart >= 0 { flush(at: offset) }
                } else {
                    latin += 1
                    if isWordScalar(scalar) {
                        if wordStart < 0 { wordStart = offset }
                        wordIsASCII = false
                    } else if wordStart >= 0 {
                        flush(at: offset)
                    }
                }
                offset += length
            }
            if wordStart >= 0 { flush(at: bytes.count) }
            return (latin, cjk)
        }
    }

    /// Letters and digits of Latin-like scripts, and `_` (identifiers such as `__block`).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIIWord(UInt8(scalar.value)) }
        return scalar.properties.isAlphabetic && !Script.isCJK(scalar)
    }

    /// `isWordScalar` for an ASCII byte: the ASCII letters are the only ASCII
    /// scalars with the Alphabetic property.
    @inline(__always)
    static func isASCIIWord(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte | 0x20) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "_")
    }

    @inline(__always)
    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// Unicode's White_Space property, without a table look-up for ASCII.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        (0x30...0x39).contains(scalar.value)
    }
}
