import GuideModel
import GuideParse

/// One build, start to finish: load the content, render, check links, write the site.
/// The stages are pure; this type is where the files are read and written.
public struct SiteBuilder {
    public var content: String
    public var templates: String
    public var output: String

    public init(content: String, templates: String, output: String) {
        self.content = content
        self.templates = templates
        self.output = output
    }

    public struct Result: Sendable {
        public var fileCount: Int
        /// Findings that do not fail the build (e.g. broken anchors, unless configured as errors).
        public var warnings: [String]
    }

    public func build() throws -> Result {
        let book = try ContentLoader(root: content).load()
        let renderer = try SiteRenderer(templatesFolder: templates)
        let site = try renderer.render(book)
        let anchors = renderer.anchorsByChapter(book).mapValues { $0.mapValues { Set($0.values) } }
        let findings = LinkChecker(book: book, contentRoot: content, anchors: anchors,
                                   anchorsAreErrors: book.config.brokenAnchorsAreErrors).check()
        let errors = findings.filter(\.isError)
        if !errors.isEmpty {
            throw GuideErrors(errors.map { GuideError($0.message, at: $0.location) })
        }
        try OutputGuard.check(output: output, keeping: [content, templates])
        let assets = SiteAssets.copies(for: book, contentRoot: content)
        try SiteWriter(output: output).write(site, assets: assets)
        return Result(fileCount: site.files.count + assets.count, warnings: findings.map(\.description))
    }
}
