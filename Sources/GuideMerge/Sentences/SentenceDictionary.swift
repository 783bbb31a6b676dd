import GuideModel

/// A bilingual dictionary as the sentence aligner reads it (optional data: `review.dictionary`
/// in guide.yml, or `guide review --dictionary FILE`): which Chinese words may render an
/// English word, so that a pairing can be weighed by how much of an English sentence's
/// content the Chinese side covers (`SentenceAligner.Weights.wordFound`, `wordLost`).
///
/// Read from CC-CEDICT's text format (`TRAD SIMP [pinyin] /gloss/gloss/…/`, `#` comments; a
/// gloss's renderings apart from each other by `;`): each rendering's content words (lower case, stop words left out, crudely stemmed: `properties`,
/// `property` → `property`; `used`, `uses`, `using`, `use` → `us`) map to the entry's simplified
/// headword. An entry that refers to another (`see 仿傚|仿效[…]`, `variant of …`, `also
/// written …`) renders what that one renders (`reference`). A rendering of more than three
/// content words (a definition rather than a word) and other cross-references (`surname …`,
/// `CL:…`) are left out, and so are headwords of more than `maximumLength` characters or not
/// wholly CJK letters. Words are
/// compared as 64-bit hashes (`SentenceToken`'s), so reading a sentence makes no string per word.
public struct SentenceDictionary: Sendable {
    /// English stems → the headwords that render them (ids into `headwords`' values, sorted).
    let renderings: [UInt64: [Int32]]
    /// Chinese headwords, by the hash of their UTF-8 bytes → id.
    let headwords: [UInt64: Int32]
    /// The longest headword kept, in characters.
    let longest: Int
    /// Per headword id, whether it is a single character (a character renders loosely: 的, 到, 最).
    let single: [Bool]

    public static let maximumLength = 6

    /// A line of the file that is not an entry (with its 1-based number).
    public struct FormatError: Error, Equatable, Sendable {
        public var line: Int
        public var message: String
    }

    /// The entries given as headword and glosses (a test's small dictionary).
    public init(entries: [(chinese: String, english: [String])]) {
        var builder = Builder()
        for (chinese, glosses) in entries {
            builder.add(headword: Array(chinese.utf8)[...], glosses: Array(glosses.joined(separator: "/").utf8)[...])
        }
        (renderings, headwords, longest, single) = builder.finish()
    }

    /// English stems (hashed as `contentWords` gives them) and the Chinese headwords (UTF-8) that
    /// render them (`LearnedLexicon`); a headword not wholly CJK letters, or longer than
    /// `maximumLength`, is left out.
    init(renderings entries: [(word: UInt64, headword: [UInt8])]) {
        var builder = Builder()
        for (word, headword) in entries {
            let characters = String(decoding: headword, as: UTF8.self).unicodeScalars
            guard !characters.isEmpty, characters.count <= Self.maximumLength, characters.allSatisfy(Script.isCJKLetter) else { continue }
            builder.render([word], by: builder.id(of: headword, characters: characters.count))
        }
        (renderings, headwords, longest, single) = builder.finish()
    }

    /// A dictionary in CC-CEDICT's format; a line that is neither empty, a `#` comment nor an
    /// entry is an error naming it.
    public init(cedict text: String) throws(FormatError) {
        var builder = Builder()
        var number = 0
        // Over an array of the bytes: every step below is then specialized for array slices
        // (over the string's UTF-8 view, splitting and searching it were most of the load).
        for line in Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            var line = line
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }   // a byte order mark
            guard let first = line.first, first != UInt8(ascii: "#") else { continue }
            // TRAD SIMP [pinyin] /gloss/…/
            let space = UInt8(ascii: " ")
            guard let afterTraditional = line.firstIndex(of: space),
                  let afterSimplified = line[line.index(after: afterTraditional)...].firstIndex(of: space),
                  let open = line[afterSimplified...].firstIndex(of: UInt8(ascii: "[")),
                  let close = line[open...].firstIndex(of: UInt8(ascii: "]")),
                  let slash = line[close...].firstIndex(of: UInt8(ascii: "/")),
                  line.last == UInt8(ascii: "/"), slash < line.index(before: line.endIndex) else {
                throw FormatError(line: number, message: "not a CC-CEDICT entry (TRAD SIMP [pinyin] /gloss/…/)")
            }
            let simplified = line[line.index(after: afterTraditional)..<afterSimplified]
            let glosses = line[line.index(after: slash)..<line.index(before: line.endIndex)]
            builder.add(headword: simplified, glosses: glosses)
        }
        (renderings, headwords, longest, single) = builder.finish()
    }

    /// How many English stems the dictionary renders.
    public var wordCount: Int { renderings.count }

    struct Builder {
        var renderings: [UInt64: [Int32]] = [:]
        var headwords: [UInt64: Int32] = [:]
        var longest = 0
        var single: [Bool] = []
        /// Entries that render as another does (`see 仿傚|仿效[fang3 xiao4]`): headword, its
        /// characters, the other's simplified headword.
        var references: [(headword: [UInt8], characters: Int, target: [UInt8])] = []

        /// One entry: its simplified headword (kept if wholly CJK letters, at most `maximumLength`
        /// of them) and its glosses (`/`- or `;`-separated renderings).
        mutating func add(headword: ArraySlice<UInt8>, glosses: ArraySlice<UInt8>) {
            var characters = 0, at = headword.startIndex
            while at < headword.endIndex {
                let (value, length) = decodeUTF8Scalar(headword, at: at)
                guard let scalar = Unicode.Scalar(value), Script.isCJKLetter(scalar) else { return }
                characters += 1
                at += length
            }
            guard characters > 0, characters <= SentenceDictionary.maximumLength else { return }
            var id: Int32?
            var plain: [UInt8] = [], words: [UInt64] = []
            plain.reserveCapacity(64)
            for gloss in glosses.split(whereSeparator: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ";") }) {
                let rendering = gloss.drop { $0 == UInt8(ascii: " ") }
                if let target = SentenceDictionary.reference(rendering) {
                    references.append((Array(headword), characters, target))
                    continue
                }
                guard !SentenceDictionary.crossReferences.contains(where: { rendering.starts(with: $0) }) else { continue }
                // Parenthesised remarks are not renderings: "(bound form) code" is "code".
                plain.removeAll(keepingCapacity: true)
                var depth = 0
                for byte in rendering {
                    if byte == UInt8(ascii: "(") { depth += 1 } else if byte == UInt8(ascii: ")") { depth = max(0, depth - 1) }
                    else if depth == 0 { plain.append(byte) }
                }
                words.removeAll(keepingCapacity: true)
                SentenceDictionary.contentWords(plain) { words.append($0) }
                guard !words.isEmpty, words.count <= 3 else { continue }
                let entry = id ?? self.id(of: headword, characters: characters)
                id = entry
                render(words, by: entry)
            }
        }

        /// The id of a headword, made on first sight.
        mutating func id(of headword: some Collection<UInt8>, characters: Int) -> Int32 {
            let key = SentenceDictionary.hash(headword)
            if let known = headwords[key] { return known }
            let entry = Int32(headwords.count)
            headwords[key] = entry
            single.append(characters == 1)
            longest = max(longest, characters)
            return entry
        }

        @inline(__always)
        mutating func render(_ words: [UInt64], by entry: Int32) {
            for word in words where renderings[word]?.last != entry { renderings[word, default: []].append(entry) }
        }

        /// The renderings, with each referring entry given the words of the one it refers to
        /// (one step: a reference to a reference is not followed).
        mutating func finish() -> ([UInt64: [Int32]], [UInt64: Int32], Int, [Bool]) {
            // The words of each entry referred to, gathered in one pass over the renderings.
            var wordsOf: [Int32: [UInt64]] = [:]
            for reference in references {
                if let target = headwords[SentenceDictionary.hash(reference.target)] { wordsOf[target] = [] }
            }
            if !wordsOf.isEmpty {
                for (word, entries) in renderings {
                    for entry in entries where wordsOf[entry] != nil { wordsOf[entry]!.append(word) }
                }
            }
            for reference in references {
                guard let target = headwords[SentenceDictionary.hash(reference.target)],
                      let words = wordsOf[target], !words.isEmpty else { continue }
                render(words.sorted(), by: id(of: reference.headword, characters: reference.characters))
            }
            return (renderings.mapValues { Array(Set($0)).sorted() }, headwords, longest, single)
        }
    }

    /// The simplified headword a gloss refers to, when the gloss says the entry renders as
    /// another: `see 仿傚|仿效[fang3 xiao4]`, `variant of 说[shuo1]`, `also written 仿效`.
    static func reference(_ gloss: some Collection<UInt8>) -> [UInt8]? {
        guard gloss.first == UInt8(ascii: "s") || gloss.first == UInt8(ascii: "v") || gloss.first == UInt8(ascii: "o")
                || gloss.first == UInt8(ascii: "a"),
              let prefix = referencePrefixes.first(where: { gloss.starts(with: $0) }) else { return nil }
        // The headword: up to its pinyin, a space or a comma; the simplified form after a `|`.
        var simplified: [UInt8] = []
        for byte in gloss.dropFirst(prefix.count) {
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: ",") { break }
            if byte == UInt8(ascii: "|") { simplified.removeAll() } else { simplified.append(byte) }
        }
        return simplified.first.map { $0 >= 0x80 } == true ? simplified : nil
    }

    static let referencePrefixes: [[UInt8]] = ["see ", "variant of ", "old variant of ", "also written "].map { Array($0.utf8) }

    static let crossReferences: [[UInt8]] = ["see ", "variant of", "old variant", "surname ", "CL:", "abbr. ", "also written",
                                             "Taiwan pr.", "used in "].map { Array($0.utf8) }

    /// Words too common (or too loosely rendered) to say whether a sentence was translated.
    static let stopWords: Set<UInt64> = Set("""
        a an the of to in on for with by at from as is are was were be been being it its this that these those and or but not no \
        if then than so such which who whom whose what when where why how all any each every some many much more most other \
        another can could will would shall should may might must do does did done have has had having you your we our us they \
        their them he his she her my me there here also only just very too into out up down over about after before again \
        further once same own both few nor off per via one two etc let lets get gets got make makes made use used uses using \
        way thing things
        """.split(separator: " ").map { hash(Array($0.utf8)) })

    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var value = SentenceToken.basis
        for byte in bytes { value = SentenceToken.mix(value, byte) }
        return value
    }

    /// Calls `body` with the stem of each content word of `text` (ASCII letters; code spans,
    /// link targets and bare URLs skipped; words under three letters and stop words left out).
    static func contentWords(_ text: some Collection<UInt8>, _ body: (UInt64) -> Void) {
        contentWords(text, { word, _ in body(word) }, clauses: false)
    }

    /// The same, with the clause each word is in: clauses end at `,`, `;`, `:`, brackets and
    /// dashes outside code (the places a translator may leave out what follows).
    /// `clauseEnd` is called with the offset (in `text`) of each byte that ends a clause.
    @inline(__always)
    static func contentWords(_ text: some Collection<UInt8>, _ body: (UInt64, _ clause: Int) -> Void,
                             clauses: Bool = true, clauseEnd: (Int) -> Void = { _ in }) {
        var word: [UInt8] = []
        word.reserveCapacity(24)
        var mode = Mode.prose, previous: UInt8 = 0, beforePrevious: UInt8 = 0
        var clause = 0, clauseHasWord = false
        var offset = 0
        func flush() {
            defer { word.removeAll(keepingCapacity: true) }
            guard word.count >= 2 else { return }
            let whole = hash(word)
            // A conjunction that opens a clause ends the one before it (`as` too: "…, as the
            // caller expects" is a clause a translator may put in a sentence of its own).
            if clauses, clauseHasWord, clauseWords.contains(whole) {
                clause += 1
                clauseHasWord = false
                clauseEnd(offset - word.count - 1)
            }
            guard word.count >= 3 else { return }
            guard !stopWords.contains(whole) else { return }
            body(hash(stem(&word)), clause)
            clauseHasWord = true
        }
        for byte in text {
            defer { offset += 1 }
            defer { beforePrevious = previous; previous = byte }
            // (Not the colon of a URL's scheme, nor the bracket that opens a link's target.)
            if clauses, mode == .prose, Self.endsClause(byte, after: previous, beforePrevious),
               !(byte == UInt8(ascii: ":") && (word == http || word == https)),
               !(byte == UInt8(ascii: "(") && previous == UInt8(ascii: "]")) {
                flush()
                if clauseHasWord {
                    clause += 1
                    clauseHasWord = false
                    clauseEnd(offset)
                }
            }
            switch mode {
            case .code: if byte == UInt8(ascii: "`") { mode = .prose }
            case .target: if byte == UInt8(ascii: ")") { mode = .prose }
            case .url: if byte <= 0x20 || byte == UInt8(ascii: ")") { mode = .prose }
            case .prose:
                let lower = byte | 0x20
                if lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "z") { word.append(lower); continue }
                if byte == UInt8(ascii: ":"), word == http || word == https { word.removeAll(keepingCapacity: true); mode = .url; continue }
                flush()
                if byte == UInt8(ascii: "`") { mode = .code }
                else if byte == UInt8(ascii: "("), previous == UInt8(ascii: "]") { mode = .target }
            }
        }
        if mode == .prose { flush() }
    }

    /// Conjunctions that open a clause (`contentWords`' clauses).
    static let clauseWords: Set<UInt64> = Set("""
        but because although though unless whereas while therefore since which otherwise as
        """.split(whereSeparator: \.isWhitespace).map { hash(Array($0.utf8)) })

    /// `,` `;` `:` `(` `)` and an em dash (E2 80 94) or en dash (E2 80 93).
    static func endsClause(_ byte: UInt8, after previous: UInt8, _ beforePrevious: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "("), UInt8(ascii: ")"): return true
        case UInt8(ascii: ":"): return true
        case 0x93, 0x94: return previous == 0x80 && beforePrevious == 0xE2
        default: return false
        }
    }

    static let http = Array("http".utf8), https = Array("https".utf8)
    enum Mode { case prose, code, target, url }

    /// A crude stem of a lower-case word: plurals, `-ed`, `-ing` and a final `e` off.
    static func stem(_ word: inout [UInt8]) -> [UInt8] {
        func ends(_ suffix: StaticString) -> Bool {
            word.count > suffix.utf8CodeUnitCount && suffix.withUTF8Buffer { word.suffix($0.count).elementsEqual($0) }
        }
        func undouble() {
            if word.count > 2, word[word.count - 1] == word[word.count - 2], !"lsz".utf8.contains(word[word.count - 1]) { word.removeLast() }
        }
        if word.count > 4, ends("ies") || ends("ied") { word.removeLast(3); word.append(UInt8(ascii: "y")) }
        else if word.count > 5, ends("ing") { word.removeLast(3); undouble() }
        else if word.count > 4, ends("ed") { word.removeLast(2); undouble() }
        else if word.count > 4, ends("es") { word.removeLast(2) }
        else if word.count > 3, ends("s"), !ends("ss") { word.removeLast() }
        if word.count > 3, word.last == UInt8(ascii: "e") { word.removeLast() }
        return word
    }

    /// What the dictionary reads of an English sentence: its content words (at most 64, each
    /// once) and which of them the dictionary renders.
    public struct English: Hashable, Sendable {
        public var words: [UInt64] = []
        /// Bit k: `words[k]` has renderings.
        public var rendered: UInt64 = 0
        /// Per word, the clause of the sentence it first appears in (from 0; `contentWords`).
        public var clauses: [Int] = []
        /// Per word, the clause it last appears in (the same as `clauses` for a word said once).
        public var lastClauses: [Int] = []
        /// Per word, how many times the sentence says it (at most 255).
        public var counts: [UInt8] = []
        /// Where each clause but the last ends: the UTF-8 offset of its closing mark.
        public var clauseEnds: [Int] = []
    }

    /// What the dictionary reads of a Chinese sentence: every headword found at any place in
    /// its CJK runs (sorted ids), and the stems of the English words it keeps.
    public struct Chinese: Hashable, Sendable {
        public var headwords: [Int32] = []
        public var latin: [UInt64] = []
    }

    public func english(_ text: String) -> English {
        var read = English()
        Self.contentWords(text.utf8, { word, clause in
            if let seen = read.words.firstIndex(of: word) {
                read.lastClauses[seen] = clause
                if read.counts[seen] < .max { read.counts[seen] += 1 }
                return
            }
            guard read.words.count < 64 else { return }
            if renderings[word] != nil { read.rendered |= 1 << UInt64(read.words.count) }
            read.words.append(word)
            read.clauses.append(clause)
            read.lastClauses.append(clause)
            read.counts.append(1)
        }, clauseEnd: { read.clauseEnds.append($0) })
        return read
    }

    public func chinese(_ text: String) -> Chinese {
        var read = Chinese()
        forEachHeadword(in: text) { id, _ in read.headwords.append(id) }
        read.headwords = Array(Set(read.headwords)).sorted()
        var latin: [UInt64] = []
        Self.contentWords(text.utf8) { latin.append($0) }
        read.latin = Array(Set(latin)).sorted()
        return read
    }

    /// Which of `english`'s words `chinese` covers (bit k for `words[k]`): one of its
    /// renderings is there, or the word itself is (an English word the translation kept).
    /// `words`: only headwords of two characters or more count (a single character is found
    /// in almost any sentence, rendering something else).
    public func covered(_ english: English, by chinese: Chinese, words: Bool = false) -> UInt64 {
        var mask: UInt64 = 0
        for (k, word) in english.words.enumerated() {
            if Self.sortedContains(chinese.latin, word) { mask |= 1 << UInt64(k); continue }
            guard english.rendered & (1 << UInt64(k)) != 0, let ids = renderings[word] else { continue }
            if words ? Self.intersects(ids, chinese.headwords, where: { !single[Int($0)] })
                     : Self.intersects(ids, chinese.headwords) { mask |= 1 << UInt64(k) }
        }
        return mask
    }

    /// Where Chinese texts render English words: how many places hold each headword of two
    /// characters or more, and how many times each English word is kept as it is.
    public struct Places: Sendable {
        var headwords: [Int32: Int] = [:]
        var kept: [UInt64: Int] = [:]
    }

    public func places(in texts: [String]) -> Places {
        var places = Places()
        for text in texts {
            forEachHeadword(in: text) { id, length in
                if length > 1 { places.headwords[id, default: 0] += 1 }
            }
            Self.contentWords(text.utf8) { places.kept[$0, default: 0] += 1 }
        }
        return places
    }

    /// Every headword found in the text's runs of CJK letters, at every place it starts, with
    /// its length in characters (up to `longest`).
    func forEachHeadword(in text: String, _ body: (_ id: Int32, _ length: Int) -> Void) {
        var run: [Unicode.Scalar] = []
        func scan() {
            defer { run.removeAll(keepingCapacity: true) }
            for start in run.indices {
                var hash = SentenceToken.basis
                for end in start..<min(run.count, start + longest) {
                    UTF8.encode(run[end]) { hash = SentenceToken.mix(hash, $0) }
                    if let id = headwords[hash] { body(id, end - start + 1) }
                }
            }
        }
        for scalar in text.unicodeScalars {
            if Script.isCJKLetter(scalar) { run.append(scalar) } else { scan() }
        }
        scan()
    }

    /// How many times the Chinese (`places`) renders each of `english`'s words: the times the
    /// word itself is kept, plus the places of the headword of two characters or more that
    /// renders it most often (对象 inside 托管对象 is one place, not two).
    public func renderingCounts(_ english: English, at places: Places) -> [Int] {
        english.words.map { word in
            let kept = places.kept[word] ?? 0
            guard let ids = renderings[word] else { return kept }
            return kept + ids.reduce(0) { max($0, places.headwords[$1] ?? 0) }
        }
    }

    /// Per word of `english`, the headwords of two characters or more found in `chinese` that
    /// render it (sorted ids), and which words the Chinese keeps as they are (bit k).
    public func renderers(_ english: English, in chinese: [Chinese]) -> (headwords: [[Int32]], kept: UInt64) {
        var kept: UInt64 = 0
        let headwords = english.words.enumerated().map { k, word -> [Int32] in
            if chinese.contains(where: { Self.sortedContains($0.latin, word) }) { kept |= 1 << UInt64(k) }
            guard english.rendered & (1 << UInt64(k)) != 0, let ids = renderings[word] else { return [] }
            return ids.filter { id in !single[Int(id)] && chinese.contains { Self.sortedContains($0.headwords, id) } }
        }
        return (headwords, kept)
    }

    /// Which of `english`'s words have a rendering of two characters or more (or none of one).
    public func renderedByWords(_ english: English) -> UInt64 {
        var mask: UInt64 = 0
        for (k, word) in english.words.enumerated() where english.rendered & (1 << UInt64(k)) != 0 {
            if renderings[word]?.contains(where: { !single[Int($0)] }) == true { mask |= 1 << UInt64(k) }
        }
        return mask
    }

    static func sortedContains<T: Comparable>(_ values: [T], _ value: T) -> Bool {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < values.count && values[low] == value
    }

    static func intersects(_ a: [Int32], _ b: [Int32], where keep: (Int32) -> Bool = { _ in true }) -> Bool {
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if a[i] == b[j], keep(a[i]) { return true }
            if a[i] == b[j] { i += 1; j += 1; continue }
            if a[i] < b[j] { i += 1 } else { j += 1 }
        }
        return false
    }
}
