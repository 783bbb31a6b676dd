import Foundation
import GuideModel
import Synchronization

/// What compiling one translation unit gave, as the cache keeps it (`CacheStage.compileRecords`,
/// as JSON).
public struct CompileRecord: Hashable, Sendable, Codable {
    public var status: Int32
    public var diagnostics: [RawDiagnostic]
    /// What stopped clang when it did not finish on its own (a crash, the memory limit).
    public var failure: String?

    public init(status: Int32, diagnostics: [RawDiagnostic]) {
        self.status = status
        self.diagnostics = diagnostics
    }

    init?(decoding raw: UnsafeRawBufferPointer) {
        guard let record = try? JSONDecoder().decode(CompileRecord.self, from: Data(raw)) else { return nil }
        self = record
    }

    var encoded: [UInt8] { (try? JSONEncoder().encode(self)).map { [UInt8]($0) } ?? [] }
}

/// Compile records a process has read or written, by key, kept by `guide serve` between
/// rebuilds in front of the cache: a key names everything that decides its record.
public final class SeenRecords: Sendable {
    private let records = Mutex<[CacheKey: CompileRecord]>([:])

    public init() {}

    /// The record of `key`: seen before, else read from `cache` (and then seen).
    func record(_ key: CacheKey, in cache: CacheStore?) -> CompileRecord? {
        if let known = records.withLock({ $0[key] }) { return known }
        let record = cache?.read(.compileRecords, key, CompileRecord.init(decoding:))
        if let record { keep(record, for: key) }
        return record
    }

    func keep(_ record: CompileRecord, for key: CacheKey) {
        records.withLock { $0[key] = record }
    }
}
