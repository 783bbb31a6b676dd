import GuideModel

/// Everything besides its two chapters that a chapter review depends on: what a memo of reviews
/// (`ReviewMemo`) keys a review by, as typed values (`GuidePipeline`'s `ReviewCache` hashes them
/// field by field; a debug description of them would change with the compiler's).
public struct ReviewSettings: Hashable, Sendable {
    /// The markers a doubt is written with (`【疑问】`).
    public var doubtMarkers: [String]
    /// Whether sentences are reviewed (`review.sentences`).
    public var sentences: Bool
    /// The glossary's terms (not its file's name: that changes with the working folder, and no
    /// finding names it).
    public var glossary: [Glossary.Term]
    /// The bilingual dictionary's key (`ReviewDictionary.key`), when there is one.
    public var dictionary: String?
    /// The pair's accepted entries, as its ledger writes them.
    public var accepted: String

    public init(doubtMarkers: [String] = [], sentences: Bool = true, glossary: [Glossary.Term] = [],
                dictionary: String? = nil, accepted: String = "") {
        self.doubtMarkers = doubtMarkers
        self.sentences = sentences
        self.glossary = glossary
        self.dictionary = dictionary
        self.accepted = accepted
    }
}
