/// A page's frame (its view without the long lists, which `StreamedPage` writes) rendered
/// from a skeleton of its *shape*, as `ShapedRows` renders rows: the template engine renders a
/// probe of each shape of view once per template set (a chapter page with a previous and a
/// next chapter and an outline, one without an outline…), and every page of that shape is
/// its texts put in place of the probe's marks. The engine looks each field up by name
/// through dynamic casts: rendering every chapter and side-by-side frame with it was a
/// twentieth of a cold build. A template the skeleton cannot reproduce (its two probes do not
/// differ by their marks alone) is rendered by the engine, page by page, as before.
enum ShapedPage {
    static func render<View: ShapedView>(_ view: View, template: String, templates: TemplateSet) throws -> String {
        var marks = ShapeMarks(first: 0)
        let probe = view.probe(&marks)
        let skeleton = try templates.skeletons.skeleton(template + "\u{0}page", shape: marks.shape) { () throws -> ShapedRows.Skeleton? in
            var other = ShapeMarks(first: marks.values.count)
            let second = view.probe(&other)
            guard let skeleton = ShapedRows.Skeleton(try templates.render(probe, with: template), values: marks.values.count),
                  ShapedRows.Skeleton(try templates.render(second, with: template), values: 2 * marks.values.count)?
                    .isShifted(skeleton, by: marks.values.count) == true
            else { return nil }
            return skeleton
        }
        guard let skeleton else { return try templates.render(view, with: template) }
        var out: [UInt8] = []
        skeleton.write(marks.values, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

extension LinkView: ShapedView {
    func probe(_ marks: inout ShapeMarks) -> LinkView {
        LinkView(title: marks.text(title), href: marks.text(href))
    }
}

extension LanguageLinkView: ShapedView {
    func probe(_ marks: inout ShapeMarks) -> LanguageLinkView {
        LanguageLinkView(name: marks.text(name), lang: marks.text(lang), href: marks.text(href))
    }
}

extension SidebarView: ShapedView {
    func probe(_ marks: inout ShapeMarks) -> SidebarView {
        SidebarView(script: marks.text(script), current: marks.text(current))
    }
}

extension OutlineView: ShapedView {
    func probe(_ marks: inout ShapeMarks) -> OutlineView {
        OutlineView(itemsHTML: marks.text(itemsHTML))
    }
}

extension FallbackBannerView: ShapedView {
    func probe(_ marks: inout ShapeMarks) -> FallbackBannerView {
        FallbackBannerView(untranslated: marks.flag(untranslated), missing: marks.number(missing), inline: marks.flag(inline),
                           sourceHref: marks.text(sourceHref), bilingualHref: marks.text(bilingualHref))
    }
}

extension PageFrame: ShapedView {
    func probe(_ marks: inout ShapeMarks) -> PageFrame {
        PageFrame(htmlLang: marks.text(htmlLang), pageTitle: marks.text(pageTitle), bookTitle: marks.text(bookTitle),
                  root: marks.text(root), languageLinks: marks.views(languageLinks), sidebar: marks.view(sidebar),
                  bilingualHref: marks.text(bilingualHref), printHref: marks.text(printHref), chrome: chrome.probe(&marks))
    }
}

extension PageChrome: ShapedView {
    func probe(_ marks: inout ShapeMarks) -> PageChrome {
        PageChrome(skip: marks.text(skip), tableOfContents: marks.text(tableOfContents), languages: marks.text(languages),
                   contents: marks.text(contents), print: marks.text(print), onThisPage: marks.text(onThisPage))
    }
}

extension ChapterView: ShapedView {
    func probe(_ marks: inout ShapeMarks) -> ChapterView {
        ChapterView(page: page.probe(&marks), title: marks.text(title), languageName: marks.text(languageName),
                    outline: marks.view(outline), bodyHTML: marks.text(bodyHTML), previous: marks.view(previous),
                    next: marks.view(next), fallback: marks.view(fallback), bodyLang: marks.text(bodyLang))
    }
}

extension BilingualView: ShapedView {
    func probe(_ marks: inout ShapeMarks) -> BilingualView {
        BilingualView(page: page.probe(&marks), title: marks.text(title), sourceLang: marks.text(sourceLang),
                      targetLang: marks.text(targetLang), sourceName: marks.text(sourceName), targetName: marks.text(targetName),
                      rowsHTML: marks.text(rowsHTML), outline: marks.view(outline), previous: marks.view(previous),
                      next: marks.view(next))
    }
}
