import Foundation
import GuideModel
import GuideParse
@testable import GuideRender
import Testing

@Suite struct RenderTests {
    func renderSmallBook(edit: (TempFolder) throws -> Void = { _ in }) throws -> Site {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try edit(folder)
        let book = try ContentLoader(root: folder.path + "/content", displayRoot: "content").load()
        return try SiteRenderer(templatesFolder: repositoryRoot + "/templates").render(book)
    }

    func page(_ site: Site, _ path: String) -> String {
        String(decoding: site.wholeFiles[path] ?? [], as: UTF8.self)
    }

    @Test func writesIndexAndChapterPagesPerLanguage() throws {
        let site = try renderSmallBook()
        for path in ["index.html", "en/intro.html", "zh/intro.html", "en/second.html", "zh/second.html", "style.css"] {
            #expect(site.wholeFiles[path] != nil, "missing \(path)")
        }
        let en = page(site, "en/intro.html")
        #expect(en.contains("<html lang=\"en\">"))
        #expect(page(site, "zh/intro.html").contains("<html lang=\"zh-Hans\">"))
        #expect(en.contains("href=\"../zh/intro.html\""))
        #expect(en.contains("href=\"../style.css\""))
        #expect(en.contains("class=\"language-objective-c\""))
        let index = page(site, "index.html")
        #expect(index.contains("href=\"en/intro.html\""))
        #expect(index.contains("测试之书"))
    }

    @Test func headingsGetStableIdsSharedAcrossLanguages() throws {
        let site = try renderSmallBook()
        #expect(page(site, "en/intro.html").contains("<h2 id=\"blocks\" data-place=\"2\">"))
        // The Chinese heading is aligned with "Blocks", so it shares its id.
        #expect(page(site, "zh/intro.html").contains("<h2 id=\"blocks\" data-place=\"2\">"))
        #expect(page(site, "zh/second.html").contains("<h2 id=\"end\" data-place=\"1\">"))
    }

    @Test func linksBetweenChaptersPointAtPages() throws {
        let site = try renderSmallBook()
        #expect(page(site, "en/intro.html").contains("href=\"second.html#end\""))
        #expect(page(site, "en/intro.html").contains("rel=\"next\" href=\"../en/second.html\""))
        #expect(page(site, "en/second.html").contains("rel=\"prev\" href=\"../en/intro.html\""))
    }

    @Test func titlesAreEscaped() throws {
        let site = try renderSmallBook { folder in
            try folder.write("content/en/SUMMARY.md", "* [a \\<b> & \"c\"](intro.md)\n* [S](second.md)\n")
        }
        let html = page(site, "en/intro.html")
        #expect(!html.contains("a <b>"))
        #expect(html.contains("<title>a &lt;b&gt; &amp; &quot;c&quot; · Test Book</title>"))
    }

    @Test func sidebarTableIsSharedPerEditionNotPrintedIntoPages() throws {
        let site = try renderSmallBook { folder in
            try folder.write("content/en/SUMMARY.md", "* [a \\<b> & \"c\" \\</script>](intro.md)\n* [S](second.md)\n")
        }
        let page = page(site, "en/intro.html")
        #expect(page.contains("data-root=\"../\" data-current=\"en/intro.html\""))
        #expect(page.contains("<script src=\"../en/toc.js\"></script>"))
        // The other chapter's title is in the table, not in this page (pages do not grow with the book).
        #expect(!page.contains(">S</a>"))
        let script = self.page(site, "en/toc.js")
        // Escaped once for HTML, then quoted for JavaScript: no raw tag, no early end of the string.
        #expect(script.contains(#"<a href=\"en/intro.html\">a &lt;b&gt; &amp; &quot;c&quot; &lt;/script&gt;</a>"#))
        #expect(script.contains(#"<a href=\"en/second.html\">S</a>"#))
        #expect(!script.contains("<b>"))
        #expect(site.wholeFiles["zh/toc.js"] != nil)
    }

    /// A side-by-side page leads to side-by-side pages: previous/next, its own table of contents
    /// (`bilingual/toc.js`), and an outline of its rows that start with a heading.
    @Test func sideBySidePagesStaySideBySide() throws {
        let site = try renderSmallBook()
        let first = page(site, "bilingual/intro.html"), second = page(site, "bilingual/second.html")
        #expect(first.contains("rel=\"next\" href=\"../bilingual/second.html\""))
        #expect(!first.contains("rel=\"prev\""))
        #expect(second.contains("rel=\"prev\" href=\"../bilingual/intro.html\""))
        #expect(first.contains("<script src=\"../bilingual/toc.js\"></script>"))
        #expect(first.contains("data-root=\"../\" data-current=\"bilingual/intro.html\""))
        let table = page(site, "bilingual/toc.js")
        #expect(table.contains(#"<a href=\"bilingual/intro.html\">Intro</a>"#))
        #expect(table.contains(#"<a href=\"bilingual/second.html\">Second</a>"#))
        // The outline links the row of "Blocks", with the Chinese heading beside the English.
        #expect(first.contains("<a href=\"#blocks\">Blocks <span class=\"outline-alternate\" lang=\"zh-Hans\">代码块</span></a>"))
        #expect(first.contains("id=\"blocks\""))
        // Every chapter and side-by-side page has the menu button of narrow screens, for its sidebar.
        for path in ["en/intro.html", "zh/intro.html", "bilingual/intro.html"] {
            #expect(page(site, path).contains("<button class=\"menu-button\" type=\"button\" aria-controls=\"sidebar\" aria-expanded=\"false\" hidden>"))
            #expect(page(site, path).contains("<nav class=\"sidebar\" id=\"sidebar\""))
        }
        #expect(!page(site, "index.html").contains("menu-button"))
    }

    @Test func fieldAuditFindsFieldsTheTemplatesCouldNotSee() {
        #expect(TemplateFieldsAudit.mismatches(in: AuditedView(title: "t", note: "n", inner: nil)) == [
            "AuditedView.note: the field table disagrees with the stored field",
        ])
        #expect(TemplateFieldsAudit.mismatches(in: AuditedView(title: "t", note: "n", inner: UnlistedView())).contains(
            "UnlistedView has no field table (TemplateFields)"))
        let good = LinkView(title: "a", href: "b")
        #expect(TemplateFieldsAudit.mismatches(in: [good]).isEmpty)
        #expect(good.child(named: "href") as? String == "b")
        #expect(ChapterLinkView(title: "a", href: "b", depth: 0, translatedPercent: nil, bilingualHref: "c")
            .child(named: "translatedPercent") == nil)
    }

    /// A path is percent-encoded byte by byte but for the unreserved characters and `/`; one
    /// with nothing to encode comes back as it is.
    @Test func pathsArePercentEncodedButForUnreservedBytes() {
        func reference(_ path: String) -> String {
            path.utf8.map { byte -> String in
                let kept = (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
                    || "-._~/".utf8.contains(byte)
                return kept ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
            }.joined()
        }
        for path in ["en/inter-object-communication.html", "zh/第一章.html", "a#b.md", "a?b.md", "a%20b.md", "a b/c~d_e.f",
                     "", "/", "é", "\u{0}x", "zh/c001-05-Class.html#类簇"] {
            #expect(URLPath.encode(path) == reference(path), "\(path)")
        }
        #expect(URLPath.encode("zh/第一章.html") == "zh/%E7%AC%AC%E4%B8%80%E7%AB%A0.html")
    }

    /// An ASCII heading is slugged by bytes, to the same slug as by characters: every ASCII
    /// character alone and in runs, upper and lower case, spaces, punctuation and controls.
    @Test func asciiSlugsAreTheCharactersSlugs() {
        func byCharacters(_ text: String) -> String {
            let kept = text.lowercased().compactMap { character -> Character? in
                character.isLetter || character.isNumber || character == "_" || character == "-" ? character
                    : character == " " ? "-" : nil
            }
            return kept.isEmpty ? "section" : String(kept)
        }
        var texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        texts += ["Inter-Object Communication", "What's `new`?", "  Two  spaces ", "a\r\nb", "C++ & Objective-C 2.0",
                  "__init__ -- done", "", "?!"]
        var random = SplitMix(seed: 22)
        for _ in 0..<500 { texts.append(String((0..<12).map { _ in Character(UnicodeScalar(UInt8(random.next() % 128))) })) }
        for text in texts {
            #expect(HeadingAnchors.asciiSlug(text) == byCharacters(text), "\(text.debugDescription)")
        }
        #expect(HeadingAnchors.asciiSlug("代码块 Blocks") == nil && HeadingAnchors.asciiSlug("Café") == nil)
    }

    @Test func slugsFollowGitHub() {
        #expect(HeadingAnchors.slug("Inter-Object Communication") == "inter-object-communication")
        #expect(HeadingAnchors.slug("What's `new`?") == "whats-new")
        #expect(HeadingAnchors.slug("代码块 Blocks") == "代码块-blocks")
        let blocks = MarkdownParser().parse("# A\n\n## A\n\n## A\n")
        #expect(HeadingAnchors.slugs(for: ChapterFacts(blocks: blocks).headings) == [0: "a", 1: "a-1", 2: "a-2"])
    }

    @Test func templateErrorsNameFileAndLine() throws {
        let folder = try TempFolder()
        try folder.write("t/index.mustache", "ok\n")
        try folder.write("t/chapter.mustache", "line one\n{{#open}}\n")
        #expect(throws: GuideError.self) { try TemplateSet(folder: folder.path + "/t") }
        do {
            _ = try TemplateSet(folder: folder.path + "/t")
        } catch let error as GuideError {
            #expect(error.location?.file.hasSuffix("t/chapter.mustache") == true)
            #expect(error.location?.line != nil)
        }
    }
}

private struct UnlistedView {}

private struct AuditedView: TemplateFields {
    var title: String
    var note: String
    var inner: UnlistedView?
    // `inner` cannot be listed: UnlistedView is no TemplateValue. (`alias` is more than the stored fields: allowed.)
    nonisolated(unsafe) static let fields = FieldTable<Self>(Field("title", \.title), Field("alias", \.title))
}

/// The dashboard's sections go where its frame holds the mark, as pieces (nothing joined):
/// every mark, wherever it is, and nothing that only begins like it.
@Suite struct SpliceTests {
    @Test func sectionsGoInPlaceOfEveryMark() {
        let mark = SiteRenderer.sectionsMark
        let sections: [[UInt8]] = [Array("<a>".utf8), Array("<b>".utf8)]
        func spliced(_ page: String) -> String {
            String(decoding: PagePlan.splice(sections, into: page).joined(), as: UTF8.self)
        }
        #expect(spliced("head " + mark + " tail") == "head <a><b> tail")
        #expect(spliced(mark + "|" + mark) == "<a><b>|<a><b>")
        #expect(spliced("no mark") == "no mark")
        #expect(spliced("\u{0}almost\u{0} " + mark) == "\u{0}almost\u{0} <a><b>")
        #expect(spliced(String(mark.dropLast())) == String(mark.dropLast()))
        #expect(PagePlan.splice(sections, into: "x" + mark + "y").count == 4)
    }
}
