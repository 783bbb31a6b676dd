import Foundation
import GuideFiles
import GuideModel

/// What the check remembers between runs, asked with what each thing is made from, as merge
/// asks `ReviewMemo`: `GuidePipeline.CheckCache` makes the keys and keeps the bytes and the
/// files clang reads. Without one the check remembers nothing (`RunFolder`).
public protocol CheckMemo: Sendable {
    /// The folder of the files clang reads and writes (the sandbox lets it in).
    var folder: String { get }
    /// A chapter's results and the keys of the compile records they came from, when kept; and
    /// the key they are kept under (nil: they are not).
    func chapterResults<T>(_ inputs: ChapterCheckInputs, _ decode: (UnsafeRawBufferPointer) -> T?) -> (key: CacheKey?, kept: T?)
    func rememberChapterResults(_ bytes: [UInt8], as key: CacheKey)
    /// A compile's record when kept, and the key it is (or is to be) kept under.
    func compileRecord(_ inputs: CompileInputs) -> (key: CacheKey?, kept: CompileRecord?)
    func rememberCompileRecord(_ record: CompileRecord, as key: CacheKey)
    /// Kept chapter results keep the records they came from.
    func keepCompileRecords(_ keys: [CacheKey])
    /// The folder of the SDK's generated headers made from `parts`, and their fingerprint (part of every compile's).
    func sdkHeaders(madeFrom parts: [String]) -> (folder: String, fingerprint: String)
    /// Where the copy of the context header and its precompiled form go, for a compiler.
    func contextHeader(_ text: String, compiler: String) -> ContextHeaderFiles
    /// Whether the precompiled header is whole (as sealed); sealing it once made.
    func holdsPrecompiledHeader(_ files: ContextHeaderFiles) -> Bool
    func sealPrecompiledHeader(_ files: ContextHeaderFiles)
    /// The run is over: what it made is kept (`keeping`) or dropped.
    func finish(keeping: Bool)
}

/// What every compile of a run is made with besides its unit (the keys' inputs).
public struct CheckSessionInputs: Sendable {
    /// clang's path and version, the SDK, the flags, the memory limit.
    public var compiler: String
    public var contextText: String
    /// `-include-pch x` or `-include x` (or nothing).
    public var prefixFlags: [String]
    public var displayPaths: [String: String]
    /// Names nothing declares are assumed: it decides outcomes too.
    public var assume: Bool
}

/// What a chapter's results are made from: the session, its language and text, its source
/// chapter's text (a translation inherits annotations), and the chapters before it.
public struct ChapterCheckInputs: Sendable {
    public var session: CheckSessionInputs
    public var language: String
    public var languages: [String]
    public var digest: [UInt8]
    /// The source chapter's digest; empty for a chapter of the source language.
    public var originalDigest: [UInt8]
    /// `ChapterResults.earlierDigests`: their declarations are read by the rules.
    public var earlier: [UInt8]
}

/// What one compile is made from: clang's arguments and the unit's text.
public struct CompileInputs: Sendable {
    public var compiler: String
    public var contextText: String
    public var arguments: [String]
    public var text: String
}

/// The context header's copy and its precompiled form.
public struct ContextHeaderFiles: Sendable {
    public var header: String
    public var pch: String
    /// The memo's own name for them.
    public var key: CacheKey?

    public init(header: String, pch: String, key: CacheKey?) {
        self.header = header
        self.pch = pch
        self.key = key
    }
}

/// A check that remembers nothing: clang's files in a folder of their own, removed after the run.
struct RunFolder: CheckMemo {
    let folder = NSTemporaryDirectory() + "guide-check-" + UUID().uuidString

    func chapterResults<T>(_ inputs: ChapterCheckInputs, _ decode: (UnsafeRawBufferPointer) -> T?) -> (key: CacheKey?, kept: T?) {
        (nil, nil)
    }
    func rememberChapterResults(_ bytes: [UInt8], as key: CacheKey) {}
    func compileRecord(_ inputs: CompileInputs) -> (key: CacheKey?, kept: CompileRecord?) { (nil, nil) }
    func rememberCompileRecord(_ record: CompileRecord, as key: CacheKey) {}
    func keepCompileRecords(_ keys: [CacheKey]) {}

    func sdkHeaders(madeFrom parts: [String]) -> (folder: String, fingerprint: String) {
        (folder + "/sdk", Digest.hex(parts.joined(separator: "\u{0}")))
    }

    func contextHeader(_ text: String, compiler: String) -> ContextHeaderFiles {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return ContextHeaderFiles(header: folder + "/context.h", pch: folder + "/context.pch", key: nil)
    }

    func holdsPrecompiledHeader(_ files: ContextHeaderFiles) -> Bool { FileManager.default.fileExists(atPath: files.pch) }
    func sealPrecompiledHeader(_ files: ContextHeaderFiles) {}
    func finish(keeping: Bool) { FolderRemoval.remove(folder) }
}
