import Foundation
import GuideFiles
import GuideModel
import GuideRender
import GuideWrite

/// Which pages a build makes and which it reuses: it resolves render's plans (`PagePlan`).
/// The dashboard's chapter sections and the print pages' chapters are stored
/// (`CacheStage.sections`, `SectionMemo`), so that a rebuild renders the edited chapter's alone.
/// Whole pages are not: the site they were published in keeps them (`WrittenSite`), and their
/// key (`CacheStage.pages`) names them in the site's manifest; `guide serve` keeps them in the
/// cache's memory. Both keys depend on the template set and the highlighter.
public struct PageReuse: SectionMemo {
    let cache: CacheStore
    let versions: CacheStage.Versions
    /// The output folder as the last build left it (`guide build`): a page whose inputs did not
    /// change is kept from it, unread.
    let written: WrittenSite?
    /// Where a page too large to hold in memory is written as it renders (`guide build`); nil
    /// keeps every page in memory (`guide serve`).
    let spool: PageSpool?

    public init(cache: CacheStore, templates: TemplateSet, highlighterVersion: String, written: WrittenSite?, spool: PageSpool?) {
        self.cache = cache
        versions = CacheStage.Versions(highlighter: highlighterVersion, templates: templates.fingerprint)
        self.written = written
        self.spool = spool
    }

    /// The planned page: kept in the output folder, remembered in memory, or made (into the spool).
    public func page(_ plan: PagePlan) throws -> PageFile {
        if case .sections(let frame, _, let make) = plan.making { return try pageOfSections(plan, frame: frame, make) }
        guard let key = plan.key() else { return PageFile(try plan.made(spool: spool), tag: nil) }
        let page = self.page(key: key, template: plan.template), tag = Self.tag(page)
        if remembers {
            return PageFile(.memory(try cache.remembered(.pages, page) {
                guard case .memory(let pieces) = try plan.made() else { preconditionFailure("a page without a spool spilled") }
                return pieces
            }), tag: nil)
        }
        if let written, written.holds(plan.path, tag: tag) {
            // Its parts are kept with it, through the cache's pruning.
            if let parts = plan.parts {
                for key in parts.keys() { cache.keep(.sections, section(key: key, template: parts.template)) }
            }
            return .kept(tag: tag)
        }
        return PageFile(try plan.made(spool: spool), tag: tag)
    }

    public func section(template: String, key: [UInt8], render: () throws -> [UInt8]) rethrows -> [UInt8] {
        try cache.value(.sections, section(key: key, template: template), decode: { Array($0) }, encode: { $0 }, make: render)
    }

    /// A page of parts (the dashboard), kept when the output folder holds it as it was (its parts
    /// kept with it), else its parts each kept or made (a part for each of `parts.keys`).
    func pageOfSections(_ plan: PagePlan, frame: String, _ make: @Sendable (Int) throws -> [UInt8]) throws -> PageFile {
        guard let parts = plan.parts else { return PageFile(try plan.made(), tag: nil) }
        let sections = parts.keys().map { section(key: $0, template: parts.template) }
        // Not published from memory (`guide serve`): no tag.
        let tag = written.map { _ in name(sections: sections, page: frame) }
        if let written, let tag, written.holds(plan.path, tag: tag) {
            for section in sections { cache.keep(.sections, section) }
            return .kept(tag: tag)
        }
        let bytes = try Array(sections.indices).concurrentMap { index in
            try cache.value(.sections, sections[index], decode: { Array($0) }, encode: { $0 }) { try make(index) }
        }
        return .pieces(PagePlan.splice(bytes, into: frame), tag: tag)
    }

    /// A part keyed by its inputs (`PageInputs.key`, which must determine everything it shows).
    func section(key: [UInt8], template: String) -> CacheKey {
        CacheStage.sections.key(versions) { hash in
            hash.updateCounted(template)
            hash.update(key)
        }
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

    /// Whether whole pages are kept in memory (`guide serve`).
    var remembers: Bool { cache.memory != nil }

    /// The tag of a page of parts: its sections' keys and the page around them.
    func name(sections: [CacheKey], page: String) -> String {
        "page:" + CacheStage.pages.key(versions) { hash in
            hash.updateCounted("review/index.html")
            for key in sections { hash.update(key.bytes) }
            hash.updateCounted(page)
        }.hex
    }
}
