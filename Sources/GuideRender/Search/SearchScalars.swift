import GuideModel

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
    /// ASCII that a JSON string escapes (`[UInt8].appendEscaped`): `"`, `\`, control characters.
    static let escaped: UInt8 = 128

    static func compute(_ value: UInt32) -> UInt8 {
        guard let scalar = Unicode.Scalar(value) else { return 0 }   // a surrogate: never in a String
        var flags: UInt8 = value < 0x20 || value == 0x22 || value == 0x5C ? escaped : 0
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
struct ScalarTable {
    /// Block `n` holds the flags of scalars `n << 8 ..< (n + 1) << 8`; empty until needed.
    private var blocks = [[UInt8]](repeating: [], count: 0x110000 >> 8)
    /// The flags of the ASCII scalars (the first block, filled from the start).
    private let ascii = (0..<256).map { ScalarFlags.compute(UInt32($0)) }
    private var lowercase: [UInt32: [UInt8]] = [:]

    mutating func flags(_ value: UInt32) -> UInt8 {
        let block = Int(value >> 8)
        if blocks[block].isEmpty { blocks[block] = (0..<256).map { ScalarFlags.compute(UInt32(block << 8 | $0)) } }
        return blocks[block][Int(value & 0xFF)]
    }

    /// The flags of the scalar that starts at `text[i]`, and its length in bytes.
    @inline(__always)
    mutating func flags<Bytes: RandomAccessCollection<UInt8>>(_ text: Bytes, at i: Int) -> (flags: UInt8, length: Int)
    where Bytes.Index == Int {
        let byte = text[i]
        if byte < 0x80 { return (ascii[Int(byte)], 1) }
        let (value, length) = decodeUTF8Scalar(text, at: i)
        return (flags(value), length)
    }

    /// The UTF-8 bytes of a scalar's lower-case mapping (for scalars flagged `mapped`).
    mutating func lowercaseBytes(_ value: UInt32) -> [UInt8] {
        if let bytes = lowercase[value] { return bytes }
        let bytes = Array(Unicode.Scalar(value)!.properties.lowercaseMapping.utf8)
        lowercase[value] = bytes
        return bytes
    }

    /// Appends `text` (its UTF-8 `bytes`) as a JSON string literal of `SearchIndex.collapseSpaces(text)`:
    /// runs of white space as one space, none at the ends.
    mutating func appendCollapsedQuoted(_ bytes: [UInt8], of text: String, to out: inout [UInt8]) {
        out.append(0x22)
        let start = out.count
        if !appendCollapsed(bytes, to: &out) {
            out.removeSubrange(start...)
            out.appendEscaped(Array(SearchIndex.collapseSpaces(text).utf8)[...])
        }
        out.append(0x22)
    }

    /// The collapse scalar by scalar, escaped as it goes. That is the same as by characters
    /// wherever no white space has a neighbour that might join its grapheme cluster (a
    /// combining mark after a space, a prepended concatenation mark before one), and several
    /// times faster; false (part of the text appended) where one might: `Character`s decide.
    private mutating func appendCollapsed(_ text: [UInt8], to out: inout [UInt8]) -> Bool {
        let start = out.count
        var runStart = 0   // text[runStart..<i] is copied as is
        var previousSafe = true
        var i = 0
        while i < text.count {
            let (flags, length) = self.flags(text, at: i)
            if flags & (ScalarFlags.space | ScalarFlags.escaped) == 0 {
                previousSafe = flags & ScalarFlags.clusterSafe != 0
                i += length
                continue
            }
            out += text[runStart..<i]
            if flags & ScalarFlags.space == 0 {
                out.appendEscaped(text[i..<(i + 1)])
                previousSafe = true
                i += 1
                runStart = i
                continue
            }
            // White space: the scalar before it must not take it into its cluster…
            guard previousSafe else { return false }
            i += length
            while i < text.count {
                let (flags, length) = self.flags(text, at: i)
                guard flags & ScalarFlags.space != 0 else { break }
                i += length
            }
            // …nor the scalar after it.
            guard i == text.count || self.flags(text, at: i).flags & ScalarFlags.clusterSafe != 0 else { return false }
            if out.count > start && i < text.count { out.append(0x20) }
            runStart = i
        }
        out += text[runStart...]
        return true
    }
}
