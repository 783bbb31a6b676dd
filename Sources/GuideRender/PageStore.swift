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
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
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
        let temporary = file + ".tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64.random(in: 0...UInt64.max))"
        // Write to a temporary name and rename: a reader never sees half an entry.
        if FileManager.default.createFile(atPath: temporary, contents: Data(Array(SHA256.hash(data: bytes)) + bytes)) {
            _ = rename(temporary, file)
        }
    }
}

/// Feeds everything a template can see of a view into a hash, field by field (through the
/// views' field tables), so two views hash alike exactly when they would render alike.
enum ViewFingerprint {
    static func update(_ hash: inout SHA256, with value: Any?) {
        switch value {
        case nil:
            hash.update(data: [0])
        case let text as String:
            hash.update(data: [1] + withUnsafeBytes(of: text.utf8.count.littleEndian, Array.init) + Array(text.utf8))
        case let number as Int:
            hash.update(data: [2] + withUnsafeBytes(of: number.littleEndian, Array.init))
        case let flag as Bool:
            hash.update(data: [3, flag ? 1 : 0])
        case let view as any TemplateFields:
            hash.update(data: [4] + Array(String(describing: type(of: view)).utf8) + [0])
            for name in type(of: view).fieldNames.sorted() {
                hash.update(data: Array(name.utf8) + [0])
                update(&hash, with: view.child(named: name))
            }
        case let list as [Any]:
            hash.update(data: [5] + withUnsafeBytes(of: list.count.littleEndian, Array.init))
            for element in list { update(&hash, with: element) }
        default:
            // A field of a type not listed above would be rendered through its description.
            hash.update(data: [6] + Array(String(reflecting: value!).utf8) + [0])
        }
    }
}
