/// Numbers for terms, 0, 1, 2… in order of first sight, found again by their bytes.
///
/// A term of up to 7 bytes (most terms: a Chinese bigram is 6) is keyed by its bytes and length
/// packed in an integer, which hashes in one step; a longer one by its bytes. Keyed by their bytes
/// alone (`ArraySlice`'s hash takes them one at a time), all terms made the index cost twice as
/// much of a whole-book build.
struct TermNumbers {
    /// The terms by number, each a copy of its own (not a slice of the text it was found in).
    private(set) var terms: [ArraySlice<UInt8>] = []
    private var short: [UInt64: Int] = [:]
    private var long: [ArraySlice<UInt8>: Int] = [:]

    /// The number of `term`, new (`terms.count - 1`) if it was never seen.
    mutating func number(_ term: ArraySlice<UInt8>) -> Int {
        let key = Self.packed(term)
        if let key, let number = short[key] { return number }
        if key == nil, let number = long[term] { return number }
        let own = Array(term)[...]
        if let key { short[key] = terms.count } else { long[own] = terms.count }
        terms.append(own)
        return terms.count - 1
    }

    /// A term of up to 7 bytes as an integer: its length in the top byte, its bytes below.
    private static func packed(_ term: ArraySlice<UInt8>) -> UInt64? {
        guard term.count < 8 else { return nil }
        var key: UInt64 = 0
        for byte in term { key = key << 8 | UInt64(byte) }
        return UInt64(term.count) << 56 | key
    }
}
