import Foundation
import Testing

/// The style checks through the real binary: `guide review` (statuses, --fail-on, JSON)
/// and `guide fix-spacing`.
@Suite struct StyleEndToEndTests {
    static let glossary = """
        terms:
          - en: protocol
            zh: 协议
        keep: [KVO]
        """

    /// The small book with a glossary, and a second chapter that breaks it once.
    func writeStyledBook(in folder: TempFolder, chinese: String) throws {
        try writeSmallBook(in: folder)
        try folder.write("content/glossary.yml", Self.glossary)
        try folder.write("content/en/second.md", "# Second\n\n## End\n\nEvery protocol uses KVO here.\n")
        try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n\(chinese)\n")
    }

    /// Chapters with Windows line ends (CR LF) are reviewed and fixed like LF ones, and keep their line ends.
    @Test func crlfChaptersGetTheSameFindingsAndFixes() throws {
        let lf = try TempFolder(), crlf = try TempFolder()
        try writeStyledBook(in: lf, chinese: "每个protocol都在这里用 KVO。\n\n第二段 ,有空格。")
        try writeStyledBook(in: crlf, chinese: "每个protocol都在这里用 KVO。\n\n第二段 ,有空格。")
        for path in ["content/en/second.md", "content/zh/second.md", "content/en/intro.md", "content/zh/intro.md"] {
            try crlf.write(path, try crlf.read(path).replacingOccurrences(of: "\n", with: "\r\n"))
        }
        let expected = try runGuide(["review"], in: lf.path).stdout
        #expect(expected.contains("typography") && expected.contains("glossary"), "\(expected)")
        #expect(try runGuide(["review"], in: crlf.path).stdout == expected)
        #expect(try runGuide(["fix-spacing"], in: crlf.path).status == 0)
        let fixed = try crlf.read("content/zh/second.md")
        #expect(fixed.contains("每个 protocol 都在这里用 KVO。\r\n"), "\(fixed.debugDescription)")
        #expect(!fixed.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func reviewReportsGlossaryAndTypographyAndGatesOnThem() throws {
        let folder = try TempFolder()
        try writeStyledBook(in: folder, chinese: "每个protocol都在这里用 KVO。")
        let text = try runGuide(["review", "--typography", "full"], in: folder.path)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains(
            "content/zh/second.md:5:3: warning: glossary: “protocol” left in English: the glossary has 协议 (English line 5)"))
        #expect(text.stdout.contains(
            "content/zh/second.md:5:3: warning: typography: space-missing: “每个proto” → “每个 proto” (English: content/en/second.md:5)"))
        #expect(text.stdout.contains("content/zh/second.md:5:11: warning: typography: space-missing:"))
        #expect(text.stdout.contains("1 glossary"))

        for gate in ["glossary", "typography", "glossary,missing"] {
            #expect(try runGuide(["review", "--fail-on", gate], in: folder.path).status == 1, "\(gate)")
        }
        #expect(try runGuide(["review", "--fail-on", "missing,doubt"], in: folder.path).status == 0)

        let json = try runGuide(["review", "--format", "json"], in: folder.path)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let second = (document["chapters"] as! [[String: Any]]).first { $0["chapter"] as? String == "second.md" }!
        let findings = (second["beads"] as! [[String: Any]]).flatMap { $0["findings"] as! [[String: Any]] }
        #expect(findings.contains { $0["status"] as? String == "typography" && $0["line"] as? Int == 5 && $0["column"] as? Int == 3 })
        #expect(findings.contains { $0["status"] as? String == "glossary" })
        // Style findings leave the text counted as translated.
        #expect(second["translated"] as? Double == 1)

        // Fixed: the gate opens.
        try writeStyledBook(in: folder, chinese: "每个协议都在这里用 KVO。")
        #expect(try runGuide(["review", "--fail-on", "glossary,typography"], in: folder.path).status == 0)
    }

    @Test func aBrokenGlossaryIsAnErrorWithItsLine() throws {
        let folder = try TempFolder()
        try writeStyledBook(in: folder, chinese: "每个协议。")
        try folder.write("content/glossary.yml", "terms:\n  - en: protocol\n    zh: 协议\n  - en: category\n")
        let result = try runGuide(["review"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("content/glossary.yml:4: error: the term 'category' has no 'zh'"))
    }

    @Test func fixSpacingDryRunThenInPlace() throws {
        let folder = try TempFolder()
        let chapter = "# 标题\n\n使用block定义，  见 `a中b` 和[链接](x.md)。\n\n```objc\n// 中文abc ，\n```\n"
        try folder.write("zh.md", chapter)
        let dry = try runGuide(["fix-spacing", "--dry-run", "zh.md"], in: folder.path)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout == """
            --- a/zh.md
            +++ b/zh.md
            @@ -1,6 +1,6 @@
             # 标题
             \("")
            -使用block定义，  见 `a中b` 和[链接](x.md)。
            +使用 block 定义，见 `a中b` 和[链接](x.md)。
             \("")
             ```objc
             // 中文abc ，

            """)
        #expect(dry.stderr == "zh.md: would fix 3: 1 space-extra, 2 space-missing\n")
        #expect(try folder.read("zh.md") == chapter)

        let check = try runGuide(["fix-spacing", "--check", "zh.md"], in: folder.path)
        #expect(check.status == 1)
        #expect(check.stdout.hasPrefix("zh.md:3:3: error: typography: space-missing: “使用block” → “使用 block”\n"))

        let fix = try runGuide(["fix-spacing", "zh.md"], in: folder.path)
        #expect(fix.status == 0)
        #expect(try folder.read("zh.md") == "# 标题\n\n使用 block 定义，见 `a中b` 和[链接](x.md)。\n\n```objc\n// 中文abc ，\n```\n")
        #expect(try runGuide(["fix-spacing", "--check", "zh.md"], in: folder.path).status == 0)
    }

    @Test func fixSpacingDefaultsToTheTranslatedChapters() throws {
        let folder = try TempFolder()
        try writeStyledBook(in: folder, chinese: "每个protocol都在这里用KVO。")
        let english = try folder.read("content/en/second.md")
        let result = try runGuide(["fix-spacing"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try folder.read("content/zh/second.md").contains("每个 protocol 都在这里用 KVO。"))
        #expect(try folder.read("content/en/second.md") == english)
    }
}
