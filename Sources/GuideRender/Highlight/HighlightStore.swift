import Foundation
import GuideModel

/// Highlighted snippets kept on disk between builds (`.guide-cache/highlight`), so a rebuild
/// asks libclang only about code that changed: parsing a snippet costs about a millisecond,
/// most of it clang's set-up, which no option avoids.
///
/// One file: a header naming the format and the libclang in use, then one record per snippet
/// (`Digest` of language and code, length, `Digest` of the HTML, HTML). Reading it indexes the
/// records without decoding them: a rebuild that renders one page decodes (and checks) only that
/// page's snippets. A file that is cut short, or from another libclang or format, is ignored as a
/// whole and rebuilt; a record whose HTML does not match its checksum is highlighted again.
/// `save` keeps the snippets this build used and, up to a limit, the others (see `save(limit:)`).
public final class HighlightStore: @unchecked Sendable {
    /// Bump when the highlighter's HTML for the same code may change.
    static let format = "guide-highlight-5"   // 5: XXH3 keys and checksums (Digest)

    private let file: String
    private let header: [UInt8]
    private let lock = NSLock()
    /// What the file holds, indexed on first use (under `lock`): a rebuild whose pages are all
    /// kept highlights nothing and need not read it.
    private var stored: StoredRecords {
        if let loaded { return loaded }
        let read = FileBytes.read(file).flatMap { StoredRecords($0, header: header) }
            ?? StoredRecords()
        loaded = read
        return read
    }
    private var loaded: StoredRecords?
    private var used: [Key: String] = [:]
    /// Whether this build highlighted anything the file does not hold.
    private var added = false

    /// The store in `folder` (read when first asked; empty when there is none or it is damaged).
    public init(folder: String, highlighterVersion: String) {
        file = folder + "/highlight"
        header = Array("\(Self.format) \(ToolBuild.identity) \(highlighterVersion)\n".utf8)
    }

    /// A snippet's `Digest` (of its language and code), as two big-endian words: comparing
    /// them compares the bytes, and a key costs no allocation (a store indexes thousands).
    struct Key: Hashable, Comparable {
        private var words: (UInt64, UInt64)

        /// The 16 bytes at `offset` (a `Digest` in a store's file).
        init(_ raw: UnsafeRawBufferPointer, at offset: Int) {
            func word(_ index: Int) -> UInt64 {
                UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: offset + 8 * index, as: UInt64.self))
            }
            words = (word(0), word(1))
        }

        /// The first 16 bytes of `bytes` (a `Digest`).
        init<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            words = (0, 0)
            for (index, byte) in bytes.prefix(Digest.byteCount).enumerated() {
                if index < 8 { words.0 = words.0 << 8 | UInt64(byte) } else { words.1 = words.1 << 8 | UInt64(byte) }
            }
        }

        init(_ code: String, language: HighlightLanguage) {
            let hash = Digest()
            hash.update(Array(language.rawValue.utf8) + [0])
            hash.update(code)
            self.init(hash.finalize())
        }

        var bytes: [UInt8] {
            [words.0, words.1].flatMap { word in (0..<8).reversed().map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) } }
        }

        static func == (a: Key, b: Key) -> Bool { a.words == b.words }
        static func < (a: Key, b: Key) -> Bool { a.words < b.words }

        func hash(into hasher: inout Hasher) {
            hasher.combine(words.0)
            hasher.combine(words.1)
        }
    }

    /// The snippet's HTML when an earlier build or this one highlighted it (and it then counts as used).
    func html(_ code: String, language: HighlightLanguage) -> String? {
        let key = Key(code, language: language)
        lock.lock()
        defer { lock.unlock() }
        guard let html = used[key] ?? stored.html(key) else { return nil }
        used[key] = html
        return html
    }

    /// Keeps a snippet this build highlighted.
    func add(_ html: String, code: String, language: HighlightLanguage) {
        let key = Key(code, language: language)
        lock.lock()
        defer { lock.unlock() }
        // (A damaged record counts as missing: the file is written again without it.)
        if used[key] == nil, stored.html(key) == nil { added = true }
        used[key] = html
    }

    /// Writes (atomically: a temporary file renamed) the snippets used since the store was read
    /// and, up to `limit` snippets in all, those it held before: a build whose pages all come
    /// from the page store highlights nothing, and must not make the store forget the book's
    /// code; the limit keeps old code from piling up. Writes nothing when that is what the file holds.
    public func save(limit: Int) {
        lock.lock()
        // Nothing new, and room for all the file holds: it stays as it is.
        if !added && (used.isEmpty || stored.count <= limit) {
            lock.unlock()
            return
        }
        let old = stored
        var keys = Set(used.keys)
        for key in old.keys.sorted() where keys.count < limit && !keys.contains(key) { keys.insert(key) }
        // Each record straight into the file's bytes: a 10 MB snippet's HTML is 80 MB, and every
        // copy of it on the way (a record, a dictionary of them, `Data`) was one more.
        var out = ByteWriter(bytes: header)
        for key in keys.sorted() {
            if let html = used[key] { StoredRecords.append(key, html: html, to: &out) } else { out.bytes += old.record(key)! }
        }
        // What the file now holds: a later save in the same process (`guide serve`) writes only after a change.
        loaded = StoredRecords(out.bytes, header: header)
        added = false
        lock.unlock()
        CacheFile.write(out.bytes, to: file)
    }
}

/// The records of a store's file, indexed by key, decoded when asked for.
private struct StoredRecords {
    private var bytes: [UInt8] = []
    private var ranges: [HighlightStore.Key: Range<Int>] = [:]
    private static let digestSize = Digest.byteCount

    init() {}

    /// nil unless the header matches and every record is whole.
    init?(_ bytes: [UInt8], header: [UInt8]) {
        guard bytes.starts(with: header) else { return nil }
        var ranges: [HighlightStore.Key: Range<Int>] = [:]
        let whole = bytes.withUnsafeBytes { raw -> Bool in
            var reader = ByteReader(raw)
            reader.offset = header.count
            while !reader.isAtEnd {
                let start = reader.offset
                guard let key = reader.bytes(Self.digestSize), let length = reader.integer(UInt32.self),
                      reader.bytes(Self.digestSize) != nil, reader.bytes(Int(length)) != nil else { return false }
                ranges[HighlightStore.Key(key, at: 0)] = start..<reader.offset
            }
            return true
        }
        guard whole else { return nil }
        self.bytes = bytes
        self.ranges = ranges
    }

    var count: Int { ranges.count }
    var keys: Dictionary<HighlightStore.Key, Range<Int>>.Keys { ranges.keys }
    func record(_ key: HighlightStore.Key) -> [UInt8]? { ranges[key].map { Array(bytes[$0]) } }

    /// The HTML of `key`'s record, when its checksum holds.
    func html(_ key: HighlightStore.Key) -> String? {
        guard let range = ranges[key] else { return nil }
        let checksum = range.lowerBound + Self.digestSize + 4, html = checksum + Self.digestSize
        guard Digest.of(bytes[html..<range.upperBound]).elementsEqual(bytes[checksum..<html]) else { return nil }
        return String(decoding: bytes[html..<range.upperBound], as: UTF8.self)
    }

    /// Appends a record to `out`: the key, the HTML's length, its `Digest`, the HTML.
    static func append(_ key: HighlightStore.Key, html: String, to out: inout ByteWriter) {
        out.bytes += key.bytes
        out.integer(UInt32(html.utf8.count))
        let start = out.bytes.count + Digest.byteCount
        out.bytes += [UInt8](repeating: 0, count: Digest.byteCount)
        out.bytes += html.utf8
        out.bytes.replaceSubrange((start - Digest.byteCount)..<start, with: Digest.of(out.bytes[start...]))
    }
}
