import CClang
import Foundation

/// C, Objective-C and C++ through clang's own tokenizer (libclang's `clang_tokenize`).
///
/// Each snippet is parsed as an unsaved file (no headers are read), tokenized, and its
/// tokens annotated with cursors. Clang gives the token kinds (keyword, identifier,
/// literal, comment, punctuation), Objective-C keywords after `@`, and context keywords
/// such as property attributes; cursors name the types a snippet declares or references.
/// Snippets are mostly fragments that do not parse (a method outside its class, Cocoa
/// types without Foundation), so identifiers clang could not resolve are classed by
/// their position: a capitalised identifier used as a type (`NSString *`, `NSArray<…>`,
/// `CGFloat x`, a class receiving a message) is a type.
final class ClangLexer: @unchecked Sendable {
    static let shared = ClangLexer()

    private var api = GuideClang()
    /// One index per core, so that every core can parse a snippet at once.
    private let pool: ParserPool
    /// Why libclang could not be used, or nil when it works.
    let loadError: String?
    /// libclang's version string (e.g. "Debian clang version 14.0.6").
    let version: String?

    private init() {
        var pathBuffer = [CChar](repeating: 0, count: 256)
        let status = guide_clang_load(&api, &pathBuffer, pathBuffer.count)
        let path = String(decoding: pathBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if status == 0, let create = api.createIndex, let createdIndex = create(0, 0) {
            loadError = nil
            var versionString: String?
            if let getVersion = api.getClangVersion, let getCString = api.getCString, let dispose = api.disposeString {
                let cx = getVersion()
                versionString = getCString(cx).map { String(cString: $0) }
                dispose(cx)
            }
            version = versionString
            let more = (1..<max(1, ProcessInfo.processInfo.activeProcessorCount)).compactMap { _ in create(0, 0) }
            pool = ParserPool([createdIndex] + more)
        } else {
            version = nil
            pool = ParserPool([])
            let reason = dlerror().map { String(cString: $0) } ?? "missing symbols"
            loadError = "cannot load libclang (\(path)): \(reason); install Debian's libclang-dev"
        }
    }

    /// Tokens of a snippet, or nil when libclang is unavailable. `fresh` parses it from scratch
    /// instead of reparsing a translation unit (for tests: the two must agree).
    func tokens(_ code: String, language: HighlightLanguage, fresh: Bool = false) -> [HighlightToken]? {
        let bytes = Array(code.utf8)
        guard loadError == nil else { return nil }
        if bytes.isEmpty { return [] }
        guard let raw = pool.withSlot({ rawTokens(bytes, language: language, fresh: fresh, slot: $0) }) else { return nil }
        return ClangClassifier(bytes: bytes, tokens: raw, language: language).classify()
    }

    struct RawToken {
        var start: Int
        var end: Int
        var kind: Int32
        var cursor: Int32
        /// The token is the name of the declaration its cursor is (e.g. the class of `@interface X`).
        var namesCursor: Bool
    }

    private func rawTokens(_ bytes: [UInt8], language: HighlightLanguage, fresh: Bool, slot: ParserSlot) -> [RawToken]? {
        guard let getFile = api.getFile, let locationAt = api.getLocationForOffset, let makeRange = api.getRange,
              let tokenize = api.tokenize, let disposeTokens = api.disposeTokens, let annotate = api.annotateTokens,
              let tokenKind = api.getTokenKind, let extent = api.getTokenExtent,
              let rangeStart = api.getRangeStart, let rangeEnd = api.getRangeEnd,
              let spelling = api.getSpellingLocation, let cursorKind = api.getCursorKind,
              let cursorLocation = api.getCursorLocation
        else { return nil }
        let dialect = Dialect(language)
        if fresh, let old = slot.units.removeValue(forKey: dialect) { api.disposeTranslationUnit?(old) }
        guard let tu = translationUnit(for: bytes, dialect: dialect, slot: slot) else { return nil }

        let file = getFile(tu, dialect.fileName)
        let range = makeRange(locationAt(tu, file, 0), locationAt(tu, file, UInt32(bytes.count)))
        var tokenPointer: UnsafeMutablePointer<CXToken>?
        var count: UInt32 = 0
        tokenize(tu, range, &tokenPointer, &count)
        guard let tokenPointer, count > 0 else { return [] }
        defer { disposeTokens(tu, tokenPointer, count) }
        var cursors = [CXCursor](repeating: CXCursor(), count: Int(count))
        annotate(tu, tokenPointer, count, &cursors)

        func offset(_ location: CXSourceLocation) -> Int {
            var value: UInt32 = 0
            spelling(location, nil, nil, nil, &value)
            return Int(value)
        }
        var result: [RawToken] = []
        result.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            let token = tokenPointer[i]
            let span = extent(tu, token)
            let start = offset(rangeStart(span))
            let end = min(offset(rangeEnd(span)), bytes.count)
            guard start < end else { continue }
            let cursor = cursors[i]
            result.append(RawToken(start: start, end: end, kind: tokenKind(token), cursor: cursorKind(cursor),
                                   namesCursor: offset(cursorLocation(cursor)) == start))
        }
        return result
    }

    /// The slot's translation unit for `dialect`, holding `bytes` as its only file.
    ///
    /// The first snippet of a dialect is parsed from scratch; later ones reparse that unit with
    /// new contents, which skips clang's driver and argument parsing (a third of the cost).
    /// Reparsing gives the same tokens and cursors as a fresh parse (HighlightTests checks it).
    private func translationUnit(for bytes: [UInt8], dialect: Dialect, slot: ParserSlot) -> CXTranslationUnit? {
        guard let parse = api.parseTranslationUnit2, let reparse = api.reparseTranslationUnit,
              let dispose = api.disposeTranslationUnit else { return nil }
        return dialect.fileName.withCString { namePointer in
            bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { contents in
                    var unsaved = CXUnsavedFile(Filename: namePointer, Contents: contents, Length: UInt(bytes.count))
                    if let reused = slot.units[dialect] {
                        if reparse(reused, 1, &unsaved, 0) == 0 { return reused }
                        // A failed reparse leaves the unit unusable: drop it and parse afresh.
                        dispose(reused)
                        slot.units[dialect] = nil
                    }
                    var fresh: CXTranslationUnit?
                    let arguments = dialect.arguments
                    let status = withCStrings(arguments) { argv in
                        parse(slot.index, namePointer, argv, Int32(arguments.count), &unsaved, 1,
                              UInt32(GuideCXTranslationUnit_SingleFileParse | GuideCXTranslationUnit_KeepGoing), &fresh)
                    }
                    guard status == 0, let fresh else { return nil }
                    slot.units[dialect] = fresh
                    return fresh
                }
            }
        }
    }

    /// How a language is handed to clang: the snippet's file name and the command line.
    struct Dialect: Hashable {
        let fileName: String
        let name: String

        init(_ language: HighlightLanguage) {
            (fileName, name) = switch language {
            case .objectiveC: ("snippet.m", "objective-c")
            case .objectiveCpp: ("snippet.mm", "objective-c++")
            case .c: ("snippet.c", "c")
            case .cpp: ("snippet.cpp", "c++")
            case .swift, .shell: ("snippet.c", "c")
            }
        }

        /// No headers are read. A bare target and no resource folder: clang's driver then looks
        /// for no GCC installation. The target is XCore because clang sets up every builtin of
        /// the target for each parse (x86 has thousands, XCore a handful: half the time of a
        /// parse), and a snippet's tokens and cursors do not depend on the target.
        var arguments: [String] {
            ["-x", name, "-fblocks", "-nostdinc", "-nobuiltininc", "-w", "-ferror-limit=0",
             "-target", "xcore-unknown-none", "-resource-dir", "/nonexistent"]
        }
    }
}

/// One libclang index and the translation units parsed with it, used by one thread at a time.
private final class ParserSlot {
    let index: CXIndex
    var units: [ClangLexer.Dialect: CXTranslationUnit] = [:]

    init(index: CXIndex) {
        self.index = index
    }
}

/// One parser slot per core, each used by one thread at a time.
private final class ParserPool: @unchecked Sendable {
    private let lock = NSLock()
    private let free: DispatchSemaphore
    private var idle: [ParserSlot]

    init(_ indexes: [CXIndex]) {
        idle = indexes.map(ParserSlot.init)
        free = DispatchSemaphore(value: indexes.count)
    }

    func withSlot<R>(_ body: (ParserSlot) -> R?) -> R? {
        free.wait()
        lock.lock()
        let slot = idle.removeLast()
        lock.unlock()
        defer {
            lock.lock()
            idle.append(slot)
            lock.unlock()
            free.signal()
        }
        return body(slot)
    }
}

/// Calls `body` with a C `argv` for `strings`, valid during the call.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    var pointers = copies.map { UnsafePointer<CChar>($0) }
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}

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

    private static let typeCursors: Set<Int32> = [
        Int32(GuideCXCursor_TypeRef), Int32(GuideCXCursor_ObjCSuperClassRef), Int32(GuideCXCursor_ObjCProtocolRef),
        Int32(GuideCXCursor_ObjCClassRef), Int32(GuideCXCursor_TemplateRef),
    ]
    private static let typeDeclarations: Set<Int32> = [
        Int32(GuideCXCursor_StructDecl), Int32(GuideCXCursor_UnionDecl), Int32(GuideCXCursor_ClassDecl),
        Int32(GuideCXCursor_EnumDecl), Int32(GuideCXCursor_TypedefDecl), Int32(GuideCXCursor_ObjCInterfaceDecl),
        Int32(GuideCXCursor_ObjCProtocolDecl), Int32(GuideCXCursor_ObjCImplementationDecl),
        Int32(GuideCXCursor_ClassTemplate), Int32(GuideCXCursor_TypeAliasDecl),
    ]

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
        if Self.typeCursors.contains(token.cursor) { return .type }
        if token.namesCursor, Self.typeDeclarations.contains(token.cursor) { return .type }
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
