import Foundation
import Testing

/// `guide align EN ZH --sentences`, the real binary on a temporary book: the JSON contract
/// (every sentence of every bead once, in order, as written in the source) and the listing.
@Suite struct SentenceAlignEndToEndTests {
    static let english = """
        # Using the `Foo` class

        The `Foo` class keeps a list. It is
        cheap to make, e.g. in a loop.

        - first point about `bar`
        - second point. It has two sentences.

        ```objc
        [foo bar];
        ```

        > A quoted remark
        > on two lines.

        This paragraph was never translated.

        """
    static let chinese = """
        # 使用 `Foo` 类

        `Foo` 类保存一个列表。它很便宜，比如可以在循环里创建。(译者注：这是一个补充说明。)

        - 关于 `bar` 的第一点
        - 第二点。它有两句话。

        ```objc
        [foo bar];
        ```

        > 一段引用的话。

        """

    func writeBook() throws -> TempFolder {
        let folder = try TempFolder()
        try folder.write("content/en/a.md", Self.english)
        try folder.write("content/zh/a.md", Self.chinese)
        try folder.write("content/glossary.yml", "terms:\n  - en: list\n    zh: 列表\n")
        return folder
    }

    @Test func jsonGivesEverySentenceOfEveryBeadOnceInOrder() throws {
        let folder = try writeBook()
        let result = try runGuide(["align", "content/en/a.md", "content/zh/a.md", "--sentences", "--format", "json"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let beads = try #require(json["beads"] as? [[String: Any]])
        var english: [String] = [], chinese: [String] = []
        var groups: [(source: [String], target: [String])] = []
        for bead in beads {
            let sentences = try #require(bead["sentences"] as? [[String: [String]]], "a bead without sentences: \(bead)")
            for link in sentences {
                let source = try #require(link["source"]), target = try #require(link["target"])
                #expect(!source.isEmpty || !target.isEmpty)
                english += source
                chinese += target
                groups.append((source, target))
            }
            // A side the bead does not have has no sentences.
            if bead["target"] is NSNull { #expect(sentences.allSatisfy { $0["target"] == [] }) }
        }
        #expect(english == [
            "Using the `Foo` class",
            "The `Foo` class keeps a list.", "It is cheap to make, e.g. in a loop.",
            "first point about `bar`", "second point.", "It has two sentences.",
            "A quoted remark on two lines.",
            "This paragraph was never translated.",
        ])
        #expect(chinese == [
            "使用 `Foo` 类",
            "`Foo` 类保存一个列表。", "它很便宜，比如可以在循环里创建。", "(译者注：这是一个补充说明。)",
            "关于 `bar` 的第一点", "第二点。", "它有两句话。",
            "一段引用的话。",
        ])
        #expect(groups.contains { $0.source == [] && $0.target == ["(译者注：这是一个补充说明。)"] })
        #expect(groups.contains { $0.source == ["This paragraph was never translated."] && $0.target == [] })
        #expect(groups.contains { $0.source == ["The `Foo` class keeps a list."] && $0.target == ["`Foo` 类保存一个列表。"] })
        // The code block's bead has no sentences, and the keys come sorted as before.
        #expect(beads.contains { ($0["sentences"] as? [Any])?.isEmpty == true })
        #expect(result.stdout.hasPrefix("{\"beads\":[{\"sentences\":[{\"source\":[\"Using the `Foo` class\"],\"target\":[\"使用 `Foo` 类\"]}],\"source\":{\"end\":1,\"start\":1}"))
    }

    @Test func withoutTheFlagTheContractIsUnchanged() throws {
        let folder = try writeBook()
        let result = try runGuide(["align", "content/en/a.md", "content/zh/a.md", "--format", "json"], in: folder.path)
        #expect(result.status == 0)
        #expect(!result.stdout.contains("sentences"))
        #expect(result.stdout.hasPrefix("{\"beads\":[{\"source\":{\"end\":1,\"start\":1},\"target\":{\"end\":1,\"start\":1}}"))
    }

    @Test func textListsTheSentencePairsUnderEachBead() throws {
        let folder = try writeBook()
        let result = try runGuide(["align", "content/en/a.md", "content/zh/a.md", "--sentences"], in: folder.path)
        #expect(result.status == 0)
        #expect(result.stdout.contains("""
            1:1  content/en/a.md:1-1  ⟷  content/zh/a.md:1-1
                1:1  Using the `Foo` class
                     ⟷ 使用 `Foo` 类

            """))
        #expect(result.stdout.contains("    0:1  —\n         ⟷ (译者注：这是一个补充说明。)\n"))
    }

    @Test func timingsGoToStandardErrorAndLeaveTheJSONAlone() throws {
        let folder = try writeBook()
        let plain = try runGuide(["align", "content/en/a.md", "content/zh/a.md", "--sentences", "--format", "json"], in: folder.path)
        let timed = try runGuide(["align", "content/en/a.md", "content/zh/a.md", "--sentences", "--format", "json", "--timings"],
                                 in: folder.path)
        #expect(timed.status == 0 && timed.stdout == plain.stdout)
        for step in ["parse", "align blocks", "read the glossary", "align sentences", "print"] {
            #expect(timed.stderr.contains(" s  \(step)\n"), "\(timed.stderr)")
        }
    }

    @Test func aGlossaryThatCannotBeReadIsAnError() throws {
        let folder = try writeBook()
        try folder.write("content/glossary.yml", "terms: 3\n")
        let result = try runGuide(["align", "content/en/a.md", "content/zh/a.md", "--sentences"], in: folder.path)
        #expect(result.status != 0)
        #expect(result.stderr.contains("error: 'terms' must be a list"))
        let named = try runGuide(["align", "content/en/a.md", "content/zh/a.md", "--sentences", "--glossary", "missing.yml"],
                                 in: folder.path)
        #expect(named.status != 0)
        #expect(named.stderr.contains("missing.yml"))
    }
}
