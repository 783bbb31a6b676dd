import GuideModel

/// Every kind of thing `guide review` reports, by the name users type (`--only`, `--skip`,
/// `--fail-on`) and read in JSON and SARIF: the pairs' statuses, the chapter files' reader
/// findings, snippets that compile differently, chapters the translation does not list. Each
/// has a label, what it means and what to do about it, in each language (the legend).
public enum ReviewKind: String, Hashable, Sendable, CaseIterable {
    case stale, missing, extra, codeDrift = "code-drift", codeCommentsTranslated = "code-comments-translated", doubt
    case sentenceMissing = "sentence-missing"
    case sentenceExtra = "sentence-extra", englishLeft = "english-left", glossary, typography, structure, translated
    case headingSkip = "heading-skip", imageAlt = "image-alt", linkText = "link-text"
    case snippet, untranslated

    public init(_ status: BeadStatus) {
        switch status {
        case .stale: self = .stale
        case .missing: self = .missing
        case .extra: self = .extra
        case .codeDrift: self = .codeDrift
        case .codeCommentsTranslated: self = .codeCommentsTranslated
        case .doubt: self = .doubt
        case .sentenceMissing: self = .sentenceMissing
        case .sentenceExtra: self = .sentenceExtra
        case .englishLeft: self = .englishLeft
        case .glossary: self = .glossary
        case .typography: self = .typography
        case .structure: self = .structure
        case .translated: self = .translated
        }
    }

    public init(_ kind: ReaderFinding.Kind) {
        switch kind {
        case .headingSkip: self = .headingSkip
        case .imageAlt: self = .imageAlt
        case .linkText: self = .linkText
        }
    }

    /// A rule's kind (a status's name, a reader check's, `snippet`, `untranslated`).
    public init?(rule: String) { self.init(rawValue: rule) }

    /// Reader findings of every kind (`--only reader`).
    public var isReader: Bool { self == .headingSkip || self == .imageAlt || self == .linkText }

    /// `未翻译 [missing]` in Chinese, `missing` in English: where a report line names its kind.
    public func named(in language: ReviewLanguage) -> String {
        language == .en ? rawValue : "\(label(in: language)) [\(rawValue)]"
    }

    public func label(in language: ReviewLanguage) -> String {
        language == .zh ? chineseTexts.label : englishTexts.label
    }

    /// What it means (the legend, SARIF's `fullDescription`).
    public func meaning(in language: ReviewLanguage) -> String {
        language == .zh ? chineseTexts.meaning : englishTexts.meaning
    }

    /// What to do about it (the legend, SARIF's `help`).
    public func action(in language: ReviewLanguage) -> String {
        language == .zh ? chineseTexts.action : englishTexts.action
    }
}
