import CPCRE2

/// A regular expression the book writes (an annotation's `expect-error:`), matched at a
/// bounded cost: a pattern such as `(a+)+b` must not keep guide busy for minutes on a
/// diagnostic that names a long identifier.
///
///     let pattern = try BoundedPattern("dereferencing a __weak pointer")
///     try pattern.matches("Dereferencing a __weak pointer is not allowed")  // true
///
/// PCRE2 with UTF, UCP and CASELESS: Unicode-aware `\w`, `\b` and case folding, as
/// NSRegularExpression (ICU) matched these patterns before (but one character folds to one:
/// `straße` no longer matches `STRASSE`).
/// Why a step budget counted in a callout, not PCRE2's limits alone: `pcre2_set_match_limit`
/// counts again from zero at every start position (pcre2api), so `\w+!` on a long message runs
/// for seconds under the default limit, and `pcre2_dfa_match` starts again at every position
/// too. So every pattern is compiled with PCRE2_AUTO_CALLOUT, and the callout
/// (`guide_pcre2_charge` in CPCRE2/shim.h) charges each item tried and each character moved
/// over to one budget for the whole call, over every start position and every subject. The
/// match limit (at the same figure) and a heap limit stay as backstops.
public struct BoundedPattern: Sendable {
    /// The pattern as the book writes it.
    public let source: String
    private let compiled: Compiled

    /// Steps (items tried plus characters moved over) one call may spend: about half a second
    /// of the worst pattern; an ordinary pattern on a clang message spends a few hundred.
    public static let stepBudget: UInt64 = 10_000_000
    /// Memory for backtracking, in KiB.
    public static let heapLimitKiB: UInt32 = 32 * 1024

    public init(_ source: String) throws(PatternError) {
        self.source = source
        let options = UInt32(PCRE2_UTF) | UInt32(PCRE2_UCP) | UInt32(PCRE2_CASELESS) | UInt32(PCRE2_AUTO_CALLOUT)
        let bytes = Array(source.utf8)
        var errorCode: Int32 = 0
        var errorOffset = 0
        let code = bytes.withUnsafeBufferPointer { buffer in
            // A pointer even for the empty pattern: PCRE2 refuses NULL.
            withUnsafePointer(to: UInt8(0)) { empty in
                pcre2_compile_8(buffer.baseAddress ?? empty, buffer.count, options, &errorCode, &errorOffset, nil)
            }
        }
        guard let code else {
            // PCRE2 counts bytes; the book's author counts characters.
            let offset = String(decoding: bytes.prefix(errorOffset), as: UTF8.self).count
            throw PatternError(.invalid, pattern: source, detail: Self.message(errorCode) + " (at offset \(offset))")
        }
        compiled = Compiled(code)
    }

    public func matches(_ subject: String) throws(PatternError) -> Bool {
        try !matching([subject]).isEmpty
    }

    /// The indices of the subjects the pattern finds a match in. One step budget covers the
    /// whole list, so a snippet's diagnostics cost at most `stepBudget` per pattern.
    public func matching(_ subjects: [String]) throws(PatternError) -> [Int] {
        guard let context = pcre2_match_context_create_8(nil),
              let data = pcre2_match_data_create_from_pattern_8(compiled.code, nil) else {
            throw PatternError(.failed, pattern: source, detail: "out of memory")
        }
        defer {
            pcre2_match_data_free_8(data)
            pcre2_match_context_free_8(context)
        }
        pcre2_set_match_limit_8(context, UInt32(Self.stepBudget))
        pcre2_set_heap_limit_8(context, Self.heapLimitKiB)
        var budget = GuideMatchBudget(spent: 0, limit: Self.stepBudget, lastPosition: 0)
        var found: [Int] = []
        for (index, subject) in subjects.enumerated() {
            let length = subject.utf8.count
            let status = withUnsafeMutablePointer(to: &budget) { budget in
                budget.pointee.lastPosition = 0
                guide_pcre2_set_budget(context, budget)
                return subject.withCString { text in
                    text.withMemoryRebound(to: UInt8.self, capacity: length + 1) { text in
                        pcre2_match_8(compiled.code, text, length, 0, 0, data, context)
                    }
                }
            }
            if status >= 0 {
                found.append(index)
            } else if status != PCRE2_ERROR_NOMATCH {
                throw failure(status, subject: subject)
            }
        }
        return found
    }

    private func failure(_ status: Int32, subject: String) -> PatternError {
        let against = "against a message of \(subject.count) characters"
        switch status {
        case PCRE2_ERROR_CALLOUT, PCRE2_ERROR_MATCHLIMIT:
            return PatternError(.tooCostly, pattern: source,
                                detail: "more than \(Self.stepBudget) steps \(against); nested repeats such as (a+)+ backtrack without end")
        case PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_DEPTHLIMIT:
            return PatternError(.tooCostly, pattern: source,
                                detail: "more than \(Self.heapLimitKiB / 1024) MiB of backtracking memory \(against)")
        default:
            return PatternError(.failed, pattern: source, detail: Self.message(status))
        }
    }

    /// PCRE2's text for an error code.
    static func message(_ code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(code, &buffer, buffer.count)
        return length > 0 ? String(decoding: buffer.prefix(Int(length)), as: UTF8.self) : "PCRE2 error \(code)"
    }

    /// Owns the compiled code. PCRE2 never changes it while matching (pcre2api, "Multithreading"),
    /// so threads may share it.
    private final class Compiled: @unchecked Sendable {
        let code: OpaquePointer

        init(_ code: OpaquePointer) { self.code = code }

        deinit { pcre2_code_free_8(code) }
    }
}

/// A book's regular expression that is not valid, or that costs too much to match.
public struct PatternError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case invalid
        case tooCostly
        /// Something else PCRE2 reported (out of memory…).
        case failed
    }

    public var kind: Kind
    public var pattern: String
    public var detail: String

    public init(_ kind: Kind, pattern: String, detail: String) {
        self.kind = kind
        self.pattern = pattern
        self.detail = detail
    }

    public var description: String {
        switch kind {
        case .invalid: "'\(pattern)' is not a valid regular expression: \(detail)"
        case .tooCostly: "the pattern '\(pattern)' is too costly to match (\(detail))"
        case .failed: "the pattern '\(pattern)' could not be matched: \(detail)"
        }
    }
}
