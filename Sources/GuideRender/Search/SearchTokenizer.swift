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
/// scratch buffer when it had to be lower-cased, and is handed to a `TermSink` without
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
            mutating func term(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
                terms.append(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
            }
        }
        var scanner = TermScanner()
        var sink = Collect()
        withUTF8(text) { scanner.scan($0, into: &sink) }
        return sink.terms
    }
}

/// Receives the terms of a text from `TermScanner.scan` (the bytes are valid only during the call).
protocol TermSink {
    mutating func term(_ bytes: UnsafePointer<UInt8>, _ count: Int)
}

/// Calls `body` with the string's UTF-8 bytes (contiguous; a bridged string is copied first).
@inline(__always)
func withUTF8<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = text
    copy.makeContiguousUTF8()
    return try copy.utf8.withContiguousStorageIfAvailable(body)!
}

/// What search needs to know of a Unicode scalar, one byte of flags.
enum ScalarFlags {
    /// A word character (`SearchTokenizer.isWordCharacter`) that is not CJK.
    static let word: UInt8 = 1
    /// `Script.isCJKLetter`.
    static let cjk: UInt8 = 2
    /// Unicode `Uppercase` (`properties.isUppercase`).
    static let upper: UInt8 = 4
    /// Unicode `Lowercase` (`properties.isLowercase`).
    static let lower: UInt8 = 8
    /// Unicode `White_Space` (what `Character.isWhitespace` tests of a character's first scalar).
    static let space: UInt8 = 16
    /// Lower-casing changes the scalar.
    static let mapped: UInt8 = 32
    /// Next to a white-space scalar, never in the same grapheme cluster as it: not a grapheme
    /// extender, spacing mark, joiner or prepended concatenation mark. (Known-safe ranges only:
    /// scripts not listed are treated as unsafe, which only costs speed.)
    static let clusterSafe: UInt8 = 64

    static func compute(_ value: UInt32) -> UInt8 {
        guard let scalar = Unicode.Scalar(value) else { return 0 }   // a surrogate: never in a String
        var flags: UInt8 = 0
        if Script.isCJKLetter(scalar) {
            // No case, no white space (SearchSpeedTests checks): only whether a run goes on matters.
            flags |= cjk
        } else {
            if SearchTokenizer.isWordCharacter(scalar) { flags |= word }
            let properties = scalar.properties
            if properties.isUppercase { flags |= upper }
            if properties.isLowercase { flags |= lower }
            if properties.isWhitespace { flags |= space | clusterSafe }
            let lowered = properties.lowercaseMapping.unicodeScalars
            if lowered.count != 1 || lowered.first != scalar { flags |= mapped }
        }
        // Scalars each a grapheme of its own whatever stands beside them. Wider than the review's
        // `SingleScalarText` table on purpose: that one also needs scalar equality to be `Character`
        // equality, so it leaves out what has canonical equivalents (Hangul syllables, compatibility
        // ideographs) and the line separators; here only the breaks matter.
        switch value {
        case 0...0x2FF, 0x2010...0x2027, 0x2030...0x205E, 0x3000...0x3029, 0x3030...0x3098, 0x309B...0x30FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF01...0xFF9D, 0x20000...0x2FFFF:
            flags |= clusterSafe
        default:
            break
        }
        return flags
    }
}

/// `ScalarFlags` of every scalar, computed a block of 256 scalars at a time when first needed.
/// One per thread (it caches without locks).
final class ScalarTable {
    private let blocks: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>
    private static let blockCount = 0x110000 >> 8
    private var lowercase: [UInt32: [UInt8]] = [:]
    /// The flags of the ASCII scalars (the first block, filled from the start).
    let ascii: UnsafeMutablePointer<UInt8>
    /// What `ByteBuffer.appendCollapsedQuoted` must look at, by byte of UTF-8.
    let byteClasses: UnsafeMutablePointer<UInt8>

    init() {
        blocks = .allocate(capacity: Self.blockCount)
        blocks.initialize(repeating: nil, count: Self.blockCount)
        ascii = .allocate(capacity: 256)
        for low in 0..<256 { ascii[low] = ScalarFlags.compute(UInt32(low)) }
        blocks[0] = ascii
        byteClasses = .allocate(capacity: 256)
        for byte in 0..<256 {
            byteClasses[byte] = switch byte {
            case 0x22, 0x5C: ByteClass.escape
            case 0..<0x20: ascii[byte] & ScalarFlags.space != 0 ? ByteClass.space : ByteClass.escape
            case 0x20: ByteClass.space
            case 0xC2, 0xE1, 0xE2, 0xE3: ByteClass.leadOfSpace
            default: ByteClass.plain
            }
        }
    }

    deinit {
        for index in 0..<Self.blockCount { blocks[index]?.deallocate() }
        blocks.deallocate()
        byteClasses.deallocate()
    }

    @inline(__always)
    func flags(_ value: UInt32) -> UInt8 {
        if let block = blocks[Int(value >> 8)] { return block[Int(value & 0xFF)] }
        return fill(value >> 8)[Int(value & 0xFF)]
    }

    @inline(never)
    private func fill(_ index: UInt32) -> UnsafeMutablePointer<UInt8> {
        let block = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for low in UInt32(0)..<256 { block[Int(low)] = ScalarFlags.compute(index << 8 | low) }
        blocks[Int(index)] = block
        return block
    }

    /// The UTF-8 bytes of a scalar's lower-case mapping (for scalars flagged `mapped`).
    func lowercaseBytes(_ value: UInt32) -> [UInt8] {
        if let bytes = lowercase[value] { return bytes }
        let bytes = Array(Unicode.Scalar(value)!.properties.lowercaseMapping.utf8)
        lowercase[value] = bytes
        return bytes
    }
}

/// Classes of UTF-8 bytes for collapsing white space.
enum ByteClass {
    /// Written as is: printable ASCII but space, `"` and `\`; any byte of a scalar that is not white space.
    static let plain: UInt8 = 0
    /// ASCII white space.
    static let space: UInt8 = 1
    /// ASCII to escape in a JSON string: `"`, `\`, control characters but white space.
    static let escape: UInt8 = 2
    /// The first byte of the non-ASCII white-space scalars (U+0085, U+00A0, U+1680, U+2000…U+205F,
    /// U+3000; SearchSpeedTests checks that there are no others), and of others.
    static let leadOfSpace: UInt8 = 3
}

/// Splits UTF-8 text into search terms (`SearchTokenizer`'s rules), byte by byte.
struct TermScanner {
    let table: ScalarTable
    private let ascii: UnsafeMutablePointer<UInt8>
    /// Lower-cased words and parts.
    private let scratch = ByteBuffer(capacity: 256)
    /// Byte ranges of a word's parts, as start, end pairs.
    private var parts: [Int] = []

    init(table: ScalarTable = ScalarTable()) {
        self.table = table
        ascii = table.ascii   // kept alive by `table`
    }

    @inline(__always)
    private func flags(at p: UnsafePointer<UInt8>) -> (flags: UInt8, length: Int) {
        let byte = p[0]
        if byte < 0x80 { return (ascii[Int(byte)], 1) }
        let (value, length) = decodeUTF8Scalar(p)
        return (table.flags(value), length)
    }

    /// Hands the terms of `text` to `sink`, in order, with repeats.
    mutating func scan<Sink: TermSink>(_ text: UnsafeBufferPointer<UInt8>, into sink: inout Sink) {
        guard let p = text.baseAddress, text.count > 0 else { return }
        let n = text.count
        var wordStart = -1, wordFlags: UInt8 = 0, underscore = false
        var laterUpper = false   // an upper-case letter after the word's first: it may have parts
        var runPrevious = -1   // where the previous scalar of a CJK run starts
        var i = 0
        while i < n {
            let byte = p[i]
            let f: UInt8, length: Int
            if byte < 0x80 {
                f = ascii[Int(byte)]
                length = 1
            } else {
                let (value, l) = decodeUTF8Scalar(p + i)
                f = table.flags(value)
                length = l
            }
            if f & ScalarFlags.cjk != 0 {
                if wordStart >= 0 {
                    flushWord(p, wordStart, i, wordFlags, underscore || laterUpper, into: &sink)
                    wordStart = -1
                }
                // Bigrams as the run goes; its last character when it ends.
                if runPrevious >= 0 { sink.term(p + runPrevious, i + length - runPrevious) }
                runPrevious = i
            } else if f & ScalarFlags.word != 0 {
                if runPrevious >= 0 {
                    sink.term(p + runPrevious, i - runPrevious)
                    runPrevious = -1
                }
                if wordStart < 0 {
                    wordStart = i
                    wordFlags = f
                    underscore = byte == 0x5F
                    laterUpper = false
                } else {
                    wordFlags |= f
                    if f & ScalarFlags.upper != 0 { laterUpper = true }
                    if byte == 0x5F { underscore = true }
                }
            } else {
                if wordStart >= 0 {
                    flushWord(p, wordStart, i, wordFlags, underscore || laterUpper, into: &sink)
                    wordStart = -1
                }
                if runPrevious >= 0 {
                    sink.term(p + runPrevious, i - runPrevious)
                    runPrevious = -1
                }
            }
            i += length
        }
        if wordStart >= 0 { flushWord(p, wordStart, n, wordFlags, underscore || laterUpper, into: &sink) }
        if runPrevious >= 0 { sink.term(p + runPrevious, n - runPrevious) }
    }

    /// A word: itself lower-cased, then (when it has more than one) its parts of two characters or more.
    @inline(__always)
    private mutating func flushWord<Sink: TermSink>(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int,
                                                    _ flags: UInt8, _ mayHaveParts: Bool, into sink: inout Sink) {
        if flags & ScalarFlags.mapped == 0 {
            sink.term(p + start, end - start)
        } else {
            scratch.removeAll()
            appendLowercased(p + start, end - start, to: scratch)
            sink.term(scratch.base, scratch.count)
        }
        // Without `_`, or an upper-case letter after the first, a word is its only part.
        if mayHaveParts { emitParts(p, start, end, into: &sink) }
    }

    /// Camel-case and snake-case parts: `NSNotificationCenter` → NS, Notification, Center.
    @inline(never)
    private mutating func emitParts<Sink: TermSink>(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int,
                                                    into sink: inout Sink) {
        parts.removeAll(keepingCapacity: true)
        var current = -1   // start of the current part
        var last: UInt8 = 0   // flags of the current part's last scalar
        var i = start
        var (f, length) = flags(at: p + i)
        while i < end {
            let next = i + length
            var nextFlags: UInt8 = 0, nextLength = 0
            if next < end { (nextFlags, nextLength) = flags(at: p + next) }
            if p[i] == 0x5F {
                if current >= 0 { parts.append(current); parts.append(i); current = -1 }
            } else {
                if current >= 0 {
                    let lowerToUpper = last & ScalarFlags.lower != 0 && f & ScalarFlags.upper != 0
                    let acronymEnd = last & ScalarFlags.upper != 0 && f & ScalarFlags.upper != 0
                        && next < end && nextFlags & ScalarFlags.lower != 0
                    if lowerToUpper || acronymEnd {
                        parts.append(current); parts.append(i)
                        current = i
                    }
                } else {
                    current = i
                }
                last = f
            }
            i = next
            (f, length) = (nextFlags, nextLength)
        }
        if current >= 0 { parts.append(current); parts.append(end) }
        guard parts.count > 2 else { return }
        for k in stride(from: 0, to: parts.count, by: 2) {
            let partStart = parts[k], count = parts[k + 1] - partStart
            guard count >= 2 else { continue }
            var ascii = true
            for j in partStart..<(partStart + count) where p[j] >= 0x80 { ascii = false; break }
            // Two characters or more (grapheme clusters, as `String.count` counts them).
            if !ascii && String(decoding: UnsafeBufferPointer(start: p + partStart, count: count), as: UTF8.self).count < 2 {
                continue
            }
            scratch.removeAll()
            appendLowercased(p + partStart, count, to: scratch)
            sink.term(scratch.base, scratch.count)
        }
    }

    /// Appends the lower-case form of UTF-8 text (scalar by scalar, as `String.lowercased()` does).
    private func appendLowercased(_ p: UnsafePointer<UInt8>, _ count: Int, to out: ByteBuffer) {
        out.reserve(count)
        var i = 0
        while i < count {
            let byte = p[i]
            if byte < 0x80 {
                out.appendUnchecked(byte &- 0x41 < 26 ? byte | 0x20 : byte)
                i += 1
            } else {
                let (value, length) = decodeUTF8Scalar(p + i)
                if table.flags(value) & ScalarFlags.mapped != 0 {
                    table.lowercaseBytes(value).withUnsafeBufferPointer { out.append($0.baseAddress!, $0.count) }
                } else {
                    out.append(p + i, length)
                }
                i += length
            }
        }
    }
}
