import GuideCheck
import GuideMerge
import GuideModel
import GuideParse

/// One build, start to finish: load the content, render, check links, write the site.
/// The stages are pure; this type is where the files are read and written.
public struct SiteBuilder: Sendable {
    public var content: String
    public var templates: String
    public var output: String
    /// Compile the snippets (through the harness's cache) and show the verdicts in the site.
    public var checkSnippets: Bool

    public init(content: String, templates: String, output: String, checkSnippets: Bool = true) {
        self.content = content
        self.templates = templates
        self.output = output
        self.checkSnippets = checkSnippets
    }

    /// A build held in memory: what `build` writes, and what `guide serve` serves.
    public struct Rendered: Sendable {
        public var site: Site
        /// Content files copied into the site: site path → file on disk.
        public var assets: [String: String]
        /// Findings that do not fail the build (e.g. broken anchors, unless configured as errors).
        public var warnings: [String]
        /// The snippet check's summary line, when it ran.
        public var checkSummary: String?

        public var fileCount: Int { site.files.count + assets.count }
    }

    /// Loads, renders and checks, without touching the output.
    public func render() throws -> Rendered {
        let book = try ContentLoader(root: content).load()
        let renderer = try SiteRenderer(templatesFolder: templates)
        // One alignment per chapter pair, shared by the pages and the link check.
        let cache = AlignmentCache(folder: CheckOptions.defaultCacheFolder(forContent: content) + "/align")
        let reviews = book.reviews(align: cache.beads)
        var report: CheckReport?
        if checkSnippets {
            let loader = ContentLoader(root: content)
            report = SnippetChecker(options: CheckOptions(
                contentRoot: content, displayRoot: loader.displayRoot,
                cacheFolder: CheckOptions.defaultCacheFolder(forContent: content))).run(book: book)
        }
        let site = try renderer.render(book, reviews: reviews, snippets: SnippetBadges(report?.results ?? []),
                                       check: report.map(CheckSummary.init))
        let anchors = renderer.anchorsByChapter(book, reviews: reviews).mapValues { $0.mapValues { Set($0.values) } }
        let findings = LinkChecker(book: book, contentRoot: content, anchors: anchors,
                                   anchorsAreErrors: book.config.brokenAnchorsAreErrors).check()
        let errors = findings.filter(\.isError)
        if !errors.isEmpty {
            throw GuideErrors(errors.map { GuideError($0.message, at: $0.location) })
        }
        var assets: [String: String] = [:]
        for copy in SiteAssets.copies(for: book, contentRoot: content) { assets[copy.to] = copy.from }
        return Rendered(site: site, assets: assets, warnings: findings.map(\.description) + (report?.problems ?? []),
                        checkSummary: report?.summary)
    }

    /// Renders and swaps the result into the output folder.
    public func build() throws -> Rendered {
        let rendered = try render()
        try OutputGuard.check(output: output, keeping: [content, templates])
        try SiteWriter(output: output).write(rendered.site, assets: rendered.assets.map { (from: $0.value, to: $0.key) })
        return rendered
    }
}
