import GuideMerge
import GuideModel
import GuideParse
import Testing

@Suite struct GlossaryTests {
    static let yaml = """
        terms:
          - en: protocol
            zh: 协议
          - en: category
            zh: 分类
          - en: retain cycle
            zh: [循环引用]
            note: not 引用循环
          - en: [delegate, delegation]
            zh: 委托
          - en: multiple delegation
            zh: 多重委托
          - en: block
            zh: 代码块
            keep: true
          - en: interface
            zh: 接口
        keep: [KVO, ARC]
        """

    static let glossary = try! GlossaryLoader.parse(yaml, displayPath: "content/glossary.yml")

    /// The glossary findings of one English/Chinese pair of blocks.
    func findings(_ english: String, _ chinese: String) -> [BeadFinding] {
        let parser = MarkdownParser()
        let source = parser.parse(english), target = parser.parse(chinese)
        let bead = Bead(source: Array(source.indices), target: Array(target.indices))
        return StyleReview(glossary: Self.glossary).glossary(bead, source: source, target: target)
    }

    func messages(_ english: String, _ chinese: String) -> [String] {
        findings(english, chinese).map(\.message)
    }

    /// Two list items are two leaves: a term of two words does not run from the end of one into
    /// the start of the next (the word before it still matches on its own).
    @Test func aTermDoesNotRunAcrossLeaves() {
        let across = messages("* Avoid a retain\n* cycle of views.\n", "* 避免保留\n* 视图的周期。\n")
        #expect(!across.contains { $0.contains("retain cycle") })
        let within = messages("* Avoid a retain cycle.\n", "* 避免视图的周期。\n")
        #expect(within.contains { $0.contains("retain cycle") })
        #expect(messages("* One delegate\n* two.\n", "* 一个\n* 两个。\n").contains { $0.contains("“delegate”") })
    }

    @Test func loadsTermsAndKeepList() {
        let terms = Self.glossary.terms
        #expect(terms.count == 9)
        #expect(terms[2] == Glossary.Term(english: ["retain cycle"], chinese: ["循环引用"], note: "not 引用循环", line: 6))
        #expect(terms[5].keepEnglish && terms[5].chinese == ["代码块"])
        #expect(terms[7] == Glossary.Term(english: ["KVO"], keepEnglish: true, line: 18))
    }

    @Test func reportsMistakesWithTheLine() {
        func error(_ text: String) -> GuideError? {
            do { _ = try GlossaryLoader.parse(text, displayPath: "content/glossary.yml"); return nil } catch { return error as? GuideError }
        }
        #expect(error("terms:\n  - en: protocol\n")?.description
                == "content/glossary.yml:2: error: the term 'protocol' has no 'zh' (add one, or 'keep: true' to keep it in English)")
        #expect(error("terms:\n  - en: a\n    zh: 甲\n    colour: red\n")?.description
                == "content/glossary.yml:4:5: error: unknown key 'terms[].colour' (known here: en, keep, note, zh)")
        // A typo gets the nearest key, as in guide.yml.
        #expect(error("terms:\n  - en: a\n    zh: 甲\n    nots: x\n")?.description
                == "content/glossary.yml:4:5: error: unknown key 'terms[].nots'; did you mean 'note'?")
        #expect(error("term:\n  - en: a\n")?.description
                == "content/glossary.yml:1:1: error: unknown key 'term'; did you mean 'terms'?")
        #expect(error("terms:\n  - en: a\n    zh: 甲\n  - en: A\n    zh: 乙\n")?.description
                == "content/glossary.yml:4: error: 'A' is in the glossary twice (first on line 2)")
        #expect(error("terms: [\n")?.description.hasPrefix("content/glossary.yml:2: error: invalid YAML") == true)
        #expect(error("terms:\n  - en: a\n    zh: 甲\n    keep: maybe\n")?.location?.line == 4)
        #expect(error("")?.description == nil)
    }

    @Test func pluralsAndWordBoundaries() {
        #expect(messages("Two protocols and categories.", "两个协议和分类。").isEmpty)
        #expect(messages("Protocols matter.", "规约很重要。") == ["“Protocols” is not translated as 协议 (English line 1)"])
        // Inside other words, or a keyword: not the term.
        #expect(messages("UITableViewDelegate and protocolX and @interface.", "一些名字。").isEmpty)
        #expect(messages("Avoid a retain\ncycle or a retain-cycle.", "避免循环引用。").isEmpty)
        // Acronyms match their case in English: the word “arc” is not ARC.
        #expect(messages("Draw an arc.", "画一条弧。").isEmpty)
        #expect(messages("In a non-ARC world.", "在非自动引用计数的世界。") == ["“ARC” stays in English (English line 1)"])
        // The longer term wins: “multiple delegation” is not also “delegation”.
        #expect(messages("Use multiple delegation.", "使用多重引用。") == ["“multiple delegation” is not translated as 多重委托 (English line 1)"])
    }

    @Test func keptOrTranslatedOrLeftInEnglish() {
        #expect(messages("A block here.", "这里是 block。").isEmpty)
        #expect(messages("A block here.", "这里是代码块。").isEmpty)
        #expect(messages("A block here.", "这里是块。") == ["“block” is neither kept nor translated as 代码块 (English line 1)"])
        let left = findings("This is a retain cycle.", "第一行。\n这是一个 retain cycle。")
        #expect(left.map(\.message) == ["“retain cycle” left in English: the glossary has 循环引用 (English line 1); not 引用循环"])
        #expect(left.first.map { [$0.line, $0.column] } == [2, 6])
        #expect(left.first?.status == .glossary)
    }

    @Test func termsInCodeAreNotProse() {
        // The English uses the word only in code: nothing to check.
        #expect(messages("Call `protocol` and:\n\n```objc\n@protocol A\n@end\n```", "调用 `protocol`：\n\n```objc\n@protocol A\n@end\n```").isEmpty)
        // In the Chinese, the term inside code does not count as given.
        #expect(messages("Adopt the protocol.", "采用 `协议`。") == ["“protocol” is not translated as 协议 (English line 1)"])
        // Nor does English kept in code count as left in English: no position.
        #expect(findings("Adopt the protocol.", "采用 `protocol`。").first?.line == nil)
    }

    @Test func chineseWithoutChineseIsLeftToOtherChecks() {
        #expect(messages("The protocol.", "The protocol.").isEmpty)
        #expect(messages("## Blocks", "## Blocks").isEmpty)
    }

    @Test func seedGlossaryFindsTheSeedChaptersRealProblems() throws {
        let glossary = try GlossaryLoader.load(path: repositoryRoot + "/content/glossary.yml", displayPath: "content/glossary.yml")
        let book = try ContentLoader(root: repositoryRoot + "/content", displayRoot: "content").load()
        #expect(book.glossary == glossary)
        let review = try #require(book.reviews().first)
        let found = review.beads.flatMap(\.review.findings).filter { $0.status == .glossary }.map(\.message)
        #expect(found.contains("“property” left in English: the glossary has 属性 (English line 286)"))
        #expect(found.contains("“weak reference” is not translated as 弱引用 (English line 222)"))
        #expect(found.contains("“multiple delegation” is not translated as 多重委托 (English line 530)"))
        #expect(found.filter { $0.hasPrefix("“protocol” left in English") }.count == 3)
    }
}
