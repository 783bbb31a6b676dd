import Foundation
import GuideFiles
import GuideModel

/// Refuses, before clang runs, a snippet that names a file outside the content folder, so the
/// author reads why at the snippet's line (the sandbox, `ClangSandbox`, is what keeps clang
/// from reaching such a file at all; this is the message). Every road the preprocessor has to
/// a file is looked at: `#include`/`#import`/`#include_next`/`#embed`/`__include_macros`,
/// `__has_include`/`__has_include_next`/`__has_embed`, `#pragma GCC dependency` (also through
/// `_Pragma`); refused are absolute paths, paths with `..`, paths whose links lead out of the
/// content folder, and names that are not written out (a macro could name any file). `#line`
/// and line markers that name a file are refused too: diagnostics would claim to come from it.
public enum IncludeGuard {
    public struct Violation: Hashable, Sendable {
        /// 0-based line in the checked text.
        public var line: Int
        public var message: String
    }

    /// `content`: the content folder, to resolve quoted names against (links included).
    public static func violations(in code: String, content: ConfinedFolder? = nil) -> [Violation] {
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
            for message in check(line: logical, content: content) {
                result.append(Violation(line: start, message: message))
            }
        }
        return result
    }

    private static let directivePattern = try! NSRegularExpression(
        pattern: #"^\s*(?:#|%:)\s*(include_next|include|import|embed|__include_macros)\b\s*(.*)$"#)
    private static let linePattern = try! NSRegularExpression(
        pattern: #"^\s*(?:#|%:)\s*(?:line\s+)?[0-9][^"]*"(.*)$"#)
    private static let dependencyPattern = try! NSRegularExpression(
        pattern: #"(?:^\s*(?:#|%:)\s*pragma|_Pragma\s*\(\s*")\s*GCC\s+dependency\s*(\\?"[^"\\]*\\?"|<[^>]*>)?"#)
    private static let queryPattern = try! NSRegularExpression(
        pattern: #"\b(__has_include_next|__has_include|__has_embed)\s*(\(\s*("[^"]*"|<[^>]*>)?)?"#)

    static func check(directive line: String) -> String? {
        check(line: line, content: nil).first
    }

    static func check(line: String, content: ConfinedFolder?) -> [String] {
        var messages: [String] = []
        let range = NSRange(line.startIndex..., in: line)
        func group(_ match: NSTextCheckingResult, _ index: Int) -> String? {
            Range(match.range(at: index), in: line).map { String(line[$0]) }
        }
        if let match = directivePattern.firstMatch(in: line, range: range),
           let name = group(match, 1), let rest = group(match, 2) {
            let operand = rest.trimmingCharacters(in: .whitespaces)
            if let path = written(operand) {
                messages += refusal("#\(name)", path, content: content).map { [$0] } ?? []
            } else {
                messages.append("refused: #\(name) of a file that is not written out as \"path\" or <path>")
            }
        }
        if linePattern.firstMatch(in: line, range: range) != nil {
            messages.append("refused: #line naming a file: the snippet's diagnostics must point into the snippet")
        }
        if let match = dependencyPattern.firstMatch(in: line, range: range) {
            if let operand = group(match, 1).map({ $0.replacingOccurrences(of: "\\\"", with: "\"") }),
               let path = written(operand) {
                messages += refusal("#pragma GCC dependency", path, content: content).map { [$0] } ?? []
            } else {
                messages.append("refused: #pragma GCC dependency of a file that is not written out as \"path\" or <path>")
            }
        }
        for match in queryPattern.matches(in: line, range: range) {
            guard let name = group(match, 1) else { continue }
            // `defined(__has_include)` and `#ifdef __has_include` ask whether clang has it.
            guard group(match, 2) != nil else { continue }
            if let operand = group(match, 3), let path = written(operand) {
                messages += refusal(name, path, content: content).map { [$0] } ?? []
            } else {
                messages.append("refused: \(name) of a file that is not written out as \"path\" or <path>")
            }
        }
        return messages
    }

    /// The path of `"path"` or `<path>` (what follows it is ignored), or nil.
    private static func written(_ operand: String) -> String? {
        if operand.hasPrefix("\""), let end = operand.dropFirst().firstIndex(of: "\"") {
            return String(operand[operand.index(after: operand.startIndex)..<end])
        }
        if operand.hasPrefix("<"), let end = operand.firstIndex(of: ">") {
            return String(operand[operand.index(after: operand.startIndex)..<end])
        }
        return nil
    }

    private static func refusal(_ name: String, _ path: String, content: ConfinedFolder?) -> String? {
        if path.hasPrefix("/") || path.hasPrefix("~") || path.hasPrefix("\\") {
            return "refused: \(name) of an absolute path ('\(path)'): snippets may only include files inside the content folder"
        }
        if path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains("..") {
            return "refused: \(name) of a path with '..' ('\(path)'): snippets may only include files inside the content folder"
        }
        if let content, !content.contains(content.path + "/" + path) {
            return "refused: \(name) of '\(path)', a link that leads outside the content folder: "
                + "snippets may only include files inside it"
        }
        return nil
    }
}
