import Foundation

/// What the dictionary says against a finding the lengths made: the English is there in the
/// Chinese, in fewer characters.
extension SentenceReview {
    /// A group the lengths call short (`fallingShort`) whose Chinese renders most of its English's
    /// words, `renderedShare` of at least `UnrenderedEnglish.minimumWords` known ones: a terse
    /// translation (`**connection pooling**` → `**连接池**`), not one that lost a part, which
    /// leaves that part's words unrendered. Lengths guess; the words, when they say this much, know.
    func rendersItsWords(_ short: SentenceFinding, in bead: BeadSentences, dictionary: SentenceDictionary) -> Bool {
        guard let link = bead.links.first(where: { $0.source.contains(short.index) }) else { return false }
        let chinese = link.target.map { dictionary.chinese(bead.target[$0].text) }
        var known = 0, covered = 0
        for index in link.source {
            let english = dictionary.english(bead.source[index].text)
            let rendered = chinese.reduce(UInt64(0)) { $0 | dictionary.covered(english, by: $1, words: true) }
            known += (dictionary.renderedByWords(english) | rendered).nonzeroBitCount
            covered += rendered.nonzeroBitCount
        }
        return known >= UnrenderedEnglish.minimumWords && Double(covered) >= Self.renderedShare * Double(known)
    }

    /// The share of a short group's known English words its Chinese must render to be terse, not short.
    static let renderedShare = 0.6
}
