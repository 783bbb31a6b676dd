import GuideModel

/// The glossary as the sentence aligner reads it: which terms a sentence uses (English) or
/// renders (Chinese: an agreed translation, or the English term left as it is). Code spans
/// and URLs are never searched (they are not in the `ProseText`).
public struct SentenceGlossary: Sendable {
    let matcher: GlossaryMatcher
    /// Every Chinese form of every term, by its first scalar: a sentence's scalars are read
    /// once, each compared only with the forms that can start there.
    let chineseForms: [Unicode.Scalar: [(term: Int, form: [Unicode.Scalar])]]
    /// Which scalars of the Basic Multilingual Plane start a Chinese form (bit v of the table):
    /// most places of a sentence are passed without a look in `chineseForms`.
    let startsForm: [UInt64]

    public init(_ glossary: Glossary) {
        matcher = GlossaryMatcher(glossary)
        var forms: [Unicode.Scalar: [(term: Int, form: [Unicode.Scalar])]] = [:]
        for (index, term) in glossary.terms.enumerated() {
            for chinese in term.chinese {
                let scalars = Array(chinese.unicodeScalars)
                guard let first = scalars.first else { continue }
                forms[first, default: []].append((index, scalars))
            }
        }
        chineseForms = forms
        var starts = [UInt64](repeating: 0, count: 0x10000 / 64)
        for scalar in forms.keys where scalar.value < 0x10000 { starts[Int(scalar.value >> 6)] |= 1 << UInt64(scalar.value & 63) }
        startsForm = starts
    }

    /// Whether a Chinese form may start with `scalar` (a scalar past the BMP: perhaps).
    @inline(__always)
    func mayStartForm(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x10000 || startsForm[Int(scalar.value >> 6)] & (1 << UInt64(scalar.value & 63)) != 0
    }

    public var isEmpty: Bool { matcher.glossary.isEmpty }

    /// The glossary bound to one side of a translation.
    public var source: Side { Side(glossary: self, isSource: true) }
    public var target: Side { Side(glossary: self, isSource: false) }

    /// The Chinese side to cut a pair's Chinese with, its English cut into `english`: none when
    /// the English holds no term. A term is an anchor only when both sides hold it
    /// (`SentenceAligner.Scorer`), so a Chinese one alone changes no pairing, and most pairs
    /// hold none: their Chinese is not searched.
    func target(for english: [Sentence]) -> Side? {
        english.contains { !$0.features.terms.isEmpty } ? target : nil
    }

    public struct Side: Sendable {
        let glossary: SentenceGlossary
        let isSource: Bool

        /// The terms found in a leaf's prose, each with where it starts (sentences take those
        /// that start inside them): one `ProseText` and one search a leaf, not one a sentence.
        func occurrences(in prose: ProseText) -> [(term: Int, position: TextPosition)] {
            var found = glossary.matcher.occurrences(in: prose, ignoringCase: !isSource).map { ($0.term, $0.position) }
            guard !isSource, !glossary.chineseForms.isEmpty else { return found }
            if let scalars = prose.singleScalars {
                // A character per scalar (the usual text): read in place.
                found += chineseForms(in: scalars) { prose.positions[$0] }
            } else {
                var scalars: [Unicode.Scalar] = [], positions: [TextPosition] = []
                scalars.reserveCapacity(prose.positions.count)
                for (character, position) in zip(prose.characters, prose.positions) {
                    for scalar in character.unicodeScalars {
                        scalars.append(scalar)
                        positions.append(position)
                    }
                }
                found += chineseForms(in: scalars) { positions[$0] }
            }
            return found
        }

        /// The Chinese forms found in `scalars`, each at the position of its first scalar; only
        /// places whose scalar starts a form are looked up.
        func chineseForms<Scalars: RandomAccessCollection<Unicode.Scalar>>(
            in scalars: Scalars, position: (Int) -> TextPosition
        ) -> [(term: Int, position: TextPosition)] where Scalars.Index == Int {
            var found: [(term: Int, position: TextPosition)] = []
            for start in scalars.indices where glossary.mayStartForm(scalars[start]) {
                guard let forms = glossary.chineseForms[scalars[start]] else { continue }
                for (term, form) in forms where start + form.count <= scalars.endIndex
                    && scalars[start..<(start + form.count)].elementsEqual(form) {
                    found.append((term, position(start)))
                }
            }
            return found
        }

        /// The terms of one sentence's prose, sorted, each once.
        func terms(in prose: ProseText) -> [Int] {
            Array(Set(occurrences(in: prose).map(\.term))).sorted()
        }
    }
}
