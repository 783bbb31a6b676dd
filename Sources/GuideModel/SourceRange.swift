/// A span of lines in a markdown file, 1-based and inclusive (as cmark reports them).
public struct LineRange: Hashable, Sendable, Codable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// The smallest range covering both.
    public func union(_ other: LineRange) -> LineRange {
        LineRange(start: min(start, other.start), end: max(end, other.end))
    }
}

/// A position in a file that a user can open: `file:line[:column]`.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?

    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let line = line, let column, line > 0 { text += ":\(column)" }
        return text
    }
}
