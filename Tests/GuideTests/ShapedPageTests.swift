import Foundation
@testable import GuideRender
import Testing

/// A frame rendered from its shape's skeleton (`ShapedPage`) is byte for byte what the
/// template engine renders, for every shape of view and whatever the template does with it.
@Suite struct ShapedPageTests {
    /// Chapter views of many shapes: with and without outline, neighbours, fallback banner and
    /// body language; texts the engine escapes, an empty one, CJK, and a mark-like text.
    func chapters() -> [ChapterView] {
        let texts = ["plain", "<b>&\"'</b>", "", "<\u{301}x", "中文“引号”", "a\u{1}<gZ0Zg>\u{1}b"]
        return (0..<40).map { n in
            let text = { (k: Int) in texts[(n + k) % texts.count] }
            let frame = PageFrame(htmlLang: n % 2 == 0 ? "en" : "zh-Hans", pageTitle: "Title \(text(0))", bookTitle: text(1),
                                  root: n % 3 == 0 ? "" : "../",
                                  languageLinks: (0..<(n % 3)).map { LanguageLinkView(name: text($0), lang: "zh-Hans", href: "a\($0).html") },
                                  sidebar: n % 4 == 0 ? nil : SidebarView(script: "../en/toc.js", current: text(2)),
                                  bilingualHref: n % 5 == 0 ? nil : text(3), printHref: n % 2 == 0 ? "print.html" : nil)
            let fallback = n % 6 == 0 ? FallbackBannerView(untranslated: n % 12 == 0, missing: n % 4, inline: n % 8 == 0,
                                                           sourceHref: text(4), bilingualHref: n % 3 == 0 ? nil : text(5)) : nil
            return ChapterView(page: frame, title: text(2), languageName: n % 2 == 0 ? "English" : "中文",
                               outline: n % 3 == 1 ? nil : OutlineView(itemsHTML: "\u{0}guide:list:outline\u{0}"),
                               bodyHTML: "\u{0}guide:list:body\u{0}",
                               previous: n % 7 == 0 ? nil : LinkView(title: text(3), href: "p\(n).html"),
                               next: n % 5 == 1 ? nil : LinkView(title: text(4), href: "n\(n).html"),
                               fallback: fallback, bodyLang: n % 4 == 2 ? "en" : nil)
        }
    }

    func expectSame(chapter template: String, layout: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = try TempFolder()
        defer { _ = folder }
        for name in ["index", "404"] { try folder.write("t/\(name).mustache", "x") }
        try folder.write("t/chapter.mustache", template)
        if let layout { try folder.write("t/layout.mustache", layout) }
        let templates = try TemplateSet(folder: folder.path + "/t")
        for view in chapters() {
            let shaped = try ShapedPage.render(view, template: "chapter", templates: templates)
            #expect(shaped == (try templates.render(view, with: "chapter")), sourceLocation: sourceLocation)
        }
    }

    @Test func theProjectsChapterTemplate() throws {
        let folder = repositoryRoot + "/templates/"
        try expectSame(chapter: String(contentsOfFile: folder + "chapter.mustache", encoding: .utf8),
                       layout: String(contentsOfFile: folder + "layout.mustache", encoding: .utf8))
    }

    @Test func sectionsOnOptionalsListsFlagsAndNumbers() throws {
        try expectSame(chapter: """
            {{#page}}{{pageTitle}}|{{{pageTitle}}}{{#languageLinks}}[{{name}}{{#-first}}!{{/-first}}]{{/languageLinks}}\
            {{^hasLanguageLinks}}none{{/hasLanguageLinks}}{{#sidebar}}<{{script}}>{{/sidebar}}{{#bilingualHref}}{{.}}{{/bilingualHref}}{{/page}}\
            {{#fallback}}{{#untranslated}}U{{/untranslated}}{{missing}}{{#inline}}I{{/inline}}{{sourceHref}}{{/fallback}}\
            {{#previous}}{{title}}{{/previous}}{{^next}}last{{/next}}{{#bodyLang}} lang="{{bodyLang}}"{{/bodyLang}}{{{bodyHTML}}}
            """)
    }

    /// What a probe cannot stand for (a transform that changes a text): rendered by the engine.
    @Test func whatAProbeCannotReproduceIsRenderedByTheEngine() throws {
        try expectSame(chapter: "{{uppercased(title)}} {{#page}}{{lowercased(pageTitle)}}{{/page}}")
        try expectSame(chapter: "{{#page}}{{count(languageLinks)}}{{reversed(languageLinks)}}{{/page}}")
    }
}
