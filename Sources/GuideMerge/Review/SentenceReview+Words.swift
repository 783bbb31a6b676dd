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
        return renders(link.source, of: link, in: bead, dictionary: dictionary)
    }

    /// A sentence the lengths single out in a group (`hiddenInGroups`) whose own words the
    /// group's Chinese renders, `renderedShare` of them as above: the lengths cannot tell which
    /// sentence of a group lost its Chinese, and the words say it is not this one.
    func rendersOwnWords(_ hidden: SentenceFinding, in bead: BeadSentences, dictionary: SentenceDictionary) -> Bool {
        guard hidden.kind == .missing, let link = bead.links.first(where: { $0.source.contains(hidden.index) }) else { return false }
        return renders(hidden.index..<(hidden.index + 1), of: link, in: bead, dictionary: dictionary)
    }

    /// Whether the Chinese of `link` renders `renderedShare` of the known words of its English
    /// sentences `sentences`, at least `UnrenderedEnglish.minimumWords` of them.
    private func renders(_ sentences: Range<Int>, of link: SentenceLink, in bead: BeadSentences, dictionary: SentenceDictionary) -> Bool {
        let chinese = link.target.map { dictionary.chinese(bead.target[$0].text) }
        var known = 0, covered = 0
        for index in sentences {
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
