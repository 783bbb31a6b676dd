import GuideModel

/// Gives each bead its findings and status. Pure: the same bead and blocks
/// always give the same review.
public struct StatusClassifier: Sendable {
    /// Markers translators put in the Chinese to ask for a second look.
    public static let defaultDoubtMarkers = ["【疑问】", "【存疑】", "【待定】", "【待校对】"]

    public var doubtMarkers: [String]

    public init(doubtMarkers: [String] = StatusClassifier.defaultDoubtMarkers) {
        self.doubtMarkers = doubtMarkers
    }

    /// Reviews every bead; `staleBeads` holds the indexes (into `beads`) found stale elsewhere.
    public func review(_ beads: [Bead], source: [Block], target: [Block], staleBeads: Set<Int> = []) -> [BeadReview] {
        beads.enumerated().map { index, bead in
            classify(bead, source: source, target: target, stale: staleBeads.contains(index))
        }
    }

    public func classify(_ bead: Bead, source: [Block], target: [Block], stale: Bool = false) -> BeadReview {
        var findings: [BeadFinding] = []
        if stale { findings.append(BeadFinding(.stale, ReviewMessage(.englishChanged))) }
        // A lost code fence puts what follows out of place until the fences are in step again:
        // one finding at the code block that shows it, not a chain of missing and extra.
        if let lost = lostFence(bead, source: source, target: target) {
            return BeadReview(bead: bead, findings: findings + [lost] + doubts(bead, target: target))
        }
        // A thematic break on one side only has nothing to translate: it is a structural difference.
        if bead.target.isEmpty, let first = bead.source.first {
            findings.append(bead.source.allSatisfy { source[$0].kind == .thematicBreak }
                ? BeadFinding(.structure, ReviewMessage(.thematicBreakOnlyInEnglish), sourceBlock: first)
                : BeadFinding(.missing, ReviewMessage(.noChinese), sourceBlock: first))
        }
        if bead.source.isEmpty, let first = bead.target.first {
            findings.append(bead.target.allSatisfy { target[$0].kind == .thematicBreak }
                ? BeadFinding(.structure, ReviewMessage(.thematicBreakOnlyInChinese), targetBlock: first)
                : BeadFinding(.extra, ReviewMessage(.noEnglish), targetBlock: first))
        }
        findings += doubts(bead, target: target)
        findings += englishLeft(bead, source: source, target: target)
        if !bead.source.isEmpty, !bead.target.isEmpty {
            findings += codeDrift(bead, source: source, target: target)
            findings += structure(bead, source: source, target: target)
        }
        return BeadReview(bead: bead, findings: findings)
    }

    /// The bead's Chinese code block whose fences are out of step (`LostFence`), as a structure
    /// finding; nil when there is none, or its English has the same trouble.
    func lostFence(_ bead: Bead, source: [Block], target: [Block]) -> BeadFinding? {
        guard !bead.source.contains(where: { LostFence.at(source[$0]) != nil }) else { return nil }
        for index in bead.target {
            if let message = LostFence.at(target[index]) {
                return BeadFinding(.structure, message, sourceBlock: bead.source.first, targetBlock: index)
            }
        }
        return nil
    }

    func doubts(_ bead: Bead, target: [Block]) -> [BeadFinding] {
        bead.target.flatMap { index in
            doubtMarkers.filter { marker in
                !marker.isEmpty && (SingleScalarText.contains(target[index].source, marker) ?? target[index].source.contains(marker))
            }.map {
                BeadFinding(.doubt, ReviewMessage(.doubtMarker, $0), targetBlock: index)
            }
        }
    }

    /// Chinese blocks that are English prose, copies of their English, or carry an English sentence.
    /// Code blocks, and blocks whose Latin text is all code, links or URLs, are not English left.
    func englishLeft(_ bead: Bead, source: [Block], target: [Block]) -> [BeadFinding] {
        var findings: [BeadFinding] = []
        // Made when first needed: a block with few Latin words is no copy, whatever its text.
        var englishTexts: Set<String>?
        func isCopy(_ block: Block) -> Bool {
            if englishTexts == nil { englishTexts = Set(bead.source.map { Self.normalized(source[$0].text) }) }
            return englishTexts!.contains(Self.normalized(block.text))
        }
        // An English quotation kept beside its Chinese is not English left (`TranslatorHabits.keptQuotations`).
        let english = bead.source.map { source[$0] }
        let translatedBeside = bead.target.count > 1 && bead.target.contains { TranslatorHabits.hasChinese(target[$0]) }
        for index in bead.target {
            let block = target[index]
            if case .code = block.kind { continue }
            if translatedBeside, TranslatorHabits.isKeptCopy(block, of: english) { continue }
            let prose = EnglishProse.proseSource(block.source)
            let words = EnglishProse.runs(prose)
            let allWords = Array(words.joined())
            if allWords.count >= 4 || (allWords.count >= 2 && EnglishProse.functionWordCount(allWords) >= 1), isCopy(block) {
                findings.append(BeadFinding(.englishLeft, ReviewMessage(.copyOfEnglish), targetBlock: index))
            } else if EnglishProse.isEnglishBlock(proseSource: prose, words: allWords) {
                findings.append(BeadFinding(.englishLeft, ReviewMessage(.englishProse, EnglishProse.excerpt(allWords)), targetBlock: index))
            } else if let run = words.first(where: EnglishProse.isEnglishRun),
                      !Self.isQuotedWithTranslation(run, in: block, english: english) {
                findings.append(BeadFinding(.englishLeft, ReviewMessage(.englishLeft, EnglishProse.excerpt(run)), targetBlock: index))
            }
        }
        return findings
    }

    /// `> an English quotation (its Chinese)`: the English run is the whole of the pair's English
    /// (four in five of the English's words), kept as a quotation, and the block holds Chinese
    /// enough to translate it (a third of its letters' worth or more). English left in a
    /// translated paragraph is one sentence of several: its English is longer than the run.
    /// Kept as a quotation: a block quote, or the Chinese in parentheses right after the English
    /// (an English sentence left beside other Chinese is English left, not a quotation).
    static func isQuotedWithTranslation(_ run: [String], in block: Block, english: [Block]) -> Bool {
        var quoted = false
        if case .blockQuote = block.kind { quoted = true }
        if !quoted, let last = run.last, let end = block.text.range(of: last)?.upperBound,
           let next = block.text[end...].first(where: { !$0.isWhitespace }), "（(".contains(next) {
            quoted = true
        }
        guard quoted else { return false }
        let theirs = english.flatMap { TranslatorHabits.latinWords($0.text) }
        let kept = Set(run.flatMap { TranslatorHabits.latinWords($0) })
        guard theirs.count >= 3, theirs.filter(kept.contains).count * 5 >= theirs.count * 4 else { return false }
        let letters = run.reduce(0) { $0 + $1.count }
        return Double(TextMeasure.scan(block.text) { _ in }.cjk) * Aligner.defaultCJKWidth >= Double(letters) / 3
    }

    /// Characters of a code token a finding quotes (a string literal may be a megabyte long).
    static let quotedToken = 80

    /// Paired code blocks (in order) whose code tokens differ once comments are removed: drift, or,
    /// when they are the same with string literals and `#` comments masked too, translated comments.
    func codeDrift(_ bead: Bead, source: [Block], target: [Block]) -> [BeadFinding] {
        var sourceCode = bead.source.filter { source[$0].codeLiteral != nil }
        let targetCode = bead.target.filter { target[$0].codeLiteral != nil }
        // English code the Chinese renders as a code span of its paragraph (`TranslatorHabits.codeInlined`).
        if sourceCode.count > targetCode.count {
            let spans = Set(bead.target.flatMap { target[$0].inline.codeSpans.map(CodeTokens.of) })
            sourceCode.removeAll { spans.contains(CodeTokens.of(source[$0].codeLiteral!)) }
        }
        var findings: [BeadFinding] = []
        for (s, t) in zip(sourceCode, targetCode) {
            let english = CodeTokens.of(source[s].codeLiteral!), chinese = CodeTokens.of(target[t].codeLiteral!)
            guard english != chinese else { continue }
            // Translated string literals or shell comments: the translator's job, not drift.
            if CodeTokens.differOnlyInTranslation(source[s].codeLiteral!, target[t].codeLiteral!) {
                findings.append(BeadFinding(.codeCommentsTranslated, ReviewMessage(.codeCommentsTranslated),
                                            sourceBlock: s, targetBlock: t))
                continue
            }
            let at = (0..<min(english.count, chinese.count)).first { english[$0] != chinese[$0] } ?? min(english.count, chinese.count)
            let theirs = at < english.count ? "`\(Excerpt.cut(english[at], length: Self.quotedToken))`" : "the end"
            let ours = at < chinese.count ? "`\(Excerpt.cut(chinese[at], length: Self.quotedToken))`" : "the end"
            findings.append(BeadFinding(.codeDrift, ReviewMessage(.codeToken, at + 1, theirs, ours),
                                        sourceBlock: s, targetBlock: t))
        }
        if sourceCode.count != targetCode.count {
            findings.append(BeadFinding(.codeDrift, ReviewMessage(.codeBlockCount, sourceCode.count, targetCode.count),
                                        sourceBlock: sourceCode.first, targetBlock: targetCode.first))
        }
        return findings
    }

    /// Heading levels, list lengths and block kinds that differ between the sides.
    func structure(_ bead: Bead, source: [Block], target: [Block]) -> [BeadFinding] {
        var findings: [BeadFinding] = []
        let sourceHeadings = Self.headings(bead.source, in: source)
        let targetHeadings = Self.headings(bead.target, in: target)
        for (s, t) in zip(sourceHeadings, targetHeadings) where s.1 != t.1 {
            findings.append(BeadFinding(.structure, ReviewMessage(.headingLevel, s.1, t.1),
                                        sourceBlock: s.0, targetBlock: t.0))
        }
        if sourceHeadings.count != targetHeadings.count {
            findings.append(BeadFinding(.structure, ReviewMessage(.headingCount, sourceHeadings.count, targetHeadings.count),
                                        sourceBlock: sourceHeadings.first?.0 ?? bead.source.first,
                                        targetBlock: targetHeadings.first?.0 ?? bead.target.first))
        }
        let sourceLists = bead.source.filter { Self.isList(source[$0]) }
        let targetLists = bead.target.filter { Self.isList(target[$0]) }
        // One list split in two around a note or a quotation, with all its items: the same list.
        if sourceLists.count == 1, targetLists.count == 2, bead.target.count > 2,
           targetLists.reduce(0, { $0 + target[$1].items.count }) == source[sourceLists[0]].items.count,
           source[sourceLists[0]].kind == target[targetLists[0]].kind {
            return findings
        }
        for (s, t) in zip(sourceLists, targetLists) {
            if source[s].items.count != target[t].items.count {
                findings.append(BeadFinding(.structure, ReviewMessage(.listItems, source[s].items.count, target[t].items.count),
                                            sourceBlock: s, targetBlock: t))
            }
            if source[s].kind != target[t].kind {
                findings.append(BeadFinding(.structure, ReviewMessage(.listKinds), sourceBlock: s, targetBlock: t))
            }
        }
        if sourceLists.count != targetLists.count {
            findings.append(BeadFinding(.structure, ReviewMessage(.listCount, sourceLists.count, targetLists.count),
                                        sourceBlock: sourceLists.first ?? bead.source.first,
                                        targetBlock: targetLists.first ?? bead.target.first))
        }
        if bead.source.count == 1, bead.target.count == 1, findings.isEmpty {
            let s = source[bead.source[0]], t = target[bead.target[0]]
            if s.kind.name != t.kind.name {
                findings.append(BeadFinding(.structure, ReviewMessage(.blockKinds, s.kind.name, t.kind.name),
                                            sourceBlock: bead.source[0], targetBlock: bead.target[0]))
            }
        }
        return findings
    }

    /// (index, level) of the headings among `indexes`.
    static func headings(_ indexes: [Int], in blocks: [Block]) -> [(Int, Int)] {
        var found: [(Int, Int)] = []
        for index in indexes {
            let kind = blocks[index].kind
            if case .heading(let level) = kind { found.append((index, level)) }
        }
        return found
    }

    static func isList(_ block: Block) -> Bool {
        if case .list = block.kind { return true }
        return false
    }

    /// The text's words (split at whitespace) joined by single spaces.
    static func normalized(_ text: String) -> String {
        // Single-scalar text splits at whitespace scalars alike, without grapheme breaking.
        if let folded = SingleScalarText.foldedUTF8(text, separator: \.isWhitespace) {
            return String(decoding: folded, as: UTF8.self)
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// `StatusClassifier(doubtMarkers:).classify(…)` as a free function.
public func classify(_ bead: Bead, source: [Block], target: [Block], doubtMarkers: [String], stale: Bool = false) -> BeadReview {
    StatusClassifier(doubtMarkers: doubtMarkers).classify(bead, source: source, target: target, stale: stale)
}
