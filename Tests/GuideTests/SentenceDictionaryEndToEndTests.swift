import Foundation
import Testing

/// The sentence review's bilingual dictionary through the real binary: `review --dictionary FILE`
/// and guide.yml's `review.dictionary` find a sentence the lengths alone miss (the hand-made
/// dictionary and pair of `SentenceDictionaryTests`); a bad file is an error naming its line.
@Suite struct SentenceDictionaryEndToEndTests {
    func writeBook(in folder: TempFolder) throws {
        try writeSmallBook(in: folder)
        try folder.write("content/en/second.md", "# Second\n\n" + SentenceDictionaryTests.english)
        try folder.write("content/zh/second.md", "# 第二章\n\n" + SentenceDictionaryTests.chinese)
        try folder.write("content/words.u8", SentenceDictionaryTests.cedict)
    }

    func missing(_ run: RunResult) -> [String] {
        run.stdout.split(separator: "\n").map(String.init).filter { $0.contains("sentence-missing:") }
    }

    @Test func theFlagAndTheConfigKeyBothFindTheSentence() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        let plain = try runGuide(["review", "--no-check"], in: folder.path)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(missing(plain).isEmpty)

        let flagged = try runGuide(["review", "--no-check", "--dictionary", "content/words.u8"], in: folder.path)
        #expect(flagged.status == 0, "\(flagged.stderr)")
        let line = try #require(missing(flagged).first)
        #expect(line.hasPrefix("content/zh/second.md:3: warning: sentence-missing: an English sentence has no Chinese: “Careful names help"))

        // The key, from the content folder; the review cache's key holds the dictionary, so the
        // review made without it is not the one shown.
        try folder.write("content/guide.yml", try folder.read("content/guide.yml") + "\nreview:\n  dictionary: words.u8\n")
        let configured = try runGuide(["review", "--no-check"], in: folder.path)
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(missing(configured) == missing(flagged))
    }

    @Test func alignSentencesTakesItToo() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        func groups(_ extra: [String]) throws -> [[String: Any]] {
            let run = try runGuide(["align", "content/en/second.md", "content/zh/second.md", "--sentences", "--format", "json"] + extra,
                                   in: folder.path)
            #expect(run.status == 0, "\(run.stderr)")
            let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
            return (document["beads"] as! [[String: Any]]).flatMap { $0["sentences"] as? [[String: Any]] ?? [] }
        }
        let alone = { (group: [String: Any]) in
            (group["target"] as! [String]).isEmpty && (group["source"] as! [String]).first?.hasPrefix("Careful names") == true
        }
        #expect(try !groups([]).contains(where: alone))
        #expect(try groups(["--dictionary", "content/words.u8"]).contains(where: alone))
    }

    /// The sentence memory pairs sentences as the review does: with the dictionary guide.yml
    /// names, the sentence it finds has no Chinese, so no unit holds it.
    @Test func theSentenceMemoryPairsWithTheBooksDictionary() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        func units() throws -> [String] {
            let run = try runGuide(["export", "tmx", "--all", "--force"], in: folder.path)
            #expect(run.status == 0, "\(run.stderr)")
            return try folder.read("book.tmx").components(separatedBy: "<tu>").dropFirst().map { $0 }
        }
        #expect(try units().contains { $0.contains("Careful names help") })
        try folder.write("content/guide.yml", try folder.read("content/guide.yml") + "\nreview:\n  dictionary: words.u8\n")
        let configured = try units()
        #expect(!configured.isEmpty)
        #expect(!configured.contains { $0.contains("Careful names help") })
    }

    @Test func aBadOrAbsentFileIsAnErrorNamingIt() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        try folder.write("content/bad.u8", "# CC-CEDICT\n團隊 团队 [tuan2 dui4] /team/\n\nteam 团队\n")
        let bad = try runGuide(["review", "--no-check", "--dictionary", "content/bad.u8"], in: folder.path)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("content/bad.u8:4"), "\(bad.stderr)")
        #expect(bad.stderr.contains("CC-CEDICT"))

        try folder.write("content/guide.yml", try folder.read("content/guide.yml") + "\nreview:\n  dictionary: absent.u8\n")
        let absent = try runGuide(["review", "--no-check"], in: folder.path)
        #expect(absent.status != 0)
        #expect(absent.stderr.contains("content/absent.u8") && absent.stderr.contains("cannot read the dictionary"), "\(absent.stderr)")
    }

    /// guide.yml (which comes with the book, in pull requests) names a dictionary inside the
    /// content folder only: a path out of it, or a link that leads out, is refused before a
    /// byte is read; the command line may name one anywhere.
    @Test func theBooksOwnSettingReadsNothingOutsideTheBook() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        let config = try folder.read("content/guide.yml")
        try folder.write("outside.u8", "團隊 团队 [tuan2 dui4] /team/\n")
        for path in ["../outside.u8", "/etc/passwd"] {
            try folder.write("content/guide.yml", config + "\nreview:\n  dictionary: \(path)\n")
            let result = try runGuide(["review", "--no-check"], in: folder.path)
            #expect(result.status != 0)
            #expect(result.stderr.contains("guide.yml:") && result.stderr.contains("inside the content folder"), "\(result.stderr)")
        }
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/content/link.u8", withDestinationPath: folder.path + "/outside.u8")
        try folder.write("content/guide.yml", config + "\nreview:\n  dictionary: link.u8\n")
        let linked = try runGuide(["review", "--no-check"], in: folder.path)
        #expect(linked.status != 0 && linked.stderr.contains("refused") && linked.stderr.contains("link.u8"), "\(linked.stderr)")
        try folder.write("content/guide.yml", config)
        try FileManager.default.removeItem(atPath: folder.path + "/content/link.u8")   // (the content loader refuses it too)
        let named = try runGuide(["review", "--no-check", "--dictionary", "outside.u8"], in: folder.path)
        #expect(named.status == 0, "\(named.stderr)")
    }
}
