import Crypto
import Foundation
import GuideModel

/// Pages rendered by earlier builds (`.guide-cache/pages/`), so a rebuild runs the templates
/// only for pages whose view changed: after a one-paragraph edit, that chapter's pages.
///
/// A page is keyed by the SHA-256 of its view (every field the template can see, see
/// `ViewFingerprint`), the template set and the guide build. Each entry starts with the
/// SHA-256 of the page it holds, checked on every read: a damaged entry is rendered again
/// and replaced. `prune` removes the entries this build did not use.
public final class PageStore: @unchecked Sendable {
    static let format = "pages-1"
    public let folder: String
    private let salt: [UInt8]
    private let lock = NSLock()
    private var used = Set<String>()

    public init(folder: String, templates: TemplateSet) {
        self.folder = folder
        salt = Array("\(Self.format) \(ToolBuild.identity) \(templates.fingerprint)".utf8)
    }

    func page(_ view: some TemplateFields, template: String, render: () throws -> String) rethrows -> String {
        var hash = SHA256()
        hash.update(data: salt + Array(template.utf8) + [0])
        ViewFingerprint.update(&hash, with: view)
        let name = hash.finalize().map { String(format: "%02x", $0) }.joined()
        lock.lock()
        used.insert(name)
        lock.unlock()
        let file = folder + "/" + name
        if let page = Self.read(file) { return page }
        let page = try render()
        Self.write(page, to: file)
        return page
    }

    /// Removes the entries this build did not use (pages of an older book or older templates).
    public func prune() {
        lock.lock()
        let keep = used
        lock.unlock()
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !keep.contains(entry) {
            try? FileManager.default.removeItem(atPath: folder + "/" + entry)
        }
    }

    /// The page in `file`, if its checksum holds.
    static func read(_ file: String) -> String? {
        guard let data = FileManager.default.contents(atPath: file), data.count >= SHA256.byteCount else { return nil }
        let bytes = [UInt8](data)
        let page = bytes[SHA256.byteCount...]
        guard SHA256.hash(data: page).elementsEqual(bytes[..<SHA256.byteCount]) else { return nil }
        return String(decoding: page, as: UTF8.self)
    }

    static func write(_ page: String, to file: String) {
        let bytes = Array(page.utf8)
        CacheFile.write(Data(Array(SHA256.hash(data: bytes)) + bytes), to: file)
    }
}

/// Feeds everything a template can see of a view into a hash, field by field (through the
/// views' field tables), so two views hash alike exactly when they would render alike.
enum ViewFingerprint {
    static func update(_ hash: inout SHA256, with value: Any?) {
        switch value {
        case nil:
            tag(&hash, 0)
        case let text as String:
            tag(&hash, 1)
            add(&hash, text)
        case let number as Int:
            tag(&hash, 2)
            withUnsafeBytes(of: number.littleEndian) { hash.update(bufferPointer: $0) }
        case let flag as Bool:
            tag(&hash, flag ? 3 : 4)
        case let view as any TemplateFields:
            // Names and values only: the template sees nothing else of a view.
            tag(&hash, 5)
            for name in sortedNames(of: type(of: view)) {
                add(&hash, name)
                update(&hash, with: view.child(named: name))
            }
        case let list as [Any]:
            tag(&hash, 6)
            withUnsafeBytes(of: list.count.littleEndian) { hash.update(bufferPointer: $0) }
            for element in list { update(&hash, with: element) }
        default:
            // A field of a type not listed above would be rendered through its description.
            tag(&hash, 7)
            add(&hash, String(reflecting: value!))
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

    private static func tag(_ hash: inout SHA256, _ byte: UInt8) {
        withUnsafeBytes(of: byte) { hash.update(bufferPointer: $0) }
    }

    /// The text's length, then its bytes: field boundaries stay visible ("ab"+"c" ≠ "a"+"bc").
    private static func add(_ hash: inout SHA256, _ text: String) {
        var text = text
        text.withUTF8 { bytes in
            withUnsafeBytes(of: bytes.count.littleEndian) { hash.update(bufferPointer: $0) }
            hash.update(bufferPointer: UnsafeRawBufferPointer(bytes))
        }
    }
}
