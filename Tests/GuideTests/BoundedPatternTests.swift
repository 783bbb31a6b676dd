import Foundation
import GuideCheck
import Testing

/// The book's regular expressions (annotations) on PCRE2 under a step budget: they match as
/// NSRegularExpression matched them, and a catastrophic one is an error, not a hang.
struct BoundedPatternTests {
    /// What the annotations matched with before (ICU, case-insensitive).
    private func foundation(_ pattern: String, _ subject: String) -> Bool {
        subject.range(of: pattern, options: [.regularExpression, .caseInsensitive]) != nil
    }

    @Test(arguments: [
        ("dereferencing a __weak pointer", "dereferencing a __weak pointer is not allowed"),
        ("Dereferencing A __WEAK", "dereferencing a __weak pointer is not allowed"),
        ("^use of undeclared identifier '\\w+'$", "use of undeclared identifier 'objects'"),
        ("undeclared identifier '(objects|items)'", "use of undeclared identifier 'items'"),
        ("expected ';' after", "expected ')' after"),
        ("capturing 'self' strongly.*retain cycle", "capturing 'self' strongly in this block is likely to lead to a retain cycle"),
        ("\\bweak\\b", "__weak"),
        ("^\\w+$", "中文标识符"),
        ("ÉCOLE", "l'école"),
        ("[[:alpha:]]+ of", "use of"),
        ("a.c", "a\nc"),
    ])
    func matchesAsBefore(_ pattern: String, _ subject: String) throws {
        #expect(try BoundedPattern(pattern).matches(subject) == foundation(pattern, subject), "\(pattern) on \(subject)")
    }

    @Test func caseInsensitiveAsBefore() throws {
        #expect(try BoundedPattern("MISSING '@END'").matches("missing '@end'"))
        #expect(try BoundedPattern("missing '@end'").matches("MISSING '@END'"))
        #expect(try !BoundedPattern("missing '@end'").matches("missing '@ned'"))
        // The one difference found: ICU folds ß to SS (full case folding), PCRE2 one character to one.
        #expect(foundation("straße", "STRASSE"))
        #expect(try !BoundedPattern("straße").matches("STRASSE"))
        #expect(try BoundedPattern("straße").matches("STRAẞE"))
    }

    @Test func theIndicesOfTheMatchingSubjects() throws {
        let pattern = try BoundedPattern("undeclared")
        #expect(try pattern.matching(["expected ';'", "use of undeclared identifier 'x'", "", "UNDECLARED"]) == [1, 3])
        #expect(try pattern.matching([]) == [])
    }

    /// `(a+)+b` backtracks 2^n ways on a run of a's: ICU spends minutes (guide check did not
    /// finish in 5 minutes on a 50,000-character identifier); here the budget ends it.
    @Test func aCatastrophicPatternIsTooCostly() throws {
        let pattern = try BoundedPattern("(a+)+b")
        let run = String(repeating: "a", count: 50_000)
        // PCRE2 sees at once that a subject with no b cannot match.
        #expect(try !pattern.matches(run + "c"))
        let start = ContinuousClock.now
        #expect {
            try pattern.matches(run + "cb")
        } throws: { error in
            let error = error as? PatternError
            return error?.kind == .tooCostly && error?.description.hasPrefix("the pattern '(a+)+b' is too costly to match (more than") == true
        }
        // A guard against a hang, not a benchmark: the budget is about half a second.
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    /// PCRE2's own match limit counts again at every start position: `\w+!` on a 50,000-character
    /// word took 7.6 s under it. The budget covers every start position.
    @Test func theBudgetCoversEveryStartPosition() throws {
        let pattern = try BoundedPattern(#"\w+!"#)
        #expect(throws: PatternError.self) { try pattern.matches(String(repeating: "a", count: 50_000) + " !") }
        #expect(try pattern.matches(String(repeating: "a", count: 50_000) + "!"))
    }

    /// One budget for the whole list: each subject alone is affordable, all of them are not.
    @Test func theBudgetCoversTheWholeList() throws {
        let pattern = try BoundedPattern(#"\w+!"#)
        let subject = String(repeating: "a", count: 2_000) + " !"
        #expect(try pattern.matching([subject]) == [])
        #expect(throws: PatternError.self) { try pattern.matching(Array(repeating: subject, count: 20)) }
    }

    /// A long message is no problem for a pattern that does not backtrack.
    @Test func anOrdinaryPatternOnALongMessage() throws {
        let message = "use of undeclared identifier '" + String(repeating: "a", count: 50_000) + "'"
        #expect(try BoundedPattern("undeclared identifier '.*'").matches(message))
        #expect(try BoundedPattern("^use of undeclared").matches(message))
    }

    @Test func anInvalidPatternSaysWhyAndWhere() {
        #expect {
            try BoundedPattern("(unclosed")
        } throws: { error in
            (error as? PatternError)?.description
                == "'(unclosed' is not a valid regular expression: missing closing parenthesis (at offset 9)"
        }
        // The offset counts characters, not bytes.
        #expect {
            try BoundedPattern("中文[")
        } throws: { error in
            (error as? PatternError)?.description.hasSuffix("(at offset 3)") == true
        }
        #expect(throws: PatternError.self) { try BoundedPattern("a{2,1}") }
    }

    /// A pattern cannot raise the limits: `(*LIMIT_MATCH=…)` only lowers them.
    @Test func aPatternCannotRaiseTheLimits() throws {
        let pattern = try BoundedPattern("(*LIMIT_MATCH=4000000000)(*LIMIT_HEAP=4000000000)(a+)+b")
        #expect(throws: PatternError.self) { try pattern.matches(String(repeating: "a", count: 5_000) + "cb") }
    }
}
