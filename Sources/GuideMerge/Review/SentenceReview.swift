import Foundation
import GuideModel

/// The review below the paragraph: in a pair of prose blocks that is otherwise translated, an
/// English sentence the Chinese leaves out (`sentenceMissing`) or a Chinese sentence with no
/// English source (`sentenceExtra`), found by aligning the pair's sentences
/// (`SentenceSplitter`, `SentenceAligner`) and judged by `SentenceFindings`.
///
/// Only findings of at least `minimumConfidence` are reported: a sentence the aligner left alone
/// only because joining it to a neighbour costs about as much is no finding, unless its words
/// say the neighbours' Chinese renders none of it (`weighedByWords`).
public struct SentenceReview: Sendable {
    /// The length model, from the chapter's own one-sentence pairs (else the book's).
    public var aligner: SentenceAligner
    public var glossary: SentenceGlossary?

    /// The operating point, chosen on the whole book (`docs/content/en/accuracy.md`): a
    /// confidence of 0.52 is a margin of 0.08 nats over the nearest pairing. Below it the first
    /// false finding without a dictionary comes in.
    public static let minimumConfidence = 0.52

    public init(aligner: SentenceAligner = SentenceAligner(), glossary: SentenceGlossary? = nil) {
        self.aligner = aligner
        self.glossary = glossary
    }

    /// The sentences of beads the model was estimated from that the review needs again (by
    /// bead index): each bead is cut once, for the model and the review alike.
    var cutForModel: [Int: (english: [Sentence], chinese: [Sentence])] = [:]
    /// Those beads' prose as scanned for the model, for the style review to read rather than
    /// scan again (`BeadProse`), up to `keptUnits` units a chapter.
    var scannedForModel: [Int: BeadProse] = [:]
    static let keptUnits = 500_000

    /// The review for one chapter pair: its length model estimated from its first pairs of one
    /// sentence a side (`ChapterSentences.estimateModel`). The model reads only lengths: a pair
    /// the review will not cut again (one sentence a side by its stops: `mostSentences`) is cut
    /// without glossary terms, and its Chinese only when its English is one sentence; the others
    /// are cut as `sentences` cuts them, and kept for it (`cutForModel`). Each pair's blocks are
    /// scanned once, and the scan kept for the style review (`scannedForModel`).
    /// `dictionary`: the bilingual dictionary its aligner reads, if any (`SentenceDictionary`).
    /// `terms`: the glossary's matcher when the style review reads the same glossary: a pair
    /// cut here has its English terms searched once for both (`BeadProse.findTerms`).
    public static func forChapter(_ beads: [Bead], source: [Block], target: [Block], glossary: SentenceGlossary?,
                                  dictionary: SentenceDictionary? = nil, terms: GlossaryMatcher? = nil) -> SentenceReview {
        var measured: [ChapterSentences.Measured] = []   // in bead order (the model's sums are)
        var review = SentenceReview(glossary: glossary)
        var read = 0, kept = 0
        for (index, bead) in beads.enumerated() where ChapterSentences.readsForModel(bead, source: source, target: target) {
            guard read < ChapterSentences.modelPairs else { break }
            read += 1
            let marked = isMarked(bead, source: source, target: target)
            var prose = marked ? BeadProse(bead, source: source, target: target) : nil
            let several = holdsSeveralSentences(bead, source: source, target: target)
            if several, let terms { prose?.findTerms(terms) }
            if let prose, kept + prose.unitCount <= keptUnits {
                review.scannedForModel[index] = prose
                kept += prose.unitCount
            }
            if several {
                let english = SentenceSplitter.sentences(of: source[bead.source[0]], glossary: glossary?.source, visible: marked,
                                                         scanned: prose?.source[0])
                let chinese = SentenceSplitter.sentences(of: target[bead.target[0]], glossary: glossary?.target(for: english),
                                                         visible: marked, scanned: prose?.target[0])
                // A cut sentence keeps its leaf's units until its text is made: kept with the
                // scan (`keptUnits`), they cost nothing more; else the text is made now.
                let shared = review.scannedForModel[index] != nil
                review.cutForModel[index] = shared ? (english, chinese) : (english.map(\.withText), chinese.map(\.withText))
                if let pair = ChapterSentences.measured(english, chinese) { measured.append(pair) }
            } else if let english = SentenceSplitter.oneSentence(of: source[bead.source[0]], scanned: prose?.source[0].first),
                      let chinese = SentenceSplitter.oneSentence(of: target[bead.target[0]], scanned: prose?.target[0].first) {
                // Lengths are all the model reads of such a pair: measured, not cut.
                if english.sentences == 1, chinese.sentences == 1 {
                    measured.append(((english.latin, english.cjk), (chinese.latin, chinese.cjk)))
                }
            } else {
                let english = SentenceSplitter.sentences(of: source[bead.source[0]], scanned: prose?.source[0])
                guard english.count == 1 else { continue }
                let chinese = SentenceSplitter.sentences(of: target[bead.target[0]], scanned: prose?.target[0])
                if let pair = ChapterSentences.measured(english, chinese) { measured.append(pair) }
            }
        }
        review.aligner = SentenceAligner(model: ChapterSentences.estimateModel(measured: measured) ?? .book, dictionary: dictionary)
        return review
    }

    /// Whether the two sides are cut into sentences alike: a translator who turned a paragraph
    /// into a list (or a list into a paragraph) cut it at other places, each item a sentence.
    public static func comparable(_ bead: Bead, source: [Block], target: [Block]) -> Bool {
        func hasList(_ indexes: [Int], _ blocks: [Block]) -> Bool {
            indexes.contains { if case .list = blocks[$0].kind { true } else { false } }
        }
        return hasList(bead.source, source) == hasList(bead.target, target)
    }

    /// The bead's sentences, cut and paired: nil unless it is prose on both sides with more
    /// than one sentence in all (a pair of one sentence a side can leave nothing out, and its
    /// side-by-side row shows no more than the row does). `visible`: count what a reader sees
    /// of each sentence (`Sentence.visible`), for the page's `SentenceMarks`.
    /// `index`: the bead's place in the chapter (its sentences may be cut already: `cutForModel`).
    /// `prose`: the bead's blocks already scanned.
    public func sentences(_ bead: Bead, at index: Int? = nil, source: [Block], target: [Block], visible: Bool = false,
                          prose: BeadProse? = nil) -> BeadSentences? {
        guard willCut(bead, source: source, target: target) else { return nil }
        let (english, chinese) = index.flatMap { cutForModel[$0] } ?? {
            let english = SentenceSplitter.sentences(of: bead.source.lazy.map { source[$0] }, glossary: glossary?.source,
                                                     visible: visible, scanned: prose?.source)
            return (english, SentenceSplitter.sentences(of: bead.target.lazy.map { target[$0] },
                                                        glossary: glossary?.target(for: english),
                                                        visible: visible, scanned: prose?.target))
        }()
        guard english.count + chinese.count > 2 else { return nil }
        return paired(english, chinese)
    }

    /// The sentences paired. A dictionary reads every sentence's text, and more than once (the
    /// aligner's scorer, `UnrenderedEnglish`): it is made once, here, rather than at each read.
    func paired(_ english: [Sentence], _ chinese: [Sentence]) -> BeadSentences {
        guard aligner.dictionary != nil else {
            return BeadSentences(source: english, target: chinese, links: aligner.align(english, chinese))
        }
        let english = english.map(\.withText), chinese = chinese.map(\.withText)
        return BeadSentences(source: english, target: chinese, links: aligner.align(english, chinese))
    }

    /// A pair of one sentence a side, which `sentences` leaves uncut (by its stops, or once cut:
    /// a paragraph whose stops are in brackets or abbreviations), cut and paired when a
    /// dictionary can tell whether its English has no Chinese: the aligner may leave the two
    /// unpaired (the Chinese renders none of the English: the words, code and lengths all say
    /// so), and `UnrenderedEnglish` weighs part of it (a translator who rendered one English
    /// sentence as two Chinese ones and lost one); nil otherwise. (For a bead `sentences` paired
    /// already, nil.)
    public func onePair(_ bead: Bead, source: [Block], target: [Block]) -> BeadSentences? {
        guard aligner.dictionary != nil, ChapterSentences.isProse(bead, source: source, target: target) else { return nil }
        let english = SentenceSplitter.sentences(of: bead.source.lazy.map { source[$0] })
        guard english.count == 1 else { return nil }
        let chinese = SentenceSplitter.sentences(of: bead.target.lazy.map { target[$0] })
        guard chinese.count == 1 else { return nil }
        return paired(english, chinese)
    }

    /// Whether `sentences` cuts the bead: prose on both sides, more than one sentence in all by its stops.
    func willCut(_ bead: Bead, source: [Block], target: [Block]) -> Bool {
        ChapterSentences.isProse(bead, source: source, target: target)
            && Self.holdsSeveralSentences(bead, source: source, target: target)
    }

    /// Bytes of markdown (both sides) past which a bead's sentences are not marked for the page
    /// (`SentenceMarks`): no reader follows sentences through a paragraph of megabytes.
    public static let markLimit = 256 * 1024

    /// Whether the page shows the bead's sentences (`markLimit`).
    public static func isMarked(_ bead: Bead, source: [Block], target: [Block]) -> Bool {
        var bytes = 0
        for index in bead.source { bytes += source[index].source.utf8.count }
        for index in bead.target { bytes += target[index].source.utf8.count }
        return bytes <= markLimit
    }

    /// The bead's sentence findings (`sentences`), each quoting its sentence, at its line, with
    /// its confidence; none of a kind an unpaired neighbour may explain (`Neighbours`).
    public func findings(_ bead: Bead, source: [Block], target: [Block], besides neighbours: Neighbours = Neighbours()) -> [BeadFinding] {
        guard let sentences = sentences(bead, source: source, target: target) else { return [] }
        return findings(sentences, of: bead, source: source, target: target, besides: neighbours)
    }

    /// The findings in the bead's sentences, already cut and paired (`sentences`).
    public func findings(_ sentences: BeadSentences, of bead: Bead, source: [Block], target: [Block],
                         besides neighbours: Neighbours = Neighbours()) -> [BeadFinding] {
        var found = SentenceFindings.findings(sentences, aligner: aligner)
            + hiddenInGroups(sentences).filter { hidden in
                !(aligner.dictionary.map { rendersOwnWords(hidden, in: sentences, dictionary: $0) } ?? false)
            }
        // A pair of one sentence a side left unpaired: the Chinese stands where the English's
        // translation should be (the block aligner paired them), so the English is the finding.
        if sentences.source.count == 1, sentences.target.count == 1 { found.removeAll { $0.kind == .extra } }
        if let dictionary = aligner.dictionary, sentences.source.count * sentences.target.count <= aligner.weights.lexicalCells {
            // (Only English it reports: a sentence the others report already is left to them.)
            let missing = Set(found.lazy.filter { $0.kind == .missing }.map(\.index))
            found += UnrenderedEnglish.findings(sentences, dictionary: dictionary, model: aligner.model)
                .filter { !missing.contains($0.index) }
            found = weighedByWords(found, in: sentences, dictionary: dictionary)
        }
        // A group whose Chinese is far shorter than its English: what no test above located.
        let reported = Set(found.lazy.filter { $0.kind == .missing }.map(\.index))
        found += fallingShort(sentences).filter { short in
            !reported.contains(short.index)
                && !(aligner.dictionary.map { rendersItsWords(short, in: sentences, dictionary: $0) } ?? false)
        }
        return found.compactMap { found in
            // Thousandths: what a report shows, and what the review's cache keeps.
            let confidence = (found.confidence * 1000).rounded() / 1000
            guard confidence >= Self.minimumConfidence else { return nil }
            if pairsNextDoor(found, in: sentences, neighbours: neighbours, source: source, target: target) { return nil }
            let quoted = Excerpt.of(found.sentence.text, length: 60)
            let sure = String(format: "%.2f", confidence)
            switch found.kind {
            case .missing:
                let block = Self.block(containing: found.sentence.start.line, of: bead.source, in: source)
                let what = found.part.map { ReviewMessage(.sentencePartMissing, Excerpt.of($0, length: 60), quoted, sure) }
                    ?? ReviewMessage(found.short ? .sentenceShort : .sentenceMissing, quoted, sure)
                return BeadFinding(.sentenceMissing, what,
                                   sourceBlock: block, targetBlock: bead.target.first, sourceLine: found.sentence.start.line,
                                   confidence: confidence)
            case .extra:
                let block = Self.block(containing: found.sentence.start.line, of: bead.target, in: target)
                return BeadFinding(.sentenceExtra, ReviewMessage(.sentenceExtra, quoted, sure),
                                   sourceBlock: bead.source.first, targetBlock: block, line: found.sentence.start.line,
                                   confidence: confidence)
            }
        }
    }

    /// Sentences the aligner left alone, weighed by their words as well: as if each were joined
    /// to the group beside it, the whole-sentence test (`UnrenderedEnglish`) of that group, the
    /// less sure of the two sides; the surer reading of the sentence stands (left alone by the
    /// aligner, or unrendered by the neighbours' Chinese). A sentence the aligner joined is
    /// weighed so already: being left alone must not make it less certain. Only a sentence the
    /// aligner leaves alone without the dictionary too: when its words are what left it alone
    /// (a faithful translation in words the dictionary does not know), they would count twice.
    func weighedByWords(_ found: [SentenceFinding], in sentences: BeadSentences, dictionary: SentenceDictionary) -> [SentenceFinding] {
        func lone(_ finding: SentenceFinding, in links: [SentenceLink]) -> Int? {
            links.firstIndex { $0.source == finding.index..<(finding.index + 1) && $0.target.isEmpty }
        }
        let weak = found.indices.filter { index in
            let finding = found[index]
            return finding.kind == .missing && finding.part == nil && !finding.short
                && finding.confidence < Self.minimumConfidence && lone(finding, in: sentences.links) != nil
        }
        guard !weak.isEmpty else { return found }
        var plain = aligner
        plain.dictionary = nil
        let withoutWords = plain.align(sentences.source, sentences.target)
        var weighed = found
        for index in weak where lone(found[index], in: withoutWords) != nil {
            let at = lone(found[index], in: sentences.links)!
            var least = Double.infinity
            for neighbour in [at - 1, at + 1] where sentences.links.indices.contains(neighbour) {
                let other = sentences.links[neighbour]
                guard !other.source.isEmpty, !other.target.isEmpty else { continue }
                var links = sentences.links
                links[min(at, neighbour)] = SentenceLink(source: SentenceFindings.join(other.source, links[at].source),
                                                        target: other.target)
                links.remove(at: max(at, neighbour))
                let joined = BeadSentences(source: sentences.source, target: sentences.target, links: links)
                let test = UnrenderedEnglish.findings(joined, dictionary: dictionary, model: aligner.model)
                    .first { $0.index == found[index].index && $0.part == nil }
                least = min(least, test?.confidence ?? 0)
            }
            if least.isFinite, least > found[index].confidence { weighed[index].confidence = least }
        }
        return weighed
    }

    /// Whether the bead's two sides hold more than two sentences in all by their stops
    /// (`mostSentences`): a pair that is not one sentence a side. Counts no further than that.
    static func holdsSeveralSentences(_ bead: Bead, source: [Block], target: [Block]) -> Bool {
        let english = mostSentences(bead.source, in: source, past: 2)
        return english > 2 || english + mostSentences(bead.target, in: target, past: 2 - english) > 2
    }

    /// At most how many sentences the blocks hold: a heading one; a paragraph one per stop
    /// (`.!?。！？`), and one more for text after the last; a list or a quote is taken to hold several. Counting stops is far cheaper than cutting sentences, and a pair of
    /// one sentence a side (a chapter of a million short paragraphs is nothing else) can leave
    /// nothing out.
    /// `past`: stop counting once the count is past this (it is then past it, and that is all a
    /// caller asks).
    public static func mostSentences(_ indexes: [Int], in blocks: [Block], past limit: Int = .max) -> Int {
        indexes.reduce(0) { total, index in
            guard total <= limit else { return total }
            // A heading is one sentence; each list item is a unit of its own, with a stop or
            // not: a list (or a quote) is not counted.
            switch blocks[index].kind {
            case .heading: return total + 1
            case .paragraph: break
            default: return total + 3
            }
            // Over the text's own bytes (every bead is asked, some twice: iterating the string's
            // UTF-8 view a byte at a time cost as much as the rest of the question).
            var text = blocks[index].text
            let stops: (count: Int, afterStop: Bool) = text.withUTF8 { bytes in
                var stops = 0, afterStop = true
                var first: UInt8 = 0, second: UInt8 = 0   // the two bytes before
                for byte in bytes {
                    // 。 is E3 80 82, ！ EF BC 81, ？ EF BC 9F.
                    let stop = byte == 0x2E || byte == 0x21 || byte == 0x3F
                        || (first == 0xE3 && second == 0x80 && byte == 0x82)
                        || (first == 0xEF && second == 0xBC && (byte == 0x81 || byte == 0x9F))
                    if stop {
                        stops += 1
                        afterStop = true
                        if total + stops > limit { break }
                    } else if byte > 0x20 { afterStop = false }
                    first = second
                    second = byte
                }
                return (stops, afterStop)
            }
            return total + max(1, stops.count + (stops.afterStop ? 0 : 1))
        }
    }

    /// The block of `indexes` whose lines hold `line` (the first, if none does).
    static func block(containing line: Int, of indexes: [Int], in blocks: [Block]) -> Int? {
        indexes.first { blocks[$0].lines.start <= line && line <= blocks[$0].lines.end } ?? indexes.first
    }
}

extension BeadStatus {
    /// A finding about one sentence of a translated pair.
    public var isSentence: Bool { self == .sentenceMissing || self == .sentenceExtra }
}
