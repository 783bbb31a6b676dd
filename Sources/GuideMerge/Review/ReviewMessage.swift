import GuideModel

/// One thing `guide review` says, by a stable id and its arguments (numbers, excerpts, file
/// names: never words to translate), read in either language by `text(in:)`. Each language's
/// texts are in one place (`ReviewMessage+English.swift`, `ReviewMessage+Chinese.swift`), each a
/// switch over every id: a message without its text in either language does not compile.
public struct ReviewMessage: Hashable, Sendable, Codable {
    public var id: ID
    /// `{1}`, `{2}`… of the template. An argument made by `ReviewMessage.list` is joined with the
    /// language's "or".
    public var arguments: [String]
    /// Said after the message (`; note`): a glossary term's note, the book's own words.
    public var note: String?

    public init(_ id: ID, arguments: [String], note: String? = nil) {
        self.id = id
        self.arguments = arguments
        self.note = note
    }

    public init(_ id: ID, _ arguments: any CustomStringConvertible...) {
        self.init(id, arguments: arguments.map(\.description))
    }

    /// Alternatives (a glossary term's translations) as one argument.
    public static func list(_ items: [String]) -> String { items.joined(separator: listSeparator) }
    static let listSeparator = "\u{1F}"

    /// A snippet outcome's name (`pass`, `warn`, `assumed`, `fail`: `SnippetOutcome`'s raw values)
    /// in `language`; an unknown name as it is.
    public static func outcome(_ name: String, in language: ReviewLanguage) -> String {
        let ids: [String: ID] = ["pass": .outcomePass, "warn": .outcomeWarn, "assumed": .outcomeAssumed, "fail": .outcomeFail,
                                 "expected": .outcomeExpected, "intended": .outcomeIntended, "unexpected-pass": .outcomeUnexpectedPass,
                                 "ignored": .outcomeIgnored, "not-checked": .outcomeNotChecked]
        return ids[name].map { ReviewMessage($0).text(in: language) } ?? name
    }

    /// `231 snippets: 68 pass, 110 assumed, 34 fail` in `language`: the outcomes that occur, by
    /// their `guide check` names, in the order given (the terminal's last line and the dashboard's).
    public static func checkCounts(total: Int, _ counts: [(outcome: String, count: Int)], in language: ReviewLanguage) -> String {
        let parts = counts.filter { $0.count > 0 }.map { ReviewMessage(.summaryCount, $0.count, outcome($0.outcome, in: language)).text(in: language) }
        return ReviewMessage(.checkCounts, total, parts.joined(separator: language == .zh ? "，" : ", ")).text(in: language)
    }

    public func text(in language: ReviewLanguage) -> String {
        var out = ""
        var template = Substring(id.template(in: language))
        while let open = template.firstIndex(of: "{") {
            out += template[..<open]
            let rest = template[template.index(after: open)...]
            guard let close = rest.firstIndex(of: "}"), let number = Int(rest[..<close]),
                  number >= 1, number <= arguments.count else {
                out.append("{")
                template = rest
                continue
            }
            let argument = language == .zh ? id.chineseArgument(arguments[number - 1]) : arguments[number - 1]
            out += argument.replacingOccurrences(of: Self.listSeparator, with: language == .zh ? "或" : " or ")
            template = rest[rest.index(after: close)...]
        }
        out += template
        if let note { out += (language == .zh ? "；" : "; ") + note }
        return out
    }

    /// The English text (the JSON's and the tests' `message` of before).
    public var english: String { text(in: .en) }

    /// The message ids, stable: JSON's `messageId` names them.
    public enum ID: String, Hashable, Sendable, Codable, CaseIterable {
        // A pair's findings.
        case englishChanged, thematicBreakOnlyInEnglish, thematicBreakOnlyInChinese, noChinese, noEnglish
        case doubtMarker, copyOfEnglish, englishProse, englishLeft
        case englishChangedInCommit, englishChangedInCommitWords
        case codeToken, codeBlockCount, codeCommentsTranslated, fenceOutOfStep, fenceNotClosed
        case headingLevel, headingCount, listItems, listKinds, listCount, blockKinds
        case typographyPairCut, spaceMissing, spaceExtra, fullwidthAlnum, halfwidthPunctuation, repeatedPunctuation
        case glossaryStaysEnglish, glossaryLeftInEnglish, glossaryNeither, glossaryNotTranslated
        case sentencePartMissing, sentenceShort, sentenceMissing, sentenceExtra
        // A chapter file's reader findings.
        case headingSkip, imageWithoutAlt, linkWithoutText, vagueLinkText
        // A chapter the translation does not list; a snippet that compiles differently.
        case untranslatedNotListed, untranslatedFileExists, reasonNotListed, reasonFileExists
        case snippetOutcomes, snippetAssumed
        // A snippet's outcome as `guide check` names it (pass, warn, assumed, fail), and the pointer to it.
        case outcomePass, outcomeWarn, outcomeAssumed, outcomeFail, outcomeExpected, outcomeIntended, outcomeUnexpectedPass, outcomeIgnored
        case outcomeNotChecked, seeGuideCheck, snippetOutcomeLabel, snippetDivergenceLabel
        // The text report.
        case englishAt, findingsNotShown, findingsNotShownFirst, readerNotShown, chapterSummary, summaryCount
        case summaryNotTranslated, summaryReaderOne, summaryReaderMany, typographySummaryOne, typographySummaryMany
        case checkCounts, theEnglish, githubTitle, findingLabel
        // The dashboard and the side-by-side page.
        case dashboardTitle, whereToStart, overviewCaption, columnChapter, columnLanguage
        case columnTranslated, columnAccepted, columnSnippetsFailing, columnSnippetsWarning
        case filterShow, filterSnippets, filterReader, filterChapter, filterLanguage, filterAll
        case filterCountOne, filterCountMany, chapterCountOne, chapterCountMany, shownIn
        case legendTitle, legendStatus, legendMeaning, legendAction
        case sectionFindingsOne, sectionFindingsMany, sideBySide, progressLabel, progressText, notTranslatedYet
        case pairsByStatus, gapsHeading, typographyFold, gapsNotShown, gapsNotShownFirst, pairFindingsNotShown
        case snippetsHeading, readerHeading, readerNote, linkToPair, englishSinceTranslation
        // Why the book's history gives no stale pairs (`BookHistory.note`).
        case historyNotInGit, historyShallowClone
    }
}

extension GuideModel.Untranslated {
    /// `reason` in either language, the translation's SUMMARY.md named by `name`.
    public func explanation(naming name: (String) -> String = { $0 }) -> ReviewMessage {
        ReviewMessage(fileExists ? .reasonFileExists : .reasonNotListed, name(summary))
    }
}

extension BeadReview {
    /// How many typography findings the pair has, for a chapter's one line: those it lists, or,
    /// for a pair of thousands, the total its first line gives (`typographyPairCut`).
    var typographyCount: Int {
        if let cut = findings.first(where: { $0.explanation.id == .typographyPairCut }),
           let total = cut.explanation.arguments.first.flatMap({ Int($0.filter(\.isNumber)) }) {
            return total
        }
        return findings.count { $0.status == .typography }
    }
}
