import Dispatch
import Foundation
import GuideCheck
import GuideMerge
import GuideFiles
import GuideModel
import GuideParse
import GuideRender
import GuideWrite

/// One build, start to finish: load the content, render, check links, write the site.
/// The stages are pure; this type is where the files are read and written.
public struct SiteBuilder: Sendable {
    /// The content, templates and output folders, and the cache beside the content.
    public var workspace: Workspace
    public var content: String { workspace.content }
    public var templates: String? { workspace.templates }
    public var output: String { workspace.output }
    /// Compile the snippets (through the harness's cache) and show the verdicts in the site.
    public var checkSnippets: Bool
    /// Kept between rebuilds by `guide serve` in front of the cache (nil: every build starts from the disk).
    public var memory: CacheMemory?
    /// Pages for the book's maintainers (`guide serve`): every snippet verdict under its code
    /// block, hidden until serve's toggle shows them. A published build shows readers only what
    /// `output.snippet_badges` asks for.
    public var forMaintainers = false
    /// Replace the output folder even when guide did not write it (`guide build --force`).
    public var force = false
    /// The review pages' language (`guide build --lang`); nil: guide.yml's `review.lang`, else
    /// English (a published site has no reader's locale to follow).
    public var reviewLanguage: ReviewLanguage?
    /// Told as each stage ends, with its name (and the peak memory so far) and seconds.
    public var onStage: (@Sendable (_ stage: String, _ seconds: Double) -> Void)?

    public init(workspace: Workspace, checkSnippets: Bool = true) {
        self.workspace = workspace
        self.checkSnippets = checkSnippets
    }

    public init(content: String, templates: String?, output: String, checkSnippets: Bool = true) {
        self.init(workspace: Workspace(content: content, templates: templates, output: output), checkSnippets: checkSnippets)
    }

    /// A build held in memory: what `build` writes, and what `guide serve` serves.
    public struct Rendered: Sendable {
        public var site: Site
        /// Content files copied into the site: site path → file on disk.
        public var assets: [String: String]
        /// Findings that do not fail the build (broken anchors, unless configured as errors; what stopped the check).
        public var diagnostics: [Diagnostic]
        /// The snippet check's summary line, when it ran.
        public var checkSummary: String?
        /// How many doubt markers the pages left out, and where to read them (nil: none).
        public var unpublishedDoubts: String?
        /// Seconds per stage (`guide build --timings`).
        public var timings: [(stage: String, seconds: Double)] = []
        /// The book and its reviews the site was made from, kept so that they are freed only
        /// when whoever holds this is done (see `BuildModel`).
        public var model: BuildModel?
        /// Where the pages too large to hold in memory are (`Site.spooled`) until they are written.
        public var spool: PageSpool?
        /// The output folder as the build found it (`build`), held with the rest for `keepUntilExit`.
        var found: WrittenSite?
        /// The cache's save, under way while `build` writes the site (`render` waits for it).
        var saving: InBackground<Void>?

        public var fileCount: Int { site.fileCount + assets.count }

        /// Leaves the build's values allocated until the process ends, for a process about to
        /// exit (`guide build`): tearing down a large book's model and pages costs time for nothing.
        public func keepUntilExit() {
            _ = Unmanaged.passRetained(KeptUntilExit(self))
        }
    }

    private final class KeptUntilExit {
        let rendered: Rendered
        init(_ rendered: Rendered) { self.rendered = rendered }
    }

    /// Loads, renders and checks, without touching the output. Pages that `written` holds
    /// from the same inputs are kept from it (`Site.kept`) instead of being read.
    public func render(keeping written: WrittenSite? = nil) throws -> Rendered {
        let rendered = try render(keepingFrom: { written })
        rendered.saving?.value
        return rendered
    }

    /// `render(keeping:)`, asking for what the output folder holds only once the pages need it.
    func render(keepingFrom written: () -> WrittenSite?) throws -> Rendered {
        var clock = StageClock(onLap: onStage)
        // Serve reads through its memory, so uses few records of the packs: it removes none.
        guard let cache = try workspace.openCache(memory: memory) else {
            throw GuideError("a build keeps its work in a cache folder, and this workspace has none")
        }
        // The templates are read and parsed while the book loads (a book's errors still come first).
        let templateSet = InBackground { [templates] in Result { try SiteRenderer(templatesFolder: templates) } }
        let book = try workspace.loadBook(facts: cache)
        // Written while the book is rendered (a large book's facts are megabytes).
        let factsSaved = InBackground { cache.save([.facts, .chapterFile]) }
        defer { factsSaved.value }
        var renderer = try templateSet.value.get()
        clock.lap("load and parse")
        // One review per chapter pair, shared by the pages and the link check.
        // What the default dictionary says when it cannot read CC-CEDICT: a note of the build's.
        let dictionaryNotes = Locked<[String]>([])
        let dictionary = try Stages.dictionary(for: book, in: workspace, cache: cache) { note in dictionaryNotes.withLock { $0.append(note) } }
        let reviews = try Stages.reviews(book, cache: cache, dictionary: dictionary,
                                         history: try Stages.history(book, in: workspace, cache: cache))
        clock.lap("align and review")
        var report: CheckReport?
        if checkSnippets {
            report = Stages.check(book, in: workspace, cache: cache)
            clock.lap("check snippets")
        }
        let highlighter = CodeHighlighter.version
        // `guide serve` holds its pages in memory; a build writes a page too large for that as it renders it.
        let spool = memory == nil ? PageSpool(output: output) : nil
        let published = written()
        let pages = PageReuse(cache: cache, templates: renderer.templates, highlighterVersion: highlighter, written: published, spool: spool)
        renderer.memos = RenderMemos(highlights: HighlightStore(cache: cache, highlighterVersion: highlighter), sections: pages,
                                     searchChunks: SearchChunkStore(cache, written: published))
        renderer.fileNames = SiteFileNames(displayRoot: workspace.displayRoot, contentFolder: content)
        renderer.reviewLanguage = ReviewLanguage.chosen(flag: reviewLanguage, config: book.config.reviewLanguage)
        let bookAnchors = try renderer.anchorsByChapter(book, reviews: reviews)
        // The links are checked while the pages render (they need the book and its heading ids
        // only): after them, the check kept one core of a rebuild's last tenth busy alone.
        // What a person reads: at most `ReportLimit.perChapter` findings a file, then a count.
        // Links are checked against the pages there are: with `output.fallback: none`, a link to a
        // chapter not translated yet leads nowhere.
        let linkFindings = InBackground { [content] in
            let anchors = bookAnchors.mapValues { $0.mapValues { Set($0.values) } }
            return LinkChecker.report(LinkChecker(book: FallbackPages.published(book), contentRoot: content, anchors: anchors,
                                                  anchorsAreErrors: book.config.brokenAnchorsAreErrors).check())
        }
        let site: Site, check = report.map(CheckSummary.init)
        do {
            let badges = SnippetBadges(report?.results ?? [], keys: report?.chapterKeys ?? [:], fileNames: renderer.fileNames,
                                       shown: book.config.snippetBadges, forMaintainers: forMaintainers)
            site = try renderer.plan(book, reviews: reviews, snippets: badges, check: check, anchors: bookAnchors).site(pages.page)
        } catch {
            spool?.remove()
            throw error
        }
        // Room for the book's snippets twice over (each language's, and an edit's old versions).
        let snippets = book.editions.reduce(0) { $0 + $1.chapters.reduce(0) { $0 + $1.facts.codeBlockCount } }
        cache.keepUnused(.highlight, upTo: 2 * snippets + 1024)
        let links = linkFindings.value
        // Every stage has asked for the blocks it needed: one a file no longer gave (it changed
        // since its facts were read) fails the build before anything is kept or written.
        if let failure = book.rereadFailure {
            spool?.remove()
            throw failure
        }
        // Saved while the site is written (nothing after reads the cache).
        let saved = InBackground { cache.save() }
        clock.lap("render pages and search index")
        // A book laid out as kept publishes as GitHub shows it: a broken link is a warning there.
        let findings = book.notes + links.map { finding in
            guard !book.config.editions.isEmpty, finding.severity == .error else { return finding }
            var warning = finding
            warning.severity = .warning
            return warning
        }
        let errors = findings.filter { $0.severity == .error }
        if !errors.isEmpty {
            spool?.remove()
            saved.value
            throw GuideErrors(errors)
        }
        var assets: [String: String] = [:]
        let showingSource = FallbackPages.languagesShowingSource(reviews, mode: book.config.fallback)
        for copy in SiteAssets.copies(for: book, contentRoot: content, showingSource: showingSource) { assets[copy.to] = copy.from }
        clock.lap("check links")
        var rendered = Rendered(site: site, assets: assets, diagnostics: dictionaryNotes.withLock { $0 }.map { Diagnostic(.note, $0) } + findings + (check?.problems ?? []),
                                checkSummary: report?.summary, timings: clock.laps, model: BuildModel(book: book, reviews: reviews),
                                spool: spool, saving: saved)
        rendered.unpublishedDoubts = UnpublishedDoubts(reviews, markers: book.config.doubtMarkers).line
        return rendered
    }

    /// The folders the output may neither hold nor be inside: the cache and the templates.
    func protectedFolders(cache: String) -> [String] {
        [cache] + (templates.map { [$0] } ?? [])
    }

    /// The folders the output may be inside but neither be nor hold: the content folder (a book
    /// built where it is kept has its site in `site/` there; the book's listing skips it, see
    /// `Workspace.ownFolders`) and, once the book is read, each edition's folder (`content/en`).
    func surroundingFolders(_ book: Book?) -> [String] {
        let editions = (book?.editions ?? []).map(\.folder).filter { !$0.isEmpty }.map { content + "/" + $0 }
        return [content] + editions
    }

    /// Renders and swaps the result into the output folder.
    public func build() throws -> Rendered {
        let cache = CacheStore.folder(forContent: content)
        let manifest = cache + "/written"
        // Before anything is written (the caches included): the output must be a folder guide may replace.
        try OutputGuard.check(output: output, keeping: protectedFolders(cache: cache), around: surroundingFolders(nil), force: force)
        // A previous site a killed build moved aside is put back before anything reads or fails.
        SiteWriter.removeLeftovers(of: output)
        // The manifest of the site there read while the book loads.
        let found = InBackground { [output] in WrittenSite(folder: output, manifest: manifest) }
        var rendered = try render(keepingFrom: { found.value })
        let written = found.value
        var clock = StageClock(onLap: onStage)
        // The spooled pages are in the new site now (or the build failed): the folder goes.
        defer { rendered.spool?.remove() }
        // Asked again: the folder may have changed while the book was rendered.
        try OutputGuard.check(output: output, keeping: protectedFolders(cache: cache),
                              around: surroundingFolders(rendered.model?.book), force: force)
        defer { rendered.saving?.value }
        try SiteWriter(output: output, manifest: manifest, written: written)
            .write(rendered.site, assets: rendered.assets.map { (from: $0.value, to: $0.key) },
                   inside: ConfinedFolder(content, role: "the content folder"))
        rendered.saving?.value
        clock.lap("write and swap")
        rendered.timings += clock.laps
        rendered.found = written
        return rendered
    }
}

/// The model of a build: the book and its reviews, which a one-shot `guide build` never frees
/// (`Rendered.keepUntilExit`).
public final class BuildModel: Sendable {
    public let book: Book
    public let reviews: [ChapterReview]

    init(book: Book, reviews: [ChapterReview]) {
        self.book = book
        self.reviews = reviews
    }
}

/// Wall time per stage of a build, and the process's peak memory when each stage ended
/// (a stage whose peak is far above the one before holds what the input's size costs).
struct StageClock {
    private var last = DispatchTime.now()
    private(set) var laps: [(stage: String, seconds: Double)] = []
    /// Told of each lap as it ends (`guide build --timings` prints it then).
    var onLap: (@Sendable (_ stage: String, _ seconds: Double) -> Void)?

    init(onLap: (@Sendable (_ stage: String, _ seconds: Double) -> Void)? = nil) {
        self.onLap = onLap
    }

    mutating func lap(_ stage: String) {
        let now = DispatchTime.now()
        laps.append(("\(stage) (peak \(Self.peakMiB()) MiB)", Double(now.uptimeNanoseconds - last.uptimeNanoseconds) / 1e9))
        onLap?(laps[laps.count - 1].stage, laps[laps.count - 1].seconds)
        last = now
    }

    /// The most resident memory the process has had so far (`getrusage`, KiB on Linux).
    static func peakMiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
    }
}
