import Foundation
@testable import GuideMerge
import GuideModel
import GuideParse
import Testing

/// `guide review` in the translator's language: the catalog has every text in both languages,
/// and the language is chosen by `--lang`, then `review.lang`, then the locale.
@Suite struct ReviewLanguageTests {
    static func hasChinese(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
    }

    static func placeholders(_ template: String) -> Set<String> {
        var found: Set<String> = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            found.insert(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    @Test func everyMessageHasItsChineseTextWithTheSamePlaceholders() {
        for id in ReviewMessage.ID.allCases {
            let english = id.template(in: .en), chinese = id.template(in: .zh)
            #expect(!english.isEmpty, "\(id) has no English text")
            #expect(chinese != english, "\(id): the Chinese text is the English one")
            // Texts of only arguments, identifiers and punctuation: their order and the full-width
            // punctuation are what the Chinese changes.
            if ![.summaryCount, .githubTitle, .findingLabel].contains(id) {
                #expect(Self.hasChinese(chinese), "\(id): “\(chinese)” has no Chinese in it")
            }
            #expect(Self.placeholders(chinese) == Self.placeholders(english), "\(id): the placeholders differ")
        }
    }

    @Test func everyKindHasItsChineseLabelMeaningAndAction() {
        for kind in ReviewKind.allCases {
            for (english, chinese) in [(kind.label(in: .en), kind.label(in: .zh)), (kind.meaning(in: .en), kind.meaning(in: .zh)),
                                       (kind.action(in: .en), kind.action(in: .zh))] {
                #expect(chinese != english && Self.hasChinese(chinese), "\(kind): “\(chinese)”")
            }
            // The English label is the name users type; the Chinese one names it after itself.
            #expect(kind.label(in: .en) == kind.rawValue)
            #expect(kind.named(in: .zh) == "\(kind.label(in: .zh)) [\(kind.rawValue)]")
        }
        #expect(ReviewKind.missing.label(in: .zh) == "未翻译")
        #expect(ReviewKind.typography.label(in: .zh) == "排版")
    }

    @Test func messagesFillTheirArgumentsInEitherLanguage() {
        let drift = ReviewMessage(.codeToken, 3, "`x`", "the end")
        #expect(drift.text(in: .en) == "code differs at token 3: `x` in English, the end in Chinese")
        #expect(drift.text(in: .zh) == "代码在第 3 个记号处不同：英文是 `x`，中文是 结尾")
        let glossary = ReviewMessage(.glossaryNotTranslated, arguments: ["block", ReviewMessage.list(["块", "代码块"]), "7"], note: "见术语表")
        #expect(glossary.text(in: .en) == "“block” is not translated as 块 or 代码块 (English line 7); 见术语表")
        #expect(glossary.text(in: .zh) == "术语“block”没有译作 块或代码块（英文第 7 行）；见术语表")
        #expect(ReviewMessage(.blockKinds, "paragraph", "list").text(in: .zh) == "块的类型不同：英文是段落，中文是列表")
        // An argument holding braces is the book's text, not a placeholder.
        #expect(ReviewMessage(.doubtMarker, "{2}").text(in: .en) == "marker {2}")
    }

    @Test func theFlagThenTheConfigThenTheLocaleChoose() {
        #expect(ReviewLanguage.chosen(flag: nil, config: nil, environment: [:]) == .en)
        #expect(ReviewLanguage.chosen(flag: nil, config: nil, environment: ["LANG": "zh_CN.UTF-8"]) == .zh)
        #expect(ReviewLanguage.chosen(flag: nil, config: nil, environment: ["LANG": "zh_CN.UTF-8", "LC_MESSAGES": "en_US.UTF-8"]) == .en)
        #expect(ReviewLanguage.chosen(flag: nil, config: nil, environment: ["LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_TW"]) == .zh)
        #expect(ReviewLanguage.chosen(flag: nil, config: nil, environment: ["LC_ALL": "C", "LC_MESSAGES": "zh_CN"]) == .en)
        // An empty variable is not set (POSIX).
        #expect(ReviewLanguage.chosen(flag: nil, config: nil, environment: ["LC_ALL": "", "LANG": "zh_CN"]) == .zh)
        #expect(ReviewLanguage.chosen(flag: nil, config: .en, environment: ["LC_ALL": "zh_CN"]) == .en)
        #expect(ReviewLanguage.chosen(flag: nil, config: .zh, environment: ["LC_ALL": "en_US"]) == .zh)
        #expect(ReviewLanguage.chosen(flag: .en, config: .zh, environment: ["LC_ALL": "zh_CN"]) == .en)
        #expect(ReviewLanguage.chosen(flag: .zh, config: nil, environment: [:]) == .zh)
    }

    @Test func reviewLangIsReadAndABadOneNamesItsLine() throws {
        #expect(try ConfigLoader.parse("languages: [en, zh]\n", displayPath: "guide.yml").reviewLanguage == nil)
        #expect(try ConfigLoader.parse("review:\n  lang: zh\n", displayPath: "guide.yml").reviewLanguage == .zh)
        #expect(try ConfigLoader.parse("review:\n  lang: en\n", displayPath: "guide.yml").reviewLanguage == .en)
        do {
            _ = try ConfigLoader.parse("languages: [en, zh]\nreview:\n  sentences: true\n  lang: chinese\n", displayPath: "content/guide.yml")
            Issue.record("an unknown review.lang was accepted")
        } catch let error as GuideError {
            #expect(error.description.hasPrefix("content/guide.yml:4:9: error: 'review.lang' must be en or zh, not \"chinese\""))
        }
    }

    @Test func onlyKeepsThenSkipTakesAway() {
        let parsed = ReviewFilter.kinds("missing, doubt,reader,bogus")
        #expect(parsed.kinds == [.missing, .doubt, .headingSkip, .imageAlt, .linkText])
        #expect(parsed.unknown == ["bogus"])
        #expect(ReviewFilter.kinds("translated").unknown == ["translated"])
        let filter = ReviewFilter(only: ReviewFilter.kinds("reader,missing").kinds, skip: ReviewFilter.kinds("link-text").kinds)
        #expect(filter.shows(.missing) && filter.shows(.imageAlt))
        #expect(!filter.shows(.linkText) && !filter.shows(.doubt) && !filter.shows(.typography))
        #expect(filter.summarizesTypography)
        #expect(!ReviewFilter(only: [.typography]).summarizesTypography)
        #expect(!ReviewFilter(typographyInFull: true).summarizesTypography)
        #expect(ReviewFilter(skip: [.typography]).shows(.doubt) && !ReviewFilter(skip: [.typography]).shows(.typography))
        #expect(ReviewFilter.names.contains("reader") && !ReviewFilter.names.contains("translated"))
    }
}
