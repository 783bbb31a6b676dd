import Foundation
import Testing

/// A rebuild through the cache and the site it replaces (kept as the previous site and updated
/// into the next) gives, after every kind of edit, the site a build of the same content with no
/// cache and no site gives: the real binary, a book of enough chapters that the search index
/// has several chunks and the writer several folders.
@Suite struct RebuildEqualsCleanBuildTests {
    static let chapters = 40

    func writeBook(in folder: TempFolder) throws {
        try folder.write("content/guide.yml", "title:\n  en: \"Book\"\n  zh: \"书\"\nlanguages: [en, zh]\nsource: en\n")
        var en = "# Summary\n\n", zh = "# 目录\n\n"
        for number in 0..<Self.chapters {
            en += "* [Chapter \(number)](c\(number).md)\n"
            zh += "* [第\(number)章](c\(number).md)\n"
            try folder.write("content/en/c\(number).md", """
                # Chapter \(number)

                The chapter number \(number) explains delegates. It has two sentences.

                ## Details

                A second paragraph about notifications and \(number) observers.
                """)
            try folder.write("content/zh/c\(number).md", """
                # 第\(number)章

                第\(number)章讲委托。它有两个句子。

                ## 细节

                第二段讲通知和\(number)个观察者。
                """)
        }
        try folder.write("content/en/SUMMARY.md", en)
        try folder.write("content/zh/SUMMARY.md", zh)
    }

    /// The site a build of `content` with no cache and no previous site writes.
    func cleanBuild(of folder: TempFolder) throws -> [String: Data] {
        let clean = try TempFolder()
        try FileManager.default.copyItem(atPath: folder.path + "/content", toPath: clean.path + "/content")
        try? FileManager.default.removeItem(atPath: clean.path + "/content/.guide-cache")
        try? FileManager.default.removeItem(atPath: clean.path + "/.guide-cache")
        let result = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: clean.path)
        #expect(result.status == 0, "\(result.stderr)")
        return try snapshot(clean.path + "/site")
    }

    func replace(_ old: String, with new: String, in path: String, of folder: TempFolder) throws {
        let text = try folder.read(path)
        #expect(text.contains(old))
        try folder.write(path, text.replacingOccurrences(of: old, with: new))
    }

    @Test func everyRebuildEqualsACleanBuild() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        let build = ["build", "--no-check", "--templates", repositoryRoot + "/templates"]
        let edits: [(String, () throws -> Void)] = [
            ("nothing", {}),
            ("a Chinese sentence", { try replace("它有两个句子。", with: "它有两个句子，改了。", in: "content/zh/c7.md", of: folder) }),
            ("an English sentence", { try replace("It has two sentences.", with: "It has two short sentences.", in: "content/en/c7.md", of: folder) }),
            ("a heading added", { try replace("## 细节", with: "## 新节\n\n新的一段。\n\n## 细节", in: "content/zh/c21.md", of: folder) }),
            ("a chapter's title", { try replace("[第30章]", with: "[第三十章]", in: "content/zh/SUMMARY.md", of: folder) }),
            ("a chapter removed", {
                try replace("* [Chapter 39](c39.md)\n", with: "", in: "content/en/SUMMARY.md", of: folder)
                try replace("* [第39章](c39.md)\n", with: "", in: "content/zh/SUMMARY.md", of: folder)
            }),
            ("the same sentence again", { try replace("它有两个句子，改了。", with: "它有两个句子，又改了。", in: "content/zh/c7.md", of: folder) }),
        ]
        #expect(try runGuide(build, in: folder.path).status == 0)
        for (edit, apply) in edits {
            try apply()
            let result = try runGuide(build, in: folder.path)
            #expect(result.status == 0, "after \(edit): \(result.stderr)")
            let rebuilt = try snapshot(folder.path + "/site"), clean = try cleanBuild(of: folder)
            #expect(rebuilt.keys.sorted() == clean.keys.sorted(), "after \(edit)")
            for (path, bytes) in clean where rebuilt[path] != bytes {
                Issue.record("after \(edit): site/\(path) differs from a clean build's")
            }
            #expect(folder.exists(".site.guide-previous/.guide-site"), "after \(edit): no previous site kept")
        }
    }
}
