import GuideModel

// Every English text of `guide review`: its messages (`ReviewMessage.ID`) and its kinds' labels,
// meanings and actions (`ReviewKind`). The Chinese ones are in `ReviewMessage+Chinese.swift`.

extension ReviewMessage.ID {
    /// The text with `{1}`, `{2}`… where the arguments go.
    public func template(in language: ReviewLanguage) -> String {
        switch language {
        case .en: english
        case .zh: chinese
        }
    }

    var english: String {
        switch self {
        case .englishChanged: "the English changed since this was translated"
        case .thematicBreakOnlyInEnglish: "thematic break only in English"
        case .thematicBreakOnlyInChinese: "thematic break only in Chinese"
        case .noChinese: "no Chinese for this English"
        case .noEnglish: "Chinese with no English"
        case .doubtMarker: "marker {1}"
        case .copyOfEnglish: "a copy of the English"
        case .englishProse: "English prose: “{1}”"
        case .englishLeft: "English left: “{1}”"
        case .englishChangedInCommit: "the English changed in {1} ({2}) after its translation last did in {3} ({4})"
        case .englishChangedInCommitWords: "the English changed in {1} ({2}) after its translation last did in {3} ({4}): {5}"
        case .codeCommentsTranslated: "the same code, with its comments or strings translated"
        case .fenceOutOfStep: "a code fence is out of step: this code block holds a fence with a language, so a fence before it was lost and prose shows as code, or code as prose"
        case .fenceNotClosed: "a code fence is not closed: the rest of the chapter shows as code"
        case .codeToken: "code differs at token {1}: {2} in English, {3} in Chinese"
        case .codeBlockCount: "{1} code blocks in English, {2} in Chinese"
        case .headingLevel: "heading level {1} in English, {2} in Chinese"
        case .headingCount: "{1} headings in English, {2} in Chinese"
        case .listItems: "list of {1} items in English, {2} in Chinese"
        case .listKinds: "numbered list on one side, bulleted on the other"
        case .listCount: "{1} lists in English, {2} in Chinese"
        case .blockKinds: "{1} in English, {2} in Chinese"
        case .typographyPairCut: "this pair has {1} typography findings; the first {2} are listed (`guide fix-spacing` mends the spacing ones)"
        case .spaceMissing: "space-missing: “{1}” → “{2}”"
        case .spaceExtra: "space-extra: “{1}” → “{2}”"
        case .fullwidthAlnum: "fullwidth-alnum: “{1}” → “{2}”"
        case .halfwidthPunctuation: "halfwidth-punctuation: “{1}” → “{2}”"
        case .repeatedPunctuation: "repeated-punctuation: “{1}” → “{2}”"
        case .glossaryStaysEnglish: "“{1}” stays in English (English line {2})"
        case .glossaryLeftInEnglish: "“{1}” left in English: the glossary has {2} (English line {3})"
        case .glossaryNeither: "“{1}” is neither kept nor translated as {2} (English line {3})"
        case .glossaryNotTranslated: "“{1}” is not translated as {2} (English line {3})"
        case .sentencePartMissing: "part of an English sentence has no Chinese: “{1}” in “{2}” (confidence {3})"
        case .sentenceShort: "the Chinese of an English sentence is far shorter than it: “{1}” (confidence {2})"
        case .sentenceMissing: "an English sentence has no Chinese: “{1}” (confidence {2})"
        case .sentenceExtra: "a Chinese sentence renders no English one: “{1}” (confidence {2})"
        case .headingSkip: "level {1} after level {2}"
        case .imageWithoutAlt: "image without alt text ({1})"
        case .linkWithoutText: "link without text"
        case .vagueLinkText: "link text “{1}” says nothing of where it goes"
        case .untranslatedNotListed: "'{1}' is not translated yet: {2} does not list it"
        case .untranslatedFileExists: "'{1}' is not translated yet: the file exists but {2} does not list it"
        case .reasonNotListed: "{1} does not list it"
        case .reasonFileExists: "the file exists but {1} does not list it"
        case .snippetOutcomes: "{1} in {2}, {3} in {4}"
        case .snippetAssumed: "compiles, assuming {1}"
        case .outcomePass: "pass"
        case .outcomeWarn: "warn"
        case .outcomeAssumed: "assumed"
        case .outcomeFail: "fail"
        case .outcomeExpected: "expected"
        case .outcomeIntended: "intended"
        case .outcomeUnexpectedPass: "unexpected-pass"
        case .outcomeIgnored: "ignored"
        case .outcomeNotChecked: "not-checked"
        case .snippetOutcomeLabel: "snippet-{1}"
        case .snippetDivergenceLabel: "snippet-divergence"
        case .seeGuideCheck: "(guide check)"
        case .englishAt: " (English: {1})"
        case .findingsNotShown: "{1} findings in this chapter not shown (`guide review --format json` lists them all)"
        case .findingsNotShownFirst: "{1} findings in this chapter not shown (`guide review --format json` lists the first {2})"
        case .readerNotShown: "{1} reader findings in this file not shown (`guide review --format json` lists them all)"
        case .chapterSummary: "{1}: {2} pairs: {3}; {4}% of the English translated, {5}% accepted"
        case .summaryCount: "{1} {2}"
        case .summaryNotTranslated: "; not translated yet"
        case .summaryReaderOne: "; 1 reader finding in the pair's files"
        case .summaryReaderMany: "; {1} reader findings in the pair's files"
        case .typographySummaryOne: "1 typography finding in this chapter: run `guide fix-spacing` (`guide review --only typography` lists it)"
        case .typographySummaryMany: "{1} typography findings in this chapter: run `guide fix-spacing` (`guide review --only typography` lists them)"
        case .checkCounts: "{1} snippets: {2}"
        case .theEnglish: "the English"
        case .githubTitle: "guide review: {1}"
        case .findingLabel: "{1}{2}: {3}"
        case .dashboardTitle: "Translation review"
        case .whereToStart: "Where to start"
        case .overviewCaption: "One row per chapter; the headers sort the table"
        case .columnChapter: "Chapter"
        case .columnLanguage: "Language"
        case .columnTranslated: "Translated %"
        case .columnAccepted: "Accepted %"
        case .columnSnippetsFailing: "Snippets failing"
        case .columnSnippetsWarning: "Snippets warning"
        case .filterShow: "Show"
        case .filterSnippets: "snippets"
        case .filterReader: "reader"
        case .filterChapter: "Chapter"
        case .filterLanguage: "Language"
        case .filterAll: "all"
        case .filterCountOne: "1 finding"
        case .filterCountMany: "{1} findings"
        case .chapterCountOne: "1 chapter"
        case .chapterCountMany: "{1} chapters"
        case .shownIn: "{1} shown in {2}"
        case .legendTitle: "What the statuses mean"
        case .legendStatus: "Status"
        case .legendMeaning: "What it means"
        case .legendAction: "What to do"
        case .sectionFindingsOne: "1 finding"
        case .sectionFindingsMany: "{1} findings"
        case .sideBySide: "Side by side"
        case .progressLabel: "{1}% translated, {2}% accepted"
        case .progressText: "{1}% of the English translated ({2} of {3} pairs with English), {4}% accepted"
        case .notTranslatedYet: "not translated yet"
        case .pairsByStatus: "Pairs by status"
        case .gapsHeading: "Gaps"
        case .typographyFold: "{1} findings (`guide fix-spacing` mends the spacing ones)"
        case .gapsNotShown: "{1} gaps in this chapter not shown (`guide review --format json` lists them all)"
        case .gapsNotShownFirst: "{1} gaps in this chapter not shown (`guide review --format json` lists the first {2})"
        case .pairFindingsNotShown: "{1} findings in this pair not shown"
        case .snippetsHeading: "Snippets"
        case .readerHeading: "For readers: {1} in the markdown"
        case .readerNote: "Headings that skip a level, images without alt text, links that say only “here”: mend the chapter files."
        case .linkToPair: "Link to this pair"
        case .englishSinceTranslation: "The English since the translation"
        case .historyNotInGit: "the book is not kept in git (or git is not installed): stale pairs come only from the accept ledger"
        case .historyShallowClone: "{1} is a shallow clone: its history is cut short, so stale pairs come only from the accept ledger (git fetch --unshallow gives the rest)"
        }
    }
}

extension ReviewKind {
    var englishTexts: (label: String, meaning: String, action: String) {
        switch self {
        case .stale: ("stale", "The English changed after its translation last did (in git), or since it was accepted.",
                      "Compare the English with the Chinese, update the Chinese, then commit or run `guide review --accept`.")
        case .missing: ("missing", "English with no translation.", "Translate the English passage.")
        case .extra: ("extra", "A translated block with no English.",
                      "Keep it if it is a translator's note; else remove it or move it to its English.")
        case .codeDrift: ("code-drift", "Paired code blocks differ in their code.",
                          "Copy the English code; translate only its comments and strings.")
        case .codeCommentsTranslated: ("code-comments-translated",
                                       "Paired code blocks with the same code, their comments or strings translated (for information).",
                                       "Nothing to do.")
        case .doubt: ("doubt", "The translator marked the translation as uncertain (【疑问】).",
                      "Settle the question, then remove the marker.")
        case .sentenceMissing: ("sentence-missing", "A translated pair in which an English sentence has no translation.",
                                "Translate the sentence the finding quotes.")
        case .sentenceExtra: ("sentence-extra", "A translated pair in which a sentence of the translation renders no English one.",
                              "Keep it if it is meant; else remove it.")
        case .englishLeft: ("english-left", "English prose left in the translation.", "Translate the English that is left.")
        case .glossary: ("glossary", "A glossary term not given its agreed translation.",
                         "Use the translation content/glossary.yml gives.")
        case .typography: ("typography", "Chinese typography: spacing, full-width letters, half-width punctuation.",
                           "Run `guide fix-spacing`; mend the rest by hand.")
        case .structure: ("structure", "Heading levels, list lengths or block kinds differ between the languages.",
                          "Give the Chinese the English's headings, lists and blocks.")
        case .translated: ("translated", "Translated, nothing found.", "Nothing.")
        case .headingSkip: ("heading-skip", "A heading level skipped.", "Use the next heading level.")
        case .imageAlt: ("image-alt", "An image without alt text.", "Describe the image in its alt text: ![what it shows](file).")
        case .linkText: ("link-text", "A link whose text says nothing of where it goes.", "Say in the link's text where it leads.")
        case .snippet: ("snippet", "A snippet that compiles differently in the translation than in English.",
                        "Compare the two code blocks; `guide check` tells why.")
        case .untranslated: ("untranslated", "A chapter the translation's SUMMARY.md does not list yet (every block missing).",
                             "Translate the chapter and list it in the translation's SUMMARY.md.")
        }
    }
}
