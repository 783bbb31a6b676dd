import Foundation
import GuideModel

/// One sentence of a block, as the sentence aligner sees it.
///
/// `text` is the sentence as it stands in the markdown source (inline markdown kept), with a
/// line break, and the list or quote marker of the line after it, collapsed to one space, and
/// the block's own marks (a list item's marker, a heading's `#`s) left out.
public struct Sentence: Hashable, Sendable {
    public var text: String {
        get {
            switch body {
            case .written(let text): text
            case .cut(let source): source.make()
            }
        }
        set {
            body = .written(newValue)
            mayHoldNote = Self.holdsYi(newValue)
        }
    }
    /// Where it starts in the file (line, and column in characters).
    public var start: TextPosition
    /// The leaf it belongs to (a paragraph, a heading, a quote, a list item's paragraph),
    /// numbered from 0 in the blocks it was cut from: sentences of two leaves rarely pair as one.
    public var leaf: Int
    /// What the aligner weighs: lengths, the tokens a translation keeps, the last mark.
    public var features: SentenceFeatures
    /// How many characters (Unicode scalars) a reader sees of it in the rendered HTML, not
    /// counting whitespace (`isBlank`): its prose, its code spans' code, its URLs, an image's
    /// alt text; not the markup. Counted only when asked (`SentenceSplitter`'s `visible`), and
    /// nil where the count could be wrong. What the side-by-side page's script matches sentences by.
    public var visible: Int?

    /// The text as given, or the units it is made of when read (a cut sentence: `SentenceText`).
    private enum Body: Sendable {
        case written(String)
        case cut(SentenceText)
    }
    private var body: Body
    /// False only when the text holds no 译 (a cut sentence: no unit's text or markdown holds
    /// it, `holdsYi`): no translator's note is looked for in it (`translatorsNotes`), and a cut
    /// sentence's text is not made for that.
    private(set) var mayHoldNote: Bool

    public init(text: String, start: TextPosition, leaf: Int = 0, features: SentenceFeatures = SentenceFeatures(),
                visible: Int? = nil) {
        body = .written(text)
        mayHoldNote = Self.holdsYi(text)
        self.start = start
        self.leaf = leaf
        self.features = features
        self.visible = visible
    }

    init(_ text: SentenceText, start: TextPosition, features: SentenceFeatures, mayHoldNote: Bool) {
        body = .cut(text)
        self.mayHoldNote = mayHoldNote
        self.start = start
        leaf = 0
        self.features = features
    }

    // Equal by what it is, however its text is kept.
    public static func == (a: Sentence, b: Sentence) -> Bool {
        a.start == b.start && a.leaf == b.leaf && a.features == b.features && a.visible == b.visible && a.text == b.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(start)
        hasher.combine(leaf)
        hasher.combine(features)
        hasher.combine(visible)
    }

    /// The same sentence with its text made now, and its leaf's units let go: for sentences
    /// kept to be shown (`align --sentences`, the memory), whose units weigh some thirty times
    /// their text.
    var withText: Sentence {
        guard case .cut(let source) = body else { return self }
        var made = self
        made.body = .written(source.make())
        return made
    }

    /// Whether it still keeps its leaf's units to make its text from.
    var keepsUnits: Bool {
        if case .cut = body { true } else { false }
    }

    /// The translator's notes inside its text (`translatorsNotes(in:)`), read only when the
    /// text may hold one.
    public var translatorsNotes: (rest: String, latin: Int, cjk: Int)? {
        mayHoldNote ? Self.translatorsNotes(in: text) : nil
    }

    /// Whitespace as JavaScript's `\s` reads it (the page's script skips the same characters).
    @inline(__always)
    public static func isBlank(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: return true
        default: return false
        }
    }

    /// The scalars of `text` that are not `isBlank`.
    public static func visibleCount<S: StringProtocol>(_ text: S) -> Int {
        // Read as UTF-8 (a `String`'s is valid): a scalar is decoded only to be tested.
        let fast = text.utf8.withContiguousStorageIfAvailable { bytes -> Int in
            var count = 0, index = 0
            while index < bytes.count {
                let lead = bytes[index]
                if lead < 0x80 {
                    if !(lead == 0x20 || (lead >= 0x09 && lead <= 0x0D)) { count += 1 }
                    index += 1
                    continue
                }
                let (value, length) = decodeUTF8Scalar(bytes, at: index)
                if let scalar = Unicode.Scalar(value), !isBlank(scalar) { count += 1 }
                index += length
            }
            return count
        }
        if let fast { return fast }
        var count = 0
        for scalar in text.unicodeScalars where !isBlank(scalar) { count += 1 }
        return count
    }
}

extension Sentence {
    /// A translator's note: a sentence in one pair of brackets that opens with 译者注 or 译注
    /// (`（译者注：…）`, with a stop after the bracket or not). It renders no English, whatever
    /// words it holds: the aligner never pairs it (`SentenceAligner`).
    public var isTranslatorsNote: Bool {
        // Most sentences hold no 译: found by their bytes, before any scalar is decoded.
        guard mayHoldNote else { return false }
        let text = text
        guard Self.holdsYi(text) else { return false }
        let scalars = Array(text.unicodeScalars.drop(while: Sentence.isBlank))
        guard Self.opensNote(scalars, at: 0), let end = Self.bracketEnd(scalars, from: 0) else { return false }
        // The bracket it opens with closes at its end: nothing but stops and spaces after it.
        return scalars[end...].allSatisfy { Sentence.isBlank($0) || Self.stops.contains($0) }
    }

    /// Whether a bracket opens at `index`, followed (spaces aside) by 译者注 or 译注.
    static func opensNote(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index < scalars.count, SentenceBoundaries.bracket(scalars[index]) == 1 else { return false }
        var body = index + 1
        while body < scalars.count, isBlank(scalars[body]) { body += 1 }
        return scalars[body...].starts(with: "译者注".unicodeScalars) || scalars[body...].starts(with: "译注".unicodeScalars)
    }

    /// Just after the bracket that closes the one opened at `index`; nil when none does.
    static func bracketEnd(_ scalars: [Unicode.Scalar], from index: Int) -> Int? {
        var depth = 0
        for other in index..<scalars.count {
            guard let kind = SentenceBoundaries.bracket(scalars[other]) else { continue }
            depth += kind
            if depth == 0 { return other + 1 }
        }
        return nil
    }

    /// The translator's notes inside a Chinese sentence's text (a bracket opened by 译者注 or
    /// 译注, to the bracket that closes it, or to the end): the text without them (what of the
    /// sentence may render English), and how many Latin letters and digits and CJK letters they
    /// hold (what the length model counts). Nil when it holds none: only a text with 译 in it is
    /// read further (one pass over its bytes).
    public static func translatorsNotes(in text: String) -> (rest: String, latin: Int, cjk: Int)? {
        guard holdsYi(text) else { return nil }
        let scalars = Array(text.unicodeScalars)
        var kept = String.UnicodeScalarView()
        var latin = 0, cjk = 0, found = false
        var index = 0
        while index < scalars.count {
            if opensNote(scalars, at: index) {
                let end = bracketEnd(scalars, from: index) ?? scalars.count
                for value in scalars[index..<end] {
                    if Script.isCJKLetter(value) { cjk += 1 }
                    else if value.isASCII, value.properties.isAlphabetic || ("0"..."9").contains(value) { latin += 1 }
                }
                found = true
                index = end
                continue
            }
            kept.append(scalars[index])
            index += 1
        }
        return found ? (String(kept), latin, cjk) : nil
    }

    /// Whether the text holds 译 (E8 AF 91 in UTF-8).
    /// (Asked of every Chinese sentence each time a bead is paired: its lead byte is looked for
    /// with `memchr`, over the string's own bytes.)
    static func holdsYi(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            var from = 0
            while from + 2 < bytes.count, let found = memchr(base + from, 0xE8, bytes.count - from - 2) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if bytes[at + 1] == 0xAF, bytes[at + 2] == 0x91 { return true }
                from = at + 1
            }
            return false
        }
    }

    static let stops: Set<Unicode.Scalar> = ["。", ".", "！", "!", "？", "?", "；", ";", "，", ","]
}

/// The measures of a sentence that survive translation, or that a translation changes predictably.
public struct SentenceFeatures: Hashable, Sendable {
    /// Latin letters and digits of the prose, and every character of its code spans and URLs.
    public var latin: Int
    /// CJK letters (`Script.isCJKLetter`).
    public var cjk: Int
    /// Tokens a translation tends to keep, lower-cased and without repeats, in order of first
    /// appearance: Latin words and numbers of the prose, the words of code spans, URLs whole.
    public var tokens: [SentenceToken]
    /// The tokens a translation must keep as they are: numbers, the words of code spans,
    /// URLs and link targets (a subset of `tokens`).
    public var kept: [SentenceToken]
    /// Glossary terms the sentence uses (English) or renders (Chinese: the agreed
    /// translation, or the English term left as it is), by their index in the glossary.
    public var terms: [Int]
    /// How it ends.
    public var ending: Ending
    /// The whole sentence is in brackets: an aside, such as a translator's note.
    public var isAside: Bool

    public enum Ending: UInt8, Hashable, Sendable {
        case plain, question, exclamation, colon
    }

    public init(latin: Int = 0, cjk: Int = 0, tokens: [SentenceToken] = [], kept: [SentenceToken] = [], terms: [Int] = [], ending: Ending = .plain, isAside: Bool = false) {
        self.latin = latin
        self.cjk = cjk
        self.tokens = tokens
        self.kept = kept
        self.terms = terms
        self.ending = ending
        self.isAside = isAside
    }
}

/// A token of a sentence (a lower-cased word, a number, a URL) as the aligner compares it: a
/// 64-bit FNV-1a hash of its UTF-8 bytes, so cutting a chapter makes no string per word.
public struct SentenceToken: Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var value: UInt64

    public init(value: UInt64) { self.value = value }

    /// The token of `text`, taken as it is (already lower-cased).
    public init(_ text: String) {
        var hash = Self.basis
        for byte in text.utf8 { hash = Self.mix(hash, byte) }
        value = hash
    }

    public init(stringLiteral text: String) { self.init(text) }

    /// Glossary term `index` (apart from every word: its bytes start with U+0001): the token of
    /// "\u{1}" and the index's decimal digits, hashed as they come (no string is made: the
    /// aligner numbers every term of every sentence it pairs).
    public init(term index: Int) {
        var hash = Self.mix(Self.basis, 0x01)
        if index < 0 { hash = Self.mix(hash, UInt8(ascii: "-")) }
        let magnitude = index.magnitude
        var place: UInt = 1
        while magnitude / place >= 10 { place *= 10 }
        while place > 0 {
            hash = Self.mix(hash, UInt8(ascii: "0") + UInt8(magnitude / place % 10))
            place /= 10
        }
        value = hash
    }

    static let basis: UInt64 = 0xcbf2_9ce4_8422_2325
    @inline(__always)
    static func mix(_ hash: UInt64, _ byte: UInt8) -> UInt64 { (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }

    public static func < (a: SentenceToken, b: SentenceToken) -> Bool { a.value < b.value }
    public var description: String { "#" + String(value, radix: 16) }
}
