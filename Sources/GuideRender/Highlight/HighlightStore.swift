import Crypto
import Foundation
import GuideModel

/// Highlighted snippets kept on disk between builds (`.guide-cache/highlight`), so a rebuild
/// asks libclang only about code that changed: parsing a snippet costs about a millisecond,
/// most of it clang's set-up, which no option avoids.
///
/// One file: a header naming the format and the libclang in use, then one record per snippet
/// (SHA-256 of language and code, length, HTML), then the SHA-256 of all that. A file that is
/// cut short, altered, or from another libclang or format is ignored as a whole and rebuilt.
/// `save` keeps the snippets this build used and, up to a limit, the others (see `save(limit:)`).
public final class HighlightStore: @unchecked Sendable {
    /// Bump when the highlighter's HTML for the same code may change.
    static let format = "guide-highlight-3"

    private let file: String
    private let header: [UInt8]
    private let lock = NSLock()
    /// What the file holds, read on first use (under `lock`): a rebuild whose pages are all
    /// kept highlights nothing and need not read it.
    private var stored: [Key: String] {
        get {
            if let loaded { return loaded }
            let read = FileManager.default.contents(atPath: file).flatMap { Self.decode([UInt8]($0), header: header) } ?? [:]
            loaded = read
            return read
        }
        set { loaded = newValue }
    }
    private var loaded: [Key: String]?
    private var used: [Key: String] = [:]
    /// Whether this build highlighted anything the file does not hold.
    private var added = false

    /// The store in `folder` (read when first asked; empty when there is none or it is damaged).
    public init(folder: String, highlighterVersion: String) {
        file = folder + "/highlight"
        header = Array("\(Self.format) \(ToolBuild.identity) \(highlighterVersion)\n".utf8)
    }

    /// A snippet's SHA-256 (of its language and code).
    struct Key: Hashable, Comparable {
        var bytes: [UInt8]

        init<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            self.bytes = Array(bytes)
        }

        init(_ code: String, language: HighlightLanguage) {
            var hash = SHA256()
            hash.update(data: Array(language.rawValue.utf8) + [0])
            hash.update(data: Array(code.utf8))
            self.init(hash.finalize())
        }

        static func < (a: Key, b: Key) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }
    }

    /// The snippet's HTML when an earlier build or this one highlighted it (and it then counts as used).
    func html(_ code: String, language: HighlightLanguage) -> String? {
        let key = Key(code, language: language)
        lock.lock()
        defer { lock.unlock() }
        guard let html = used[key] ?? stored[key] else { return nil }
        used[key] = html
        return html
    }

    /// Keeps a snippet this build highlighted.
    func add(_ html: String, code: String, language: HighlightLanguage) {
        let key = Key(code, language: language)
        lock.lock()
        defer { lock.unlock() }
        if used[key] == nil, stored[key] == nil { added = true }
        used[key] = html
    }

    /// Writes (atomically: a temporary file renamed) the snippets used since the store was read
    /// and, up to `limit` snippets in all, those it held before: a build whose pages all come
    /// from the page store highlights nothing, and must not make the store forget the book's
    /// code; the limit keeps old code from piling up. Writes nothing when that is what the file holds.
    public func save(limit: Int) {
        lock.lock()
        // Nothing asked of the store: the file holds what it held.
        if used.isEmpty && !added {
            lock.unlock()
            return
        }
        var entries = used
        for (key, html) in stored.sorted(by: { $0.key < $1.key }) where entries.count < limit && entries[key] == nil {
            entries[key] = html
        }
        if !added && entries.count == stored.count {
            lock.unlock()
            return
        }
        // What the file now holds: a later save in the same process (`guide serve`) writes only after a change.
        stored = entries
        added = false
        lock.unlock()
        var bytes = header
        for (key, html) in entries.sorted(by: { $0.key < $1.key }) {
            bytes += key.bytes
            let utf8 = Array(html.utf8)
            withUnsafeBytes(of: UInt32(utf8.count).littleEndian) { bytes += $0 }
            bytes += utf8
        }
        bytes += SHA256.hash(data: bytes)
        CacheFile.write(Data(bytes), to: file)
    }

    /// nil unless the header matches, the checksum holds, and every record is whole.
    static func decode(_ bytes: [UInt8], header: [UInt8]) -> [Key: String]? {
        let digestSize = SHA256.byteCount
        guard bytes.count >= header.count + digestSize, bytes.starts(with: header) else { return nil }
        let body = bytes[..<(bytes.count - digestSize)]
        guard SHA256.hash(data: body).elementsEqual(bytes[body.endIndex...]) else { return nil }
        var entries: [Key: String] = [:]
        var i = header.count
        while i < body.endIndex {
            guard body.endIndex - i >= digestSize + 4 else { return nil }
            let keyBytes = body[i..<(i + digestSize)]
            let length = body[(i + digestSize)..<(i + digestSize + 4)].reversed().reduce(0) { $0 << 8 | Int($1) }
            let start = i + digestSize + 4
            guard length <= body.endIndex - start else { return nil }
            entries[Key(keyBytes)] = String(decoding: body[start..<(start + length)], as: UTF8.self)
            i = start + length
        }
        return entries
    }
}
