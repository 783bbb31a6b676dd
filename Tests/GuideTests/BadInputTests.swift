import Foundation
@testable import GuideFiles
import GuideModel
import GuideCheck
import GuideParse
import Testing

/// Hostile or broken content gets one clear error naming the file, never a crash or a hang.
@Suite struct BadInputTests {
    func load(_ edit: (TempFolder) throws -> Void) throws -> Book {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try edit(folder)
        return try ContentLoader(root: folder.path + "/content", displayRoot: "content").load()
    }

    @Test func emptyChapter() {
        #expect(throws: GuideError("the chapter is empty (a chapter needs at least a title)", file: "content/zh/second.md")) {
            try load { try $0.write("content/zh/second.md", "\n  \n") }
        }
    }

    @Test func hugeChapter() {
        #expect(throws: GuideError("the file is 50 MiB; guide reads text files up to 16 MiB", file: "content/en/second.md")) {
            try load { try $0.write("content/en/second.md", Data(repeating: 0x61, count: 50 * 1_048_576)) }
        }
    }

    @Test func hugeChapterBehindASymlinkInsideTheContentFolder() {
        // The limit applies to what is read: the link's target, not the link.
        #expect(throws: GuideError("the file is 50 MiB; guide reads text files up to 16 MiB", file: "content/en/second.md")) {
            try load { folder in
                try folder.write("content/en/big.txt", Data(repeating: 0x61, count: 50 * 1_048_576))
                try FileManager.default.removeItem(atPath: folder.path + "/content/en/second.md")
                try FileManager.default.createSymbolicLink(atPath: folder.path + "/content/en/second.md", withDestinationPath: "big.txt")
            }
        }
    }

    @Test func chapterThatIsAPipeIsRefusedNotWaitedOn() {
        #expect(throws: GuideError("the file is a FIFO, not a regular file: guide reads text files only from regular files",
                                   file: "content/en/second.md")) {
            try load { folder in
                try FileManager.default.removeItem(atPath: folder.path + "/content/en/second.md")
                #expect(mkfifo(folder.path + "/content/en/second.md", 0o644) == 0)
            }
        }
    }

    @Test func tenThousandNestedLists() throws {
        let deep = String(repeating: "- ", count: 10_000) + "deep\n"
        let book = try load { try $0.write("content/en/second.md", "# Second\n\n## End\n\n" + deep) }
        let list = book.source.chapters[1].blocks[2]
        #expect(list.kind == .list(ordered: false))
        #expect(list.text == "deep")
        #expect(list.html.hasPrefix("<ul>\n<li>\n<ul>"))
    }

    @Test func summaryLinkingToItself() {
        #expect(throws: GuideError("SUMMARY.md lists itself as a chapter", file: "content/en/SUMMARY.md", line: 2)) {
            try load { try $0.write("content/en/SUMMARY.md", "* [Intro](intro.md)\n* [Me](SUMMARY.md)\n* [S](second.md)\n") }
        }
    }

    @Test func twoLinksToOnePage() {
        #expect(throws: GuideError("'intro.md' is listed twice (first on line 1)", file: "content/en/SUMMARY.md", line: 2)) {
            try load { try $0.write("content/en/SUMMARY.md", "* [Intro](intro.md)\n* [Again](./intro.md#top)\n* [S](second.md)\n") }
        }
    }

    @Test func chapterSymlinkLeavingTheContent() throws {
        #expect(throws: GuideError("refused: a link on this path leads outside the content folder; guide reads nothing outside it", file: "content/en/second.md")) {
            try load { folder in
                try folder.write("outside.md", "# Outside\n")
                try FileManager.default.removeItem(atPath: folder.path + "/content/en/second.md")
                try FileManager.default.createSymbolicLink(atPath: folder.path + "/content/en/second.md",
                                                           withDestinationPath: folder.path + "/outside.md")
            }
        }
    }

    @Test func assetSymlinkLeavingTheContent() throws {
        #expect(throws: GuideError("refused: a link on this path leads outside the content folder; guide reads nothing outside it", file: "content/en/images/passwd.png")) {
            try load { folder in
                try FileManager.default.createDirectory(atPath: folder.path + "/content/en/images", withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(atPath: folder.path + "/content/en/images/passwd.png",
                                                           withDestinationPath: "/etc/passwd")
            }
        }
    }

    @Test func brokenLedger() {
        #expect(throws: GuideError("expected 'chapter english-hash chinese-hash', found 'garbage'", file: "content/zh.accepted", line: 1)) {
            try load { try $0.write("content/zh.accepted", "garbage\n") }
        }
    }

    /// One-letter names (Foundation's NSString path methods crashed on some): a content folder
    /// called `c`, an asset folder `x` with a file `a`, a template folder `t` with a file `s`.
    @Test func oneLetterNamesBuild() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder, root: "c")
        try folder.write("c/x/a", "an asset with a one-letter name")
        try folder.write("c/en/b", "another")
        try FileManager.default.copyItem(atPath: repositoryRoot + "/templates", toPath: folder.path + "/t")
        try folder.write("t/s", "a static file")
        let result = try runGuide(["build", "--no-check", "--content", "c", "--templates", "t", "-o", "o"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try folder.read("o/x/a") == "an asset with a one-letter name")
        #expect(try folder.read("o/en/b") == "another")
        #expect(try folder.read("o/s") == "a static file")
        #expect(folder.exists(".guide-cache"))
        #expect(CacheStore.folder(forContent: "c") == "./.guide-cache")
        #expect(CacheStore.folder(forContent: "c/") == "./.guide-cache")
        #expect(CacheStore.folder(forContent: "/b/c") == "/b/.guide-cache")
        #expect(CacheStore.folder(forContent: "/c") == "//.guide-cache")
    }
}

/// A typo in guide.yml is an error at its place naming the key meant, never a default used in silence.
@Suite struct ConfigKeyTests {
    @Test func unknownKeysAreErrorsWithTheNearestKnownKey() throws {
        let cases: [(String, String)] = [
            ("languages: [en, zh]\nsourc: en\n", "guide.yml:2:1: error: unknown key 'sourc'; did you mean 'source'?"),
            ("languages: [en, zh]\ncheck:\n  timeot: 3\n", "guide.yml:3:3: error: unknown key 'check.timeot'; did you mean 'timeout'?"),
            ("output:\n  rawhtml: true\n", "guide.yml:2:3: error: unknown key 'output.rawhtml'; did you mean 'raw_html'?"),
            ("colour: blue\n", "guide.yml:1:1: error: unknown key 'colour' (known here: check, editions, languages, output, repository, review, source, title)"),
        ]
        for (text, message) in cases {
            #expect(throws: Error.self) { try ConfigLoader.parse(text, displayPath: "guide.yml") }
            do {
                _ = try ConfigLoader.parse(text, displayPath: "guide.yml")
            } catch let error as GuideError {
                #expect(error.description == message)
            }
        }
        // The book's own titles are its languages: any key goes there.
        _ = try ConfigLoader.parse("languages: [en, fr]\ntitle:\n  en: A\n  fr: B\n", displayPath: "guide.yml")
    }

    @Test func theBinaryExitsNonZeroOnATypo() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/guide.yml", "languages: [en, zh]\nsourc: en\n")
        let result = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(result.status != 0)
        #expect(result.stderr == "content/guide.yml:2:1: error: unknown key 'sourc'; did you mean 'source'?\n")
        #expect(!folder.exists("site"))
        // The same for the glossary, in every command that reads it.
        try folder.write("content/guide.yml", "languages: [en, zh]\nsource: en\n")
        try folder.write("content/glossary.yml", "terms:\n  - en: block\n    zh: 代码块\n    keeep: true\n")
        for command in [["build", "--no-check", "--templates", repositoryRoot + "/templates"], ["review", "--no-check"]] {
            let glossary = try runGuide(command, in: folder.path)
            #expect(glossary.status != 0)
            #expect(glossary.stderr == "content/glossary.yml:4:5: error: unknown key 'terms[].keeep'; did you mean 'keep'?\n")
        }
        #expect(!folder.exists("site"))
    }
}
