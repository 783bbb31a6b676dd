import GuideModel

/// Snippet results as compact bytes: how `ChapterResults` stores a chapter's results and how
/// the dashboard keys a section by the results it shows. Every field of every value is
/// written (tests compare the field counts), so two lists give the same bytes exactly when
/// they are equal. JSON through `Codable` cost seconds for the 60,000 results of a large book.
public enum SnippetResultCodec {
    static let version: UInt8 = 2   // 2: assumed names

    public static func encode(_ results: [SnippetResult]) -> [UInt8] {
        var writer = ByteWriter()
        writer.bytes.append(version)
        writer.list(results) { writer, result in writer.result(result) }
        return writer.bytes
    }

    /// nil unless the bytes are exactly what `encode` writes.
    public static func decode(_ bytes: [UInt8]) -> [SnippetResult]? {
        bytes.withUnsafeBytes { buffer -> [SnippetResult]? in
            var reader = ByteReader(buffer)
            guard reader.integer(UInt8.self) == version, let results = reader.list({ $0.result() }), reader.isAtEnd else { return nil }
            return results
        }
    }
}

/// The results' values in `ByteWriter`'s fields.
extension ByteWriter {
    mutating func location(_ location: SourceLocation) {
        string(location.file)
        optional(location.line) { $0.int($1) }
        optional(location.column) { $0.int($1) }
    }

    mutating func diagnostic(_ diagnostic: SnippetDiagnostic) {
        string(diagnostic.severity.rawValue)
        optional(diagnostic.location) { $0.location($1) }
        string(diagnostic.message)
        optional(diagnostic.flag) { $0.string($1) }
        bool(diagnostic.expected)
        list(diagnostic.notes) { $0.diagnostic($1) }
    }

    mutating func result(_ result: SnippetResult) {
        string(result.language.code)
        string(result.chapterPath)
        string(result.file)
        int(result.fenceLine)
        list(result.blockPath) { $0.int($1) }
        string(result.shape.rawValue)
        string(result.outcome.rawValue)
        list(result.diagnostics) { $0.diagnostic($1) }
        list(result.unmetExpectations) { $0.string($1) }
        optional(result.reason) { $0.string($1) }
        optional(result.annotationLocation) { $0.location($1) }
        bool(result.cached)
        optional(result.counterpart) { $0.location($1) }
        list(result.assumed) { writer, name in
            writer.string(name.kind.rawValue)
            writer.string(name.name)
            writer.string(name.declaration)
            writer.optional(name.receiver) { $0.string($1) }
            writer.bool(name.forContext)
        }
    }
}

/// The results' values from `ByteReader`'s fields.
extension ByteReader {
    mutating func location() -> SourceLocation? {
        guard let file = string(), let line = optional({ $0.int() }), let column = optional({ $0.int() }) else { return nil }
        return SourceLocation(file: file, line: line, column: column)
    }

    mutating func diagnostic() -> SnippetDiagnostic? {
        guard let severity = string().flatMap(RawDiagnostic.Severity.init(rawValue:)),
              let location = optional({ $0.location() }), let message = string(),
              let flag = optional({ $0.string() }), let expected = bool(),
              let notes = list({ $0.diagnostic() }) else { return nil }
        return SnippetDiagnostic(severity: severity, location: location, message: message, flag: flag,
                                 expected: expected, notes: notes)
    }

    mutating func result() -> SnippetResult? {
        guard let language = string(), let chapterPath = string(), let file = string(), let fenceLine = int(),
              let blockPath = list({ $0.int() }),
              let shape = string().flatMap(SnippetShape.init(rawValue:)),
              let outcome = string().flatMap(SnippetOutcome.init(rawValue:)),
              let diagnostics = list({ $0.diagnostic() }), let unmet = list({ $0.string() }),
              let reason = optional({ $0.string() }), let annotation = optional({ $0.location() }),
              let cached = bool(), let counterpart = optional({ $0.location() }),
              let assumed = list({ (reader: inout ByteReader) -> AssumedName? in
                  guard let kind = reader.string().flatMap(AssumedName.Kind.init(rawValue:)), let name = reader.string(),
                        let declaration = reader.string(), let receiver = reader.optional({ $0.string() }),
                        let forContext = reader.bool() else { return nil }
                  return AssumedName(kind: kind, name: name, declaration: declaration, receiver: receiver, forContext: forContext)
              }) else { return nil }
        var result = SnippetResult(language: Language(language), chapterPath: chapterPath, file: file,
                                   fenceLine: fenceLine, blockPath: blockPath, shape: shape, outcome: outcome,
                                   diagnostics: diagnostics, unmetExpectations: unmet, reason: reason,
                                   annotationLocation: annotation, cached: cached)
        result.counterpart = counterpart
        result.assumed = assumed
        return result
    }
}
