/// One finding of any stage, for people and CI: `file:line:col: severity: message`, as compilers
/// print it. Every stage returns these and every command prints them through `DiagnosticPrinter`,
/// so a command exits non-zero exactly when it printed an error.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case error, warning, note
    }

    public var severity: Severity
    public var location: SourceLocation?
    public var message: String
    /// Lines that explain it, printed under it (clang's notes).
    public var notes: [Diagnostic]

    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil, notes: [Diagnostic] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    /// The text as it is (pages and JSON escape it their own way; a terminal's is `DiagnosticPrinter`'s).
    public var description: String {
        (location.map { "\($0): " } ?? "") + "\(severity.rawValue): \(message)" + notes.map { "\n" + $0.description }.joined()
    }

    /// `description` for a terminal: the file name and the message are one line each whatever
    /// they hold (a newline in either shows as `\x0A`), every other control character escaped
    /// too; only the lines between a diagnostic and its notes are the program's own.
    public var terminalText: String {
        let file = location.map { TerminalText.line("\($0): ") } ?? ""
        return file + "\(severity.rawValue): " + TerminalText.line(message)
            + notes.map { "\n" + $0.terminalText }.joined()
    }

    /// The finding as a gate (`--fail-on`, `--check`) sees it: an error where it fails on it, as
    /// `-Werror` makes a warning one; at most a warning where it lets it pass. Notes stay notes.
    public func gated(_ fails: Bool) -> Diagnostic {
        var gated = self
        if severity != .note { gated.severity = fails ? .error : .warning }
        return gated
    }
}

/// The one way diagnostics become text on a terminal: book text in them (a file name, a quoted
/// line) is escaped (`TerminalText`), and each is counted by severity, notes included.
public struct DiagnosticPrinter: Sendable {
    public private(set) var counts: [Diagnostic.Severity: Int] = [:]

    public init() {}

    /// Errors printed: the command fails.
    public var failed: Bool { counts[.error, default: 0] > 0 }

    /// Hands each diagnostic's lines to `write` (a line per call; notes in the same call).
    public mutating func print(_ diagnostics: [Diagnostic], to write: (String) -> Void) {
        for diagnostic in diagnostics {
            count(diagnostic)
            write(diagnostic.terminalText)
        }
    }

    private mutating func count(_ diagnostic: Diagnostic) {
        counts[diagnostic.severity, default: 0] += 1
        diagnostic.notes.forEach { count($0) }
    }
}
