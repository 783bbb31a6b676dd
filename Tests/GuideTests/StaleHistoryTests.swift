import Foundation
import GuideModel
import Testing
@testable import GuideHistory
@testable import GuideMerge

/// Runs git in `folder` as a fixed author, with no user or system configuration; `time`:
/// the commit's time (seconds since 1970), for commits whose order the test decides.
@discardableResult
func git(_ arguments: [String], in folder: String, time: Int? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    var environment = ["PATH": "/usr/bin:/bin", "HOME": folder, "GIT_CONFIG_NOSYSTEM": "1",
                       "GIT_AUTHOR_NAME": "Translator", "GIT_AUTHOR_EMAIL": "t@example.org",
                       "GIT_COMMITTER_NAME": "Translator", "GIT_COMMITTER_EMAIL": "t@example.org"]
    if let time {
        environment["GIT_AUTHOR_DATE"] = "@\(time) +0000"
        environment["GIT_COMMITTER_DATE"] = "@\(time) +0000"
    }
    process.environment = environment
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw GitFailed(arguments: arguments) }
    return String(decoding: data, as: UTF8.self)
}

struct GitFailed: Error { var arguments: [String] }

/// 2024-01-01, 2024-02-01 and 2024-03-01, 00:00 UTC.
private let january = 1_704_067_200, february = 1_706_745_600, march = 1_709_251_200

@Suite struct StaleHistoryUnitTests {
    @Test func blamePorcelainGivesEachLineItsCommit() throws {
        let a = String(repeating: "a", count: 40), b = String(repeating: "b", count: 40)
        let output = """
            \(a) 1 1 2
            author X
            committer-time 100
            summary first
            filename en/x.md
            \tline one
            \(a) 2 2
            \tline two
            \(b) 3 3 1
            committer-time 200
            filename en/old-x.md
            \tline three

            """
        let origins = try #require(BlamePorcelain.origins(output))
        #expect(origins.map(\.commit) == [a, a, b])
        #expect(origins.map(\.time) == [100, 100, 200])
        #expect(origins[2].path == "en/old-x.md")
        #expect(BlamePorcelain.origins("fatal: no such path 'x' in HEAD\n") == nil)
    }

    @Test func aReflowedParagraphIsNoChangeAndAnEditedOneShowsItsWords() {
        #expect(WordDiff(from: "one two\nthree four", to: "one two three\n  four").isEmpty)
        let diff = WordDiff(from: "The cat sat on the mat.", to: "The dog sat on the red mat.")
        #expect(!diff.isEmpty)
        #expect(diff.text() == "The [-cat-] {+dog+} sat on the {+red+} mat.")
    }

    @Test func onlyPairsWhoseEnglishChangedLaterAreCandidates() {
        let old = LineOrigin(commit: String(repeating: "1", count: 40), time: 100, path: "x")
        let new = LineOrigin(commit: String(repeating: "2", count: 40), time: 200, path: "x")
        let uncommitted = LineOrigin(commit: String(repeating: "0", count: 40), time: 50, path: "x")
        let beads = [Bead(source: [0], target: [0]), Bead(source: [1], target: [1]), Bead(source: [2], target: []),
                     Bead(source: [3], target: [2])]
        let found = StaleFromHistory.candidates(beads, source: [new, old, new, uncommitted], target: [old, new, old])
        // Bead 0: English newer; bead 1: Chinese newer; bead 2: no Chinese (missing, not stale);
        // bead 3: English not committed yet, which is later than any commit.
        #expect(found.map(\.bead) == [0, 3])
        // `--since`: only changes the question is about.
        #expect(StaleFromHistory.candidates(beads, source: [new, old, new, uncommitted], target: [old, new, old],
                                            counts: { $0.isCommitted }).map(\.bead) == [0])
    }
}

@Suite struct StaleHistoryCacheTests {
    @Test func recordsGiveBackWhatTheyKept() throws {
        let english = LineOrigin(commit: String(repeating: "a", count: 40), time: 1_700_000_000, path: "en/a b.md")
        let chinese = LineOrigin(commit: String(repeating: "0", count: 40), time: 5, path: "zh/x.md")
        let found = [3: StaleFromHistory.Evidence(english: english, chinese: chinese, diff: WordDiff(from: "a b c", to: "a x c")),
                     7: StaleFromHistory.Evidence(english: english, chinese: chinese, diff: nil)]
        let evidence = EvidenceRecord.encode(found)
        #expect(evidence.withUnsafeBytes(EvidenceRecord.decode) == found)
        let blame = BlameRecord.encode([english, chinese])
        #expect(blame.withUnsafeBytes(BlameRecord.decode) == [english, chinese])
        #expect([UInt8]().withUnsafeBytes(BlameRecord.decode) == [])
        #expect(Array("not a record".utf8).withUnsafeBytes(EvidenceRecord.decode) == nil)
    }
}

/// The real binary on books kept in git repositories made here.
@Suite(.serialized) struct StaleHistoryEndToEndTests {
    static let config = """
        title:
          en: "Book"
          zh: "书"
        languages: [en, zh]
        source: en
        """
    // Each paragraph names its own `code`, which the translation keeps: the pairs are plain.
    static let english = "# Intro\n\nThe first paragraph says hello to `alpha`.\n\n"
        + "The second paragraph, about `beta`, is long enough\nto wrap over two lines.\n\n"
        + "The third paragraph, on `gamma`, stays as it is.\n"
    static let chinese = "# 介绍\n\n第一段向 `alpha` 问好。\n\n第二段讲 `beta`，足够长，可以分两行。\n\n第三段讲 `gamma`，保持原样。\n"
    /// The first paragraph reworded, the second reflowed, a fourth added.
    static let edited = "# Intro\n\nThe first paragraph says goodbye to `alpha`.\n\n"
        + "The second paragraph, about `beta`, is long enough to wrap\nover two lines.\n\n"
        + "The third paragraph, on `gamma`, stays as it is.\n\n"
        + "A fourth paragraph, new, shows `delta` and `epsilon` at some length, with nothing in Chinese for it yet.\n"

    func writeBook(in root: String, folder: TempFolder) throws {
        try folder.write("\(root)/guide.yml", Self.config)
        try folder.write("\(root)/en/SUMMARY.md", "# Summary\n\n* [Intro](intro.md)\n")
        try folder.write("\(root)/zh/SUMMARY.md", "# 目录\n\n* [介绍](intro.md)\n")
        try folder.write("\(root)/en/intro.md", Self.english)
        try folder.write("\(root)/zh/intro.md", Self.chinese)
    }

    func staleLines(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.contains(": stale:") }
    }

    @Test func exactlyTheRewordedPairIsStaleWithItsDatesAndWords() throws {
        let folder = try TempFolder()
        try writeBook(in: "content", folder: folder)
        try git(["init", "-q"], in: folder.path)
        try git(["add", "."], in: folder.path)
        try git(["commit", "-qm", "both"], in: folder.path, time: january)
        try git(["tag", "v1"], in: folder.path)
        try folder.write("content/en/intro.md", Self.edited)
        try git(["commit", "-qam", "english"], in: folder.path, time: february)

        let result = try runGuide(["review", "--no-check"], in: folder.path)
        let stale = staleLines(result.stdout)
        #expect(stale.count == 1, "\(result.stdout)")
        let line = try #require(stale.first)
        #expect(line.hasPrefix("content/zh/intro.md:3:"))
        #expect(line.contains("(2024-02-01)") && line.contains("(2024-01-01)"))
        #expect(line.contains("says [-hello-] {+goodbye+} to"))
        #expect(result.stdout.contains("content/en/intro.md:10: warning: missing:"))
        #expect(!result.stderr.contains("not kept in git"))

        // The PO catalog: the stale pair is fuzzy, with why as a comment; the others are not.
        #expect(try runGuide(["export", "po", "-o", folder.path + "/po"], in: folder.path).status == 0)
        let catalog = try folder.read("po/intro.po")
        let fuzzy = catalog.components(separatedBy: "\n\n").filter { $0.contains("#, fuzzy") }
        #expect(fuzzy.count == 1 && fuzzy[0].contains("goodbye") && fuzzy[0].contains("#. stale: the English changed in"),
                "\(catalog)")

        // CI's formats: the stale pair is one SARIF result and one GitHub annotation, with the
        // history's dates and words, at the Chinese's line.
        let sarif = try runGuide(["review", "--no-check", "--format", "sarif"], in: folder.path).stdout
        let document = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let results = ((document["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let staleResults = results.filter { $0["ruleId"] as? String == "stale" }
        #expect(staleResults.count == 1, "\(sarif)")
        let text = (staleResults.first?["message"] as? [String: Any])?["text"] as? String ?? ""
        #expect(text.contains("(2024-02-01)") && text.contains("says [-hello-] {+goodbye+} to"), "\(text)")
        let github = try runGuide(["review", "--no-check", "--format", "github"], in: folder.path).stdout
        let annotations = github.split(separator: "\n").filter { $0.hasPrefix("::warning file=content/zh/intro.md,line=3,") }
        #expect(annotations.count == 1 && annotations[0].contains("goodbye"), "\(github)")

        // --since: only English changes after the commit named count.
        #expect(staleLines(try runGuide(["review", "--no-check", "--since", "v1"], in: folder.path).stdout).count == 1)
        #expect(staleLines(try runGuide(["review", "--no-check", "--since", "HEAD"], in: folder.path).stdout).isEmpty)
        let wrong = try runGuide(["review", "--no-check", "--since", "v9"], in: folder.path)
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("--since v9: no such commit"))

        // The translation catches up: nothing is stale; an uncommitted English edit is.
        try folder.write("content/zh/intro.md", Self.chinese.replacingOccurrences(of: "问好", with: "道别"))
        try git(["commit", "-qam", "chinese"], in: folder.path, time: march)
        #expect(staleLines(try runGuide(["review", "--no-check"], in: folder.path).stdout).isEmpty)
        try folder.write("content/en/intro.md", Self.edited.replacingOccurrences(of: "stays as it is", with: "stays here"))
        let uncommitted = staleLines(try runGuide(["review", "--no-check"], in: folder.path).stdout)
        #expect(uncommitted.count == 1 && uncommitted[0].contains("uncommitted"), "\(uncommitted)")
    }

    @Test func aPairAcceptedSinceTheEnglishChangedIsTheLedgersToJudge() throws {
        let folder = try TempFolder()
        try writeBook(in: "content", folder: folder)
        try git(["init", "-q"], in: folder.path)
        try git(["add", "."], in: folder.path)
        try git(["commit", "-qm", "both"], in: folder.path, time: january)
        try folder.write("content/en/intro.md", Self.edited)
        try git(["commit", "-qam", "english"], in: folder.path, time: february)
        #expect(staleLines(try runGuide(["review", "--no-check"], in: folder.path).stdout).count == 1)
        // A translator read the new English and kept the Chinese: accepted, it is not stale…
        #expect(try runGuide(["review", "--no-check", "--accept"], in: folder.path).status == 0)
        #expect(staleLines(try runGuide(["review", "--no-check"], in: folder.path).stdout).isEmpty)
        // …until its English changes again.
        try folder.write("content/en/intro.md", Self.edited.replacingOccurrences(of: "goodbye", with: "farewell"))
        try git(["commit", "-qam", "english again"], in: folder.path, time: march)
        let stale = staleLines(try runGuide(["review", "--no-check"], in: folder.path).stdout)
        #expect(stale.count == 1 && stale[0].hasPrefix("content/zh/intro.md:3:"), "\(stale)")
    }

    @Test func theOriginalAndTheTranslationInTwoRepositories() throws {
        let folder = try TempFolder()
        try writeBook(in: "content", folder: folder)
        for language in ["en", "zh"] {
            try git(["init", "-q"], in: folder.path + "/content/" + language)
            try git(["add", "."], in: folder.path + "/content/" + language)
        }
        try git(["commit", "-qm", "english"], in: folder.path + "/content/en", time: january)
        try git(["commit", "-qm", "chinese"], in: folder.path + "/content/zh", time: february)
        try folder.write("content/en/intro.md", Self.edited)
        try git(["commit", "-qam", "english again"], in: folder.path + "/content/en", time: march)

        let result = try runGuide(["review", "--no-check"], in: folder.path)
        let stale = staleLines(result.stdout)
        #expect(stale.count == 1, "\(result.stdout)")
        #expect(stale.first?.contains("(2024-03-01)") == true && stale.first?.contains("(2024-02-01)") == true)
        #expect(stale.first?.contains("{+goodbye+}") == true)
    }

    @Test func aBookOutsideGitSaysSoOnceAndReviewsAsBefore() throws {
        let folder = try TempFolder()
        try writeBook(in: "content", folder: folder)
        try folder.write("content/en/intro.md", Self.edited)
        let result = try runGuide(["review", "--no-check"], in: folder.path)
        #expect(result.status == 0)
        #expect(staleLines(result.stdout).isEmpty)
        #expect(result.stderr.components(separatedBy: "not kept in git").count == 2, "\(result.stderr)")
    }
}
