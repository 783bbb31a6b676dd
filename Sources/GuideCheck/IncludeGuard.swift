import Foundation

/// Refuses, before clang runs, a snippet that would read a file outside the content folder:
/// `#include`/`#import`/`#include_next`/`#embed` of an absolute path or of a path with `..`,
/// and includes whose file is not written out (a macro could name any file).
public enum IncludeGuard {
    public struct Violation: Hashable, Sendable {
        /// 0-based line in the checked text.
        public var line: Int
        public var message: String
    }

    public static func violations(in code: String) -> [Violation] {
        // Comments out (a directive may hide one between `#` and its name), strings kept.
        let uncommented = CodeScanner.blank(code, comments: true, literals: false)
        let physical = uncommented.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var result: [Violation] = []
        var index = 0
        while index < physical.count {
            // Splice backslash-continued lines, as the preprocessor does first.
            let start = index
            var logical = physical[index]
            while logical.hasSuffix("\\"), index + 1 < physical.count {
                logical.removeLast()
                index += 1
                logical += physical[index]
            }
            index += 1
            if let message = check(directive: logical) {
                result.append(Violation(line: start, message: message))
            }
        }
        return result
    }

    private static let directivePattern = try! NSRegularExpression(
        pattern: #"^\s*(?:#|%:)\s*(include_next|include|import|embed|__include_macros)\b\s*(.*)$"#)

    static func check(directive line: String) -> String? {
        let range = NSRange(line.startIndex..., in: line)
        guard let match = directivePattern.firstMatch(in: line, range: range),
              let nameRange = Range(match.range(at: 1), in: line),
              let restRange = Range(match.range(at: 2), in: line) else { return nil }
        let name = String(line[nameRange])
        let operand = line[restRange].trimmingCharacters(in: .whitespaces)
        let path: String
        if operand.hasPrefix("\""), let end = operand.dropFirst().firstIndex(of: "\"") {
            path = String(operand[operand.index(after: operand.startIndex)..<end])
        } else if operand.hasPrefix("<"), let end = operand.firstIndex(of: ">") {
            path = String(operand[operand.index(after: operand.startIndex)..<end])
        } else {
            return "refused: #\(name) of a file that is not written out as \"path\" or <path>"
        }
        if path.hasPrefix("/") || path.hasPrefix("~") || path.hasPrefix("\\") {
            return "refused: #\(name) of an absolute path ('\(path)'): snippets may only include files inside the content folder"
        }
        if path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains("..") {
            return "refused: #\(name) of a path with '..' ('\(path)'): snippets may only include files inside the content folder"
        }
        return nil
    }
}
