import Foundation
import GuideModel

/// What checking one snippet gave.
public enum SnippetOutcome: String, Hashable, Sendable, CaseIterable, Codable {
    /// Compiles with no diagnostic.
    case pass
    /// Compiles, with warnings nobody expected.
    case warn
    /// Compiles once guide declares the names it uses and nothing declares (`SnippetResult.assumed`):
    /// a fragment, not a failure.
    case assumed
    /// Errors nobody expected (or the snippet was refused, or its annotation is wrong).
    case fail
    /// Every expectation met: the snippet proves what the guide says of it.
    case expected
    /// Its only diagnostics are those a `#warning` or `#error` written in the snippet produces:
    /// what the snippet is there to show, not a failure.
    case intended
    /// An expectation not met: clang did not report what the annotation says it would.
    case unexpectedPass = "unexpected-pass"
    /// Not compiled on purpose (`ignore`, or text that is not code).
    case ignored
    /// Could not be compiled: no clang, no SDK, a context header that does not compile, a timeout.
    case notChecked = "not-checked"
}

/// A diagnostic at its markdown position (column in characters), ready to print.
public struct SnippetDiagnostic: Hashable, Sendable, Codable {
    public var severity: RawDiagnostic.Severity
    public var location: SourceLocation?
    public var message: String
    public var flag: String?
    /// It met an expectation of the snippet's annotation, or a `#warning`/`#error` written in the
    /// snippet produced it (`SnippetOutcome.intended`): either way, the snippet asked for it.
    public var expected: Bool
    public var notes: [SnippetDiagnostic]

    public init(severity: RawDiagnostic.Severity, location: SourceLocation?, message: String,
                flag: String? = nil, expected: Bool = false, notes: [SnippetDiagnostic] = []) {
        self.severity = severity
        self.location = location
        self.message = message
        self.flag = flag
        self.expected = expected
        self.notes = notes
    }

    /// As every stage reports: `file:line:col: error: message [-Wflag]`, notes below (a remark is a note).
    public var diagnostic: Diagnostic {
        Diagnostic(Diagnostic.Severity(rawValue: severity.rawValue) ?? .note, message + (flag.map { " [\($0)]" } ?? ""),
                   at: location, notes: notes.map(\.diagnostic))
    }
}

/// One snippet's result.
public struct SnippetResult: Hashable, Sendable {
    public var language: Language
    /// The chapter, relative to the language folder.
    public var chapterPath: String
    public var file: String
    public var fenceLine: Int
    /// Where the block is in `chapter.blocks` (see `CodeSnippet.blockPath`).
    public var blockPath: [Int]
    public var shape: SnippetShape
    public var outcome: SnippetOutcome
    public var diagnostics: [SnippetDiagnostic]
    /// Expectations clang did not meet (as written in the annotation).
    public var unmetExpectations: [String]
    /// Why a snippet was ignored, refused or not checked.
    public var reason: String?
    /// Where the snippet's annotation is written (the source language's comment for a translation).
    public var annotationLocation: SourceLocation?
    /// The result came from the cache.
    public var cached: Bool
    /// For a translation: the source-language snippet it was paired with (its annotations are inherited).
    public var counterpart: SourceLocation?
    /// The names guide declared for the snippet to compile (outcome `assumed`; also kept with
    /// `expected` and `unexpected-pass` when the snippet needed them).
    public var assumed: [AssumedName] = []

    public init(language: Language, chapterPath: String, file: String, fenceLine: Int, blockPath: [Int],
                shape: SnippetShape, outcome: SnippetOutcome, diagnostics: [SnippetDiagnostic] = [],
                unmetExpectations: [String] = [], reason: String? = nil,
                annotationLocation: SourceLocation? = nil, cached: Bool = false) {
        self.language = language
        self.chapterPath = chapterPath
        self.file = file
        self.fenceLine = fenceLine
        self.blockPath = blockPath
        self.shape = shape
        self.outcome = outcome
        self.diagnostics = diagnostics
        self.unmetExpectations = unmetExpectations
        self.reason = reason
        self.annotationLocation = annotationLocation
        self.cached = cached
        self.counterpart = nil
    }

    public var location: SourceLocation { SourceLocation(file: file, line: fenceLine) }

    /// What a compiler-style report prints for this snippet, as the check's gate (`--fail-on`)
    /// decides: a result it fails on prints an error (its warnings raised, as `-Werror` does,
    /// when it has none), any other at most warnings.
    public func diagnostics(failing: Bool) -> [Diagnostic] {
        var found: [Diagnostic] = []
        switch outcome {
        case .pass, .expected, .intended, .ignored:
            guard failing else { return [] }
        case .assumed:
            // Its warnings, as a passing snippet's would be (none when it compiles cleanly).
            break
        case .notChecked:
            found.append(Diagnostic(.warning, "snippet not checked: \(reason ?? "unknown reason")", at: location))
        case .unexpectedPass:
            found += unmetExpectations.map {
                Diagnostic(.error, "the snippet is expected to give \($0), and clang did not report it", at: location)
            }
        case .fail, .warn:
            if let reason, diagnostics.isEmpty { found.append(Diagnostic(.error, reason, at: location)) }
        }
        found += diagnostics.filter { !$0.expected }.map(\.diagnostic)
        if failing, found.contains(where: { $0.severity == .error }) { return found }
        if failing, found.isEmpty { return [Diagnostic(.error, "snippet \(outcome.rawValue), an outcome the check fails on", at: location)] }
        return found.map { $0.gated(failing) }
    }
}

/// Turns clang's diagnostics for one translation unit into the snippet's result. Pure.
public struct Evaluation {
    public var unit: WrappedUnit
    /// The part that is the snippet itself (earlier parts are the snippets it continues).
    public var currentPart: Int
    public var snippetFile: String
    public var fenceLine: Int
    public var annotation: Annotation?
    /// Absolute paths to show as the user knows them (the context header).
    public var displayPaths: [String: String]

    public init(unit: WrappedUnit, currentPart: Int, snippetFile: String, fenceLine: Int,
                annotation: Annotation?, displayPaths: [String: String] = [:]) {
        self.unit = unit
        self.currentPart = currentPart
        self.snippetFile = snippetFile
        self.fenceLine = fenceLine
        self.annotation = annotation
        self.displayPaths = displayPaths
    }

    public func evaluate(_ raw: [RawDiagnostic]) -> (SnippetOutcome, [SnippetDiagnostic], [String]) {
        var diagnostics: [SnippetDiagnostic] = []
        var intended = false
        for diagnostic in raw {
            // Diagnostics inside an earlier snippet belong to that snippet's own result; those in
            // the declarations guide assumed tell the assumption did not hold (see `Assumptions`).
            if let region = region(of: diagnostic), region.part != currentPart { continue }
            if diagnostic.file == SnippetWrapper.assumedFile { continue }
            var mapped = map(diagnostic)
            if Self.isIntended(diagnostic, in: unit, part: currentPart) {
                mapped.expected = true
                intended = true
            }
            diagnostics.append(mapped)
        }
        let errorPatterns = annotation?.expectErrors ?? []
        let warningPatterns = annotation?.expectWarnings ?? []
        var met = Set<String>()
        // Patterns that could not be matched (too costly): an error at their line, neither met nor unmet.
        var unmatchable = Set<String>()
        var patternErrors: [SnippetDiagnostic] = []
        for (severity, patterns) in [(RawDiagnostic.Severity.error, errorPatterns), (.warning, warningPatterns)] {
            let candidates = diagnostics.indices.filter { diagnostics[$0].severity == severity }
            for pattern in patterns {
                switch Self.matching(pattern, candidates.map { diagnostics[$0] }) {
                case .success(let found):
                    for position in found { diagnostics[candidates[position]].expected = true }
                    if !found.isEmpty { met.insert(pattern) }
                case .failure(let error):
                    unmatchable.insert(pattern)
                    patternErrors.append(SnippetDiagnostic(severity: .error, location: expectationLocation(pattern),
                                                           message: error.description))
                }
            }
        }
        diagnostics = patternErrors + diagnostics
        let unmet = (errorPatterns + warningPatterns).filter { !met.contains($0) && !unmatchable.contains($0) }
        let unexpectedErrors = diagnostics.contains { $0.severity == .error && !$0.expected }
        let unexpectedWarnings = diagnostics.contains { $0.severity == .warning && !$0.expected }
        let outcome: SnippetOutcome
        if unexpectedErrors { outcome = .fail }
        else if !unmet.isEmpty { outcome = .unexpectedPass }
        else if unexpectedWarnings { outcome = .warn }
        else if !met.isEmpty { outcome = .expected }
        else if intended { outcome = .intended }
        else { outcome = .pass }
        return (outcome, diagnostics, unmet)
    }

    /// Whether a `#warning` or `#error` directive written in the snippet's own code (part `part`;
    /// not an annotation's hidden setup, not an earlier snippet) produced the diagnostic: the
    /// snippet's intended output. The directive's line is read, never the message (the text after
    /// `#error` is the author's).
    public static func isIntended(_ diagnostic: RawDiagnostic, in unit: WrappedUnit, part: Int) -> Bool {
        guard let file = diagnostic.file, let line = diagnostic.line,
              diagnostic.severity == .error || diagnostic.severity == .warning,
              let region = unit.regions.first(where: { $0.file == file && $0.lines.contains(line) }),
              region.kind == .code(part: part), let text = region.text[line],
              let directive = directive(text) else { return false }
        // `#warning` gives a warning under its own flag; `#error` an error under none.
        switch directive {
        case "warning": return diagnostic.severity == .warning && (diagnostic.flag == nil || diagnostic.flag == "-W#warnings")
        default: return diagnostic.severity == .error && diagnostic.flag == nil
        }
    }

    /// `warning` or `error` for a line that is that preprocessor directive (`#error …`,
    /// `  #  warning`), else nil.
    static func directive(_ line: String) -> String? {
        var rest = line.drop(while: { $0 == " " || $0 == "\t" })
        guard rest.first == "#" else { return nil }
        rest = rest.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
        for word in ["warning", "error"] where rest.hasPrefix(word) {
            // `#errors_seen` is no directive of the two.
            if let after = rest.dropFirst(word.count).first, after.isLetter || after.isNumber || after == "_" { continue }
            return word
        }
        return nil
    }

    /// The positions of the diagnostics an expectation matches. `-Wflag` matches the flag clang
    /// names; anything else is a case-insensitive regular expression on the message, matched
    /// under a step budget (`BoundedPattern`): one too costly is an error, not a hang.
    static func matching(_ pattern: String, _ diagnostics: [SnippetDiagnostic]) -> Result<[Int], PatternError> {
        if Annotation.isFlag(pattern) { return .success(diagnostics.indices.filter { diagnostics[$0].flag == pattern }) }
        return Result { () throws(PatternError) in try BoundedPattern(pattern).matching(diagnostics.map(\.message)) }
    }

    /// Where an expectation is written: its line of the annotation (in the source language's
    /// file, for a translation that inherits it).
    private func expectationLocation(_ pattern: String) -> SourceLocation {
        guard let location = annotation?.location else { return SourceLocation(file: snippetFile, line: fenceLine) }
        return SourceLocation(file: location.file, line: annotation?.expectationLines[pattern] ?? location.line)
    }

    private func region(of diagnostic: RawDiagnostic) -> (part: Int, region: SourceRegion)? {
        guard let file = diagnostic.file, let line = diagnostic.line else { return nil }
        for region in unit.regions where region.file == file && region.lines.contains(line) {
            switch region.kind {
            case .code(let part), .setup(let part): return (part, region)
            // An earlier snippet's declaration: never the snippet's own.
            case .prelude: return (-1, region)
            }
        }
        return nil
    }

    func map(_ diagnostic: RawDiagnostic) -> SnippetDiagnostic {
        var location: SourceLocation?
        var message = diagnostic.message
        if let file = diagnostic.file, let line = diagnostic.line {
            if file == SnippetWrapper.hiddenFile {
                location = SourceLocation(file: snippetFile, line: fenceLine)
                message += " (in the code the harness wraps around the snippet)"
            } else if let (_, region) = region(of: diagnostic) {
                let column = diagnostic.column.map { byteColumn -> Int in
                    let text = region.text[line] ?? ""
                    return Self.characterColumn(byteColumn, in: text) + (region.indent[line] ?? 0)
                }
                location = SourceLocation(file: file, line: line, column: column)
            } else {
                location = SourceLocation(file: displayPaths[file] ?? file, line: line, column: diagnostic.column)
            }
        }
        // Notes about the declarations guide assumed point at no line of the book.
        return SnippetDiagnostic(severity: diagnostic.severity, location: location, message: message,
                                 flag: diagnostic.flag,
                                 notes: diagnostic.notes.filter { $0.file != SnippetWrapper.assumedFile }.map(map))
    }

    /// A diagnostic outside any snippet (the context header…), with its file as the user knows it.
    public static func displayed(_ diagnostic: RawDiagnostic, paths: [String: String]) -> SnippetDiagnostic {
        let location = diagnostic.file.map { file in
            SourceLocation(file: paths[file] ?? file, line: diagnostic.line, column: diagnostic.column)
        }
        return SnippetDiagnostic(severity: diagnostic.severity, location: location, message: diagnostic.message,
                                 flag: diagnostic.flag, notes: diagnostic.notes.map { displayed($0, paths: paths) })
    }

    /// clang counts bytes (1-based); editors and readers count characters.
    public static func characterColumn(_ byteColumn: Int, in line: String) -> Int {
        let bytes = Array(line.utf8)
        let prefix = Array(bytes.prefix(max(0, byteColumn - 1)))
        let beyond = max(0, byteColumn - 1 - bytes.count)
        return String(decoding: prefix, as: UTF8.self).count + 1 + beyond
    }
}
