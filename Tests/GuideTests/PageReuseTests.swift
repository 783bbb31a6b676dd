import Foundation
@testable import GuideFiles
import GuideModel
@testable import GuidePipeline
import GuideParse
@testable import GuideRender
@testable import GuideWrite
import Testing

@Suite struct PageReuseTests {
    func templates() throws -> TemplateSet {
        try TemplateSet(folder: repositoryRoot + "/templates")
    }

    func reuse(_ cache: CacheStore, templates: TemplateSet? = nil, highlighter: String = "clang 1") throws -> PageReuse {
        PageReuse(cache: cache, templates: try templates ?? self.templates(), highlighterVersion: highlighter, written: nil, spool: nil)
    }

    @Test func aPartIsRenderedAgainOnlyWhenItsInputsChange() throws {
        let folder = try TempFolder()
        let cache = CacheStore(root: folder.path)
        let store = try reuse(cache)
        var rendered = 0
        func part(_ key: [UInt8], _ text: String) -> String {
            String(decoding: store.section(template: "t", key: key) {
                rendered += 1
                return Array(text.utf8)
            }, as: UTF8.self)
        }
        #expect(part([1], "<a>a</a>") == "<a>a</a>")
        #expect(part([1], "<a>b</a>") == "<a>a</a>")
        #expect(rendered == 1)
        #expect(part([2], "<a>b</a>") == "<a>b</a>")
        #expect(rendered == 2)
        cache.save()
        // The next build reads the same records.
        let nextCache = CacheStore(root: folder.path)
        let next = try reuse(nextCache)
        #expect(next.section(template: "t", key: [1]) { Array("rendered again".utf8) } == Array("<a>a</a>".utf8))
        #expect(next.section(template: "u", key: [1]) { Array("other template".utf8) } == Array("other template".utf8))
        // Another highlighter classifies code differently: its pages are not this one's; nor are other templates'.
        let otherHighlighter = try reuse(nextCache, highlighter: "clang 2")
        #expect(otherHighlighter.section(template: "t", key: [1]) { Array("new".utf8) } == Array("new".utf8))
        #expect(store.page(key: [1], template: "t") != otherHighlighter.page(key: [1], template: "t"))
        #expect(store.page(key: [1], template: "t") != store.page(key: [2], template: "t"))
        #expect(store.page(key: [1], template: "t") != store.page(key: [1], template: "u"))
        try FileManager.default.copyItem(atPath: repositoryRoot + "/templates", toPath: folder.path + "/templates")
        try folder.write("templates/extra.mustache", "{{title}}")
        let edited = try TemplateSet(folder: folder.path + "/templates")
        #expect(try reuse(cache, templates: edited).page(key: [1], template: "t") != store.page(key: [1], template: "t"))
        // The records the last build used are kept, and unused ones only while they weigh less.
        nextCache.save()
        #expect(packRecords(folder.path + "/sections.pack").count == 4)
    }

    @Test func aPageIsRememberedInMemoryAndMadeAgainWithoutAKey() throws {
        let folder = try TempFolder()
        let cache = CacheStore(root: folder.path, memory: CacheMemory())
        let store = try reuse(cache)
        let made = Locked(0)
        func page(_ key: [UInt8]?) throws -> [UInt8]? {
            let plan = PagePlan(path: "a.html", template: "t", key: { key }, making: .whole {
                Array("page \(made.withLock { count in count += 1; return count })".utf8)
            })
            guard case .bytes(let bytes, let tag) = try store.page(plan), tag == nil else { return nil }
            return bytes
        }
        #expect(try page([1]) == Array("page 1".utf8))
        #expect(try page([1]) == Array("page 1".utf8))
        #expect(try page(nil) == Array("page 2".utf8))
        #expect(try page(nil) == Array("page 3".utf8))
        // A page of parts: each part kept by its key; nothing is published from memory (no tag).
        func sections(_ text: String) throws -> [[UInt8]]? {
            var plan = PagePlan(path: "review/index.html", template: "t", key: { nil },
                                making: .sections(frame: "<" + SiteRenderer.sectionsMark + ">", count: 2) { Array("\(text)\($0)".utf8) })
            plan.parts = PagePlan.Parts(template: "t", keys: { [[1], [2]] })
            guard case .pieces(let pieces, nil) = try store.page(plan) else { return nil }
            return pieces
        }
        #expect(try sections("a") == ["<", "a0", "a1", ">"].map { Array($0.utf8) })
        #expect(try sections("b") == ["<", "a0", "a1", ">"].map { Array($0.utf8) })
    }

    /// The pages of a plan are made on every core; an error is the first page's in the plans'
    /// order, whichever failed first in time.
    @Test func aSitePlanGivesEveryPageAndTheFirstPagesError() throws {
        struct Failed: Error, Equatable { let path: String }
        func plan(_ path: String, fails: Bool = false) -> PagePlan {
            PagePlan(path: path, template: "t", key: { nil }, making: .whole {
                if fails { throw Failed(path: path) }
                return Array(path.utf8)
            })
        }
        let search = InBackground<[(path: String, file: PageFile)]> { [("search/index.js", .bytes([1], tag: nil))] }
        var plans = (0..<40).map { plan("p\($0).html") }
        func site() throws -> Site {
            try SitePlan(pages: plans.map { plan in { plan } }, searchFiles: search, notFound: "missing", baseURL: "",
                         staticFiles: ["style.css": [2]]).site()
        }
        let made = try site()
        #expect(made.files.count == 44)
        #expect((0..<40).allSatisfy { made.files["p\($0).html"] == Array("p\($0).html".utf8) })
        #expect(made.files["404.html"] == Array("missing".utf8) && made.files["search/index.js"] == [1])
        plans[20] = plan("p20.html", fails: true)
        plans[31] = plan("p31.html", fails: true)
        #expect(throws: Failed(path: "p20.html")) { try site() }
    }

    @Test func fingerprintsSeeEveryFieldDownTheTree() {
        func digest(_ view: some TemplateFields) -> [UInt8] { PageInputs.bytes(view) }
        let leaf = TocItemView(title: "leaf", href: nil, children: [])
        let tree = TocItemView(title: "t", href: "h", children: [leaf])
        #expect(digest(tree) == digest(TocItemView(title: "t", href: "h", children: [leaf])))
        #expect(digest(tree) != digest(TocItemView(title: "t", href: "h", children: [TocItemView(title: "leaf", href: "", children: [])])))
        #expect(digest(tree) != digest(TocItemView(title: "t", href: "h", children: [leaf, leaf])))
        #expect(digest(ChapterLinkView(title: "a", href: "b", depth: 0, translatedPercent: nil, bilingualHref: nil))
                != digest(ChapterLinkView(title: "a", href: "b", depth: 0, translatedPercent: "0", bilingualHref: nil)))
        // Field boundaries count: "ab" + "c" is not "a" + "bc".
        #expect(digest(LinkView(title: "ab", href: "c")) != digest(LinkView(title: "a", href: "bc")))
    }

    /// A view's fingerprint is its field table's: every field (nested views, lists, empty
    /// optionals) in name order, each after its name.
    @Test func fingerprintsFollowTheFieldTable() {
        let frame = PageFrame(htmlLang: "en", pageTitle: "A", bookTitle: "B", root: "../",
                              languageLinks: [LanguageLinkView(name: "中文", lang: "zh", href: "z")])
        var expected = ByteWriter(bytes: [5])
        for name in PageFrame.fieldNames {
            expected.string(name)
            switch name {
            case "bilingualHref", "printHref", "sidebar": expected.integer(UInt8(0))
            case "hasLanguageLinks": expected.fingerprint(true)
            case "languageLinks": expected.fingerprint(frame.languageLinks)
            case "chrome": frame.chrome.fingerprint(into: &expected)
            default: expected.fingerprint(frame.child(named: name) as! String)
            }
        }
        #expect(PageInputs.bytes(frame) == expected.bytes)
        #expect(PageInputs.bytes(frame.languageLinks[0]) == [5] + ["href", "lang", "name"].flatMap { name in
            var field = ByteWriter()
            field.string(name)
            field.fingerprint(frame.languageLinks[0].child(named: name) as! String)
            return field.bytes
        })
        // And the field table lists every stored property (as `TemplateFieldsAudit` checks by Mirror).
        #expect(Set(PageFrame.fieldNames) == Set(Mirror(reflecting: frame).children.compactMap(\.label) + ["hasLanguageLinks"]))
    }

    /// After each kind of edit, a build through the caches gives the site a build without them gives.
    /// (One edit per build: a template edit alone would make every page new.)
    @Test func aRebuildAfterEditsEqualsAFreshBuild() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/templates", toPath: folder.path + "/templates")
        try expectRebuildsEqualFreshBuilds(in: folder, edits: smallBookEdits(in: folder), options: ["--no-check"])
        let site = try snapshot(folder.path + "/site")
        #expect(String(decoding: site["en/intro.html"] ?? Data(), as: UTF8.self).contains("chapter edited"))
        #expect(String(decoding: site["bilingual/second.html"] ?? Data(), as: UTF8.self).contains("doubt"))
        #expect(String(decoding: site["en/intro.html"] ?? Data(), as: UTF8.self).contains("The Second"))
        #expect(String(decoding: site["en/intro.html"] ?? Data(), as: UTF8.self).contains("Tested Book"))
    }

    /// The same with the snippet check on: pages are keyed by the check's keys for their
    /// chapters' results, so a verdict that changes must still change every page showing it
    /// (the badges `output.snippet_badges: failing` shows: a reader's page shows none by default).
    @Test func aCheckedRebuildAfterEditsEqualsAFreshBuild() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/guide.yml", try folder.read("content/guide.yml") + "\noutput:\n  snippet_badges: failing\n")
        try FileManager.default.copyItem(atPath: repositoryRoot + "/templates", toPath: folder.path + "/templates")
        let broken = "# 介绍\n\n你好。\n\n```objective-c\nint x = ;\n```\n"
        let edits: [(what: String, edit: () throws -> Void)] = [
            ("a Chinese snippet, broken", { try folder.write("content/zh/intro.md", broken) }),
            ("an English paragraph", { try folder.write("content/en/second.md", "# Second\n\n## End\n\nThe very end.\n") }),
            ("the Chinese snippet, mended", {
                try folder.write("content/zh/intro.md", broken.replacingOccurrences(of: "int x = ;", with: "int x = 1;"))
            }),
            // The Chinese chapter does not change, but its pair now diverges.
            ("the English snippet, broken", {
                try folder.write("content/en/intro.md", "# Intro\n\nHello.\n\n```objective-c\nint x = ;\n```\n")
            }),
        ]
        try expectRebuildsEqualFreshBuilds(in: folder, edits: edits, options: [])
        let site = try snapshot(folder.path + "/site")
        #expect(!String(decoding: site["zh/intro.html"] ?? Data(), as: UTF8.self).contains("snippet-badge"))
        #expect(String(decoding: site["en/intro.html"] ?? Data(), as: UTF8.self).contains("snippet-badge snippet-fail snippet-reader"))
        #expect(String(decoding: site["review/index.html"] ?? Data(), as: UTF8.self).contains("snippet-divergence"))
    }

    /// The same with the book's files settled (a second old) before the first build: a
    /// rebuild then trusts the unchanged ones by their identities, unread (`chapterFile`).
    @Test func aRebuildOfSettledFilesAfterEditsEqualsAFreshBuild() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/templates", toPath: folder.path + "/templates")
        usleep(2_100_000)
        try expectRebuildsEqualFreshBuilds(in: folder, edits: smallBookEdits(in: folder), options: ["--no-check"])
    }

    /// Builds, then after each edit builds again through the caches and from none, and compares.
    private func expectRebuildsEqualFreshBuilds(in folder: TempFolder, edits: [(what: String, edit: () throws -> Void)],
                                                options: [String]) throws {
        let first = try runGuide(["build", "--templates", "templates"] + options, in: folder.path)
        #expect(first.status == 0, "\(first.stderr)")
        for (what, edit) in edits {
            try edit()
            let warm = try runGuide(["build", "--templates", "templates"] + options, in: folder.path)
            #expect(warm.status == 0, "\(warm.stderr)")
            try FileManager.default.moveItem(atPath: folder.path + "/.guide-cache", toPath: folder.path + "/kept-cache")
            let fresh = try runGuide(["build", "--templates", "templates", "-o", "fresh"] + options, in: folder.path)
            #expect(fresh.status == 0, "\(fresh.stderr)")
            try FileManager.default.removeItem(atPath: folder.path + "/.guide-cache")
            try FileManager.default.moveItem(atPath: folder.path + "/kept-cache", toPath: folder.path + "/.guide-cache")
            let warmSite = try snapshot(folder.path + "/site"), freshSite = try snapshot(folder.path + "/fresh")
            #expect(warmSite.keys.sorted() == freshSite.keys.sorted(), "after editing \(what)")
            for (path, bytes) in freshSite where warmSite[path] != bytes {
                Issue.record("after editing \(what): site/\(path) differs from a fresh build")
            }
        }
    }

    /// A rebuild keeps the pages whose inputs did not change as the files the site holds (same
    /// inode, not read from the page store: deleting the store does not matter), writes the
    /// edited chapter's pages, and writes again a page someone changed in the site folder.
    @Test func unchangedPagesAreKeptFromTheSite() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        // In this process: the caches are keyed by the running executable.
        let builder = SiteBuilder(content: folder.path + "/content", templates: repositoryRoot + "/templates",
                                  output: folder.path + "/site", checkSnippets: false)
        func build() throws { _ = try builder.build() }
        func inode(_ path: String) throws -> UInt64 {
            (try FileManager.default.attributesOfItem(atPath: folder.path + "/site/" + path)[.systemFileNumber] as? NSNumber)?
                .uint64Value ?? 0
        }
        let pages = ["en/intro.html", "zh/intro.html", "bilingual/intro.html", "en/second.html", "bilingual/second.html",
                     "review/index.html", "index.html", "en/toc.js", "zh/toc.js"]
        try build()
        var before = try Dictionary(uniqueKeysWithValues: pages.map { ($0, try inode($0)) })
        try build()
        for page in pages { #expect(try inode(page) == before[page], "\(page) was written again") }
        try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n完了。\n")
        try build()
        for page in ["en/intro.html", "zh/intro.html", "bilingual/intro.html", "en/second.html"] {
            #expect(try inode(page) == before[page], "\(page) was written again")
        }
        for page in ["zh/second.html", "bilingual/second.html"] {
            #expect(try inode(page) != before[page], "\(page) was kept after its chapter changed")
        }
        #expect(try folder.read("site/zh/second.html").contains("完了。"))
        // A page changed in the site folder by hand is written again, with the build's bytes.
        before = try Dictionary(uniqueKeysWithValues: pages.map { ($0, try inode($0)) })
        let page = try folder.read("site/en/intro.html")
        try folder.write("site/en/intro.html", page.replacingOccurrences(of: "Hello", with: "HELLO"))
        try build()
        #expect(try folder.read("site/en/intro.html") == page)
        #expect(try inode("en/second.html") == before["en/second.html"])
        // Kept pages are not even read: the renderer hands them over as the site's files.
        let written = WrittenSite(folder: folder.path + "/site", manifest: folder.path + "/.guide-cache/written")
        let kept = try builder.render(keeping: written).site
        for page in pages {
            #expect(kept.kept[page] != nil && kept.files[page] == nil, "\(page) was not kept")
        }
        #expect(try builder.render().site.kept.isEmpty)
    }

    /// An unchanged book's search index is kept from the site, not built: its files are handed
    /// over as kept (same inodes). A changed chapter, or a search file changed by hand, makes
    /// the build write the index again, as a fresh build writes it.
    @Test func theSearchIndexIsKeptFromTheSiteUntilItsPagesChange() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let builder = SiteBuilder(content: folder.path + "/content", templates: repositoryRoot + "/templates",
                                  output: folder.path + "/site", checkSnippets: false)
        // What a build would keep and make now (the manifest as the last build left it).
        func searchFiles() throws -> (kept: [String], made: [String]) {
            let written = WrittenSite(folder: folder.path + "/site", manifest: folder.path + "/.guide-cache/written")
            let site = try builder.render(keeping: written).site
            return (site.kept.keys.filter { $0.hasPrefix("search/") }.sorted(),
                    site.files.keys.filter { $0.hasPrefix("search/") }.sorted())
        }
        _ = try builder.build()
        let index = try folder.read("site/search/index.js")
        var files = try searchFiles()
        #expect(files.made.isEmpty && files.kept.contains("search/index.js") && files.kept.count >= 3, "\(files)")
        // Changed by hand: written again.
        try folder.write("site/search/index.js", index.replacingOccurrences(of: "Intro", with: "INTRO"))
        files = try searchFiles()
        #expect(files.kept.isEmpty && files.made.contains("search/index.js"), "\(files)")
        _ = try builder.build()
        #expect(try folder.read("site/search/index.js") == index)
        #expect(try searchFiles().made.isEmpty)
        // A chapter edited: built again, with the new text, then kept.
        try folder.write("content/en/second.md", "# Second\n\n## End\n\nThe very last words.\n")
        files = try searchFiles()
        #expect(files.kept.isEmpty && files.made.contains("search/index.js"), "\(files)")
        _ = try builder.build()
        let text = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/site/search")
            .map { try folder.read("site/search/" + $0) }.joined()
        #expect(text.contains("The very last words."))
        #expect(try searchFiles().made.isEmpty)
    }

    /// A chapter's digest stands for its fields, so it goes when any of them changes.
    @Test func aChangedChapterLosesItsDigest() {
        let chapter = Chapter(path: "a.md", displayPath: "en/a.md", title: "A", blocks: [], contentDigest: [1, 2, 3])
        #expect(chapter.contentDigest == [1, 2, 3])
        var renamed = chapter
        renamed.title = "B"
        var moved = chapter
        moved.path = "b.md"
        var shown = chapter
        shown.displayPath = "en/b.md"
        var edited = chapter
        edited.blocks = MarkdownParser().parse("Text.\n")
        for changed in [renamed, moved, shown, edited] { #expect(changed.contentDigest == nil) }
    }
}
