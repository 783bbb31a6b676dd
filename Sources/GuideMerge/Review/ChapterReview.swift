import GuideFiles
import GuideModel

/// A chapter and its translation, aligned, with every bead's status: what `guide review`
/// prints, the bilingual page shows and the dashboard counts.
public struct ChapterReview: Sendable {
    public var source: Chapter { didSet { tally = Tally(beads, lengths: source.facts.textLengths) } }
    public var target: Chapter
    public var language: Language
    public var beads: [ReviewedBead] { didSet { tally = Tally(beads, lengths: source.facts.textLengths) } }
    /// What the index page and the dashboard show of the review, worked out with its beads
    /// (each asks every review for it).
    public private(set) var tally: Tally
    /// The `review` stage's key for this review, when it went through one: the beads are a pure
    /// function of what the key hashes, so pages that show them can be keyed by it instead.
    public var cacheKey: CacheKey?

    /// One bead with its review and whether a translator accepted it as it is now.
    public struct ReviewedBead: Sendable, Equatable {
        public var review: BeadReview
        /// The sides' `ContentHash` fingerprints (nil for an empty side), as numbers, not strings.
        public var sourceHashValue: UInt64?
        public var targetHashValue: UInt64?
        public var accepted: Bool
        /// Its sentences as the side-by-side page shows them (nil: none shown), paired once,
        /// here, for the review's findings and the page alike.
        public var sentences: SentenceMarks?
        /// Why the book's history calls the pair stale (`markingStale`): kept for what shows the
        /// English then (PO export's `#| msgid`, the side-by-side page's word diff).
        public var history: StaleFromHistory.Evidence?

        public init(review: BeadReview, sourceHash: UInt64?, targetHash: UInt64?, accepted: Bool, sentences: SentenceMarks? = nil) {
            self.review = review
            self.sourceHashValue = sourceHash
            self.targetHashValue = targetHash
            self.accepted = accepted
            self.sentences = sentences
        }

        /// The fingerprints as the accept ledger writes them.
        public var sourceHash: String? { sourceHashValue.map(ContentHash.hex) }
        public var targetHash: String? { targetHashValue.map(ContentHash.hex) }

        public var bead: Bead { review.bead }
        public var status: BeadStatus { review.status }
        /// Nothing to report but glossary, typography or informational findings.
        public var isTranslated: Bool { review.statusMask & ~BeadStatus.quietMask == 0 }
    }

    public init(source: Chapter, target: Chapter, language: Language, beads: [ReviewedBead]) {
        self.source = source
        self.target = target
        self.language = language
        self.beads = beads
        tally = Tally(beads, lengths: source.facts.textLengths)
    }

    /// How many beads have each status, and how much of the chapter is translated and accepted
    /// (`Progress`).
    public struct Tally: Sendable, Equatable {
        public var counts: [BeadStatus: Int] = [:]
        public var progress = Progress()

        init(_ beads: [ReviewedBead], lengths: [Int]) {
            for bead in beads {
                counts[bead.status, default: 0] += 1
                progress.count(bead, lengths: lengths)
            }
        }
    }

    /// "% translated", defined once, here: the pairs translated over the pairs that have English.
    /// The index, the dashboard's table and its chapter sections, `guide review`'s summary line and
    /// its JSON all show this, so one chapter has one number everywhere.
    ///
    /// A pair has English when its English blocks have text (a rule only in English has none).
    /// It is translated when it has Chinese and its English has not changed since a translator
    /// accepted the Chinese (`stale`); what else the review finds in it (typography, structure,
    /// English left, a doubt…) asks for an edit, on the dashboard, but the text is translated.
    /// Accepted: translated, and accepted as it is now (`guide review --accept`).
    public struct Progress: Sendable, Equatable {
        public var pairsWithEnglish = 0
        public var translatedPairs = 0
        public var acceptedPairs = 0

        public init() {}

        mutating func count(_ bead: ReviewedBead, lengths: [Int]) {
            guard bead.bead.source.contains(where: { lengths[$0] > 0 }) else { return }
            pairsWithEnglish += 1
            guard !bead.bead.target.isEmpty, !bead.review.has(.stale) else { return }
            translatedPairs += 1
            if bead.accepted { acceptedPairs += 1 }
        }

        /// Shares of the pairs with English (1 for a chapter with none: nothing is left to translate).
        public var translatedShare: Double { pairsWithEnglish == 0 ? 1 : Double(translatedPairs) / Double(pairsWithEnglish) }
        public var acceptedShare: Double { pairsWithEnglish == 0 ? 1 : Double(acceptedPairs) / Double(pairsWithEnglish) }

        /// In whole percent, rounded down: 100 only when every pair is (rounded, a chapter of
        /// 300 pairs with one missing showed 100 %).
        public var translatedPercent: Int { Self.percent(translatedPairs, of: pairsWithEnglish) }
        public var acceptedPercent: Int { Self.percent(acceptedPairs, of: pairsWithEnglish) }

        static func percent(_ part: Int, of whole: Int) -> Int { whole == 0 ? 100 : part * 100 / whole }
    }

    /// Aligns, classifies, and compares with the translation's accept ledger. The chapter lists
    /// its first `listed` findings (in bead order); the beads after keep their statuses and
    /// counts only (`BeadReview`), and their typography findings are counted, not made.
    public static func make(source: Chapter, target: Chapter, language: Language, ledger: AcceptLedger,
                            doubtMarkers: [String], align: BeadSource = { Aligner().align($0, $1) },
                            style: StyleReview? = nil, sentences: Bool = false, sentenceGlossary: SentenceGlossary? = nil,
                            dictionary: SentenceDictionary? = nil, listed: Int = Self.listed) -> ChapterReview {
        let beads = align(source.blocks, target.blocks)
        let classifier = StatusClassifier(doubtMarkers: doubtMarkers)
        // The English terms are searched once for the cutter and the style review when both read one glossary.
        let terms = style.flatMap { style in
            sentenceGlossary.flatMap { $0.matcher.glossary == style.matcher.glossary ? style.matcher : nil }
        }
        let sentenceReview = sentences
            ? SentenceReview.forChapter(beads, source: source.blocks, target: target.blocks, glossary: sentenceGlossary,
                                        dictionary: dictionary, terms: terms) : nil
        // The beads of one stretch, listing at most `listed` findings of their own.
        let stretch = { @Sendable (range: Range<Int>) -> [ReviewedBead] in
            review(beads[range], source: source, target: target, ledger: ledger, classifier: classifier,
                   style: style, sentences: sentenceReview.map { ($0, beads) }, terms: terms, listed: listed)
        }
        guard beads.count > Self.stretch else {
            return ChapterReview(source: source, target: target, language: language, beads: stretch(beads.indices))
        }
        // A long chapter (a million paragraphs took seconds on one core) is reviewed a stretch at a
        // time on every core; then the chapter keeps its first `listed` findings in bead order.
        // The same reviews as one pass: a bead's findings made with a larger budget begin with
        // those a smaller one makes (`StyleReview.findings`), and its counts and statuses are whole.
        let stretches = stride(from: 0, to: beads.count, by: Self.stretch).map { $0..<min($0 + Self.stretch, beads.count) }
        var parts = stretches.concurrentMap(stretch)
        var reviewed: [ReviewedBead] = []
        reviewed.reserveCapacity(beads.count)
        for index in parts.indices {
            reviewed += parts[index]
            parts[index] = []   // each stretch freed as it is joined: no second copy of the chapter's reviews
        }
        var left = listed
        for index in reviewed.indices {
            if reviewed[index].review.findings.count > left { reviewed[index].review.list(first: left) }
            left = max(0, left - reviewed[index].review.findingCount)
        }
        FreedMemory.giveBack()
        return ChapterReview(source: source, target: target, language: language, beads: reviewed)
    }

    /// Beads a stretch of a long chapter has (`make`).
    static let stretch = 4_096

    /// `make`'s review of `beads`, as if they were the whole chapter.
    static func review(_ beads: ArraySlice<Bead>, source: Chapter, target: Chapter, ledger: AcceptLedger,
                               classifier: StatusClassifier, style: StyleReview?,
                               sentences: (review: SentenceReview, chapter: [Bead])? = nil, terms: GlossaryMatcher? = nil,
                               listed: Int) -> [ReviewedBead] {
        var left = listed   // findings the chapter may still list
        return zip(beads.indices, beads).map { index, bead -> ReviewedBead in
            let sourceHash = hash(bead.source, in: source.blocks)
            let targetHash = hash(bead.target, in: target.blocks)
            var verdict = AcceptLedger.Verdict.notAccepted
            if let sourceHash, let targetHash, !ledger.entries.isEmpty {
                verdict = ledger.verdict(chapter: source.path, sourceHash: ContentHash.hex(sourceHash),
                                         targetHash: ContentHash.hex(targetHash))
            }
            var review = classifier.classify(bead, source: source.blocks, target: target.blocks, stale: verdict == .stale)
            // Below the paragraph: the sentences are paired for the page (`SentenceMarks`) and,
            // in a pair nothing else is wrong with but its style, its shape or English left in its
            // Chinese (the kept English pairs with its own sentence by its words), and not a
            // paragraph turned into a list (`SentenceReview.comparable`), for the review's findings.
            var marks: SentenceMarks?
            // The bead's prose scanned once for the sentences and the style review both (`BeadProse`):
            // as the model's pass scanned it, or here when both will read it.
            var prose = sentences?.review.scannedForModel[index]
            if let sentences {
                let marked = SentenceReview.isMarked(bead, source: source.blocks, target: target.blocks)
                let reviewed = review.statusMask & ~(BeadStatus.quietMask | BeadStatus.structure.bit | BeadStatus.englishLeft.bit) == 0
                    && SentenceReview.comparable(bead, source: source.blocks, target: target.blocks)
                    && !TranslatorHabits.holdsKeptQuotation(bead, source: source.blocks, target: target.blocks)
                if style != nil, marked, sentences.review.cutForModel[index] == nil,
                   sentences.review.willCut(bead, source: source.blocks, target: target.blocks) {
                    if prose == nil { prose = BeadProse(bead, source: source.blocks, target: target.blocks) }
                    if let terms { prose?.findTerms(terms) }
                }
                let paired = marked || reviewed
                    ? sentences.review.sentences(bead, at: index, source: source.blocks, target: target.blocks,
                                                 visible: marked, prose: prose)
                    : nil
                if marked, let paired { marks = SentenceMarks(paired) }
                // (A pair of one sentence a side is weighed only when a dictionary can say more.)
                if reviewed, let weighed = paired ?? sentences.review.onePair(bead, source: source.blocks, target: target.blocks) {
                    let found = sentences.review.findings(weighed, of: bead, source: source.blocks, target: target.blocks,
                                                          besides: SentenceReview.Neighbours(sentences.chapter, around: index))
                    if !found.isEmpty { review = BeadReview(bead: bead, findings: review.findings + found) }
                }
            }
            var unmade = 0
            if let style {
                let found = style.findings(bead, source: source.blocks, target: target.blocks, making: left, prose: prose)
                review = BeadReview(bead: bead, findings: review.findings + found.made)
                unmade = found.unmade
            }
            if unmade > 0 || review.findings.count > left { review.list(first: left, unmade: unmade) }
            left = max(0, left - review.findingCount)
            return ReviewedBead(review: review, sourceHash: sourceHash, targetHash: targetHash, accepted: verdict == .accepted,
                                sentences: marks)
        }
    }

    /// The findings a chapter lists: what its reports show (`ReportLimit.perChapter`, the first
    /// ones of the chapter in bead order); the book's most in a chapter is 210.
    public static let listed = ReportLimit.perChapter

    /// Findings of all the beads, listed or not.
    public var findingCount: Int { beads.reduce(0) { $0 + $1.review.findingCount } }

    static func hash(_ indexes: [Int], in blocks: [Block]) -> UInt64? {
        indexes.isEmpty ? nil : ContentHash.value(of: indexes.map { blocks[$0].source }.joined(separator: "\n\n"))
    }

    /// How many beads have each status (as their single status).
    public var counts: [BeadStatus: Int] { tally.counts }

    /// How much of the chapter is translated and accepted: the one definition (`Progress`).
    public var progress: Progress { tally.progress }
    /// Share of the pairs with English that are translated (`Progress`)…
    public var translatedShare: Double { tally.progress.translatedShare }
    /// …and of those, what a translator has accepted as it is now.
    public var acceptedShare: Double { tally.progress.acceptedShare }

    /// The ledger entries `guide review --accept` records: every bead with both sides.
    public var acceptEntries: [AcceptLedger.Entry] {
        beads.compactMap { bead in
            guard let sourceHash = bead.sourceHash, let targetHash = bead.targetHash else { return nil }
            let excerpt = Excerpt.of(bead.bead.source.map { source.blocks[$0].text }.joined(separator: " "), length: 48)
            return AcceptLedger.Entry(chapter: source.path, sourceHash: sourceHash, targetHash: targetHash, excerpt: excerpt)
        }
    }

    /// What the markdown of the pair's two files does that hurts readers, English first.
    public var readerFindings: [(chapter: Chapter, finding: ReaderFinding)] {
        [source, target].flatMap { chapter in ReaderChecks.findings(in: chapter.blocks).map { (chapter, $0) } }
    }

    /// What the review says of a chapter the translation does not have yet (`Chapter.untranslated`),
    /// in place of a `missing` finding for each of its English blocks: one finding at the
    /// translation's SUMMARY.md (the file to edit), a `missing` gap as `--fail-on` names it.
    public var untranslatedFinding: ReviewFinding? { untranslatedFinding(in: .en) }

    public func untranslatedFinding(in language: ReviewLanguage) -> ReviewFinding? {
        guard let why = target.untranslated else { return nil }
        return ReviewFinding(rule: Self.untranslatedRule,
                             message: ReviewMessage(why.fileExists ? .untranslatedFileExists : .untranslatedNotListed,
                                                    source.path, why.summary).text(in: language),
                             location: SourceLocation(file: why.summary), english: why.sourceEntry)
    }

    /// The rule of `untranslatedFinding` (SARIF, GitHub annotations, the text report).
    public static let untranslatedRule = "untranslated"

    public func sourceLines(_ bead: Bead) -> LineRange? { Alignment.span(bead.source, in: source.blocks) }
    public func targetLines(_ bead: Bead) -> LineRange? { Alignment.span(bead.target, in: target.blocks) }
}

extension Book {
    /// Every chapter of every translation, reviewed against the source.
    /// Chapter pairs are aligned in parallel; the result is in book order.
    /// `align` may be a cached alignment (see `AlignmentCache`).
    /// `memo` may return a review kept from an earlier build of the same inputs (see `ReviewMemo`).
    /// `dictionary`: a bilingual dictionary for the sentence review, parsed only if a review is
    /// made (`ReviewDictionary`: its parse's error is what this throws).
    public func reviews(align: @escaping BeadSource = { Aligner().align($0, $1) }, memo: ReviewMemo? = nil,
                        dictionary: ReviewDictionary? = nil) throws -> [ChapterReview] {
        let pairs = translations.flatMap { edition in
            source.chapters.compactMap { chapter in
                edition.chapter(at: chapter.path).map { ChapterPair(source: chapter, target: $0, edition: edition) }
            }
        }
        let markers = config.doubtMarkers
        let style = StyleReview(glossary: glossary)
        let sentenceGlossary = glossary.isEmpty ? nil : SentenceGlossary(glossary)
        let sentences = config.sentences
        // Everything besides the two chapters that a review depends on, the book-wide part once.
        let bookSettings = ReviewSettings(doubtMarkers: markers, sentences: sentences, glossary: glossary.terms,
                                          dictionary: dictionary?.key)
        return try pairs.concurrentMap { pair throws -> ChapterReview in
            let make = { () throws -> ChapterReview in
                // (Without the sentence review the dictionary is not read.)
                ChapterReview.make(source: pair.source, target: pair.target, language: pair.edition.language,
                                   ledger: pair.edition.ledger, doubtMarkers: markers, align: align, style: style,
                                   sentences: sentences, sentenceGlossary: sentenceGlossary,
                                   dictionary: sentences ? try dictionary?.entries() : nil)
            }
            guard let memo else { return try make() }
            var settings = bookSettings
            settings.accepted = AcceptLedger(entries: pair.edition.ledger.entries.filter { $0.chapter == pair.source.path }).serialized()
            return try memo.review(source: pair.source, target: pair.target, language: pair.edition.language,
                                   settings: settings, make: make)
        }
    }
}

private struct ChapterPair: Sendable {
    var source: Chapter
    var target: Chapter
    var edition: Edition
}

/// Reviews kept between builds (the build's cache): a review of the same two chapters with
/// the same `settings`, or else `make()`'s.
public protocol ReviewMemo: Sendable {
    /// `make`'s error (the dictionary's) is thrown, and nothing is kept.
    func review(source: Chapter, target: Chapter, language: Language, settings: ReviewSettings,
                make: () throws -> ChapterReview) throws -> ChapterReview
}

/// A short single-line excerpt of a text, for reports.
public enum Excerpt {
    /// The text on one line (runs of line breaks and tabs become one space, none at either
    /// end), cut to `length` characters with "…". Reads only as far as the cut: the text may
    /// be a long paragraph, and the dashboard makes an excerpt for every gap.
    public static func of(_ text: String, length: Int = 60) -> String {
        var line = ""
        line.reserveCapacity(min(text.utf8.count, 4 * length) + 4)
        var count = 0
        var spacePending = false
        // Character by character, no array made for each (that was a seventh of the dashboard's time).
        for character in text {
            if character == "\n" || character == "\t" {
                spacePending = count > 0
                continue
            }
            if spacePending {
                if count == length { return line + "…" }
                line.append(" ")
                count += 1
                spacePending = false
            }
            if count == length { return line + "…" }
            line.append(character)
            count += 1
        }
        return line
    }

    /// The text as it is, cut to `length` characters with "…" when longer (a quoted code token
    /// or URL may be a megabyte long). Reads only as far as the cut.
    public static func cut(_ text: String, length: Int) -> String {
        var end = text.startIndex
        for _ in 0..<length {
            guard end < text.endIndex else { return text }
            end = text.index(after: end)
        }
        return end == text.endIndex ? text : String(text[..<end]) + "…"
    }
}

