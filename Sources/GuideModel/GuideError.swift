/// An error the user caused and can fix: it names the file (and line where there is one).
/// Thrown where a stage cannot go on; printed as its `diagnostic`, like every other finding.
public struct GuideError: Error, Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation?
    public var message: String

    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }

    public init(_ message: String, file: String, line: Int? = nil) {
        self.init(message, at: SourceLocation(file: file, line: line))
    }

    public var diagnostic: Diagnostic { Diagnostic(.error, message, at: location) }

    public var description: String { diagnostic.description }
}

/// A stage's findings when some are errors it cannot go on from (e.g. every broken link of the book).
public struct GuideErrors: Error, Sendable {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
}
