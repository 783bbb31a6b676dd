@testable import GuideMerge
import GuideModel
import GuideParse
import Testing

/// Bead statuses on small hand-made blocks, one status at a time, then precedence.
@Suite struct StatusTests {
    /// Every case has a place of its own, in declaration order (what statuses are compared and hashed by).
    @Test func everyStatusHasItsOwnOrdinal() {
        #expect(BeadStatus.allCases.map(\.ordinal) == Array(BeadStatus.allCases.indices))
        #expect(Set(BeadStatus.allCases).count == BeadStatus.allCases.count)
        #expect(BeadStatus(rawValue: "doubt") == .doubt && BeadStatus.doubt != .translated)
    }

    let parser = MarkdownParser()
    let classifier = StatusClassifier()

    /// Reviews a 1:1 bead made of one English and one Chinese markdown block.
    func review(_ english: String, _ chinese: String, stale: Bool = false) -> BeadReview {
        let source = parser.parse(english), target = parser.parse(chinese)
        return classifier.classify(Bead(source: Array(source.indices), target: Array(target.indices)),
                                   source: source, target: target, stale: stale)
    }

    @Test func translated() {
        let result = review("Blocks are the Objective-C version of lambdas or closures.",
                            "block 是 Objective-C 版本的 lambda 或者 closure（闭包）。")
        #expect(result.status == .translated)
        #expect(result.findings.isEmpty)
        #expect(result.statuses == [.translated])
    }

    @Test func missingAndExtra() {
        let source = parser.parse("Some key points:"), target = parser.parse("（译者注：这里是译者加的说明。）")
        let missing = classifier.classify(Bead(source: [0], target: []), source: source, target: target)
        let extra = classifier.classify(Bead(source: [], target: [0]), source: source, target: target)
        #expect(missing.status == .missing)
        #expect(missing.findings.first?.sourceBlock == 0)
        #expect(extra.status == .extra)
        #expect(extra.findings.first?.targetBlock == 0)
    }

    @Test func lonelyThematicBreakIsStructureNotMissing() {
        let source = parser.parse("-------------------"), target = parser.parse("")
        let result = classifier.classify(Bead(source: [0], target: []), source: source, target: target)
        #expect(result.status == .structure)
    }

    @Test func doubtMarkers() {
        let chinese = "【疑问】类似于 Yoda 表达式，nil 检查的方式也是存在争议的。"
        #expect(review("On a similar note of the Yoda conditions, also the nil check has been debated.", chinese).status == .doubt)
        // Only the markers passed in count.
        let custom = StatusClassifier(doubtMarkers: ["(待定)"])
        let source = parser.parse("A sentence."), target = parser.parse("一句话。(待定)")
        #expect(custom.classify(Bead(source: [0], target: [0]), source: source, target: target).status == .doubt)
        #expect(custom.classify(Bead(source: [0], target: [0]), source: source, target: parser.parse(chinese)).status == .translated)
        #expect(classify(Bead(source: [0], target: [0]), source: source, target: target, doubtMarkers: []).status == .translated)
    }

    @Test func englishLeftAsAWholeBlock() {
        let result = review("It's a perfectly reasonable and suitable protocol to deal with RSS, I'd say.",
                            "It's a perfectly reasonable and suitable protocol to deal with RSS, I'd say.")
        #expect(result.status == .englishLeft)
        let prose = review("The view controller will conform to it in the public interface.",
                           "The controller conforms to it in its public interface.")
        #expect(prose.status == .englishLeft)
    }

    @Test func englishSentenceLeftInsideChinese() {
        let result = review(
            "The responsibility of the view controller should be to display items, but this can't hold. Here surfaces the need for a more general type.",
            "view controller 的职责应该是显示一些内容，但是 this can't hold。 Here surfaces the need for a more general type of object to be used by the view controller.")
        #expect(result.status == .englishLeft)
        #expect(result.findings.first?.message.contains("Here surfaces the need") == true)
    }

    @Test func keptTermsCodeAndLinksAreNotEnglishLeft() {
        // Identifiers, code spans, link text and names stay in English in a good translation.
        let kept = review(
            "`UIViewControllerA` conforms to `UITableViewDelegate`, see [Pro Multithreading and Memory Management for iOS and OS X][book].\n\n[book]: http://example.com/book",
            "`UIViewControllerA` 遵从 `UITableViewDelegate`，参见 [Pro Multithreading and Memory Management for iOS and OS X][book]。\n\n[book]: http://example.com/book")
        #expect(kept.status == .translated)
        // A paragraph that is only code, identical on both sides, has nothing to translate.
        let codeOnly = review("`UIViewControllerB < UIViewControllerA < UIViewController`",
                              "`UIViewControllerB < UIViewControllerA < UIViewController`")
        #expect(codeOnly.status == .translated)
        // Nor does an identical code block.
        let code = review("```objective-c\nif (!error) { return success; }\n```", "```objective-c\nif (!error) { return success; }\n```")
        #expect(code.status == .translated)
        // A one-word heading kept as the term it is.
        #expect(review("## Blocks", "## Blocks").status == .translated)
    }

    @Test func codeDrift() {
        let drift = review("```objective-c\nif (someObject == YES) { ...\n```", "```objective-c\nif (someObject == NO) { ...\n```")
        #expect(drift.status == .codeDrift)
        #expect(drift.findings.first?.message.contains("`YES`") == true)
        // English text added inside the code (not in a comment) is drift too…
        let added = review("```\nCapturing 'self' strongly in this block\n```", "```\nCapturing 'self' strongly in this block (strong)\n```")
        #expect(added.status == .codeDrift)
        // …Chinese put beside it is its translation (informational).
        let translated = review("```\nCapturing 'self' strongly in this block\n```", "```\nCapturing 'self' strongly in this block（强引用）\n```")
        #expect(translated.status == .codeCommentsTranslated)
        #expect(translated.statusMask & ~BeadStatus.quietMask == 0)
    }

    @Test func translatedCommentsAreNotCodeDrift() {
        let english = "```objective-c\nif (isSwiftSession) {\n    // Do something very cool\n    [self go]; /* now */\n}\n```"
        let chinese = "```objective-c\nif (isSwiftSession) {\n    // 做一些很酷的事情\n    [self go]; /* 现在 */\n}\n```"
        #expect(review(english, chinese).status == .translated)
        // A URL inside a string is not a comment.
        let url = review("```objective-c\nNSURL *u = [NSURL URLWithString:@\"http://bbc.co.uk/feed.rss\"];\n```",
                         "```objective-c\nNSURL *u = [NSURL URLWithString:@\"http://bbc.co.uk/other.rss\"];\n```")
        #expect(url.status == .codeDrift)
        // A string given Chinese, a shell comment translated: the same code.
        #expect(review("```sh\n# list them\necho \"done\"\n```", "```sh\n# 列出它们\necho \"完成\"\n```").status == .codeCommentsTranslated)
    }

    @Test func structure() {
        let heading = review("## Yoda conditions", "### 尤达表达式")
        #expect(heading.status == .structure)
        #expect(heading.findings.first?.message == "heading level 2 in English, 3 in Chinese")
        let list = review("* one thing\n* another thing\n* a third thing", "* 一件事\n* 另一件事")
        #expect(list.status == .structure)
        #expect(list.findings.first?.message == "list of 3 items in English, 2 in Chinese")
        #expect(review("* one thing\n* another thing", "* 一件事\n* 另一件事").status == .translated)
    }

    @Test func stale() {
        let result = review("Blocks are the Objective-C version of lambdas.", "block 是 Objective-C 版本的 lambda。", stale: true)
        #expect(result.status == .stale)
        let reviews = classifier.review([Bead(source: [0], target: [0]), Bead(source: [1], target: [1])],
                                        source: parser.parse("One.\n\nTwo."), target: parser.parse("一。\n\n二。"),
                                        staleBeads: [1])
        #expect(reviews.map(\.status) == [.translated, .stale])
    }

    @Test func precedencePicksOneStatusAndKeepsEveryFinding() {
        // A doubt marker beside an English sentence left untranslated: the doubt explains it.
        let result = review(
            "More on this, to avoid all this fuss the approach that leave no space to doubt is to use the exclamation mark.",
            "【疑问】More on this, to avoid all this fuss the approach that leave no space to doubt is to use the exclamation mark. 因为 nil 是解释到 NO 的。")
        #expect(result.status == .doubt)
        #expect(result.statuses == [.doubt, .englishLeft])
        #expect(BeadStatus.precedence.first == .stale)
        #expect(BeadStatus.precedence.last == .translated)
        #expect(Set(BeadStatus.precedence) == Set(BeadStatus.allCases))
        #expect(BeadStatus.codeDrift.rank < BeadStatus.structure.rank)
    }
}
