import Foundation
import GuideFiles
import GuideModel

/// Pages and parts of pages through the build's cache. The dashboard's chapter sections (and
/// pages of chapters made in code) are stored (`CacheStage.sections`), so that a rebuild renders
/// the edited chapter's section only. Whole pages are not: the site they were published in keeps
/// them (`WrittenSite`), and their key (`CacheStage.pages`) names them in the site's manifest;
/// `guide serve` keeps them in the cache's memory. Both keys depend on the template set and
/// the highlighter.
public struct PageStore: Sendable {
    let cache: CacheStore
    let versions: CacheStage.Versions

    public init(cache: CacheStore, templates: TemplateSet, highlighterVersion: String) {
        self.cache = cache
        versions = CacheStage.Versions(highlighter: highlighterVersion, templates: templates.fingerprint)
    }

    /// A page keyed by its view (every field the template can see, see `TemplateValue`).
    func page(_ view: some TemplateFields, template: String, render: () throws -> String) rethrows -> String {
        // The fingerprint's bytes are gathered first and hashed in one call: a view has
        // thousands of small fields, and a hash update per field cost more than the hashing.
        var bytes = ByteWriter(bytes: Array(template.utf8) + [0])
        view.fingerprint(into: &bytes)
        let key = CacheStage.sections.key(versions) { $0.update(bytes.bytes) }
        return String(decoding: try section(key) { Array(try render().utf8) }, as: UTF8.self)
    }

    /// A part keyed by its inputs (`PageInputs.key`, which must determine everything it shows).
    func section(key: [UInt8], template: String) -> CacheKey {
        CacheStage.sections.key(versions) { hash in
            hash.updateCounted(template)
            hash.update(key)
        }
    }

    /// The stored part of `key`, or `render()`'s, stored.
    func section(_ key: CacheKey, render: () throws -> [UInt8]) rethrows -> [UInt8] {
        try cache.value(.sections, key, decode: { Array($0) }, encode: { $0 }, make: render)
    }

    /// Keeps a part without reading it (its page was kept in the site).
    func keep(_ key: CacheKey) {
        cache.keep(.sections, key)
    }

    /// The key of the page made from `key` with `template` (the same key is the same bytes).
    /// Hashed in parts: the key of a chapter of a million headings holds every heading id.
    func page(key: [UInt8], template: String) -> CacheKey {
        CacheStage.pages.key(versions) { hash in
            hash.updateCounted(template)
            hash.update(key)
        }
    }

    /// The page's tag in the site's manifest.
    static func tag(_ key: CacheKey) -> String { "page:" + key.hex }

    /// Whether whole pages are kept in memory (`guide serve`), and the page of `key` from there.
    var remembers: Bool { cache.memory != nil }

    func remembered<Page>(_ key: CacheKey, render: () throws -> Page) rethrows -> Page {
        try cache.remembered(.pages, key, make: render)
    }

    /// The tag of the dashboard: its sections' keys and the page around them.
    func name(sections: [CacheKey], page: String) -> String {
        "page:" + CacheStage.pages.key(versions) { hash in
            hash.updateCounted("review/index.html")
            for key in sections { hash.update(key.bytes) }
            hash.updateCounted(page)
        }.hex
    }
}
