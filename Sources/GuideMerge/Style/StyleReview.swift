import GuideModel

/// The style findings of one bead: glossary terms the Chinese does not render as agreed,
/// and the typography of its Chinese blocks. Pure, like `StatusClassifier`.
public struct StyleReview: Sendable {
    public let matcher: GlossaryMatcher

    public init(glossary: Glossary) {
        matcher = GlossaryMatcher(glossary)
    }

    public func findings(_ bead: Bead, source: [Block], target: [Block]) -> [BeadFinding] {
        // Both checks read the Chinese blocks' prose: scan each block once.
        let chinese = bead.target.map { ProseScanner.leaves(of: target[$0]) }
        return glossary(bead, source: source, target: target, chineseLeaves: chinese)
            + typography(bead, target: target, leaves: chinese)
    }

    /// Every typography finding of the bead's Chinese blocks, at its line and column.
    public func typography(_ bead: Bead, target: [Block]) -> [BeadFinding] {
        typography(bead, target: target, leaves: bead.target.map { ProseScanner.leaves(of: target[$0]) })
    }

    /// `leaves`: each of the bead's Chinese blocks' prose leaves, in the bead's order.
    func typography(_ bead: Bead, target: [Block], leaves: [[[ProseUnit]]]) -> [BeadFinding] {
        zip(bead.target, leaves).flatMap { index, leaves in
            Typography.findings(in: target[index], leaves: leaves).map {
                BeadFinding(.typography, $0.message, targetBlock: index, line: $0.position.line, column: $0.position.column)
            }
        }
    }

    /// One finding per glossary term the English uses and the Chinese does not give as agreed.
    /// Terms in code are not prose and are not checked; Chinese with no Chinese text in it
    /// (a copy of the English, a heading kept in English) is left to the other checks.
    public func glossary(_ bead: Bead, source: [Block], target: [Block]) -> [BeadFinding] {
        glossary(bead, source: source, target: target, chineseLeaves: nil)
    }

    /// `chineseLeaves`: as for `typography`, when the caller has them (else the blocks are scanned here).
    func glossary(_ bead: Bead, source: [Block], target: [Block], chineseLeaves: [[[ProseUnit]]]?) -> [BeadFinding] {
        guard !matcher.glossary.isEmpty, !bead.source.isEmpty, !bead.target.isEmpty else { return [] }
        let english = ProseText(bead.source.flatMap { ProseScanner.leaves(of: source[$0]) })
        let used = matcher.occurrences(in: english)
        guard !used.isEmpty else { return [] }
        let chinese = ProseText(chineseLeaves?.flatMap { $0 } ?? bead.target.flatMap { ProseScanner.leaves(of: target[$0]) })
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

    static func message(_ term: Glossary.Term, english: GlossaryMatcher.Occurrence, left: GlossaryMatcher.Occurrence?) -> String {
        let name = "“\(english.text)”"
        let translations = term.chinese.joined(separator: " or ")
        var text: String
        if term.chinese.isEmpty {
            text = "\(name) stays in English"
        } else if let left {
            text = "“\(left.text)” left in English: the glossary has \(translations)"
        } else if term.keepEnglish {
            text = "\(name) is neither kept nor translated as \(translations)"
        } else {
            text = "\(name) is not translated as \(translations)"
        }
        text += " (English line \(english.position.line))"
        if let note = term.note { text += "; \(note)" }
        return text
    }
}
