/// The book's agreed translations of technical terms (`content/glossary.yml`).
///
/// A plain value: `GlossaryLoader` (parse stage) reads it, the review (merge stage)
/// checks every translated pair against it.
public struct Glossary: Hashable, Sendable {
    public struct Term: Hashable, Sendable {
        /// The English forms, e.g. `["delegate", "delegation"]`; plurals are matched too.
        public var english: [String]
        /// Accepted Chinese translations, the preferred one first (empty: the term stays in English).
        public var chinese: [String]
        /// The English term may (or, with no `chinese`, must) stay as it is in the Chinese.
        public var keepEnglish: Bool
        /// A remark for translators, shown in findings (e.g. “not 代理”).
        public var note: String?
        /// Line of the term in the glossary file.
        public var line: Int?

        public init(english: [String], chinese: [String] = [], keepEnglish: Bool = false,
                    note: String? = nil, line: Int? = nil) {
            self.english = english
            self.chinese = chinese
            self.keepEnglish = keepEnglish
            self.note = note
            self.line = line
        }
    }

    public var terms: [Term]
    /// The file as the user names it (empty for a glossary made in code).
    public var file: String

    public init(terms: [Term] = [], file: String = "") {
        self.terms = terms
        self.file = file
    }

    public var isEmpty: Bool { terms.isEmpty }
}
