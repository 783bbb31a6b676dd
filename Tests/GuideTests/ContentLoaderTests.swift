import Foundation
import GuideModel
import GuideParse
import GuideRender
import Testing

@Suite struct ContentLoaderTests {
    @Test func loadsBothEditionsInSummaryOrder() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/images/a.png", Data([0x89, 0x50]))
        try folder.write("content/images/shared.png", Data([0x89]))
        let book = try ContentLoader(root: folder.path + "/content", displayRoot: "content").load()
        #expect(book.editions.map(\.language.code) == ["en", "zh"])
        #expect(book.source.chapters.map(\.path) == ["intro.md", "second.md"])
        #expect(book.edition(Language("zh"))?.chapters.map(\.title) == ["介绍", "第二章"])
        #expect(book.source.chapters[0].displayPath == "content/en/intro.md")
        #expect(book.source.assets == ["images/a.png"])
        #expect(book.sharedAssets == ["images/shared.png"])
        #expect(book.config.title(for: Language("zh")) == "测试之书")
    }

    /// Hidden files and folders are never published: `.git/` of a book kept in git, an
    /// editor's `.swp`, a folder of secrets a translator keeps beside the chapters.
    @Test func hiddenFilesAndFoldersAreNotAssets() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/images/a.png", Data([0x89, 0x50]))
        try folder.write("content/en/.secret/token.txt", "key")
        try folder.write("content/en/images/.a.png.swp", "swap")
        try folder.write("content/.git/config", "[core]")
        try folder.write("content/.git/objects/ab/cdef", "blob")
        try folder.write("content/images/shared.png", Data([0x89]))
        let book = try ContentLoader(root: folder.path + "/content", displayRoot: "content").load()
        #expect(book.source.assets == ["images/a.png"])
        #expect(book.sharedAssets == ["images/shared.png"])
        // The same of a templates folder (its other files are copied into the site).
        try FileManager.default.copyItem(atPath: repositoryRoot + "/templates", toPath: folder.path + "/templates")
        try folder.write("templates/.git/HEAD", "ref")
        try folder.write("templates/.hidden/x.css", "a {}")
        try folder.write("templates/.x.css", "a {}")
        let plain = try TemplateSet(folder: repositoryRoot + "/templates")
        let own = try TemplateSet(folder: folder.path + "/templates")
        #expect(Set(own.staticFiles.keys) == Set(plain.staticFiles.keys))
        #expect(own.fingerprint == plain.fingerprint)
    }

    @Test func summaryNestsAndNormalisesLinks() throws {
        let toc = try SummaryParser.parse("""
            # Summary

            * [Part](./part.md)
              * [Child](child.md#top)
            * [Title only]()
            """, displayPath: "S.md")
        #expect(toc.count == 2)
        #expect(toc[0].path == "part.md")
        #expect(toc[0].children.map(\.path) == ["child.md"])
        #expect(toc[0].children[0].line == 4)
        #expect(toc[1].path == nil)
    }

    @Test func summaryRefusesPathsOutsideTheContent() {
        #expect(throws: GuideError("'../../etc/passwd.md' leaves the content folder", file: "S.md", line: 1)) {
            try SummaryParser.parse("* [X](../../etc/passwd.md)\n", displayPath: "S.md")
        }
        #expect(throws: GuideError.self) { try SummaryParser.parse("* [X](/etc/x.md)\n", displayPath: "S.md") }
    }

    @Test func missingChapterNamesSummaryLine() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try FileManager.default.removeItem(atPath: folder.path + "/content/en/second.md")
        #expect(throws: GuideError("'second.md' is listed in SUMMARY.md but the file content/en/second.md does not exist",
                                   file: "content/en/SUMMARY.md", line: 4)) {
            try ContentLoader(root: folder.path + "/content", displayRoot: "content").load()
        }
    }

    @Test func chapterMissingInTheSourceIsAnError() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/SUMMARY.md", "* [Intro](intro.md)\n")
        #expect(throws: GuideError("chapter 'second.md' has no en version: it exists but content/en/SUMMARY.md does not list it",
                                   file: "content/zh/second.md")) {
            try ContentLoader(root: folder.path + "/content", displayRoot: "content").load()
        }
    }

    @Test func invalidUTF8NamesFileAndLine() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/zh/second.md", Data("# 第二章\n\nok\n".utf8) + Data([0xE4, 0xB8, 0x0A]))
        #expect(throws: GuideError("the file is not valid UTF-8 (byte 0xE4)", file: "content/zh/second.md", line: 4)) {
            try ContentLoader(root: folder.path + "/content", displayRoot: "content").load()
        }
    }

    @Test func nulByteIsRefused() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/intro.md", Data("a\n\nb".utf8) + Data([0]))
        #expect(throws: GuideError("the file contains a NUL byte (is it a binary file?)", file: "content/en/intro.md", line: 3)) {
            try ContentLoader(root: folder.path + "/content", displayRoot: "content").load()
        }
    }

    @Test func summaryListingAFileTwice() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/SUMMARY.md", "* [Intro](intro.md)\n* [Again](intro.md)\n")
        #expect(throws: GuideError("'intro.md' is listed twice (first on line 1)", file: "content/en/SUMMARY.md", line: 2)) {
            try ContentLoader(root: folder.path + "/content", displayRoot: "content").load()
        }
    }

    @Test func missingContentFolder() {
        #expect(throws: GuideError("the content folder does not exist: run `guide init` in the book's folder to write its guide.yml, "
                                   + "or name the folder that holds guide.yml with --content", file: "nowhere")) {
            try ContentLoader(root: "/nonexistent/guide-content", displayRoot: "nowhere").load()
        }
    }

    @Test func configErrors() {
        #expect(throws: GuideError("'output.raw_html' must be true or false", file: "guide.yml")) {
            try ConfigLoader.parse("output:\n  raw_html: [1, 2]\n", displayPath: "guide.yml")
        }
        #expect(throws: GuideError("'source' is 'fr', which is not one of 'languages'", file: "guide.yml")) {
            try ConfigLoader.parse("languages: [en, zh]\nsource: fr\n", displayPath: "guide.yml")
        }
        #expect(throws: GuideError("language '../x' is not a plain folder name", file: "guide.yml")) {
            try ConfigLoader.parse("languages: [en, ../x]\n", displayPath: "guide.yml")
        }
        do {
            _ = try ConfigLoader.parse("title:\n  en: [unclosed\n", displayPath: "guide.yml")
            Issue.record("expected an error")
        } catch let error as GuideError {
            #expect(error.location?.file == "guide.yml")
            #expect(error.location?.line != nil)
            #expect(error.message.hasPrefix("invalid YAML"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func missingConfigNamesIt() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try FileManager.default.removeItem(atPath: folder.path + "/content/guide.yml")
        #expect(throws: ConfigLoader.missing("content/guide.yml")) {
            try ContentLoader(root: folder.path + "/content", displayRoot: "content").load()
        }
    }
}
