import Foundation
import GuideModel

/// Everything one `guide check` run found.
public struct CheckReport: Sendable {
    public var results: [SnippetResult]
    /// Errors of the run itself (no clang, no SDK, a broken context header).
    public var problems: [Diagnostic]
    /// `path: clang version …`, when clang was found.
    public var compiler: String?
    public var sdk: String
    public var seconds: Double
    /// Snippets clang compiled in this run, and results taken from the cache.
    public var compiled: Int
    public var cacheHits: Int
    /// For each chapter (`lang/path`) whose results are in the check's cache: the key they are
    /// stored under. The results are a pure function of what it hashes, so pages that show
    /// them can be keyed by it instead of by the results.
    public var chapterKeys: [String: CacheKey] = [:]

    public init(results: [SnippetResult], problems: [Diagnostic], compiler: String?, sdk: String,
                seconds: Double, compiled: Int, cacheHits: Int) {
        self.results = results
        self.problems = problems
        self.compiler = compiler
        self.sdk = sdk
        self.seconds = seconds
        self.compiled = compiled
        self.cacheHits = cacheHits
    }

    public func count(_ outcome: SnippetOutcome) -> Int {
        counts[outcome] ?? 0
    }

    /// How many results have each outcome, in one pass. (By index: the results are large
    /// values, and a closure over them copied each one.)
    public var counts: [SnippetOutcome: Int] {
        var counts: [SnippetOutcome: Int] = [:]
        for index in results.indices { counts[results[index].outcome, default: 0] += 1 }
        return counts
    }

    /// Where each chapter's results are, for views that ask per chapter: runs of consecutive
    /// results with the same `key` (the check reports chapter by chapter), by key, in order.
    /// By index: the results are large values, and copying or hashing 60,000 of them showed.
    public static func runs<Key: Hashable>(of results: [SnippetResult], by key: (SnippetResult) -> Key) -> [Key: [Range<Int>]] {
        var runs: [Key: [Range<Int>]] = [:]
        var start = 0
        for index in results.indices {
            let next = index + 1
            if next == results.count || results[next].chapterPath != results[index].chapterPath
                || results[next].language != results[index].language {
                runs[key(results[index]), default: []].append(start..<next)
                start = next
            }
        }
        return runs
    }

    /// Translations whose snippet compiles differently from the source's: a finding of its own.
    public var divergences: [(source: SnippetResult, translation: SnippetResult)] {
        Self.divergences(results, among: results.indices)
    }

    /// `divergences` among some of the results, in their order: the whole report's, or one
    /// chapter path's (a counterpart is the source chapter's snippet, which has the same path).
    public static func divergences(_ results: [SnippetResult], among indices: some Collection<Int>)
        -> [(source: SnippetResult, translation: SnippetResult)] {
        var byLocation: [SourceLocation: Int] = [:]
        for index in indices { byLocation[SourceLocation(file: results[index].file, line: results[index].fenceLine)] = index }
        let compiles: (SnippetOutcome) -> Bool = { [.pass, .warn, .expected, .intended, .assumed].contains($0) }
        return indices.compactMap { index in
            guard let counterpart = results[index].counterpart, let source = byLocation[counterpart],
                  compiles(results[source].outcome) != compiles(results[index].outcome) else { return nil }
            return (results[source], results[index])
        }
    }

    /// `checked 62 snippets (en 31, zh 31): 40 pass, 2 warn, …, in 0.41 s (58 cached)`.
    public var summary: String {
        var languages: [String] = []
        var seen: [String: Int] = [:]
        for index in results.indices {
            let code = results[index].language.code
            if seen[code] == nil { languages.append(code) }
            seen[code, default: 0] += 1
        }
        let perLanguage = languages.map { "\($0) \(seen[$0]!)" }.joined(separator: ", ")
        let counts = self.counts
        let countsText = SnippetOutcome.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
        return "checked \(results.count) snippets" + (perLanguage.isEmpty ? "" : " (\(perLanguage))")
            + ": \(countsText); " + String(format: "%.2f s", seconds) + " (\(compiled) compiled, \(cacheHits) cached)"
    }

    /// `231 snippets: 68 pass, 110 assumed, 34 fail`: the outcomes that occur, counted, in their
    /// order (no timings: the same book gives the same line).
    public var countsLine: String {
        let counted = counts
        let counts = SnippetOutcome.allCases.compactMap { outcome -> String? in
            let count = counted[outcome] ?? 0
            return count == 0 ? nil : "\(count) \(outcome.rawValue)"
        }
        return "\(results.count) snippets: " + counts.joined(separator: ", ")
    }

    /// The run's problems, then each snippet's diagnostics: errors where the result has an
    /// outcome of `failing` (a problem leaves snippets not checked), warnings elsewhere.
    public func diagnostics(failingOn failing: Set<SnippetOutcome>) -> [Diagnostic] {
        // A problem of the run explains every snippet it left unchecked: said once.
        problems.map { $0.gated(failing.contains(.notChecked)) }
            + results.filter { problems.isEmpty || $0.outcome != .notChecked }
                .flatMap { $0.diagnostics(failing: failing.contains($0.outcome)) }
    }

    /// The whole report as JSON (stable key order).
    public func json() -> String {
        JSONOutput.text(JSONReport(self))
    }

    private struct JSONReport: Encodable {
        var compiler: String?
        var sdk: String
        var seconds: Double
        var compiled: Int
        var cached: Int
        var problems: [String]
        var summary: [String: Int]
        var snippets: [JSONSnippet]

        init(_ report: CheckReport) {
            compiler = report.compiler
            sdk = report.sdk
            seconds = (report.seconds * 1000).rounded() / 1000
            compiled = report.compiled
            cached = report.cacheHits
            problems = report.problems.map(\.description)
            var summary = ["snippets": report.results.count]
            for outcome in SnippetOutcome.allCases { summary[outcome.rawValue] = report.count(outcome) }
            self.summary = summary
            snippets = report.results.map(JSONSnippet.init)
        }
    }

    private struct JSONSnippet: Encodable {
        var file: String
        var line: Int
        var language: String
        var chapter: String
        var shape: String
        var outcome: String
        var reason: String?
        var cached: Bool
        var annotation: String?
        var counterpart: String?
        var unmet: [String]
        var assumed: [JSONAssumed]
        var diagnostics: [JSONDiagnostic]

        init(_ result: SnippetResult) {
            file = result.file
            line = result.fenceLine
            language = result.language.code
            chapter = result.chapterPath
            shape = result.shape.rawValue
            outcome = result.outcome.rawValue
            reason = result.reason
            cached = result.cached
            annotation = result.annotationLocation?.description
            counterpart = result.counterpart?.description
            unmet = result.unmetExpectations
            assumed = result.assumed.map(JSONAssumed.init)
            diagnostics = result.diagnostics.map(JSONDiagnostic.init)
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
            try container.encode(language, forKey: .language)
            try container.encode(chapter, forKey: .chapter)
            try container.encode(shape, forKey: .shape)
            try container.encode(outcome, forKey: .outcome)
            try container.encode(reason, forKey: .reason) // null rather than missing
            try container.encode(cached, forKey: .cached)
            try container.encode(annotation, forKey: .annotation)
            try container.encode(counterpart, forKey: .counterpart)
            try container.encode(unmet, forKey: .unmet)
            try container.encode(assumed, forKey: .assumed)
            try container.encode(diagnostics, forKey: .diagnostics)
        }

        enum CodingKeys: String, CodingKey {
            case file, line, language, chapter, shape, outcome, reason, cached, annotation, counterpart, unmet, assumed, diagnostics
        }
    }

    /// A name the snippet needed assumed: its kind, the name (a selector for a method), the
    /// declaration guide compiled with, and the class a member was sent to (null: any object).
    private struct JSONAssumed: Encodable {
        var kind: String
        var name: String
        var declaration: String
        var receiver: String?

        init(_ name: AssumedName) {
            kind = name.kind.rawValue
            self.name = name.name
            declaration = name.declaration
            receiver = name.receiver
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(name, forKey: .name)
            try container.encode(declaration, forKey: .declaration)
            try container.encode(receiver, forKey: .receiver)
        }

        enum CodingKeys: String, CodingKey { case kind, name, declaration, receiver }
    }

    private struct JSONDiagnostic: Encodable {
        var file: String?
        var line: Int?
        var column: Int?
        var severity: String
        var message: String
        var flag: String?
        var expected: Bool
        var notes: [JSONDiagnostic]

        init(_ diagnostic: SnippetDiagnostic) {
            file = diagnostic.location?.file
            line = diagnostic.location?.line
            column = diagnostic.location?.column
            severity = diagnostic.severity.rawValue
            message = diagnostic.message
            flag = diagnostic.flag
            expected = diagnostic.expected
            notes = diagnostic.notes.map(JSONDiagnostic.init)
        }
    }
}
