/// The small judgements behind "a real mistake, never assumed away" (see `FragmentAnalysis`):
/// how close two names are, whether one names a variant of the other, and whether a call
/// leaves out arguments of a method the book declares. Pure and tested on their own.
public enum NameRules {
    /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbours each count one (a change of case is a substitution).
    public static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous2 = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[y.count]
    }

    /// A slip of the keyboard: one letter wrong, missing, extra or swapped with its neighbour,
    /// in a name long enough that such a near neighbour is not a coincidence (`NSStirng`,
    /// `NSlog`; not `err` for `erf`, nor `setBut` for `setbuf`).
    public static func isSlip(_ used: String, of declared: String) -> Bool {
        used.count >= 5 && distance(used, declared) == 1
    }

    /// `longer` is `shorter` with a run of three characters or more put in one place (a word), or
    /// with a leading underscore: another name built on it (`Photo_iPad` on `Photo`, `_title` on
    /// `title`, `UITableViewController` on `UIViewController`), not a misspelling of it
    /// (`finishBlock` for `finishedBlock`).
    public static func isVariant(_ longer: String, of shorter: String) -> Bool {
        if longer == "_" + shorter { return true }
        let a = Array(shorter), b = Array(longer)
        guard b.count - a.count >= 3 else { return false }
        var prefix = 0
        while prefix < a.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        return prefix + suffix == a.count
    }

    /// Whether a correction clang offers names the mistake: to a name the book's own code
    /// declares (the snippet, the chapter before it), unless the used name is a variant built
    /// on it; to a name of the context header or the SDK, only a slip.
    public static func correctionIsMistake(used: String, corrected: String, declaredByBookCode: Bool) -> Bool {
        if declaredByBookCode {
            return !isVariant(used, of: corrected) && !isVariant(corrected, of: used)
        }
        return isSlip(used, of: corrected)
    }

    /// A selector's keywords: `a:b:` → [a, b]; `a` → [a].
    static func keywords(_ selector: String) -> [String] {
        selector.contains(":") ? selector.split(separator: ":", omittingEmptySubsequences: false).dropLast().map(String.init)
            : [selector]
    }

    /// A call of `used` where the book declares `declared`: the same first keyword, one selector's
    /// keywords among the other's in order, and a different number of arguments — a call that
    /// leaves out an argument (or adds one). `tableView:didSelectRowAtIndexPath:` and
    /// `tableView:heightForRowAtIndexPath:` are two methods, not one called wrong.
    public static func leavesOutArguments(_ used: String, declared: String) -> Bool {
        guard used != declared else { return false }
        let a = keywords(used), b = keywords(declared)
        guard a.first == b.first else { return false }
        let arityA = used.filter { $0 == ":" }.count, arityB = declared.filter { $0 == ":" }.count
        guard arityA != arityB else { return false }
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        var index = 0
        for keyword in long where index < short.count && short[index] == keyword { index += 1 }
        return index == short.count
    }

    /// A name written in capitals and underscores (`ZOC_DESIGNATED_INITIALIZER`), as macros are.
    public static func isMacroName(_ name: String) -> Bool {
        name.count >= 2 && name.first?.isUppercase == true
            && name.allSatisfy { ($0.isASCII && $0.isUppercase) || $0.isNumber || $0 == "_" }
            && name.contains { $0.isLetter }
    }

    /// Written like a class name: a capital first (`UIDevice`, `MyClass`).
    public static func isTypeLike(_ name: String) -> Bool {
        name.first.map { $0.isUppercase } ?? false
    }

    /// C's and Objective-C's words that come before a name without declaring it.
    static let statementWords: Set<String> = [
        "return", "case", "goto", "sizeof", "else", "in", "throw", "typeof", "__typeof", "__typeof__", "do",
        "if", "while", "for", "switch", "default", "break", "continue", "not", "and", "or", "delete", "new",
    ]
}
