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
        for index in bead.target {
            let block = target[index]
            if case .code = block.kind { continue }
            let prose = EnglishProse.proseSource(block.source)
            let words = EnglishProse.runs(prose)
            let allWords = Array(words.joined())
            if allWords.count >= 4 || (allWords.count >= 2 && EnglishProse.functionWordCount(allWords) >= 1), isCopy(block) {
                findings.append(BeadFinding(.englishLeft, ReviewMessage(.copyOfEnglish), targetBlock: index))
            } else if EnglishProse.isEnglishBlock(proseSource: prose, words: allWords) {
                findings.append(BeadFinding(.englishLeft, ReviewMessage(.englishProse, EnglishProse.excerpt(allWords)), targetBlock: index))
            } else if let run = words.first(where: EnglishProse.isEnglishRun) {
                findings.append(BeadFinding(.englishLeft, ReviewMessage(.englishLeft, EnglishProse.excerpt(run)), targetBlock: index))
            }
        }
        return findings
    }

    /// Characters of a code token a finding quotes (a string literal may be a megabyte long).
    static let quotedToken = 80

    /// Paired code blocks (in order) whose code tokens differ once comments are removed.
    func codeDrift(_ bead: Bead, source: [Block], target: [Block]) -> [BeadFinding] {
        let sourceCode = bead.source.filter { source[$0].codeLiteral != nil }
        let targetCode = bead.target.filter { target[$0].codeLiteral != nil }
        var findings: [BeadFinding] = []
        for (s, t) in zip(sourceCode, targetCode) {
            let english = CodeTokens.of(source[s].codeLiteral!), chinese = CodeTokens.of(target[t].codeLiteral!)
            guard english != chinese else { continue }
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
