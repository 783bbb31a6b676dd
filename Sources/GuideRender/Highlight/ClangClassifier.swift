import CClang

/// Turns clang's tokens into highlight classes (see `ClangLexer`).
struct ClangClassifier {
    let bytes: [UInt8]
    let tokens: [ClangLexer.RawToken]
    let language: HighlightLanguage

    static let constants: Set<String> = ["YES", "NO", "nil", "Nil", "NULL", "true", "false", "TRUE", "FALSE", "nullptr"]
    /// Identifiers that read as keywords: implicit parameters, ownership and nullability qualifiers.
    static let keywordLike: Set<String> = [
        "self", "super", "_cmd",
        "__weak", "__strong", "__block", "__unsafe_unretained", "__autoreleasing", "__kindof",
        "__bridge", "__bridge_transfer", "__bridge_retained", "__covariant", "__contravariant",
        "nullable", "nonnull", "null_unspecified", "null_resettable", "_Nullable", "_Nonnull", "_Null_unspecified",
        "__nullable", "__nonnull", "__unused",
    ]
    static let propertyAttributes: Set<String> = [
        "nonatomic", "atomic", "strong", "weak", "copy", "assign", "retain", "readonly", "readwrite",
        "getter", "setter", "unsafe_unretained", "class", "direct", "nullable", "nonnull",
        "null_resettable", "null_unspecified",
    ]
    /// Keywords whose next identifier names a type: `struct point`, `enum state`, C++ `class widget`.
    static let tagKeywords = ["struct", "union", "enum", "class"]
    /// Types every Objective-C snippet may name without declaring them.
    static let builtinTypes: Set<String> = ["id", "instancetype", "SEL", "Class", "IMP", "BOOL", "Protocol"]

    func text(_ token: ClangLexer.RawToken) -> String {
        String(decoding: bytes[token.start..<token.end], as: UTF8.self)
    }

    private func isKind(_ index: Int, _ kind: Int32) -> Bool {
        tokens.indices.contains(index) && tokens[index].kind == kind
    }

    private func spelled(_ index: Int, _ text: String) -> Bool {
        guard tokens.indices.contains(index) else { return false }
        let token = tokens[index]
        return token.end - token.start == text.utf8.count && bytes[token.start..<token.end].elementsEqual(text.utf8)
    }

    /// Only spaces and tabs between the previous line break and `offset`.
    private func startsLine(_ offset: Int) -> Bool {
        var i = offset - 1
        while i >= 0 {
            switch bytes[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): i -= 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return true
            default: return false
            }
        }
        return true
    }

    /// The end of the logical line that holds `offset` (backslash-newline continues it).
    private func logicalLineEnd(_ offset: Int) -> Int {
        var i = offset
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\n") {
                var j = i - 1
                if j >= 0, bytes[j] == UInt8(ascii: "\r") { j -= 1 }
                if j >= 0, bytes[j] == UInt8(ascii: "\\") { i += 1; continue }
                return i
            }
            i += 1
        }
        return bytes.count
    }

    func classify() -> [HighlightToken] {
        var out: [HighlightToken] = []
        var i = 0
        var directiveEnd = -1        // end of the preprocessor line being read
        var headerName = false       // inside #include/#import: <…> is a string
        var propertyParens = 0       // depth inside @property ( … )
        var afterPropertyKeyword = false

        func emit(_ start: Int, _ end: Int, _ kind: TokenClass) {
            out.append(HighlightToken(start: start, end: end, kind: kind))
        }

        while i < tokens.count {
            let token = tokens[i]
            if token.start >= directiveEnd { headerName = false }

            // Preprocessor directive: `#` first on its line, then the directive's name.
            if token.kind == Int32(GuideCXToken_Punctuation), spelled(i, "#"), token.start >= directiveEnd, startsLine(token.start) {
                directiveEnd = logicalLineEnd(token.start)
                if i + 1 < tokens.count, tokens[i + 1].start < directiveEnd,
                   isKind(i + 1, Int32(GuideCXToken_Identifier)) || isKind(i + 1, Int32(GuideCXToken_Keyword)) {
                    let name = text(tokens[i + 1])
                    if ["pragma", "warning", "error", "line"].contains(name) {
                        // The whole directive is text for the tools (`#pragma mark - Lifecycle`), up to a comment.
                        var j = i + 1
                        while j + 1 < tokens.count, tokens[j + 1].start < directiveEnd, tokens[j + 1].kind != Int32(GuideCXToken_Comment) { j += 1 }
                        emit(token.start, tokens[j].end, .preprocessor)
                        i = j + 1
                        continue
                    }
                    headerName = ["include", "import", "include_next"].contains(name)
                    emit(token.start, tokens[i + 1].end, .preprocessor)
                    i += 2
                } else {
                    emit(token.start, token.end, .preprocessor)
                    i += 1
                }
                continue
            }
            if headerName, spelled(i, "<") {
                var j = i
                while j + 1 < tokens.count, tokens[j + 1].start < directiveEnd, !spelled(j, ">") { j += 1 }
                emit(token.start, tokens[j].end, .string)
                i = j + 1
                continue
            }

            // Objective-C `@…`: keywords, string / number / boxed literals.
            if token.kind == Int32(GuideCXToken_Punctuation), spelled(i, "@"), i + 1 < tokens.count, tokens[i + 1].start == token.end {
                let next = tokens[i + 1]
                switch next.kind {
                case Int32(GuideCXToken_Keyword), Int32(GuideCXToken_Identifier):
                    let word = text(next)
                    let kind: TokenClass = Self.constants.contains(word) ? .constant : .atKeyword
                    emit(token.start, next.end, kind)
                    afterPropertyKeyword = word == "property"
                    i += 2
                    continue
                case Int32(GuideCXToken_Literal):
                    emit(token.start, next.end, literalClass(next))
                    i += 2
                    continue
                default:
                    emit(token.start, token.end, .atKeyword)
                    i += 1
                    continue
                }
            }

            if token.kind == Int32(GuideCXToken_Punctuation) {
                if afterPropertyKeyword, spelled(i, "(") { propertyParens += 1 }
                else if propertyParens > 0, spelled(i, "(") { propertyParens += 1 }
                else if propertyParens > 0, spelled(i, ")") {
                    propertyParens -= 1
                    if propertyParens == 0 { afterPropertyKeyword = false }
                }
                else if afterPropertyKeyword, propertyParens == 0 { afterPropertyKeyword = false }
                i += 1
                continue
            }
            if propertyParens == 0 { afterPropertyKeyword = false }

            switch token.kind {
            case Int32(GuideCXToken_Comment):
                emit(token.start, token.end, .comment)
            case Int32(GuideCXToken_Literal):
                emit(token.start, token.end, literalClass(token))
            case Int32(GuideCXToken_Keyword):
                emit(token.start, token.end, .keyword)
            case Int32(GuideCXToken_Identifier):
                if let kind = identifierClass(i, insideProperty: propertyParens > 0) {
                    emit(token.start, token.end, kind)
                }
            default:
                break
            }
            i += 1
        }
        return out
    }

    private func literalClass(_ token: ClangLexer.RawToken) -> TokenClass {
        let first = bytes[token.start]
        if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || first == UInt8(ascii: ".") { return .number }
        return .string
    }

    private func identifierClass(_ i: Int, insideProperty: Bool) -> TokenClass? {
        let token = tokens[i]
        let word = text(token)
        if insideProperty, Self.propertyAttributes.contains(word), !spelled(i - 1, "=") { return .keyword }
        if Self.constants.contains(word) { return .constant }
        if Self.keywordLike.contains(word) { return .keyword }
        if Self.tagKeywords.contains(where: { spelled(i - 1, $0) }) { return .type }
        let objectiveC = language == .objectiveC || language == .objectiveCpp
        if objectiveC, Self.builtinTypes.contains(word) { return .type }
        if word.hasSuffix("_t"), word.first?.isLowercase == true { return .type }
        if looksLikeTypeName(word), usedAsType(i) { return .type }
        return nil
    }

    /// `NSString`, `CGFloat`, `ZOCPerson`: a capital first letter and some lower case (not a MACRO).
    private func looksLikeTypeName(_ word: String) -> Bool {
        guard let first = word.utf8.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) else { return false }
        return word.utf8.contains { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
    }

    /// Where a type stands: before `*`, `<`, `^` or a declared name; alone in a cast; after `@interface X :`;
    /// or as the receiver of a class message (`[NSNotificationCenter defaultCenter]`).
    private func usedAsType(_ i: Int) -> Bool {
        if spelled(i + 1, "*") || spelled(i + 1, "<") || spelled(i + 1, "^") { return true }
        if isKind(i + 1, Int32(GuideCXToken_Identifier)), !spelled(i - 1, "["), !spelled(i - 1, ".") {
            // `Type name` in a declaration, but not `receiver message` inside brackets.
            return true
        }
        if spelled(i - 1, "("), spelled(i + 1, ")") { return true }
        // A protocol list or type arguments: `NSObject <NSCopying, NSCoding>`, `id<Delegate>`.
        var j = i - 1
        while spelled(j, ","), isKind(j - 1, Int32(GuideCXToken_Identifier)) { j -= 2 }
        if spelled(j, "<"), j >= 1, tokens[j - 1].kind == Int32(GuideCXToken_Identifier),
           looksLikeTypeName(text(tokens[j - 1])) || Self.builtinTypes.contains(text(tokens[j - 1])) { return true }
        if spelled(i - 1, "["), isKind(i + 1, Int32(GuideCXToken_Identifier)) { return true }
        if spelled(i - 1, ":"), i >= 3, spelled(i - 3, "interface") || spelled(i - 4, "interface") { return true }
        if i >= 1, tokens[i - 1].kind == Int32(GuideCXToken_Keyword), ["interface", "implementation", "protocol", "class"].contains(text(tokens[i - 1])),
           spelled(i - 2, "@") { return true }
        if spelled(i - 1, ","), i >= 2 {
            // `@class A, B;`: follow the list back to its keyword.
            var j = i - 1
            while j >= 1, spelled(j, ",") || tokens[j].kind == Int32(GuideCXToken_Identifier) { j -= 1 }
            if spelled(j, "class"), spelled(j - 1, "@") { return true }
        }
        return false
    }
}
