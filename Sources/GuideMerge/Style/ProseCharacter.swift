/// One character of a block's source as `ProseScanner` reads it: a `Character`, or a
/// `Unicode.Scalar` when the block is `SingleScalarText`. The scan is written once for
/// both; for such text the two answer every question here alike, and the scalar is
/// many times cheaper to compare and classify.
protocol ProseCharacter: Equatable, ExpressibleByUnicodeScalarLiteral {
    var isWhitespace: Bool { get }
    var isLetter: Bool { get }
    var isNumber: Bool { get }
    var isASCII: Bool { get }
    var scriptClass: ScriptClass { get }
    var character: Character { get }
    func isOne(of set: ASCIISet) -> Bool
    static func string<C: Collection>(_ characters: C) -> String where C.Element == Self
}

extension ProseCharacter {
    /// An ASCII punctuation mark or symbol (what a backslash escapes). Rare: asked of the
    /// `Character` itself.
    var isASCIIPunctuation: Bool { character.isASCII && (character.isPunctuation || character.isSymbol) }
}

extension Character: ProseCharacter {
    var character: Character { self }
    func isOne(of set: ASCIISet) -> Bool { set.characters.contains(self) }
    static func string<C: Collection>(_ characters: C) -> String where C.Element == Character { String(characters) }
}

/// `Character`'s properties are those of its first scalar; a single-scalar `Character`'s
/// are its scalar's. ASCII, nearly every character of markdown, needs no property table.
extension Unicode.Scalar: ProseCharacter {
    /// Unicode's White_Space, spelled out: the property table is the costly part of a scan
    /// of Chinese text, whose characters are all asked. (A test holds it to the table.)
    var isWhitespace: Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    var isLetter: Bool {
        isASCII ? (0x61...0x7A).contains(value | 0x20) : properties.isAlphabetic
    }

    var isNumber: Bool {
        isASCII ? (0x30...0x39).contains(value) : properties.numericType != nil
    }

    var scriptClass: ScriptClass { ScriptClass(self) }

    var character: Character { Character(self) }

    func isOne(of set: ASCIISet) -> Bool { set.contains(self) }

    static func string<C: Collection>(_ characters: C) -> String where C.Element == Unicode.Scalar {
        // Through UTF-8 bytes: appending scalars to a String one by one is several times slower.
        var utf8: [UInt8] = []
        utf8.reserveCapacity(characters.count)
        for scalar in characters { UTF8.encode(scalar) { utf8.append($0) } }
        return String(decoding: utf8, as: UTF8.self)
    }
}

/// A few ASCII characters, as the string that lists them and as a bit mask: one test
/// for a scalar instead of a walk through the string. (Sets the scan asks about at
/// every character are made once, as static members.)
struct ASCIISet: ExpressibleByStringLiteral, Sendable {
    let characters: String
    private var low: UInt64 = 0, high: UInt64 = 0

    init(stringLiteral characters: String) {
        self.characters = characters
        for byte in characters.utf8 {
            precondition(byte < 0x80, "ASCIISet holds ASCII only")
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
    }

    @inline(__always)
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 64 { return low & (1 << UInt64(value)) != 0 }
        return value < 128 && high & (1 << UInt64(value - 64)) != 0
    }

    /// Where a bare URL can start (`http`, `ftp`, `mailto`, `www`).
    static let urlStarts: ASCIISet = "hHfFmMwW"
    /// Characters whose role (markup or literal) only cmark can tell.
    static let ignoredInComparison: ASCIISet = "*_[]\\`!"
}
