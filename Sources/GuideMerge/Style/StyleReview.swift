import GuideModel

/// The style findings of one bead: glossary terms the Chinese does not render as agreed,
/// and the typography of its Chinese blocks. Pure, like `StatusClassifier`.
public struct StyleReview: Sendable {
    public let matcher: GlossaryMatcher

    public init(glossary: Glossary) {
        matcher = GlossaryMatcher(glossary)
    }

    public func findings(_ bead: Bead, source: [Block], target: [Block]) -> [BeadFinding] {
        findings(bead, source: source, target: target, making: .max).made
    }

    /// The findings, of which only the first `making` typography findings are made (their
    /// excerpts and messages are most of their cost) and the rest counted (`unmade`): a chapter
    /// lists its first findings only (`ChapterReview.make`). The made ones are the first of
    /// what `making: .max` gives, in the same order.
    /// `prose`: the bead's blocks already scanned (else each is scanned here).
    func findings(_ bead: Bead, source: [Block], target: [Block], making: Int,
                  prose: BeadProse? = nil) -> (made: [BeadFinding], unmade: Int) {
        let used = termsUsed(bead, source: source, prose: prose)
        // Both checks read the Chinese blocks' prose: each leaf is scanned once, checked, and
        // its text kept for the glossary only when the English uses a term.
        var chinese = used.isEmpty ? nil : ProseText()
        var spacing: [BeadFinding] = []
        var listed = 0     // what the pair lists (`typographyListed`), made or not
        var unlisted = 0
        for (offset, index) in bead.target.enumerated() {
            let lines = Typography.SourceLineText(target[index])
            Self.forEachLeaf(of: target[index], scanned: prose?.target[offset]) { leaf in
                let room = Self.typographyListed - listed
                let (shown, total) = Typography.findings(in: leaf, lineText: lines.characters,
                                                         limit: min(room, max(0, making - spacing.count)))
                spacing += Self.typography(shown, block: index)
                listed += min(total, room)
                unlisted += total - min(total, room)
                chinese?.append(leaf: leaf)
            }
        }
        var unmade = listed - spacing.count
        if unlisted > 0, let first = bead.target.first {
            // First, so that a report cut per chapter still shows it.
            let total = ReportLimit.grouped(listed + unlisted)
            spacing.insert(BeadFinding(.typography, ReviewMessage(.typographyPairCut, total, ReportLimit.grouped(listed)),
                                       targetBlock: first), at: 0)
            if spacing.count > making {
                spacing.removeLast()
                unmade += 1
            }
        }
        let terms = chinese.map { glossary(bead, used: used, chinese: $0, target: target) } ?? []
        return (terms + spacing, unmade)
    }

    /// Typography findings a pair lists before it only counts the rest: a pair of a megabyte of
    /// mixed text has a million, each with its excerpt, and no one reads them one by one
    /// (`guide fix-spacing` mends them). The book's most in a pair: 46.
    static let typographyListed = 1000

    /// Every typography finding of the bead's Chinese blocks, at its line and column.
    public func typography(_ bead: Bead, target: [Block]) -> [BeadFinding] {
        bead.target.flatMap { index in Self.typography(Typography.findings(in: target[index]), block: index) }
    }

    static func typography(_ findings: [TypographyFinding], block: Int) -> [BeadFinding] {
        findings.map {
            BeadFinding(.typography, $0.explanation, targetBlock: block, line: $0.position.line, column: $0.position.column)
        }
    }

    /// One finding per glossary term the English uses and the Chinese does not give as agreed.
    /// Terms in code are not prose and are not checked; Chinese with no Chinese text in it
    /// (a copy of the English, a heading kept in English) is left to the other checks.
    public func glossary(_ bead: Bead, source: [Block], target: [Block]) -> [BeadFinding] {
        let used = termsUsed(bead, source: source)
        guard !used.isEmpty else { return [] }
        var chinese = ProseText()
        for index in bead.target { ProseScanner.forEachLeaf(of: target[index]) { chinese.append(leaf: $0) } }
        return glossary(bead, used: used, chinese: chinese, target: target)
    }

    /// The glossary terms the bead's English prose uses (none when either side is empty).
    func termsUsed(_ bead: Bead, source: [Block], prose: BeadProse? = nil) -> [GlossaryMatcher.Occurrence] {
        guard !matcher.glossary.isEmpty, !bead.source.isEmpty, !bead.target.isEmpty else { return [] }
        // Searched already, leaf by leaf (the leaves are apart in a `ProseText` too, so the
        // terms of the whole are those of its leaves, in order).
        if let prose, prose.hasTerms {
            return prose.source.flatMap { $0.filter(\.matches).flatMap { $0.terms ?? [] } }
        }
        var english = ProseText()
        for (offset, index) in bead.source.enumerated() {
            Self.forEachLeaf(of: source[index], scanned: prose?.source[offset]) { english.append(leaf: $0) }
        }
        return matcher.occurrences(in: english)
    }

    /// The block's leaves that match cmark's text (`ProseScanner.forEachLeaf`), from its scan
    /// when it has one.
    static func forEachLeaf(of block: Block, scanned: [ProseScanner.Leaf]?, _ body: ([ProseUnit]) -> Void) {
        guard let scanned else { return ProseScanner.forEachLeaf(of: block, body) }
        for leaf in scanned where leaf.matches { body(leaf.units) }
    }

    func glossary(_ bead: Bead, used: [GlossaryMatcher.Occurrence], chinese: ProseText, target: [Block]) -> [BeadFinding] {
        guard chinese.containsCJK else { return [] }
        let leftInChinese = matcher.occurrences(in: chinese, ignoringCase: true)
        let chineseString = chinese.string
        var seen = Set<Int>()
        var findings: [BeadFinding] = []
        // Each term's first occurrence left in the Chinese (looked up per term, not searched for).
        var firstLeft: [Int: GlossaryMatcher.Occurrence] = [:]
        for occurrence in leftInChinese where firstLeft[occurrence.term] == nil { firstLeft[occurrence.term] = occurrence }
        for occurrence in used where seen.insert(occurrence.term).inserted {
            guard !matcher.isRendered(occurrence.term, in: chinese, string: chineseString, found: leftInChinese) else { continue }
            let term = matcher.glossary.terms[occurrence.term]
            let left = firstLeft[occurrence.term]
            let at = left?.position
            let block = at.flatMap { position in bead.target.first { target[$0].lines.start <= position.line && position.line <= target[$0].lines.end } }
                ?? bead.target.first
            findings.append(BeadFinding(.glossary, Self.message(term, english: occurrence, left: left),
                                        sourceBlock: bead.source.first, targetBlock: block,
                                        line: at?.line, column: at?.column))
        }
        return findings
    }

    static func message(_ term: Glossary.Term, english: GlossaryMatcher.Occurrence, left: GlossaryMatcher.Occurrence?) -> ReviewMessage {
        let translations = ReviewMessage.list(term.chinese)
        let line = String(english.position.line)
        let arguments: (ReviewMessage.ID, [String])
        if term.chinese.isEmpty {
            arguments = (.glossaryStaysEnglish, [english.text, line])
        } else if let left {
            arguments = (.glossaryLeftInEnglish, [left.text, translations, line])
        } else if term.keepEnglish {
            arguments = (.glossaryNeither, [english.text, translations, line])
        } else {
            arguments = (.glossaryNotTranslated, [english.text, translations, line])
        }
        return ReviewMessage(arguments.0, arguments: arguments.1, note: term.note)
    }
}
