import Foundation
import Testing
@testable import GuideExchange

/// 2024-01-01 and 2024-02-01, 00:00 UTC.
private let january = 1_704_067_200, february = 1_706_745_600

/// The previous English (`#| msgid`) as PO catalogs carry it, read and written back.
@Suite struct StaleHistoryPreviousUnitTests {
    @Test func previousFieldsAsMsgmergeWritesThemAreReadAndWrittenBack() throws {
        let text = """
            msgid ""
            msgstr "Language: zh\\n"

            #: en/a.md:3
            #, fuzzy
            #| msgctxt "2"
            #| msgid ""
            #| "one\\n"
            #| "old"
            msgid "one new"
            msgstr "一"

            #, fuzzy
            #| msgid "only"
            #| msgid_plural "ignored"
            msgid "b"
            msgstr "乙"

            """
        let catalog = try POReader.read(text)
        #expect(catalog.messages.map(\.id) == ["one new", "b"])
        #expect(catalog.messages[0].previousContext == "2")
        #expect(catalog.messages[0].previousID == "one\nold")
        #expect(catalog.messages[0].line == 10)
        #expect(catalog.messages[1].previousID == "only")
        // Written as gettext writes it, and read back the same.
        let written = catalog.text
        #expect(try POReader.read(written) == catalog)
        #expect(written.contains("#, fuzzy\n#| msgctxt \"2\"\n#| msgid \"\"\n#| \"one\\n\"\n#| \"old\"\nmsgid \"one new\"\n"))
    }

    @Test func aPreviousFieldThatIsNotOneIsAnErrorAtItsLine() {
        #expect(throws: POReader.Failure(line: 1, message: "expected #| msgctxt, #| msgid or a #| string")) {
            try POReader.read("#| msgstr \"a\"\nmsgid \"a\"\nmsgstr \"b\"\n")
        }
        #expect(throws: POReader.Failure(line: 1, message: "a #| string outside #| msgctxt or #| msgid")) {
            try POReader.read("#| \"a\"\nmsgid \"a\"\nmsgstr \"b\"\n")
        }
        #expect(throws: POReader.Failure(line: 2, message: "a string without its closing quote")) {
            try POReader.read("#, fuzzy\n#| msgid \"a\nmsgid \"a\"\nmsgstr \"b\"\n")
        }
    }
}

/// The real binary on a book in a git repository made here: a reworded English paragraph is
/// a fuzzy message with the English then as `#| msgid`, and a word diff on the side-by-side page.
@Suite(.serialized) struct StaleHistoryPreviousEndToEndTests {
    static let reworded = StaleHistoryEndToEndTests.english
        .replacingOccurrences(of: "says hello to", with: "says \"goodbye\" & so long to")

    /// A book committed in January, its first English paragraph reworded in February.
    func bookWithOneRewordedParagraph() throws -> TempFolder {
        let folder = try TempFolder()
        try StaleHistoryEndToEndTests().writeBook(in: "content", folder: folder)
        try git(["init", "-q"], in: folder.path)
        try git(["add", "."], in: folder.path)
        try git(["commit", "-qm", "both"], in: folder.path, time: january)
        try folder.write("content/en/intro.md", Self.reworded)
        try git(["commit", "-qam", "english"], in: folder.path, time: february)
        return folder
    }

    func messages(_ catalog: String) -> [String] {
        catalog.components(separatedBy: "\n\n").filter { $0.hasPrefix("#") && $0.contains("\nmsgid ") }
    }

    @Test func theStaleMessageCarriesTheEnglishThenAndGettextAcceptsIt() throws {
        let folder = try bookWithOneRewordedParagraph()
        // A review first: the export reads the stale pairs' evidence from the cache it wrote.
        #expect(try runGuide(["review", "--no-check"], in: folder.path).stdout.contains(": stale:"))
        let export = try runGuide(["export", "po", "-o", "po"], in: folder.path)
        #expect(export.status == 0, "\(export.stderr)")
        let catalog = try folder.read("po/intro.po")
        let fuzzy = messages(catalog).filter { $0.contains("#, fuzzy") }
        #expect(fuzzy.count == 1, "\(catalog)")
        #expect(fuzzy.first?.contains("#, fuzzy\n#| msgid \"The first paragraph says hello to `alpha`.\"\n"
            + "msgid \"The first paragraph says \\\"goodbye\\\" & so long to `alpha`.\"\n") == true, "\(catalog)")
        // The unchanged pairs: no flag, no previous English.
        let others = messages(catalog).filter { !$0.contains("#, fuzzy") }
        #expect(others.count == 3 && others.allSatisfy { !$0.contains("#|") }, "\(catalog)")

        // Without the cache, the same catalog.
        try FileManager.default.removeItem(atPath: folder.path + "/.guide-cache")
        #expect(try runGuide(["export", "po", "-o", "po", "--force"], in: folder.path).status == 0)
        #expect(try folder.read("po/intro.po") == catalog)

        // gettext reads it, rewraps it, and guide reads both back with nothing to change.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/msgfmt") {
            let check = try runTool("/usr/bin/msgfmt", ["--check", "-o", "/dev/null", "po/intro.po"], in: folder.path)
            #expect(check.status == 0, "\(check.stderr)")
            let wrapped = try runTool("/usr/bin/msgcat", ["-w", "20", "po/intro.po", "-o", "wrapped.po"], in: folder.path)
            #expect(wrapped.status == 0, "\(wrapped.stderr)")
            let rewrapped = try folder.read("wrapped.po")
            #expect(rewrapped.contains("#| msgid \"\"\n#| \""), "\(rewrapped)")
        }
        for file in ["po/intro.po"] + (folder.exists("wrapped.po") ? ["wrapped.po"] : []) {
            let imported = try runGuide(["import", "po", file], in: folder.path)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.contains("0 chapters changed"), "\(imported.stdout)")
        }
    }

    @Test func theSideBySidePageShowsTheWordDiffUnderAToggleAndReaderPagesDoNot() throws {
        let folder = try bookWithOneRewordedParagraph()
        let build = try runGuide(["build", "--no-check"], in: folder.path)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try folder.read("site/bilingual/intro.html")
        let toggles = page.components(separatedBy: "<details class=\"stale-diff\">").count - 1
        #expect(toggles == 1, "\(page)")
        #expect(page.contains("<summary>The English since the translation</summary>"
            + "<p class=\"word-diff\" lang=\"en\">The first paragraph says <del>hello</del> "
            + "<ins>&quot;goodbye&quot; &amp; so long</ins> to alpha.</p></details>"), "\(page)")
        // The dashboard's stale gap has the same toggle.
        let dashboard = try folder.read("site/review/index.html")
        #expect(dashboard.components(separatedBy: "<details class=\"stale-diff\">").count == 2, "\(dashboard)")
        #expect(dashboard.contains("<del>hello</del> <ins>&quot;goodbye&quot; &amp; so long</ins>"))
        // Reader pages (every page but the side-by-side ones and the dashboard) show no review marks.
        let pages = try #require(FileManager.default.subpaths(atPath: folder.path + "/site")).filter {
            $0.hasSuffix(".html") && !$0.hasPrefix("bilingual/") && !$0.hasPrefix("review")
        }
        #expect(pages.contains { $0.hasSuffix("intro.html") }, "\(pages)")
        for reader in pages { #expect(!(try folder.read("site/" + reader)).contains("stale-diff"), "\(reader)") }
        // The same page from a second build (the history's cache), byte for byte.
        #expect(try runGuide(["build", "--no-check", "--force"], in: folder.path).status == 0)
        #expect(try folder.read("site/bilingual/intro.html") == page)
    }

    @Test func inTwoRepositoriesTheEnglishThenIsTheOriginalsAsOfTheTranslation() throws {
        let folder = try TempFolder()
        try StaleHistoryEndToEndTests().writeBook(in: "content", folder: folder)
        for language in ["en", "zh"] {
            try git(["init", "-q"], in: folder.path + "/content/" + language)
            try git(["add", "."], in: folder.path + "/content/" + language)
        }
        try git(["commit", "-qm", "english"], in: folder.path + "/content/en", time: january)
        try git(["commit", "-qm", "chinese"], in: folder.path + "/content/zh", time: january + 86_400)
        try folder.write("content/en/intro.md", Self.reworded)
        try git(["commit", "-qam", "english again"], in: folder.path + "/content/en", time: february)
        #expect(try runGuide(["export", "po", "-o", "po"], in: folder.path).status == 0)
        let fuzzy = messages(try folder.read("po/intro.po")).filter { $0.contains("#, fuzzy") }
        #expect(fuzzy.count == 1 && fuzzy[0].contains("#| msgid \"The first paragraph says hello to `alpha`.\"\n"), "\(fuzzy)")
    }

    @Test func aShallowCloneSaysSoInTheReviewsLanguage() throws {
        let folder = try bookWithOneRewordedParagraph()
        try folder.write("content/en/intro.md", StaleHistoryEndToEndTests.english)
        try git(["commit", "-qam", "english back"], in: folder.path, time: february + 86_400)
        try git(["clone", "-q", "--depth", "1", "file://" + folder.path, folder.path + "/shallow"], in: folder.path)
        let review = try runGuide(["review", "--no-check", "--lang", "zh"], in: folder.path + "/shallow")
        #expect(review.status == 0)
        #expect(review.stderr.contains("是浅克隆：历史不完整"), "\(review.stderr)")
        #expect(!review.stderr.contains("shallow clone"))
    }

    @Test func theNoteOfABookOutsideGitIsInTheReviewsLanguage() throws {
        let folder = try TempFolder()
        try StaleHistoryEndToEndTests().writeBook(in: "content", folder: folder)
        let chinese = try runGuide(["review", "--no-check", "--lang", "zh"], in: folder.path)
        #expect(chinese.status == 0)
        #expect(chinese.stderr.contains("这本书不在 git 中（或没有安装 git）"), "\(chinese.stderr)")
        #expect(!chinese.stderr.contains("not kept in git"))
        let english = try runGuide(["review", "--no-check", "--lang", "en"], in: folder.path)
        #expect(english.stderr.contains("the book is not kept in git"), "\(english.stderr)")
    }
}

/// Runs a program (a gettext tool) in `directory`: its status and standard error.
private func runTool(_ path: String, _ arguments: [String], in directory: String) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: said, as: UTF8.self))
}
