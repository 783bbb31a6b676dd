import Foundation
import GuideModel

/// Parts of pages rendered by earlier builds (`.guide-cache/pages/`): the dashboard's chapter
/// sections, so that a rebuild renders the edited chapter's section only. Whole pages are not
/// stored: the site they were published in keeps them (`WrittenSite`), and this store names
/// them (`name(key:template:)`, their tag in the site's manifest).
///
/// A page is keyed by the `Digest` of its view (every field the template can see, see
/// `TemplateValue`), the template set, the highlighter (the libclang that classifies its
/// code's tokens) and the guide build. Each entry is sealed with the
/// `Digest` of the page it holds (`CacheFile.writeSealed`), checked on every read: a damaged
/// entry is rendered again and replaced. `prune` removes the entries this build did not use.
public final class PageStore: Sendable {
    static let format = "pages-4"   // 4: heading ids in keys by their digest
    public let folder: String
    private let salt: [UInt8]
    private let use = CacheUse()

    public init(folder: String, templates: TemplateSet, highlighterVersion: String) {
        self.folder = folder
        salt = Array("\(Self.format) \(ToolBuild.identity) \(templates.fingerprint) \(highlighterVersion)".utf8)
    }

    func page(_ view: some TemplateFields, template: String, render: () throws -> String) rethrows -> String {
        // The fingerprint's bytes are gathered first and hashed in one call: a view has
        // thousands of small fields, and a hash update per field cost more than the hashing.
        var bytes = ByteWriter(bytes: salt + Array(template.utf8) + [0])
        view.fingerprint(into: &bytes)
        let page = try page(named: Digest.hex(bytes.bytes)) { Array(try render().utf8) }
        return String(decoding: page, as: UTF8.self)
    }

    /// A page keyed by its inputs (`PageInputs.key`) instead of its view: a hit skips building
    /// the view. The key's bytes must determine everything the page shows.
    func page(key: [UInt8], template: String, render: () throws -> [UInt8]) rethrows -> [UInt8] {
        try page(named: name(key: key, template: template), render: render)
    }

    /// The store's name for the page made from `key` with `template` (what a `WrittenSite`
    /// remembers a page by: the same name is the same bytes).
    func name(key: [UInt8], template: String) -> String {
        // Hashed in parts, not joined first: the key of a chapter of a million headings holds
        // every heading id (tens of megabytes). The same digest as of the parts joined.
        let hash = Digest()
        hash.update(salt)
        hash.update(Array(" inputs \(template)".utf8) + [0])
        hash.update(key)
        return HexText.of(hash.finalize())
    }

    /// The entry `name`, or `render()`'s page, stored under that name.
    func page(named name: String, render: () throws -> [UInt8]) rethrows -> [UInt8] {
        use(name)
        let file = folder + "/" + name
        if let page = CacheFile.readSealed(file) { return page }
        let page = try render()
        CacheFile.writeSealed(page, to: file)
        return page
    }

    /// Keeps the entry `name` through `prune` without reading it (its page was kept in the site).
    func use(_ name: String) {
        use.record(name, in: folder)
    }

    /// Removes the entries this build did not use (pages of an older book or older templates).
    public func prune() {
        use.prune(folder)
    }

}
