import Foundation

/// A diagnostic exactly as clang printed it (file, line, byte column), with its notes.
/// This is what the cache keeps: positions are converted for display afterwards.
public struct RawDiagnostic: Hashable, Sendable, Codable {
    public enum Severity: String, Hashable, Sendable, Codable {
        case error, warning, note, remark
    }

    public var file: String?
    public var line: Int?
    public var column: Int?
    public var severity: Severity
    public var message: String
    /// The warning's flag, e.g. `-Warc-retain-cycles` (from clang's `[-W…]`).
    public var flag: String?
    public var notes: [RawDiagnostic]

    public init(file: String?, line: Int?, column: Int?, severity: Severity, message: String,
                flag: String? = nil, notes: [RawDiagnostic] = []) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.flag = flag
        self.notes = notes
    }
}

/// Reads clang's diagnostics (`-fno-caret-diagnostics -fdiagnostics-show-option`).
public enum ClangOutputParser {
    private static let located = try! NSRegularExpression(
        pattern: #"^(.*?):(\d+):(?:(\d+):)? (fatal error|error|warning|note|remark): (.*)$"#)
    private static let unlocated = try! NSRegularExpression(
        pattern: #"^(?:[^:\s]*clang[^:\s]*: )?(fatal error|error|warning|note|remark): (.*)$"#)

    public static func parse(_ output: String) -> [RawDiagnostic] {
        var result: [RawDiagnostic] = []
        for line in output.split(separator: "\n").map(String.init) {
            guard let diagnostic = parseLine(line) else { continue }
            if diagnostic.severity == .note, !result.isEmpty {
                result[result.count - 1].notes.append(diagnostic)
            } else {
                result.append(diagnostic)
            }
        }
        return result
    }

    static func parseLine(_ line: String) -> RawDiagnostic? {
        let range = NSRange(line.startIndex..., in: line)
        func group(_ match: NSTextCheckingResult, _ index: Int) -> String? {
            Range(match.range(at: index), in: line).map { String(line[$0]) }
        }
        if let match = located.firstMatch(in: line, range: range),
           let file = group(match, 1), let lineText = group(match, 2), let number = Int(lineText),
           let severityText = group(match, 4), let message = group(match, 5) {
            let (text, flag) = splitFlag(message)
            return RawDiagnostic(file: file, line: number, column: group(match, 3).flatMap { Int($0) },
                                 severity: severity(severityText), message: text, flag: flag)
        }
        if let match = unlocated.firstMatch(in: line, range: range),
           let severityText = group(match, 1), let message = group(match, 2) {
            let (text, flag) = splitFlag(message)
            return RawDiagnostic(file: nil, line: nil, column: nil, severity: severity(severityText),
                                 message: text, flag: flag)
        }
        return nil
    }

    private static func severity(_ text: String) -> RawDiagnostic.Severity {
        switch text {
        case "warning": return .warning
        case "note": return .note
        case "remark": return .remark
        default: return .error
        }
    }

    /// `message [-Wflag]` or `message [-Wflag,-Werror]` → (message, -Wflag).
    public static func splitFlag(_ message: String) -> (String, String?) {
        guard message.hasSuffix("]"), let open = message.range(of: " [-W", options: .backwards) else {
            return (message, nil)
        }
        let inside = message[message.index(after: open.lowerBound)..<message.index(before: message.endIndex)]
        let inner = inside.dropFirst() // "["
        let flag = inner.split(separator: ",").first.map(String.init)
        return (String(message[..<open.lowerBound]), flag)
    }
}
