import Foundation
@testable import GuideMerge
import GuideModel
import Testing

/// `guide review --format sarif` and `--format github`: every finding with its place and the
/// English pair's, severities following `--fail-on`.
@Suite struct ReviewCIFormatTests {
    @Test func workflowCommandsEscapeWhatWouldEndThem() {
        let finding = ReviewFinding(rule: "doubt", message: "100% sure?\nno: a, b\u{1B}[2J",
                                    location: SourceLocation(file: "content/zh/a,b:c.md", line: 3, column: 2),
                                    english: SourceLocation(file: "content/en/a.md", line: 4))
        #expect(ReviewReport.github([finding]) == "::warning file=content/zh/a%2Cb%3Ac.md,line=3,col=2,title=guide review%3A doubt"
                + "::100%25 sure?%0Ano: a, b%1B[2J (English: content/en/a.md:4)\n")
        var failing = finding
        failing.severity = .error
        #expect(ReviewReport.github([failing]).hasPrefix("::error "))
    }

    @Test func sarifHasARuleAndBothPlacesForEveryFinding() throws {
        let findings = [
            ReviewFinding(rule: "doubt", severity: .error, message: "marker", location: SourceLocation(file: "content/zh/a.md", line: 3),
                          english: SourceLocation(file: "content/en/a.md", line: 4)),
            ReviewFinding(rule: "image-alt", message: "image without alt text", location: SourceLocation(file: "content/en/a.md", line: 9)),
        ]
        let document = try #require(try JSONSerialization.jsonObject(with: Data(ReviewReport.sarif(findings).utf8)) as? [String: Any])
        #expect(document["version"] as? String == "2.1.0")
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == ["doubt", "image-alt"])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["level"] as? String } == ["error", "warning"])
        #expect(results[0]["relatedLocations"] != nil && results[1]["relatedLocations"] == nil)
        #expect(ReviewReport.sarif(findings) == ReviewReport.sarif(findings))
    }

    @Test func theSeedChapterAnnotatesItsFindingsAndFailsOnWhatIsNamed() throws {
        let folder = try TempFolder()
        try FileManager.default.copyItem(atPath: repositoryRoot + "/content", toPath: folder.path + "/content")
        let text = try runGuide(["review", "--no-check"], in: folder.path)
        // Warnings, and notes of what is only for information (code-comments-translated).
        let warnings = text.stdout.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": note: ") }.count

        let github = try runGuide(["review", "--no-check", "--format", "github"], in: folder.path)
        #expect(github.status == 0)
        let lines = github.stdout.split(separator: "\n")
        #expect(lines.count == warnings && lines.allSatisfy { $0.hasPrefix("::warning file=content/") || $0.hasPrefix("::notice file=content/") })

        let failing = try runGuide(["review", "--no-check", "--format", "github", "--fail-on", "doubt"], in: folder.path)
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("::error file=content/zh/inter-object-communication.md,line=295,"))

        let sarif = try runGuide(["review", "--no-check", "--format", "sarif", "--fail-on", "doubt"], in: folder.path)
        #expect(sarif.status == 1)
        let document = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any]
        let results = ((document?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(results.count == warnings)
        #expect(results.filter { $0["level"] as? String == "error" }.allSatisfy { $0["ruleId"] as? String == "doubt" })
    }
}
