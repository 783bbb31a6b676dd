import Foundation
import Testing

/// The real binary on a small book: `guide review` in Chinese by `--lang`, `review.lang` or the
/// locale; `--only`, `--skip` and the typography line; JSON and SARIF with stable ids beside
/// localized messages; the dashboard's language.
@Suite struct ReviewLanguageEndToEndTests {
    /// A chapter with a missing paragraph, a doubt, and Latin words without spaces in the Chinese.
    func writeBook(in folder: TempFolder, reviewLang: String? = nil) throws {
        try folder.write("content/guide.yml", "title:\n  en: Book\n  zh: 书\nlanguages: [en, zh]\nsource: en\n"
                         + (reviewLang.map { "review:\n  lang: \($0)\n" } ?? ""))
        try folder.write("content/en/SUMMARY.md", "# Summary\n\n* [Alpha](a.md)\n")
        try folder.write("content/zh/SUMMARY.md", "# 目录\n\n* [甲](a.md)\n")
        try folder.write("content/en/a.md", """
            # Alpha

            We pass a block and a delegate to the manager and wait for the answer.

            Nobody translated this paragraph about the run loop and its many modes.

            The last paragraph closes the chapter.

            """)
        try folder.write("content/zh/a.md", """
            # 甲

            我们把block和delegate交给manager，然后等待回答。

            最后一段结束本章。【疑问】

            """)
    }

    /// The test's environment without any locale variable, plus `locale`.
    func environment(_ locale: [String: String] = [:]) -> [String: String] {
        ProcessInfo.processInfo.environment.filter { !["LC_ALL", "LC_MESSAGES", "LANG"].contains($0.key) }.merging(locale) { $1 }
    }

    func review(_ arguments: [String], in folder: TempFolder, locale: [String: String] = [:]) throws -> RunResult {
        try runGuide(["review", "--no-check"] + arguments, in: folder.path, environment: environment(locale))
    }

    @Test func chineseByTheFlagTheConfigOrTheLocale() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        let zh = try review(["--lang", "zh"], in: folder)
        #expect(zh.status == 0)
        #expect(zh.stdout.contains("content/en/a.md:5: warning: 未翻译 [missing]：这段英文没有中文译文"))
        #expect(zh.stdout.contains("warning: 存疑（【疑问】） [doubt]：标记 【疑问】"))
        #expect(zh.stdout.contains("共 4 对段落"))
        #expect(!zh.stdout.contains("no Chinese for this English") && !zh.stdout.contains("pairs:"))
        let english = try review([], in: folder)
        #expect(english.stdout.contains("warning: missing: no Chinese for this English"))
        #expect(english.stdout.contains("content/zh/a.md: 4 pairs: "))

        #expect(try review([], in: folder, locale: ["LANG": "zh_CN.UTF-8"]).stdout == zh.stdout)
        #expect(try review([], in: folder, locale: ["LANG": "zh_CN.UTF-8", "LC_ALL": "C"]).stdout == english.stdout)
        #expect(try review(["--lang", "en"], in: folder, locale: ["LANG": "zh_CN.UTF-8"]).stdout == english.stdout)

        try writeBook(in: folder, reviewLang: "en")
        #expect(try review([], in: folder, locale: ["LC_ALL": "zh_CN.UTF-8"]).stdout == english.stdout)
        #expect(try review(["--lang", "zh"], in: folder).stdout == zh.stdout)
        try writeBook(in: folder, reviewLang: "zh")
        #expect(try review([], in: folder).stdout == zh.stdout)

        try writeBook(in: folder, reviewLang: "fr")
        let bad = try review([], in: folder)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("content/guide.yml:7:9: error: 'review.lang' must be en or zh, not \"fr\""))
        let badFlag = try review(["--lang", "fr"], in: folder)
        #expect(badFlag.status != 0 && badFlag.stderr.contains("--lang"))
    }

    @Test func typographyIsOneLinePerChapterUnlessAskedForInFull() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        let lines = { (result: RunResult) in result.stdout.split(separator: "\n").map(String.init) }
        let summary = lines(try review([], in: folder)).filter { $0.contains("warning: typography") }
        #expect(summary.count == 1)
        let full = lines(try review(["--only", "typography"], in: folder)).filter { $0.contains("warning: typography: ") }
        #expect(full.count >= 4)
        #expect(summary.first?.contains("warning: typography: \(full.count) typography findings in this chapter: run `guide fix-spacing`") == true)
        #expect(lines(try review(["--typography", "full"], in: folder)).filter { $0.contains("warning: typography: ") } == full)
        let chinese = lines(try review(["--lang", "zh"], in: folder)).filter { $0.contains("[typography]") }
        #expect(chinese.count == 1)
        #expect(chinese.first?.contains("排版 [typography]：本章有 \(full.count) 处排版问题：运行 `guide fix-spacing` 修正") == true)
    }

    @Test func onlyAndSkipChooseWhatEveryFormatShows() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        let warnings = { (result: RunResult) in result.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }.map(String.init) }
        let only = warnings(try review(["--only", "missing,doubt"], in: folder))
        #expect(only.count == 2 && only.allSatisfy { $0.contains("warning: missing: ") || $0.contains("warning: doubt: ") })
        let skipped = warnings(try review(["--skip", "typography"], in: folder))
        #expect(!skipped.isEmpty && !skipped.contains { $0.contains("typography") })
        #expect(skipped.contains { $0.contains("warning: doubt: ") })
        // Both: --only keeps, then --skip takes away.
        #expect(warnings(try review(["--only", "missing,doubt", "--skip", "doubt"], in: folder)).count == 1)

        let github = try review(["--format", "github", "--only", "doubt"], in: folder)
        #expect(github.stdout.split(separator: "\n").count == 1 && github.stdout.hasPrefix("::warning file=content/zh/a.md,line=5,"))
        let sarif = try JSONSerialization.jsonObject(with: Data(try review(["--format", "sarif", "--skip", "typography,doubt"], in: folder).stdout.utf8)) as? [String: Any]
        let results = ((sarif?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(!results.isEmpty && !results.contains { ["typography", "doubt"].contains($0["ruleId"] as? String) })
        let json = try review(["--format", "json", "--only", "missing"], in: folder).stdout
        #expect(json.contains("\"status\" : \"missing\"") && !json.contains("\"messageId\" : \"doubtMarker\""))

        let bad = try review(["--only", "missing,gaps"], in: folder)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("unknown kind 'gaps' in --only; kinds: stale, missing, extra, code-drift, code-comments-translated, doubt"))
        #expect(bad.stderr.contains("typography") && bad.stderr.contains("reader"))
    }

    @Test func jsonAndSarifKeepTheIdsBesideTheChineseMessages() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try review(["--format", "json", "--lang", "zh"], in: folder).stdout.utf8)) as? [String: Any])
        #expect(json["language"] as? String == "zh")
        let beads = ((json["chapters"] as? [[String: Any]])?.first?["beads"] as? [[String: Any]]) ?? []
        let findings = beads.flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }
        let missing = try #require(findings.first { $0["status"] as? String == "missing" })
        #expect(missing["messageId"] as? String == "noChinese")
        #expect(missing["message"] as? String == "这段英文没有中文译文")
        #expect(beads.contains { $0["status"] as? String == "doubt" })

        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(try review(["--format", "sarif", "--lang", "zh"], in: folder).stdout.utf8)) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        #expect(run["language"] as? String == "zh-CN")
        let rules = (((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]) ?? []
        let missingRule = try #require(rules.first { $0["id"] as? String == "missing" })
        #expect((missingRule["shortDescription"] as? [String: Any])?["text"] as? String == "未翻译")
        #expect((missingRule["fullDescription"] as? [String: Any])?["text"] as? String == "这段英文还没有中文译文。")
        #expect((missingRule["help"] as? [String: Any])?["text"] as? String == "翻译这段英文。")
        let results = (run["results"] as? [[String: Any]]) ?? []
        let result = try #require(results.first { $0["ruleId"] as? String == "missing" })
        #expect(((result["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("这段英文没有中文译文") == true)
        let english = try #require(try JSONSerialization.jsonObject(with: Data(try review(["--format", "sarif"], in: folder).stdout.utf8)) as? [String: Any])
        #expect((english["runs"] as? [[String: Any]])?.first?["language"] as? String == "en-US")
    }

    @Test func theDashboardSpeaksReviewLangOrBuildsLang() throws {
        let folder = try TempFolder()
        try writeBook(in: folder, reviewLang: "zh")
        // A published site has no reader's locale: only review.lang and --lang choose.
        let built = try runGuide(["build", "--no-check"], in: folder.path, environment: environment(["LANG": "en_US.UTF-8"]))
        #expect(built.status == 0, "\(built.stderr)")
        let dashboard = try String(contentsOfFile: folder.path + "/site/review/index.html", encoding: .utf8)
        #expect(dashboard.contains("<h1>翻译审阅</h1>") && dashboard.contains("各状态的含义"))
        #expect(dashboard.contains("<span class=\"badge badge-missing\" title=\"missing\">未翻译</span></th><td>这段英文还没有中文译文。</td><td>翻译这段英文。</td>"))
        let side = try String(contentsOfFile: folder.path + "/site/bilingual/a.html", encoding: .utf8)
        #expect(side.contains("未翻译") && side.contains("aria-label=\"链接到这对段落\""))

        let english = try runGuide(["build", "--no-check", "--lang", "en"], in: folder.path, environment: environment(["LANG": "zh_CN.UTF-8"]))
        #expect(english.status == 0)
        let again = try String(contentsOfFile: folder.path + "/site/review/index.html", encoding: .utf8)
        #expect(again.contains("<h1>Translation review</h1>") && again.contains("What the statuses mean") && !again.contains("各状态的含义"))
    }
}
