import Foundation
import Testing

/// `sentence-missing` and `sentence-extra` through the real binary: `guide review` (text, JSON,
/// SARIF, --fail-on, --accept) on a small book whose second chapter leaves out a sentence and
/// adds a translator's note.
@Suite struct SentenceReviewEndToEndTests {
    func writeBook(in folder: TempFolder) throws {
        try writeSmallBook(in: folder)
        try folder.write("content/en/second.md", """
            # Second

            The `fireDate` property holds the date 2024-05-01 for the first run. It is read by `NSRunLoop` \
            every 30 seconds while the mode is `NSDefaultRunLoopMode`. Call `invalidate` before the owner goes away.

            A timer keeps a strong reference to its target until `invalidate` is called on it. The target \
            of a repeating timer is released only then.

            """)
        try folder.write("content/zh/second.md", """
            # 第二章

            `fireDate` 属性保存首次运行的日期 2024-05-01。在所有者离开之前调用 `invalidate`。

            定时器在 `invalidate` 被调用之前一直强引用它的目标。（译者注：运行循环的每一次迭代都会检查所有\
            已到期的定时器，并依次触发它们。）重复定时器的目标只有在那时才会被释放。

            """)
    }

    @Test func theReviewReportsBothAtTheirLinesInEveryFormat() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        let text = try runGuide(["review", "--no-check"], in: folder.path)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let missing = try #require(lines.first { $0.contains("sentence-missing") })
        #expect(missing.hasPrefix("content/zh/second.md:3: warning: sentence-missing: an English sentence has no Chinese: “It is read by"))
        #expect(missing.hasSuffix("(English: content/en/second.md:3)"))
        let extra = try #require(lines.first { $0.contains("sentence-extra") })
        #expect(extra.hasPrefix("content/zh/second.md:5: warning: sentence-extra: a Chinese sentence renders no English one: “（译者注"))
        #expect(lines.contains { $0.hasPrefix("content/zh/second.md: ") && $0.contains("1 sentence-missing") && $0.contains("1 sentence-extra") })

        let json = try runGuide(["review", "--no-check", "--format", "json"], in: folder.path)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let second = (document["chapters"] as! [[String: Any]]).first { $0["chapter"] as? String == "second.md" }!
        let beads = second["beads"] as! [[String: Any]]
        let statuses = beads.flatMap { $0["statuses"] as! [String] }
        #expect(statuses.contains("sentence-missing") && statuses.contains("sentence-extra"))
        let findings = beads.flatMap { $0["findings"] as! [[String: Any]] }.filter { ($0["status"] as! String).hasPrefix("sentence-") }
        #expect(findings.count == 2)
        for finding in findings {
            let confidence = try #require(finding["confidence"] as? Double)
            #expect(confidence >= 0.6 && confidence <= 1)
        }
        #expect(findings.first { $0["status"] as? String == "sentence-missing" }?["englishLine"] as? Int == 3)

        let sarif = try runGuide(["review", "--no-check", "--format", "sarif"], in: folder.path)
        #expect(sarif.stdout.contains("\"ruleId\" : \"sentence-missing\"") || sarif.stdout.contains("\"ruleId\":\"sentence-missing\""))

        #expect(try runGuide(["review", "--no-check", "--fail-on", "sentence-missing"], in: folder.path).status == 1)
        #expect(try runGuide(["review", "--no-check", "--fail-on", "sentence-extra"], in: folder.path).status == 1)
    }

    @Test func acceptingThePairsMarksThemAcceptedUntilTheEnglishChanges() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        #expect(try runGuide(["review", "--no-check", "--accept"], in: folder.path).status == 0)
        let json = try runGuide(["review", "--no-check", "--format", "json"], in: folder.path)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let second = (document["chapters"] as! [[String: Any]]).first { $0["chapter"] as? String == "second.md" }!
        let flagged = (second["beads"] as! [[String: Any]]).filter {
            ($0["statuses"] as! [String]).contains { $0.hasPrefix("sentence-") }
        }
        #expect(flagged.count == 2 && flagged.allSatisfy { $0["accepted"] as? Bool == true })
    }

    /// The build's side-by-side page carries what the review paired (`data-sentences`);
    /// `review.sentences: false` turns the sentence review and the marks off, and a rebuild
    /// after switching it sees the change (the setting is part of the review's cache key).
    @Test func sentencesOffInTheConfigTurnsTheReviewAndTheMarksOff() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        let page = folder.path + "/site/bilingual/second.html"
        let build = ["build", "--no-check", "--templates", repositoryRoot + "/templates"]
        #expect(try runGuide(build, in: folder.path).status == 0)
        // The first paragraph's row: the sentence the review reports missing has a group of its own.
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let cells = html.components(separatedBy: "data-sentences=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        let row = try #require(cells.firstIndex { $0.split(separator: " ").count == 3 })
        let links = { (cell: Substring) in Set(cell.split(separator: " ").map { $0.split(separator: ":")[0] }) }
        #expect(links(cells[row]).subtracting(links(cells[row + 1])).count == 1)
        let config = folder.path + "/content/guide.yml"
        let yaml = try String(contentsOfFile: config, encoding: .utf8) + "\nreview:\n  sentences: false\n"
        try yaml.write(toFile: config, atomically: true, encoding: .utf8)
        let built = try runGuide(build, in: folder.path)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(try !String(contentsOfFile: page, encoding: .utf8).contains("data-sentences="))
        let text = try runGuide(["review", "--no-check"], in: folder.path)
        #expect(text.status == 0 && !text.stdout.contains("sentence-"))
        // A value of the wrong type is an error at its place.
        try yaml.replacingOccurrences(of: "sentences: false", with: "sentences: often").write(toFile: config, atomically: true, encoding: .utf8)
        let wrong = try runGuide(["review", "--no-check"], in: folder.path)
        #expect(wrong.status != 0 && wrong.stderr.contains("guide.yml") && wrong.stderr.contains("sentences"))
    }
}
