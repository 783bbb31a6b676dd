import GuideModel

/// Finds glossary terms in prose: English forms on word boundaries (plurals too),
/// Chinese translations as substrings (Chinese has no spaces to split on).
public struct GlossaryMatcher: Sendable {
    public let glossary: Glossary
    let forms: [Form]
    /// Forms by their first word, lower-cased (every plural for one-word forms): a word of
    /// the text is only compared with the forms that can start there.
    let formsByFirstWord: [String: [Int]]

    /// One English form of a term, as words; the last word with its plurals.
    struct Form: Sendable {
        var term: Int
        var words: [String]
        var lastWords: Set<String>
        /// Acronyms (`KVO`, `ARC`) match their case only in English, so the word “arc” is not ARC.
        var caseSensitive: Bool
        /// Lowercased, for matching without case.
        var foldedWords: [String]
        var foldedLastWords: Set<String>
    }

    public init(_ glossary: Glossary) {
        self.glossary = glossary
        forms = glossary.terms.enumerated().flatMap { index, term in
            term.english.map { english in
                let caseSensitive = english.filter(\.isUppercase).count >= 2
                let words = Self.splitWords(caseSensitive ? english : english.lowercased())
                let lastWords = Self.plurals(of: words.last ?? "")
                return Form(term: index, words: words, lastWords: lastWords, caseSensitive: caseSensitive,
                            foldedWords: words.map { $0.lowercased() }, foldedLastWords: Set(lastWords.map { $0.lowercased() }))
            }
        }
        var index: [String: [Int]] = [:]
        for (position, form) in forms.enumerated() {
            let starts = form.words.count == 1 ? form.foldedLastWords : Set(form.foldedWords.prefix(1))
            for start in starts { index[start, default: []].append(position) }
        }
        formsByFirstWord = index
    }

    /// `protocol` → protocol, protocols; `category` → categories; `class` → classes.
    static func plurals(of word: String) -> Set<String> {
        var forms: Set<String> = [word, word + "s", word + "es"]
        if word.hasSuffix("y"), let before = word.dropLast().last, !"aeiou".contains(before) {
            forms.insert(word.dropLast() + "ies")
        }
        return forms
    }

    static func splitWords(_ text: String) -> [String] {
        text.split(whereSeparator: { !ProseText.isWordCharacter($0) }).map(String.init)
    }

    public struct Occurrence: Hashable, Sendable {
        public var term: Int
        public var position: TextPosition
        public var text: String
        /// Where in the `ProseText` (to drop a term found inside a longer one).
        var range: Range<Int>
    }

    /// Terms used in a text; `ignoringCase` also for acronyms (the Chinese side: `Kvo` is still KVO left).
    public func occurrences(in text: ProseText, ignoringCase: Bool = false) -> [Occurrence] {
        let words = text.words()
        var found: [Occurrence] = []
        for (index, word) in words.enumerated() where word.before != "@" && word.before != "#" {
            guard let starting = formsByFirstWord[word.folded] else { continue }
            for form in starting.map({ forms[$0] }) where index + form.words.count <= words.count {
                let fold = !form.caseSensitive || ignoringCase
                let formWords = fold ? form.foldedWords : form.words
                let lastWords = fold ? form.foldedLastWords : form.lastWords
                var matches = true
                for offset in 0..<form.words.count {
                    let candidate = words[index + offset]
                    let value = fold ? candidate.folded : candidate.text
                    let isLast = offset == form.words.count - 1
                    if isLast ? !lastWords.contains(value) : value != formWords[offset] { matches = false; break }
                    if !isLast {
                        // Words of one term stand apart by spaces or a hyphen only.
                        let gap = text.characters[candidate.end..<words[index + offset + 1].start]
                        if gap.isEmpty || !gap.allSatisfy({ $0 == " " || $0 == "-" }) { matches = false; break }
                    }
                }
                if matches {
                    let last = words[index + form.words.count - 1]
                    found.append(Occurrence(term: form.term, position: text.positions[word.start],
                                            text: form.words.count == 1 ? word.text : String(text.characters[word.start..<last.end]),
                                            range: word.start..<last.end))
                }
            }
        }
        // “multiple delegation” is one term, not also “delegation”.
        let inside = Self.insideAnother(found.map(\.range))
        return found.indices.filter { !inside[$0] }.map { found[$0] }
    }

    /// For each range, whether another (different) range holds it. By one sweep in order of
    /// start (the longest first at a start): a range is held when one that starts before it
    /// ends at or after its end, or one that starts with it ends after it. Asking every pair
    /// cost a paragraph that uses a term n times n² comparisons (a minute for a megabyte).
    static func insideAnother(_ ranges: [Range<Int>]) -> [Bool] {
        let order = ranges.indices.sorted {
            (ranges[$0].lowerBound, -ranges[$0].upperBound, $0) < (ranges[$1].lowerBound, -ranges[$1].upperBound, $1)
        }
        var inside = [Bool](repeating: false, count: ranges.count)
        var furthestBefore = Int.min   // the furthest end of the ranges that start before this start
        var position = 0
        while position < order.count {
            let start = ranges[order[position]].lowerBound
            let furthestHere = ranges[order[position]].upperBound   // longest first
            while position < order.count, ranges[order[position]].lowerBound == start {
                let end = ranges[order[position]].upperBound
                inside[order[position]] = furthestBefore >= end || furthestHere > end
                position += 1
            }
            furthestBefore = max(furthestBefore, furthestHere)
        }
        return inside
    }

    /// Whether the Chinese gives the term as agreed: one of its translations, or the English where it may stay.
    /// `found`: the terms' occurrences in `chinese` (ignoring case), when the caller has them already.
    public func isRendered(_ term: Int, in chinese: ProseText, found: [Occurrence]? = nil) -> Bool {
        isRendered(term, in: chinese, string: chinese.string, found: found)
    }

    /// `string`: `chinese.string`, made once by a caller that asks about several terms.
    func isRendered(_ term: Int, in chinese: ProseText, string: String, found: [Occurrence]?) -> Bool {
        let entry = glossary.terms[term]
        if entry.chinese.contains(where: { SingleScalarText.contains(string, $0) ?? string.contains($0) }) { return true }
        return entry.keepEnglish && (found ?? occurrences(in: chinese, ignoringCase: true)).contains { $0.term == term }
    }
}
