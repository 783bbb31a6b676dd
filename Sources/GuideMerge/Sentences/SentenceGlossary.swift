import GuideModel

/// The glossary as the sentence aligner reads it: which terms a sentence uses (English) or
/// renders (Chinese: an agreed translation, or the English term left as it is). Code spans
/// and URLs are never searched (they are not in the `ProseText`).
public struct SentenceGlossary: Sendable {
    let matcher: GlossaryMatcher
    /// Every Chinese form of every term, by its first scalar: a sentence's scalars are read
    /// once, each compared only with the forms that can start there.
    let chineseForms: [Unicode.Scalar: [(term: Int, form: [Unicode.Scalar])]]

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
    }

    public var isEmpty: Bool { matcher.glossary.isEmpty }

    /// The glossary bound to one side of a translation.
    public var source: Side { Side(glossary: self, isSource: true) }
    public var target: Side { Side(glossary: self, isSource: false) }

    public struct Side: Sendable {
        let glossary: SentenceGlossary
        let isSource: Bool

        /// The terms of a sentence's prose, sorted, each once.
        func terms(in prose: ProseText) -> [Int] {
            var found = Set(glossary.matcher.occurrences(in: prose, ignoringCase: !isSource).map(\.term))
            if !isSource {
                let scalars = Array(prose.string.unicodeScalars)
                for start in scalars.indices {
                    guard let forms = glossary.chineseForms[scalars[start]] else { continue }
                    for (term, form) in forms where start + form.count <= scalars.count
                        && scalars[start..<(start + form.count)].elementsEqual(form) {
                        found.insert(term)
                    }
                }
            }
            return found.sorted()
        }
    }
}
