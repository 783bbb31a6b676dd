import Foundation
import GuideModel
import Synchronization

/// What compiling one translation unit gave, as the cache keeps it.
public struct CompileRecord: Hashable, Sendable, Codable {
    public static let formatVersion = 3   // 3: keys and seals are XXH3 (Digest)

    public var version: Int
    public var status: Int32
    public var diagnostics: [RawDiagnostic]
    /// What stopped clang when it did not finish on its own (a crash, the memory limit).
    public var failure: String?

    public init(status: Int32, diagnostics: [RawDiagnostic]) {
        self.version = Self.formatVersion
        self.status = status
        self.diagnostics = diagnostics
    }
}

/// Compile results on disk, one JSON file per key (a hash of everything that decides the
/// result: the wrapped snippet, the context header, the flags, the compiler's version). A
/// damaged or unreadable entry is discarded and the snippet compiled again; a cache that
/// cannot be written only makes the next run slower (`CacheFile`).
public struct ResultCache: Sendable {
    /// The folder of the harness's cache, e.g. `.guide-cache/check`.
    public var folder: String
    /// Records already read or written by this process (`guide serve`), or nil.
    var seen: SeenRecords?

    public init(folder: String, seen: SeenRecords? = nil) {
        self.folder = folder
        self.seen = seen
    }

    func path(for key: String) -> String {
        folder + "/results/" + key.prefix(2) + "/" + key + ".json"
    }

    public func lookup(_ key: String) -> CompileRecord? {
        if let known = seen?.record(for: key) { return known }
        let file = path(for: key)
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        // Sealed and naming its own key: a damaged, edited or misplaced entry is compiled again.
        guard let bytes = CacheFile.readSealed(file), let newline = bytes.firstIndex(of: 0x0A),
              bytes[..<newline].elementsEqual(key.utf8),
              let record = try? JSONDecoder().decode(CompileRecord.self, from: Data(bytes[(newline + 1)...])),
              record.version == CompileRecord.formatVersion else {
            try? FileManager.default.removeItem(atPath: file)
            return nil
        }
        seen?.keep(record, for: key)
        return record
    }

    public func store(_ record: CompileRecord, for key: String) {
        seen?.keep(record, for: key)
        guard let data = try? JSONEncoder().encode(record) else { return }
        CacheFile.writeSealed(Array(key.utf8) + [0x0A] + [UInt8](data), to: path(for: key))
    }
}

/// Compile records a process has read or written, by key, kept by `guide serve` between
/// rebuilds: a key names everything that decides its record, so a later run need not read
/// and decode the file again.
public final class SeenRecords: Sendable {
    private let records = Mutex<[String: CompileRecord]>([:])

    public init() {}

    func record(for key: String) -> CompileRecord? {
        records.withLock { $0[key] }
    }

    func keep(_ record: CompileRecord, for key: String) {
        records.withLock { $0[key] = record }
    }
}
