import GuideModel

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
///
/// The work is done on UTF-8 bytes (`TermScanner`): a term is a slice of the text, or of a
/// scratch array when it had to be lower-cased, and is handed to a `TermSink` without
/// becoming a `String`.
public enum SearchTokenizer {
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
        struct Collect: TermSink {
            var terms: [String] = []
            mutating func term(_ bytes: ArraySlice<UInt8>) { terms.append(String(decoding: bytes, as: UTF8.self)) }
        }
        var scanner = TermScanner()
        var sink = Collect()
        scanner.scan(Array(text.utf8), into: &sink)
        return sink.terms
    }
}

/// Receives the terms of a text from `TermScanner.scan`.
protocol TermSink {
    mutating func term(_ bytes: ArraySlice<UInt8>)
}

/// Splits UTF-8 text into search terms (`SearchTokenizer`'s rules), scalar by scalar.
struct TermScanner {
    var table = ScalarTable()
    /// A word or part, lower-cased.
    private var scratch: [UInt8] = []

    /// Hands the terms of `text` to `sink`, in order, with repeats.
    mutating func scan<Sink: TermSink>(_ text: [UInt8], into sink: inout Sink) {
        var wordStart = -1, wordFlags: UInt8 = 0
        var mayHaveParts = false   // a `_`, or an upper-case letter after the word's first
        var runPrevious = -1   // where the previous scalar of a CJK run starts
        var i = 0
        while i < text.count {
            let (flags, length) = table.flags(text, at: i)
            if flags & ScalarFlags.cjk != 0 {
                if wordStart >= 0 {
                    flushWord(text[wordStart..<i], wordFlags, mayHaveParts, into: &sink)
                    wordStart = -1
                }
                // Bigrams as the run goes; its last character when it ends.
                if runPrevious >= 0 { sink.term(text[runPrevious..<(i + length)]) }
                runPrevious = i
            } else if flags & ScalarFlags.word != 0 {
                if runPrevious >= 0 {
                    sink.term(text[runPrevious..<i])
                    runPrevious = -1
                }
                if wordStart < 0 {
                    wordStart = i
                    wordFlags = flags
                    mayHaveParts = text[i] == 0x5F
                } else {
                    wordFlags |= flags
                    if flags & ScalarFlags.upper != 0 || text[i] == 0x5F { mayHaveParts = true }
                }
            } else {
                if wordStart >= 0 {
                    flushWord(text[wordStart..<i], wordFlags, mayHaveParts, into: &sink)
                    wordStart = -1
                }
                if runPrevious >= 0 {
                    sink.term(text[runPrevious..<i])
                    runPrevious = -1
                }
            }
            i += length
        }
        if wordStart >= 0 { flushWord(text[wordStart...], wordFlags, mayHaveParts, into: &sink) }
        if runPrevious >= 0 { sink.term(text[runPrevious...]) }
    }

    /// A word: itself lower-cased, then (when it may have more than one) its parts of two characters or more.
    private mutating func flushWord<Sink: TermSink>(_ word: ArraySlice<UInt8>, _ flags: UInt8, _ mayHaveParts: Bool,
                                                    into sink: inout Sink) {
        if flags & ScalarFlags.mapped == 0 {
            sink.term(word)
        } else {
            lowercase(word)
            sink.term(scratch[...])
        }
        if mayHaveParts { emitParts(word, into: &sink) }
    }

    /// Camel-case and snake-case parts: `NSNotificationCenter` → NS, Notification, Center.
    private mutating func emitParts<Sink: TermSink>(_ word: ArraySlice<UInt8>, into sink: inout Sink) {
        var parts: [Range<Int>] = []
        var current = -1   // start of the current part
        var last: UInt8 = 0   // flags of the current part's last scalar
        var i = word.startIndex
        while i < word.endIndex {
            let (flags, length) = table.flags(word, at: i)
            let next = i + length
            if word[i] == 0x5F {
                if current >= 0 { parts.append(current..<i) }
                current = -1
            } else {
                if current >= 0 {
                    let lowerToUpper = last & ScalarFlags.lower != 0 && flags & ScalarFlags.upper != 0
                    let acronymEnd = last & ScalarFlags.upper != 0 && flags & ScalarFlags.upper != 0
                        && next < word.endIndex && table.flags(word, at: next).flags & ScalarFlags.lower != 0
                    if lowerToUpper || acronymEnd {
                        parts.append(current..<i)
                        current = i
                    }
                } else {
                    current = i
                }
                last = flags
            }
            i = next
        }
        if current >= 0 { parts.append(current..<word.endIndex) }
        guard parts.count > 1 else { return }
        for part in parts where part.count >= 2 {
            // Two characters or more (grapheme clusters, as `String.count` counts them).
            let ascii = word[part].allSatisfy { $0 < 0x80 }
            if !ascii && String(decoding: word[part], as: UTF8.self).count < 2 { continue }
            lowercase(word[part])
            sink.term(scratch[...])
        }
    }

    /// Sets `scratch` to the lower-case form of UTF-8 text (scalar by scalar, as `String.lowercased()` does).
    private mutating func lowercase(_ text: ArraySlice<UInt8>) {
        scratch.removeAll(keepingCapacity: true)
        var i = text.startIndex
        while i < text.endIndex {
            let byte = text[i]
            if byte < 0x80 {
                scratch.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
                i += 1
                continue
            }
            let (value, length) = decodeUTF8Scalar(text, at: i)
            if table.flags(value) & ScalarFlags.mapped != 0 {
                scratch += table.lowercaseBytes(value)
            } else {
                scratch += text[i..<(i + length)]
            }
            i += length
        }
    }
}
