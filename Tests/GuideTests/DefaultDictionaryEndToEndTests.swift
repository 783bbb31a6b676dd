import Foundation
import Testing

/// The sentence review's dictionary through the real binary: a sentence the lengths alone miss is
/// found with CC-CEDICT in the user's data folder (a tiny one, in a temporary `XDG_DATA_HOME`),
/// with nothing configured, and with the words learned from the book's own pairs, asked for by
/// `--dictionary learned` or `review.dictionary: learned`; `--dictionary none`, `review.dictionary:
/// none` and nothing installed review as before; a CC-CEDICT there that cannot be read is one note.
@Suite struct DefaultDictionaryEndToEndTests {
    /// One sentence a paragraph, each said again in another with other words: what a book's own
    /// pairs teach (小心 careful, 名字 names, 帮助 help, 读者 reader, 清晰 clear, 团队 team, …).
    static let lessons = [
        ("Careful names help readers.", "小心起的名字帮助读者。"),
        ("Every reader needs a short summary.", "每位读者都需要简短的摘要。"),
        ("Clear names help the team.", "清晰的名字帮助团队。"),
        ("The team writes simple code.", "团队编写简单的代码。"),
        ("Clear logic makes code simple.", "清晰的逻辑让代码简单。"),
        ("Short functions keep the logic clear.", "短小的函数让逻辑清晰。"),
        ("Tests check each function.", "测试检查每个函数。"),
        ("Good tests help every team.", "好的测试帮助每个团队。"),
        ("Be careful with shared state.", "对共享状态要小心。"),
    ]

    func writeBook(in folder: TempFolder) throws {
        try writeSmallBook(in: folder)
        try folder.write("content/en/second.md", "# Second\n\n" + SentenceDictionaryTests.english + "\n"
            + Self.lessons.map { $0.0 + "\n\n" }.joined())
        try folder.write("content/zh/second.md", "# 第二章\n\n" + SentenceDictionaryTests.chinese + "\n"
            + Self.lessons.map { $0.1 + "\n\n" }.joined())
    }

    func review(_ folder: TempFolder, _ extra: [String] = []) throws -> RunResult {
        try runGuide(["review", "--no-check"] + extra, in: folder.path,
                     environment: ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": folder.path + "/data"]) { $1 })
    }

    func missing(_ run: RunResult) -> [String] {
        run.stdout.split(separator: "\n").map(String.init).filter { $0.contains("sentence-missing:") }
    }

    static let found = "content/zh/second.md:3: warning: sentence-missing: an English sentence has no Chinese: “Careful names help"

    @Test func theLearnedWordsFindTheSentence() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        let learned = try review(folder, ["--dictionary", "learned"])
        #expect(learned.status == 0, "\(learned.stderr)")
        #expect(missing(learned).first?.hasPrefix(Self.found) == true, "\(learned.stdout)")
        #expect(!learned.stderr.split(separator: "\n").contains { $0.contains("note:") && !$0.contains("git") })

        // Nothing installed, nothing named: no dictionary, as `none` says; lengths alone miss it.
        let none = try review(folder, ["--dictionary", "none"])
        #expect(none.status == 0, "\(none.stderr)")
        #expect(missing(none).isEmpty, "\(none.stdout)")
        #expect(try review(folder).stdout == none.stdout)
        let config = try folder.read("content/guide.yml")
        try folder.write("content/guide.yml", config + "\nreview:\n  dictionary: none\n")
        let configured = try review(folder)
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(configured.stdout == none.stdout)
        try folder.write("content/guide.yml", config + "\nreview:\n  dictionary: learned\n")
        #expect(try review(folder).stdout == learned.stdout)
    }

    @Test func cedictInTheDataFolderFindsItToo() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/second.md", "# Second\n\n" + SentenceDictionaryTests.english)
        try folder.write("content/zh/second.md", "# 第二章\n\n" + SentenceDictionaryTests.chinese)
        // Nothing installed: lengths alone do not find it.
        #expect(missing(try review(folder)).isEmpty)
        try folder.write("data/guide/cedict_1_0_ts_utf-8_mdbg.txt", SentenceDictionaryTests.cedict)
        let installed = try review(folder)
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(missing(installed).first?.hasPrefix(Self.found) == true, "\(installed.stdout)")
        #expect(missing(try review(folder, ["--dictionary", "none"])).isEmpty)
    }

    @Test func anUnreadableCedictIsOneNote() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        try FileManager.default.createDirectory(atPath: folder.path + "/data/guide/cedict_1_0_ts_utf-8_mdbg.txt",
                                                withIntermediateDirectories: true)
        let run = try review(folder)
        #expect(run.status == 0, "\(run.stderr)")
        let notes = run.stderr.split(separator: "\n").filter { $0.hasPrefix("note:") }
        #expect(notes.count == 1 && notes[0].contains("cedict_1_0_ts_utf-8_mdbg.txt") && notes[0].contains("scripts/setup.sh"),
                "\(run.stderr)")
        // Reviewed with no dictionary, as with nothing installed.
        #expect(run.stdout == (try review(folder, ["--dictionary", "none"])).stdout)
    }
}
