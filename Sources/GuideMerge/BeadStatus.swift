/// What a reviewer should know about one bead of an aligned chapter pair.
///
/// A bead has one status (the most pressing of its findings, by `precedence`)
/// and keeps every finding, so a bead with a doubt marker *and* English left
/// in it shows as `doubt` but lists both.
public enum BeadStatus: String, Hashable, Sendable, CaseIterable, Codable {
    /// The English changed since the translation was made (decided by hash comparison elsewhere).
    case stale
    /// English with no Chinese.
    case missing
    /// Chinese with no English (a translator's note, a label the original does not have).
    case extra
    /// Paired code blocks differ in their code (comments aside).
    case codeDrift
    /// The translator marked the Chinese as uncertain (`【疑问】` or another marker).
    case doubt
    /// English prose left in the Chinese, or the Chinese block is a copy of its English.
    case englishLeft
    /// A glossary term of the English is not given its agreed translation (`content/glossary.yml`).
    case glossary
    /// Chinese typography: spacing between Chinese and Latin text, full-width letters, half-width punctuation.
    case typography
    /// Heading levels, list lengths or block kinds differ between the sides.
    case structure
    /// Nothing to report.
    case translated

    /// Most pressing first. Staleness makes every other finding moot until the
    /// translation is redone; a missing or extra block is a hole in the page;
    /// drifted code misleads readers outright; a doubt is the translator asking
    /// for help (and often explains English left beside it); English left
    /// reads as unfinished; a structural difference is cosmetic next to those.
    public static let precedence: [BeadStatus] = [
        .stale, .missing, .extra, .codeDrift, .doubt, .englishLeft, .glossary, .typography, .structure, .translated,
    ]

    /// Style findings (glossary, typography) ask for an edit, but the text is translated:
    /// a bead with only these counts towards the translated share.
    public var isStyle: Bool { self == .glossary || self == .typography }

    /// Position in `precedence` (0 is most pressing).
    public var rank: Int { Self.precedence.firstIndex(of: self)! }
}

/// One thing found in a bead, pointing at the block it concerns.
public struct BeadFinding: Hashable, Sendable, Codable {
    public var status: BeadStatus
    /// A short explanation for the review page, e.g. "marker 【疑问】".
    public var message: String
    /// Index of the English block concerned, if one.
    public var sourceBlock: Int?
    /// Index of the Chinese block concerned, if one.
    public var targetBlock: Int?
    /// Where in the Chinese file, for findings inside a block (typography, glossary): line, and column in characters.
    public var line: Int?
    public var column: Int?

    public init(_ status: BeadStatus, _ message: String, sourceBlock: Int? = nil, targetBlock: Int? = nil,
                line: Int? = nil, column: Int? = nil) {
        self.status = status
        self.message = message
        self.sourceBlock = sourceBlock
        self.targetBlock = targetBlock
        self.line = line
        self.column = column
    }
}

/// A bead with its status and all its findings.
public struct BeadReview: Hashable, Sendable, Codable {
    public var bead: Bead
    public var status: BeadStatus
    /// Ordered by the precedence of their status, then by block.
    public var findings: [BeadFinding]

    public init(bead: Bead, findings: [BeadFinding]) {
        self.bead = bead
        self.findings = findings.enumerated().sorted { a, b in
            a.element.status.rank != b.element.status.rank ? a.element.status.rank < b.element.status.rank : a.offset < b.offset
        }.map(\.element)
        self.status = self.findings.first?.status ?? .translated
    }

    /// Every status found (the single `status` is the first).
    public var statuses: [BeadStatus] {
        var seen: [BeadStatus] = []
        for finding in findings where !seen.contains(finding.status) { seen.append(finding.status) }
        return seen.isEmpty ? [.translated] : seen
    }
}
