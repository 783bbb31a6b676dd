import GuideModel

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
    /// A translated pair in which an English sentence has no Chinese (`SentenceReview`).
    case sentenceMissing
    /// A translated pair in which a Chinese sentence renders no English one (a note of the translator's).
    case sentenceExtra
    /// English prose left in the Chinese, or the Chinese block is a copy of its English.
    case englishLeft
    /// A glossary term of the English is not given its agreed translation (`content/glossary.yml`).
    case glossary
    /// Chinese typography: spacing between Chinese and Latin text, full-width letters, half-width punctuation.
    case typography
    /// Heading levels, list lengths or block kinds differ between the sides.
    case structure
    /// Informational: paired code blocks are the same code once comments and string literals are
    /// set aside, and those were translated (what a translator is expected to do).
    case codeCommentsTranslated
    /// Nothing to report.
    case translated

    /// Most pressing first. Staleness makes every other finding moot until the
    /// translation is redone; a missing or extra block is a hole in the page;
    /// drifted code misleads readers outright; a doubt is the translator asking
    /// for help (and often explains English left beside it); English left
    /// reads as unfinished; a structural difference is cosmetic next to those.
    public static let precedence: [BeadStatus] = [
        .stale, .missing, .extra, .codeDrift, .doubt, .sentenceMissing, .sentenceExtra, .englishLeft, .glossary, .typography,
        .structure, .codeCommentsTranslated, .translated,
    ]

    /// Style findings (glossary, typography) ask for an edit, but the text is translated:
    /// a bead with only these counts towards the translated share.
    public var isStyle: Bool { self == .glossary || self == .typography }

    /// Informational findings say what a translator did as expected: nothing to edit, the
    /// pair counts as translated, and reports print them as notes.
    public var isInformational: Bool { self == .codeCommentsTranslated }

    /// Position in `precedence` (0 is most pressing).
    public var rank: Int { Self.ranks[ordinal] }

    /// Each case's rank, by its place (looked up: a review read back ranks every finding).
    private static let ranks = allCases.map { status in precedence.firstIndex(of: status)! }

    /// The cases by their place (`allCases` makes its array anew at every call).
    static let byOrdinal = allCases

    /// The case's place in the declaration. Compared and hashed by it: a raw-valued enum
    /// otherwise hashes its raw string, and a rebuild counts every bead of the book by status.
    var ordinal: Int {
        switch self {
        case .stale: 0
        case .missing: 1
        case .extra: 2
        case .codeDrift: 3
        case .doubt: 4
        case .sentenceMissing: 5
        case .sentenceExtra: 6
        case .englishLeft: 7
        case .glossary: 8
        case .typography: 9
        case .structure: 10
        case .codeCommentsTranslated: 11
        case .translated: 12
        }
    }

    public static func == (a: BeadStatus, b: BeadStatus) -> Bool { a.ordinal == b.ordinal }

    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }
}

/// One thing found in a bead, pointing at the block it concerns.
public struct BeadFinding: Hashable, Sendable, Codable {
    public var status: BeadStatus
    /// A short explanation for the review page, e.g. "marker 【疑问】", in either language.
    public var explanation: ReviewMessage
    /// The explanation in English.
    public var message: String { explanation.english }
    /// Index of the English block concerned, if one.
    public var sourceBlock: Int?
    /// Index of the Chinese block concerned, if one.
    public var targetBlock: Int?
    /// Where in the Chinese file, for findings inside a block (typography, glossary): line, and column in characters.
    public var line: Int?
    public var column: Int?
    /// Where in the English file, for a finding about one English sentence (`sentenceMissing`).
    public var sourceLine: Int?
    /// How sure the finding is, 0 to 1, for findings that are a judgement (sentence findings).
    public var confidence: Double?

    public init(_ status: BeadStatus, _ explanation: ReviewMessage, sourceBlock: Int? = nil, targetBlock: Int? = nil,
                line: Int? = nil, column: Int? = nil, sourceLine: Int? = nil, confidence: Double? = nil) {
        self.status = status
        self.explanation = explanation
        self.sourceBlock = sourceBlock
        self.targetBlock = targetBlock
        self.line = line
        self.column = column
        self.sourceLine = sourceLine
        self.confidence = confidence
    }
}

/// A bead with its status and its findings.
///
/// A chapter lists its first findings only (`ChapterReview.listed`): a chapter of a million
/// tiny Chinese paragraphs has two million typography findings, and kept whole they were a
/// gigabyte that no report shows. A bead past that keeps what everything but a listing reads,
/// exactly: its status, every status found and how many findings it has.
public struct BeadReview: Hashable, Sendable, Codable {
    public var bead: Bead
    public var status: BeadStatus
    /// Ordered by the precedence of their status, then by block: every one, or the first ones
    /// when the chapter has more than it lists (then `findingCount` is larger).
    public private(set) var findings: [BeadFinding]
    /// How many findings the bead has, listed or not.
    public private(set) var findingCount: Int
    /// Bit `rank` for every status found (`BeadStatus.precedence`): the statuses outlive the findings.
    public private(set) var statusMask: UInt16

    public init(bead: Bead, findings: [BeadFinding]) {
        self.bead = bead
        // Already in order (as a cached review's are, and most beads' none or one): kept as they
        // are, which is what the stable sort would give; a rebuild decodes every bead's.
        if zip(findings, findings.dropFirst()).allSatisfy({ $0.status.rank <= $1.status.rank }) {
            self.findings = findings
        } else {
            self.findings = findings.enumerated().sorted { a, b in
                a.element.status.rank != b.element.status.rank ? a.element.status.rank < b.element.status.rank : a.offset < b.offset
            }.map(\.element)
        }
        findingCount = findings.count
        statusMask = Self.mask(findings)
        status = self.findings.first?.status ?? .translated
    }

    /// A review as a cache kept it; nil when the parts do not fit together (more findings listed
    /// than counted, a listed finding's status not among the statuses).
    public init?(bead: Bead, findings: [BeadFinding], findingCount: Int, statusMask: UInt16) {
        self.init(bead: bead, findings: findings)
        let all = UInt16((1 << BeadStatus.precedence.count) - 1)
        guard findingCount >= findings.count, statusMask & ~all == 0, statusMask & self.statusMask == self.statusMask,
              (findingCount == 0) == (statusMask == 0) else { return nil }
        self.findingCount = findingCount
        self.statusMask = statusMask
        status = Self.first(statusMask)
    }

    /// Every status found (the single `status` is the first), in order of precedence.
    public var statuses: [BeadStatus] {
        statusMask == 0 ? [.translated] : BeadStatus.precedence.filter { statusMask & $0.bit != 0 }
    }

    /// Whether `status` is one of the statuses found (`missing`: English with no translation,
    /// which a translation's page may show in its place, `output.fallback`).
    public func has(_ status: BeadStatus) -> Bool {
        status == .translated ? statusMask == 0 : statusMask & status.bit != 0
    }

    /// Findings counted but not listed.
    public var unlisted: Int { findingCount - findings.count }

    /// Lists only the first `listed` findings; the count and statuses keep every one, and
    /// `unmade` more of `status` (counted, never made: see `StyleReview.findings`).
    mutating func list(first listed: Int, unmade: Int = 0, of unmadeStatus: BeadStatus = .typography) {
        if unmade > 0 {
            findingCount += unmade
            statusMask |= unmadeStatus.bit
            status = Self.first(statusMask)
        }
        if findings.count > listed { findings.removeSubrange(max(0, listed)...) }
    }

    static func mask(_ findings: [BeadFinding]) -> UInt16 {
        findings.reduce(0) { $0 | $1.status.bit }
    }

    static func first(_ mask: UInt16) -> BeadStatus {
        BeadStatus.precedence.first { mask & $0.bit != 0 } ?? .translated
    }
}

extension BeadStatus {
    /// This status's bit in `BeadReview.statusMask`.
    var bit: UInt16 { 1 << UInt16(rank) }

    /// The statuses that ask for an edit of translated text (`isStyle`), as a mask.
    static let styleMask: UInt16 = precedence.filter(\.isStyle).reduce(0) { $0 | $1.bit }

    /// The statuses of a pair that is translated as it is: style and informational ones, as a mask.
    static let quietMask: UInt16 = styleMask | precedence.filter(\.isInformational).reduce(0) { $0 | $1.bit }
}
