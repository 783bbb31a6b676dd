import Foundation
import GuideModel
@testable import GuideParse
import Testing

/// `guide init`'s layout detection, on lists of file names (pure).
@Suite struct LayoutDetectorTests {
    func detect(_ files: [String], texts: [String: String] = [:]) -> LayoutDetector.Layout? {
        try? LayoutDetector.detect(files: files, read: { texts[$0] }).get()
    }

    @Test func gitBookFoldersSplitDifferentlyPerLanguage() {
        let layout = detect(["en/SUMMARY.md", "en/01-a.md", "zh/SUMMARY.md", "zh/Chapter01/01-a.md", "zh/book.json"])
        #expect(layout?.editions == ["en": .summary("en/SUMMARY.md"), "zh": .summary("zh/SUMMARY.md")])
        #expect(layout?.kind.hasPrefix("GitBook") == true)
    }

    @Test func gitBookLanguagesByFolderNameOnly() {
        let layout = detect(["LANGS.md", "bg/SUMMARY.md", "en/SUMMARY.md", "zh/SUMMARY.md", "uk/SUMMARY.md"],
                            texts: ["bg/SUMMARY.md": "* [Въведение](README.md)"])
        #expect(layout?.editions == ["en": .summary("en/SUMMARY.md"), "zh": .summary("zh/SUMMARY.md")])
    }

    @Test func mdBookPerLanguageWithChineseFolderNames() {
        let layout = detect(["book.toml", "src/en/SUMMARY.md", "src/zh-Hans/SUMMARY.md", "src/zh-TW/SUMMARY.md"])
        #expect(layout?.editions["zh"] == .summary("src/zh-Hans/SUMMARY.md"))
        #expect(layout?.editions["en"] == .summary("src/en/SUMMARY.md"))
    }

    @Test func twoCheckoutsSideBySideByTheirText() {
        let layout = detect(["book/SUMMARY.md", "book-translation/SUMMARY.md"],
                            texts: ["book/SUMMARY.md": "* [Preface](a.md)", "book-translation/SUMMARY.md": "* [前言](a.md)\n* [条件语句](b.md)"])
        #expect(layout?.editions == ["en": .summary("book/SUMMARY.md"), "zh": .summary("book-translation/SUMMARY.md")])
    }

    @Test func singleFilesInEitherDirection() {
        #expect(detect(["README.md", "README-zh.md", "LICENSE"])?.editions == ["en": .file("README.md"), "zh": .file("README-zh.md")])
        #expect(detect(["README.md", "README-En.md"])?.editions == ["en": .file("README-En.md"), "zh": .file("README.md")])
        #expect(detect(["README.md", "README_CN.md"])?.editions["zh"] == .file("README_CN.md"))
        let many = detect(["README.md", "README.zh-TW.md", "README.zh-CN.md", "README.ja.md"])
        #expect(many?.editions["zh"] == .file("README.zh-CN.md"))
        #expect(many?.notes.first?.contains("README.ja.md") == true)
    }

    @Test func docusaurusAndHugo() {
        let docusaurus = detect(["docs/intro.md", "i18n/zh-Hans/docusaurus-plugin-content-docs/current/intro.md"])
        #expect(docusaurus?.editions["zh"] == .folder("i18n/zh-Hans/docusaurus-plugin-content-docs/current", suffix: nil))
        #expect(detect(["content/en/_index.md", "content/zh/_index.md"])?.editions
                == ["en": .folder("content/en", suffix: nil), "zh": .folder("content/zh", suffix: nil)])
        #expect(detect(["content/post/a.md", "content/post/a.zh.md"])?.editions
                == ["en": .folder("content", suffix: nil), "zh": .folder("content", suffix: "zh")])
    }

    @Test func nothingBilingualSaysWhatItLooksFor() throws {
        let result = LayoutDetector.detect(files: ["README.md", "main.c"], read: { _ in "text" })
        guard case .failure(let error) = result else { Issue.record("found a layout"); return }
        #expect(error.description.contains("SUMMARY.md"))
        // The layouts are described on a page of the docs book a user can open in the repository.
        #expect(error.description.contains("docs/content/en/layouts.md"))
        #expect(FileManager.default.fileExists(atPath: repositoryRoot + "/docs/content/en/layouts.md"))
    }

    @Test func readmeSectionsPairByWhatTheyShareNotByPlace() {
        let parser = MarkdownParser()
        let english = parser.parse("# T\n\nIntro.\n\n## Install\n\n[pkg](https://x.org/pkg)\n\n## Usage\n\n[api](https://x.org/api)\n\n## FAQ\n\nText.\n")
        let chinese = parser.parse("# T\n\n介绍。\n\n## 安装\n\n[包](https://x.org/pkg)\n\n## 赞助\n\n[赞助](https://x.org/donate)\n\n"
                                   + "## 用法\n\n[接口](https://x.org/api)\n\n## 问答\n\n文字。\n")
        let level = SingleFileBook.cutLevel(english)
        #expect(level == 2)
        let pairs = RunAlignment.pairs(SingleFileBook.runs(english, level: 2), SingleFileBook.runs(chinese, level: 2))
        // The introductions, Install ↔ 安装, Usage ↔ 用法 (赞助 left out), FAQ ↔ 问答 by place.
        #expect(pairs.map { [$0.0, $0.1] } == [[0, 0], [1, 1], [2, 3], [3, 4]])
    }

    @Test func frontMatterIsBlankedAndRead() {
        let text = "---\ntitle: \"Hello\"\nweight: 3\n---\n# Body\n"
        let matter = FrontMatter.of(text)
        #expect(matter == FrontMatter(title: "Hello", order: 3, lineCount: 4))
        #expect(FrontMatter.blanked(text, lines: 4) == "\n\n\n\n# Body\n")
        #expect(FrontMatter.of("+++\ntitle = 'T'\nweight = 2\n+++\nx")?.title == "T")
        #expect(FrontMatter.of("---\nnot closed\n") == nil)
        // Untrusted: aliases of aliases are refused before Yams expands them (a billion laughs), the front matter still hidden.
        var bomb = "---\na: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for (name, previous) in zip(["b", "c", "d", "e", "f", "g", "h"], ["a", "b", "c", "d", "e", "f", "g"]) {
            bomb += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
        }
        bomb += "title: *h\n---\n# Body\n"
        #expect(FrontMatter.of(bomb) == FrontMatter(title: nil, order: nil, lineCount: 11))
    }
}

/// `guide init` and `guide build` on fixture books kept as their maintainers keep them.
@Suite struct BookLayoutEndToEndTests {
    /// A new user's build: the built-in theme, no templates folder.
    let templates = ["--no-check"]

    /// English: one file a chapter; Chinese: a chapter and its sections in a folder, nested in SUMMARY.md.
    func writeSplitBook(_ folder: TempFolder) throws {
        try folder.write("en/SUMMARY.md", "* [Start](01-start.md)\n* [Classes](02-classes.md)\n")
        try folder.write("en/01-start.md", "# Start\n\nThe first chapter opens the book.\n")
        try folder.write("en/02-classes.md", """
            # Classes

            Classes hold state.

            ## Properties

            Properties are declared in the interface.

            ![Diagram](images/d.png)

            ## Equality

            Equality compares two objects.
            """)
        try folder.write("en/images/d.png", Data([1]))
        try folder.write("zh/SUMMARY.md", """
            * [开始](Chapter01/01-start.md)
            * [类](Chapter02/01-classes.md)
              * [属性](Chapter02/02-properties.md)
              * [相等性](Chapter02/03-equality.md)
            """)
        try folder.write("zh/Chapter01/01-start.md", "# 开始\n\n第一章开启了这本书。\n")
        try folder.write("zh/Chapter02/01-classes.md", "# 类\n\n类保存状态。\n")
        try folder.write("zh/Chapter02/02-properties.md", "## 属性\n\n属性在接口中声明。【疑问】\n\n![图](../images/d.png)\n\n"
                         + "<p align=\"center\"><img src=\"../images/d.png\" width=\"10\"></p>\n")
        try folder.write("zh/Chapter02/03-equality.md", "## 相等性\n\n相等性比较两个对象。\n")
        try folder.write("zh/images/d.png", Data([2]))
    }

    @Test func aChapterSplitIntoSectionFilesPairsWithItsSourceChapter() throws {
        let folder = try TempFolder()
        try writeSplitBook(folder)
        let initRun = try runGuide(["init"], in: folder.path)
        #expect(initRun.status == 0, "\(initRun.stderr)")
        #expect(initRun.stdout.contains("zh: 2 chapters from 4 files"), "\(initRun.stdout)")
        let written = try String(contentsOfFile: folder.path + "/guide.yml", encoding: .utf8)
        #expect(written.contains("zh: { summary: \"zh/SUMMARY.md\" }"))
        // Its first line names the page that lists every setting (the README no longer does).
        #expect(written.hasPrefix("# Written by guide init: ") && written.contains("docs/content/en/config.md in guide's repository"))
        #expect(FileManager.default.fileExists(atPath: repositoryRoot + "/docs/content/en/config.md"))

        let build = try runGuide(["build"] + templates, in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try String(contentsOfFile: folder.path + "/site/zh/02-classes.html", encoding: .utf8)
        for text in ["类保存状态", "属性在接口中声明", "相等性比较两个对象"] { #expect(page.contains(text), "\(text)") }
        // The section's image, written from its folder, is written from the chapter's page.
        #expect(page.contains("src=\"images/d.png\""))
        // So is a raw-HTML picture's (sanitized as GitHub shows it).
        #expect(page.contains("<img src=\"images/d.png\" width=\"10\">"), "\(page)")
        #expect(folder.exists("site/zh/images/d.png"))
        #expect(folder.exists("site/bilingual/02-classes.html") || folder.exists("site/en/02-classes.html"))

        // Findings land at the section file's own line.
        let review = try runGuide(["review"], in: folder.path)
        #expect(review.stdout.contains("zh/Chapter02/02-properties.md:3") || review.stderr.contains("zh/Chapter02/02-properties.md:3"),
                "\(review.stdout)\(review.stderr)")
        #expect(!(review.stdout + review.stderr).contains("untranslated"))
    }

    @Test func initWritesTheThemeOutForCustomizing() throws {
        let folder = try TempFolder()
        let run = try runGuide(["init", "--theme"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(folder.exists("templates/style.css"))
        #expect(!folder.exists("guide.yml"))
        #expect(try runGuide(["init", "--theme"], in: folder.path).status != 0)
    }

    @Test func snippetsAndCatalogsOfASplitChapterNameItsFiles() throws {
        let folder = try TempFolder()
        try writeSplitBook(folder)
        try folder.write("zh/Chapter02/03-equality.md", "## 相等性\n\n相等性比较两个对象。\n\n```objc\nint x = ;\n```\n")
        #expect(try runGuide(["init"], in: folder.path).status == 0)
        let check = try runGuide(["check"], in: folder.path)
        #expect((check.stdout + check.stderr).contains("zh/Chapter02/03-equality.md:6:"), "\(check.stdout)\(check.stderr)")

        let export = try runGuide(["export", "po", "-o", "po"], in: folder.path)
        #expect(export.status == 0, "\(export.stderr)")
        let catalog = try String(contentsOfFile: folder.path + "/po/02-classes.po", encoding: .utf8)
        #expect(catalog.contains("属性在接口中声明"))
        // Each message names the section file and its own line.
        #expect(catalog.contains("#: en/02-classes.md:7 zh/Chapter02/02-properties.md:3"), "\(catalog)")
        // One catalog, three files: each edit goes back into the file it came from, the others untouched.
        func read(_ path: String) throws -> String { try String(contentsOfFile: folder.path + "/" + path, encoding: .utf8) }
        let untouched = try ["zh/Chapter02/01-classes.md", "zh/Chapter02/03-equality.md"].map(read)
        let properties = try read("zh/Chapter02/02-properties.md")
        #expect(catalog.contains("msgstr \"属性在接口中声明。【疑问】\""), "\(catalog)")
        try folder.write("po/02-classes.po", catalog.replacingOccurrences(of: "msgstr \"属性在接口中声明。【疑问】\"",
                                                                           with: "msgstr \"属性在接口里声明。\""))
        let imported = try runGuide(["import", "po", "po/02-classes.po"], in: folder.path)
        #expect(imported.status == 0, "\(imported.stderr)\(catalog)")
        #expect(imported.stdout.contains("1 chapters changed"), "\(imported.stdout)")
        #expect(try read("zh/Chapter02/02-properties.md")
                == properties.replacingOccurrences(of: "属性在接口中声明。【疑问】", with: "属性在接口里声明。"))
        #expect(try ["zh/Chapter02/01-classes.md", "zh/Chapter02/03-equality.md"].map(read) == untouched)
        // A chapter of one file whose name is not its source's imports into that file.
        #expect(try runGuide(["import", "po", "po/01-start.po"], in: folder.path).status == 0)
    }

    @Test func serveWorksWhereTheBookIsKept() async throws {
        let folder = try TempFolder()
        try writeSplitBook(folder)
        #expect(try runGuide(["init"], in: folder.path).status == 0)
        // Its cache, .guide-cache/, is inside the folder serve watches: hidden, never watched.
        let server = try RunningServer(in: folder, templates: nil)
        defer { server.stop() }
        let address = try await server.address()
        let (page, status) = try await fetch(address + "zh/02-classes.html")
        #expect(status == 200)
        #expect(page.contains("相等性比较两个对象"))
    }

    @Test func initLeavesABookSetUpInContentAlone() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let run = try runGuide(["init"], in: folder.path)
        #expect(run.status != 0)
        #expect(run.stderr.contains("content/guide.yml"), "\(run.stderr)")
        #expect(!folder.exists("guide.yml"))
    }

    @Test func initRefusesToWriteOverGuideYml() throws {
        let folder = try TempFolder()
        try writeSplitBook(folder)
        try folder.write("guide.yml", "languages: [en, zh]\n")
        let run = try runGuide(["init"], in: folder.path)
        #expect(run.status != 0)
        #expect(run.stderr.contains("--force"))
        #expect(try String(contentsOfFile: folder.path + "/guide.yml", encoding: .utf8) == "languages: [en, zh]\n")
    }

    @Test func aReadmePairIsCutIntoChaptersAtItsTopHeadings() throws {
        let folder = try TempFolder()
        try folder.write("README.md", """
            # Tool

            A tool. [中文](README-zh.md) · [Contributing](CONTRIBUTING.md)

            ## Install

            Run the installer.

            ## Usage

            Call the tool. See [Contributing](CONTRIBUTING.md).
            """)
        try folder.write("README-zh.md", """
            # 工具

            一个工具。[English](README.md)

            ## 安装

            运行安装程序。

            ## 用法

            调用这个工具。
            """)
        try folder.write("CONTRIBUTING.md", "# Contributing\n")
        let initRun = try runGuide(["init"], in: folder.path)
        #expect(initRun.status == 0, "\(initRun.stderr)")
        let build = try runGuide(["build"] + templates, in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        let install = try String(contentsOfFile: folder.path + "/site/zh/install.html", encoding: .utf8)
        #expect(install.contains("运行安装程序"))
        #expect(!install.contains("调用这个工具"))
        #expect(folder.exists("site/en/usage.html"))
        // The review names each section by its file, line and title.
        let review = try runGuide(["review"], in: folder.path)
        #expect((review.stdout + review.stderr).contains("README-zh.md:5 (安装): "), "\(review.stdout)\(review.stderr)")
        // The link to the translation leads to its page; the repository's file is said once.
        let intro = try String(contentsOfFile: folder.path + "/site/en/README.html", encoding: .utf8)
        #expect(intro.contains("href=\"../zh/README.html\""))
        #expect(build.stderr.components(separatedBy: "CONTRIBUTING.md' is a file of the repository").count == 2, "\(build.stderr)")
        // Named in guide.yml, the repository's copy is linked.
        try folder.write("guide.yml", try String(contentsOfFile: folder.path + "/guide.yml", encoding: .utf8)
                         + "repository: { url: https://github.com/o/tool }\n")
        #expect(try runGuide(["build"] + templates, in: folder.path).status == 0)
        let usage = try String(contentsOfFile: folder.path + "/site/en/usage.html", encoding: .utf8)
        #expect(usage.contains("https://github.com/o/tool/blob/main/CONTRIBUTING.md"))
    }

    @Test func hugoPagesWithFrontMatterPairByName() throws {
        let folder = try TempFolder()
        try folder.write("content/en/a.md", "---\ntitle: Alpha\nweight: 2\n---\n# Alpha\n\nFirst.\n")
        try folder.write("content/en/b.md", "+++\ntitle = \"Beta\"\nweight = 1\n+++\n# Beta\n\nSecond.\n")
        try folder.write("content/zh/a.md", "---\ntitle: 甲\nweight: 2\n---\n# 甲\n\n第一。\n")
        try folder.write("content/zh/b.md", "---\ntitle: 乙\nweight: 1\n---\n# 乙\n\n第二。\n")
        #expect(try runGuide(["init"], in: folder.path).status == 0)
        let build = try runGuide(["build"] + templates, in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try String(contentsOfFile: folder.path + "/site/en/a.html", encoding: .utf8)
        #expect(!page.contains("weight"), "front matter shown as text")
        #expect(try String(contentsOfFile: folder.path + "/site/zh/b.html", encoding: .utf8).contains("第二"))
    }

    @Test func docusaurusPagesPairByPathAndAnExtraPageIsLeftOut() throws {
        let folder = try TempFolder()
        let zh = "i18n/zh-Hans/docusaurus-plugin-content-docs/current/"
        try folder.write("docs/a.md", "---\nsidebar_position: 1\n---\n# A\n\nFirst page.\n")
        try folder.write("docs/b.md", "# B\n\nSecond page.\n")
        try folder.write(zh + "a.md", "---\nsidebar_position: 1\n---\n# 甲\n\n第一页。\n")
        try folder.write(zh + "an-extra.md", "# 额外\n\n多出来的一页。\n")
        try folder.write(zh + "b.md", "# 乙\n\n第二页。\n")
        #expect(try runGuide(["init"], in: folder.path).status == 0)
        let build = try runGuide(["build"] + templates, in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try String(contentsOfFile: folder.path + "/site/zh/b.html", encoding: .utf8).contains("第二页"))
        #expect(build.stderr.contains("an-extra.md"), "\(build.stderr)")
        #expect(!folder.exists("site/zh/an-extra.html"))
    }

    @Test func gitBookSectionsListedWithAnchorsAreReadOnce() throws {
        let folder = try TempFolder()
        try folder.write("en/SUMMARY.md", "* [One](one.md)\n  * [Part](one.md#part)\n")
        try folder.write("en/one.md", "# One\n\nText.\n\n## Part\n\nMore.\n")
        try folder.write("zh/SUMMARY.md", "* [一](c1/one.md)\n  * [部分](c1/one.md#部分)\n")
        try folder.write("zh/c1/one.md", "# 一\n\n文字。\n\n## 部分\n\n更多。\n")
        #expect(try runGuide(["init"], in: folder.path).status == 0)
        let build = try runGuide(["build"] + templates, in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try String(contentsOfFile: folder.path + "/site/zh/one.html", encoding: .utf8)
        #expect(page.components(separatedBy: "更多。").count == 2)
    }

    @Test func anMdBookWithABookPerLanguage() throws {
        let folder = try TempFolder()
        try folder.write("book.toml", "[book]\ntitle = \"Book\"\n")
        try folder.write("src/en/SUMMARY.md", "# Summary\n\n[Introduction](README.md)\n\n- [Basics](basics.md)\n")
        try folder.write("src/en/README.md", "# Introduction\n\nWelcome.\n")
        try folder.write("src/en/basics.md", "# Basics\n\nThe basics.\n")
        try folder.write("src/zh-CN/SUMMARY.md", "# 目录\n\n[介绍](README.md)\n\n- [基础](basics.md)\n")
        try folder.write("src/zh-CN/README.md", "# 介绍\n\n欢迎。\n")
        try folder.write("src/zh-CN/basics.md", "# 基础\n\n基础知识。\n")
        let initRun = try runGuide(["init"], in: folder.path)
        #expect(initRun.stdout.contains("mdBook"), "\(initRun.stdout)")
        #expect(try String(contentsOfFile: folder.path + "/guide.yml", encoding: .utf8).contains("zh: { summary: \"src/zh-CN/SUMMARY.md\" }"))
        let build = try runGuide(["build"] + templates, in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try String(contentsOfFile: folder.path + "/site/zh/basics.html", encoding: .utf8).contains("基础知识"))
        // mdBook's prefix chapter, the introduction, is the first page.
        #expect(try String(contentsOfFile: folder.path + "/site/zh/README.html", encoding: .utf8).contains("欢迎"))
    }

    @Test func hugoPagesWithALanguageSuffix() throws {
        let folder = try TempFolder()
        try folder.write("hugo.toml", "defaultContentLanguage = 'en'\n")
        try folder.write("content/docs/a.md", "+++\ntitle = \"Alpha\"\nweight = 2\n+++\n# Alpha\n\nFirst.\n")
        try folder.write("content/docs/a.zh.md", "+++\ntitle = \"甲\"\nweight = 2\n+++\n# 甲\n\n第一。\n")
        try folder.write("content/docs/b.md", "---\ntitle: Beta\nweight: 1\n---\n# Beta\n\nSecond.\n")
        #expect(try runGuide(["init"], in: folder.path).status == 0)
        let build = try runGuide(["build"] + templates, in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try String(contentsOfFile: folder.path + "/site/zh/docs/a.html", encoding: .utf8).contains("第一"))
        // b.md has no Chinese yet: its Chinese page shows the English, as a partial translation does.
        #expect(folder.exists("site/zh/docs/b.html"))
        #expect(!(try String(contentsOfFile: folder.path + "/site/en/docs/a.html", encoding: .utf8)).contains("weight"))
    }

    @Test func aChineseReadmeBesideAnEnglishOne() throws {
        let folder = try TempFolder()
        try folder.write("README.md", "# 工具\n\n一个工具。[English](README-En.md)\n\n## 安装\n\n运行 `make`。\n\n## 用法\n\n调用它。\n")
        try folder.write("README-En.md", "# Tool\n\nA tool. [中文](README.md)\n\n## Install\n\nRun `make`.\n\n## Usage\n\nCall it.\n")
        #expect(try runGuide(["init"], in: folder.path).status == 0)
        #expect(try String(contentsOfFile: folder.path + "/guide.yml", encoding: .utf8).contains("en: { file: \"README-En.md\" }"))
        let build = try runGuide(["build"] + templates, in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try String(contentsOfFile: folder.path + "/site/zh/install.html", encoding: .utf8).contains("运行"))
        let english = try String(contentsOfFile: folder.path + "/site/en/README.html", encoding: .utf8)
        #expect(english.contains("href=\"../zh/README.html\""))
    }

    @Test func aMissingOrEmptyGuideYmlSaysWhatToDo() throws {
        let folder = try TempFolder()
        let missing = try runGuide(["build"] + templates, in: folder.path)
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("guide init"), "\(missing.stderr)")
        try folder.write("content/guide.yml", "# nothing yet\n")
        let empty = try runGuide(["build"] + templates, in: folder.path)
        #expect(empty.status != 0)
        #expect(empty.stderr.contains("languages: [en, zh]"), "\(empty.stderr)")
    }
}
