import Foundation
import GuideModel

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

    public init?(decoding raw: UnsafeRawBufferPointer) {
        guard let record = try? JSONDecoder().decode(CompileRecord.self, from: Data(raw)) else { return nil }
        self = record
    }

    public var encoded: [UInt8] { JSONOutput.bytes(self) }
}
