import Foundation
import GuideModel

/// Parts of pages rendered by earlier builds (`.guide-cache/pages/`): the dashboard's chapter
/// sections, so that a rebuild renders the edited chapter's section only. Whole pages are not
/// stored: the site they were published in keeps them (`WrittenSite`), and this store names
/// them (`name(key:template:)`, their tag in the site's manifest).
///
/// A page is keyed by the `Digest` of its view (every field the template can see, see
/// `ViewFingerprint`), the template set, the highlighter (the libclang that classifies its
/// code's tokens) and the guide build. Each entry is sealed with the
/// `Digest` of the page it holds (`CacheFile.writeSealed`), checked on every read: a damaged
/// entry is rendered again and replaced. `prune` removes the entries this build did not use.
public final class PageStore: Sendable {
    static let format = "pages-3"   // 3: XXH3 keys and seals (Digest)
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
        var bytes = salt + Array(template.utf8) + [0]
        ViewFingerprint.append(&bytes, view)
        let page = try page(named: Digest.hex(bytes)) { Array(try render().utf8) }
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

/// Writes everything a template can see of a view as bytes, field by field (through the
/// views' field tables), so two views give the same bytes exactly when they would render alike.
enum ViewFingerprint {
    static func append(_ out: inout [UInt8], _ value: Any?) {
        switch value {
        case nil:
            out.append(0)
        case let text as String:
            out.append(1)
            add(&out, text)
        case let number as Int:
            out.append(2)
            withUnsafeBytes(of: number.littleEndian) { out += $0 }
        case let flag as Bool:
            out.append(flag ? 3 : 4)
        case let view as any DirectFingerprint:
            view.appendFingerprint(to: &out)
        case let view as any TemplateFields:
            appendReflecting(&out, view)
        case let list as [Any]:
            out.append(6)
            withUnsafeBytes(of: list.count.littleEndian) { out += $0 }
            for element in list { append(&out, element) }
        default:
            // A field of a type not listed above would be rendered through its description.
            out.append(7)
            add(&out, String(reflecting: value!))
        }
    }

    /// `append` for a string known as one (no boxing as `Any`): the same bytes.
    static func append(_ out: inout [UInt8], _ text: String) {
        out.append(1)
        add(&out, text)
    }

    /// `append` for an integer known as one: the same bytes.
    static func append(_ out: inout [UInt8], _ number: Int) {
        out.append(2)
        withUnsafeBytes(of: number.littleEndian) { out += $0 }
    }

    /// A view's bytes through its field table: names and values only, as the template sees nothing else of a view.
    static func appendReflecting(_ out: inout [UInt8], _ view: any TemplateFields) {
        out.append(5)
        for name in sortedNames(of: type(of: view)) {
            add(&out, name)
            append(&out, view.child(named: name))
        }
    }

    /// Each view type's field names in a fixed order (a dictionary's order changes from run to run).
    private static func sortedNames(of type: any TemplateFields.Type) -> [String] {
        namesLock.lock()
        defer { namesLock.unlock() }
        if let names = names[ObjectIdentifier(type)] { return names }
        let sorted = type.fieldNames.sorted()
        names[ObjectIdentifier(type)] = sorted
        return sorted
    }

    private static let namesLock = NSLock()
    nonisolated(unsafe) private static var names: [ObjectIdentifier: [String]] = [:]

    /// The text's length, then its bytes: field boundaries stay visible ("ab"+"c" ≠ "a"+"bc").
    fileprivate static func add(_ out: inout [UInt8], _ text: String) {
        withUnsafeBytes(of: text.utf8.count.littleEndian) { out += $0 }
        out += text.utf8
    }
}

/// A view whose bytes (as `ViewFingerprint.append` writes them through the field table) are
/// written field by field in code: the views around every page are fingerprinted thousands of
/// times a build, and reading fields through key paths as `Any` was a visible share of a
/// rebuild. `PageStoreTests` compares each with the field-table bytes, so a field added to the
/// view and not here cannot go unnoticed.
protocol DirectFingerprint: TemplateFields {
    func appendFingerprint(to out: inout [UInt8])
}

/// The pieces `ViewFingerprint.append` writes, for `DirectFingerprint` views: `begin`, then
/// each field in name order.
enum FingerprintFields {
    static func begin(_ out: inout [UInt8]) {
        out.append(5)
    }

    static func string(_ out: inout [UInt8], _ name: String, _ text: String?) {
        ViewFingerprint.add(&out, name)
        guard let text else { return out.append(0) }
        out.append(1)
        ViewFingerprint.add(&out, text)
    }

    static func bool(_ out: inout [UInt8], _ name: String, _ flag: Bool) {
        ViewFingerprint.add(&out, name)
        out.append(flag ? 3 : 4)
    }

    static func view(_ out: inout [UInt8], _ name: String, _ view: (some DirectFingerprint)?) {
        ViewFingerprint.add(&out, name)
        guard let view else { return out.append(0) }
        view.appendFingerprint(to: &out)
    }

    static func list(_ out: inout [UInt8], _ name: String, _ views: [some DirectFingerprint]) {
        ViewFingerprint.add(&out, name)
        out.append(6)
        withUnsafeBytes(of: views.count.littleEndian) { out += $0 }
        for view in views { view.appendFingerprint(to: &out) }
    }
}

extension LinkView: DirectFingerprint {
    func appendFingerprint(to out: inout [UInt8]) {
        FingerprintFields.begin(&out)
        FingerprintFields.string(&out, "href", href)
        FingerprintFields.string(&out, "title", title)
    }
}

extension LanguageLinkView: DirectFingerprint {
    func appendFingerprint(to out: inout [UInt8]) {
        FingerprintFields.begin(&out)
        FingerprintFields.string(&out, "href", href)
        FingerprintFields.string(&out, "lang", lang)
        FingerprintFields.string(&out, "name", name)
    }
}

extension SidebarView: DirectFingerprint {
    func appendFingerprint(to out: inout [UInt8]) {
        FingerprintFields.begin(&out)
        FingerprintFields.string(&out, "current", current)
        FingerprintFields.string(&out, "script", script)
    }
}

extension PageFrame: DirectFingerprint {
    func appendFingerprint(to out: inout [UInt8]) {
        FingerprintFields.begin(&out)
        FingerprintFields.string(&out, "bilingualHref", bilingualHref)
        FingerprintFields.string(&out, "bookTitle", bookTitle)
        FingerprintFields.bool(&out, "hasLanguageLinks", hasLanguageLinks)
        FingerprintFields.string(&out, "htmlLang", htmlLang)
        FingerprintFields.list(&out, "languageLinks", languageLinks)
        FingerprintFields.string(&out, "pageTitle", pageTitle)
        FingerprintFields.string(&out, "root", root)
        FingerprintFields.view(&out, "sidebar", sidebar)
    }
}
