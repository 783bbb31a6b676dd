/// An error the user caused and can fix: it names the file (and line where there is one).
///
/// Printed as `file:line: error: message`, the format editors and CI understand.
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

    public var description: String {
        if let location { return "\(location): error: \(message)" }
        return "error: \(message)"
    }
}

/// Several user errors found in one pass (e.g. every broken link of the book), printed one per line.
public struct GuideErrors: Error, Sendable {
    public var errors: [GuideError]
    public init(_ errors: [GuideError]) { self.errors = errors }
}
