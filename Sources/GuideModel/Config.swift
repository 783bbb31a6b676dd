/// The book's settings, read from `content/guide.yml`.
public struct Config: Hashable, Sendable {
    /// Book title per language code.
    public var titles: [String: String]
    /// Languages in the order they are listed; `source` is one of them.
    public var languages: [Language]
    public var source: Language
    /// Let raw HTML and unsafe URLs through cmark (off: content is untrusted).
    public var rawHTML: Bool
    /// Absolute URL the site is published at (for sitemap.xml); may be empty.
    public var baseURL: String
    /// Markers that flag a translator's doubt in the translation.
    public var doubtMarkers: [String]

    public init(titles: [String: String], languages: [Language], source: Language,
                rawHTML: Bool = false, baseURL: String = "", doubtMarkers: [String] = ["【疑问】"]) {
        self.titles = titles
        self.languages = languages
        self.source = source
        self.rawHTML = rawHTML
        self.baseURL = baseURL
        self.doubtMarkers = doubtMarkers
    }

    public func title(for language: Language) -> String {
        titles[language.code] ?? titles[source.code] ?? "Guide"
    }
}
