import Foundation
@testable import GuideRender
import Testing

/// Rows rendered once per shape (`ShapedRows`) are byte for byte what the template engine
/// renders view by view, whatever the rows hold and whatever the template does with them.
@Suite struct ShapedRowsTests {
    /// Rows of many shapes: texts with every character the engine escapes, empty texts, a
    /// combining mark after `<` (the engine compares characters, not bytes), CJK, and 0–3 findings.
    func rows() -> [BeadRowView] {
        let texts = ["plain", "<b>&\"'</b>", "", "<\u{301}x", "中文“引号”", "a\u{1}<gZ0Zg>\u{1}b"]
        return (0..<60).map { n in
            BeadRowView(id: "pair-\(n)", status: n % 3 == 0 ? "translated" : "missing", isTranslated: n % 3 == 0,
                        findings: (0..<(n % 4)).map { "finding \(n) \(texts[($0 + n) % texts.count])" },
                        sourceHTML: "<p>\(texts[n % texts.count])</p>", targetHTML: texts[(n + 1) % texts.count],
                        sourceSentences: n % 2 == 0 ? nil : "0:\(n) 1:?", targetSentences: n % 3 == 1 ? nil : texts[(n + 3) % texts.count],
                        sourceLines: n % 5 == 0 ? "" : "en/a.md:\(n)", targetLines: texts[(n + 2) % texts.count])
        }
    }

    func templates(rows template: String) throws -> (TemplateSet, TempFolder) {
        let folder = try TempFolder()
        for name in ["chapter", "index", "404"] { try folder.write("t/\(name).mustache", "x") }
        try folder.write("t/rows.mustache", template)
        return (try TemplateSet(folder: folder.path + "/t"), folder)
    }

    func expectSame(_ template: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (templates, folder) = try self.templates(rows: template)
        defer { _ = folder }
        let rows = rows()
        let wrap = { (rows: [BeadRowView]) in BeadRowsView(sourceLang: "en", targetLang: "zh-Hans", rows: rows) }
        let direct = try templates.render(wrap(rows), with: "rows")
        let shaped = try ShapedRows.render(rows, template: "rows", templates: templates, list: wrap)
        #expect(String(decoding: shaped, as: UTF8.self) == direct, sourceLocation: sourceLocation)
    }

    @Test func theProjectsRowsTemplate() throws {
        try expectSame(String(contentsOfFile: repositoryRoot + "/templates/bilingual-rows.mustache", encoding: .utf8))
    }

    @Test func escapedUnescapedRepeatedAndUnusedFields() throws {
        try expectSame("{{#rows}}<a id=\"{{id}}\" href=\"#{{id}}\">{{{sourceHTML}}}|{{sourceHTML}}|{{targetLines}}</a>\n{{/rows}}")
    }

    @Test func sectionsOnFlagsListsAndTexts() throws {
        try expectSame("""
            {{#rows}}{{#isTranslated}}T{{/isTranslated}}{{^isTranslated}}U{{/isTranslated}}\
            {{#findings}}[{{.}}{{#-first}}first{{/-first}}]{{/findings}}{{^findings}}none{{/findings}}\
            {{#sourceLines}}<{{.}}>{{/sourceLines}}{{sourceLang}}{{/rows}}
            """)
    }

    /// What a probe cannot stand for: a transform that changes the text, a row's place in the
    /// list, text around the rows. Each is rendered by the engine, as before.
    @Test func whatAProbeCannotReproduceIsRenderedByTheEngine() throws {
        try expectSame("{{#rows}}{{uppercased(status)}} {{lowercased(sourceHTML)}}{{/rows}}")
        try expectSame("{{#rows}}{{#-first}}first {{/-first}}{{id}}{{^-last}}, {{/-last}}{{/rows}}")
        // (A second row printed otherwise than alone, or a last row otherwise than the others.)
        try expectSame("{{#rows}}{{^-first}}+{{/-first}}{{id}}{{/rows}}")
        try expectSame("{{#rows}}{{id}}{{#-last}}!{{/-last}}{{/rows}}")
        try expectSame("<ol>{{#rows}}<li>{{id}}</li>{{/rows}}</ol>")
        try expectSame("{{#rows}}{{reversed(findings)}}{{count(findings)}}{{/rows}}")
    }

    /// A shape is probed once per template set and list: slices of one list, and lists after
    /// it, reuse its skeleton; a list whose wrapper prints other values (`listKey`: other
    /// languages) gets its own; the dashboard's gap lists too.
    @Test func skeletonsAreProbedOncePerListAndServeEveryCallAfter() throws {
        let (templates, folder) = try self.templates(rows: String(contentsOfFile: repositoryRoot + "/templates/bilingual-rows.mustache", encoding: .utf8))
        defer { _ = folder }
        let rows = rows()
        func shaped(_ rows: [BeadRowView], _ target: String) throws -> String {
            String(decoding: try ShapedRows.render(rows, template: "rows", listKey: "en\u{0}" + target, templates: templates) {
                BeadRowsView(sourceLang: "en", targetLang: target, rows: $0)
            }, as: UTF8.self)
        }
        let whole = try shaped(rows, "zh-Hans")
        var probed = 0
        _ = try templates.skeletons.skeleton("rows\u{0}en\u{0}zh-Hans", shape: rows[0].shape) { probed += 1; return nil }
        #expect(probed == 0)
        #expect(try shaped(Array(rows[..<25]), "zh-Hans") + shaped(Array(rows[25...]), "zh-Hans") == whole)
        let french = try shaped(rows, "fr")
        #expect(try french == templates.render(BeadRowsView(sourceLang: "en", targetLang: "fr", rows: rows), with: "rows"))
        #expect(french != whole)
        // A shape the table was told cannot be reproduced is rendered by the engine.
        _ = try templates.skeletons.skeleton("rows\u{0}en\u{0}de", shape: rows[0].shape) { nil }
        #expect(try shaped(rows, "de") == templates.render(BeadRowsView(sourceLang: "en", targetLang: "de", rows: rows), with: "rows"))
    }

    /// The dashboard's lists through their own templates: the same bytes as the engine's.
    @Test func theDashboardsListsRenderAsTheEngineDoes() throws {
        let templates = try TemplateSet(folder: repositoryRoot + "/templates")
        let texts = ["plain", "<b>&\"'</b>", "中文“引号”", "a\u{1}<gZ0Zg>\u{1}b"]
        let rows = (0..<30).map { n in
            OverviewRowView(id: "chapter-\(n)", title: texts[n % texts.count], lang: "zh-Hans", language: "中文", languageCode: "zh",
                            translatedPercent: String(n * 3), acceptedPercent: String(n),
                            counts: (0..<(n % 3 + 1)).map { StatusCountView(status: texts[$0], count: String(n + $0)) },
                            snippetFails: String(n % 2), snippetWarns: "0")
        }
        let overview = try ShapedRows.render(rows, template: "review-overview", templates: templates) { OverviewRowsView(rows: $0) }
        #expect(String(decoding: overview, as: UTF8.self) == (try templates.render(OverviewRowsView(rows: rows), with: "review-overview")))
        let gaps = (0..<30).map { n in
            GapView(status: n % 2 == 0 ? "typography" : "glossary", message: texts[n % texts.count], location: "content/zh/a.md:\(n)",
                    englishLocation: n % 3 == 0 ? nil : "content/en/a.md:\(n)", href: "../bilingual/a.html#pair-\(n)",
                    excerpt: texts[(n + 1) % texts.count], excerptLang: "zh-Hans")
        }
        let listed = try ShapedRows.render(gaps, template: "review-gaps", templates: templates) { GapsView(gaps: $0) }
        #expect(String(decoding: listed, as: UTF8.self) == (try templates.render(GapsView(gaps: gaps), with: "review-gaps")))
    }

    /// The index page's chapter lists (`index-chapters`): a shape at a time, as the engine
    /// renders them, every shape probed (none left to the engine).
    @Test func theIndexChapterListsRenderAsTheEngineDoes() throws {
        let templates = try TemplateSet(folder: repositoryRoot + "/templates")
        let texts = ["plain", "<b>&\"'</b>", "中文“引号”", "a\u{1}<gZ0Zg>\u{1}b"]
        let rows = (0..<30).map { n in
            ChapterLinkView(title: texts[n % texts.count], href: "zh/c\(n).html", depth: n % 3,
                            translatedPercent: n % 4 == 0 ? nil : String(n * 3),
                            bilingualHref: n % 5 == 0 ? nil : "bilingual/c\(n).html",
                            untranslatedLang: n % 7 == 0 ? "en" : nil)
        }
        let listed = try ShapedRows.render(rows, template: "index-chapters", templates: templates) { ChapterLinksView(chapters: $0) }
        #expect(String(decoding: listed, as: UTF8.self) == (try templates.render(ChapterLinksView(chapters: rows), with: "index-chapters")))
        for row in rows {
            var marks = ShapeMarks(first: 0)
            _ = row.probe(&marks)
            let skeleton = try templates.skeletons.skeleton("index-chapters\u{0}", shape: marks.shape) { nil }
            #expect(skeleton != nil, "a shape of \(row) was rendered by the engine")
        }
    }

    @Test func theEnginesEscapingExactly() {
        for text in ["", "abc", "<&>\"'", "<\u{301}", "中文<", "x&amp;y"] {
            #expect(HTMLEscape.text(text) == text.htmlEscapedLikeMustache)
        }
    }
}

private extension String {
    /// swift-mustache's `htmlEscape`, written out: each character looked up in a table.
    var htmlEscapedLikeMustache: String {
        let table: [Character: String] = ["<": "&lt;", ">": "&gt;", "&": "&amp;", "\"": "&quot;", "'": "&#39;"]
        return map { table[$0] ?? String($0) }.joined()
    }
}

private extension BeadRowView {
    var shape: [Int] {
        var marks = ShapeMarks(first: 0)
        _ = probe(&marks)
        return marks.shape
    }
}
