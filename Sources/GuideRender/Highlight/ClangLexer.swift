import CClang
import GuideModel
import Foundation

/// C, Objective-C and C++ through clang's own tokenizer (libclang's `clang_tokenize`).
///
/// Clang gives the token kinds (keyword, identifier, literal, comment, punctuation) and the
/// Objective-C keywords after `@`; `ClangClassifier` turns them into highlight classes, naming
/// types by where they stand (`NSString *`, `NSArray<…>`, `CGFloat x`, a class receiving a
/// message), since snippets are fragments that rarely parse (a method outside its class,
/// Cocoa types without Foundation).
///
/// `clang_tokenize` lexes the text of a range afresh, from the range's start, so it needs a
/// translation unit that holds the text but not a parse of it. Setting up a translation unit
/// is most of the cost (~0.3 ms, whatever its size), so snippets are lexed in batches: one
/// unsaved file holds every snippet of a batch, inside `#if 0` so that clang does not parse
/// them, and each snippet is tokenized over its own range. The result is the same as lexing
/// the snippet alone (HighlightTests checks it).
final class ClangLexer: Sendable {
    static let shared = ClangLexer()

    private let api: GuideClang
    /// An index per thread that lexes.
    private let pool: ParserPool
    /// Why libclang could not be used, or nil when it works.
    let loadError: String?
    /// libclang's version string (e.g. "Debian clang version 14.0.6").
    let version: String?

    private init() {
        // libclang parses each translation unit on a thread of its own, made for the call and
        // joined after it (crash recovery with a large stack), unless this is set: a thread and
        // two context switches per batch of snippets. A batch inside `#if 0` needs no stack to
        // speak of. Set once, before the library first runs; an earlier environment block stays
        // valid for any reader. (A check's worker started outside the sandbox inherits it, and
        // parses its units on its own main thread then; libclang still recovers from a crash there.)
        if getenv("LIBCLANG_NOTHREADS") == nil { setenv("LIBCLANG_NOTHREADS", "1", 0) }
        var pathBuffer = [CChar](repeating: 0, count: 256)
        var api = GuideClang()
        let status = guide_clang_load(&api, &pathBuffer, pathBuffer.count)
        self.api = api
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
            pool = ParserPool(first: createdIndex) { create(0, 0) }
        } else {
            version = nil
            pool = ParserPool(first: nil) { nil }
            let reason = dlerror().map { String(cString: $0) } ?? "missing symbols"
            loadError = "cannot load libclang (\(path)): \(reason); install Debian's libclang-dev"
        }
    }

    /// The libclang files the loader tries (`guide_clang_load`: the newest Debian LLVM first),
    /// each that exists by its path and the identity of the file it leads to (size, modification
    /// time, inode): what decides which libclang lexes, found with `stat` rather than by loading
    /// libclang (and LLVM), which a rebuild that highlights nothing new need not do. Nil when
    /// none of those paths holds one (a libclang on the loader's own path is told by loading it).
    static let libraryFingerprint: String? = {
        var found: [String] = []
        for version in stride(from: 40, through: 13, by: -1) {
            let path = "/usr/lib/llvm-\(version)/lib/libclang.so.1"
            var status = stat()
            guard stat(path, &status) == 0 else { continue }
            found.append("\(path) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_ino)")
        }
        return found.isEmpty ? nil : found.joined(separator: "; ")
    }()

    /// Tokens of a snippet, or nil when libclang is unavailable.
    func tokens(_ code: String, language: HighlightLanguage) -> [HighlightToken]? {
        tokens([code], language: language)?.first
    }

    /// Tokens of each snippet, lexed in one batch; nil when libclang is unavailable.
    func tokens(_ codes: [String], language: HighlightLanguage) -> [[HighlightToken]]? {
        guard loadError == nil else { return nil }
        let snippets = codes.map { Array($0.utf8) }
        let batch = Batch(snippets)
        guard let raw = pool.withSlot({ rawTokens(batch, dialect: Dialect(language), slot: $0) }) else { return nil }
        return zip(snippets, raw).map { ClangClassifier(bytes: $0, tokens: $1, language: language).classify() }
    }

    struct RawToken {
        var start: Int
        var end: Int
        var kind: Int32
    }

    /// The unsaved file of a batch: the snippets one after another, a separator after each,
    /// inside `#if 0` (clang skips the text instead of parsing it).
    struct Batch {
        var bytes: [UInt8] = Array("#if 0\n".utf8)
        /// Each snippet's byte range in `bytes`.
        var ranges: [Range<Int>] = []

        init(_ snippets: [[UInt8]]) {
            for snippet in snippets {
                ranges.append(bytes.count..<(bytes.count + snippet.count))
                bytes += snippet
                // `*/` closes a comment left open at the snippet's end, so that it stops at the
                // snippet's end whatever follows (tokens are cut there); the blank line after it
                // keeps a trailing backslash from splicing the next snippet onto this one.
                bytes += Array("\n*/\n\n".utf8)
            }
            bytes += Array("#endif\n".utf8)
        }
    }

    /// Each snippet's tokens, in offsets from the snippet's start.
    private func rawTokens(_ batch: Batch, dialect: Dialect, slot: ParserSlot) -> [[RawToken]]? {
        guard let getFile = api.getFile, let locationAt = api.getLocationForOffset, let makeRange = api.getRange,
              let tokenize = api.tokenize, let disposeTokens = api.disposeTokens,
              let tokenKind = api.getTokenKind, let extent = api.getTokenExtent,
              let rangeStart = api.getRangeStart, let rangeEnd = api.getRangeEnd,
              let spelling = api.getSpellingLocation
        else { return nil }
        guard let tu = translationUnit(for: batch.bytes, dialect: dialect, slot: slot) else { return nil }
        let file = getFile(tu, dialect.fileName)

        func offset(_ location: CXSourceLocation) -> Int {
            var value: UInt32 = 0
            spelling(location, nil, nil, nil, &value)
            return Int(value)
        }
        return batch.ranges.map { snippet in
            guard !snippet.isEmpty else { return [] }
            let range = makeRange(locationAt(tu, file, UInt32(snippet.lowerBound)), locationAt(tu, file, UInt32(snippet.upperBound)))
            var tokenPointer: UnsafeMutablePointer<CXToken>?
            var count: UInt32 = 0
            tokenize(tu, range, &tokenPointer, &count)
            guard let tokenPointer, count > 0 else { return [] }
            defer { disposeTokens(tu, tokenPointer, count) }
            var result: [RawToken] = []
            result.reserveCapacity(Int(count))
            for i in 0..<Int(count) {
                let token = tokenPointer[i]
                let span = extent(tu, token)
                // A token left open at the snippet's end (a comment, a spliced line) stops there.
                let start = offset(rangeStart(span)), end = min(offset(rangeEnd(span)), snippet.upperBound)
                guard start >= snippet.lowerBound, start < end else { continue }
                result.append(RawToken(start: start - snippet.lowerBound, end: end - snippet.lowerBound, kind: tokenKind(token)))
            }
            return result
        }
    }

    /// The slot's translation unit for `dialect`, holding `bytes` as its only file.
    ///
    /// The first batch of a dialect is parsed from scratch; later ones reparse that unit with
    /// new contents, which skips clang's driver and argument parsing.
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

    /// How a language is handed to clang: the file name and the command line.
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
        /// for no GCC installation. XCore, because clang registers every builtin of the target
        /// for each translation unit (x86 has thousands, XCore a handful), and the lexer's
        /// tokens do not depend on the target.
        var arguments: [String] {
            ["-x", name, "-fblocks", "-nostdinc", "-nobuiltininc", "-w", "-ferror-limit=0",
             "-target", "xcore-unknown-none", "-resource-dir", "/nonexistent"]
        }
    }
}

/// One libclang index and the translation units made with it, used by one thread at a time.
private final class ParserSlot {
    let index: CXIndex
    var units: [ClangLexer.Dialect: CXTranslationUnit] = [:]

    init(index: CXIndex) {
        self.index = index
    }
}

/// A parser slot per thread that lexes, made on its first batch and kept for it: what a slot's
/// translation unit holds is then freed by the thread that allocated it (a slot handed between
/// threads had each reparse free another thread's memory, waiting on glibc's arena lock).
private final class ParserPool: Sendable {
    /// Each thread's slot, and the first index (made to ask the version), for the first thread;
    /// then `makeIndex`'s.
    private let state: Locked<(slots: [pthread_t: ParserSlot], first: CXIndex?)>
    private let makeIndex: @Sendable () -> CXIndex?

    init(first: CXIndex?, makeIndex: @escaping @Sendable () -> CXIndex?) {
        state = Locked(([:], first))
        self.makeIndex = makeIndex
    }

    func withSlot<R>(_ body: (ParserSlot) -> R?) -> R? {
        let thread = pthread_self()
        let slot = state.withLock { state -> ParserSlot? in
            if let slot = state.slots[thread] { return slot }
            guard let index = state.first.take() ?? makeIndex() else { return nil }
            let slot = ParserSlot(index: index)
            state.slots[thread] = slot
            return slot
        }
        return slot.flatMap(body)
    }
}

/// Calls `body` with a C `argv` for `strings`, valid during the call.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    var pointers = copies.map { UnsafePointer<CChar>($0) }
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
