import Foundation
import GuideCheck
import GuideFiles
import GuideModel

/// The check's memory through the build's cache: each chapter's results
/// (`CacheStage.checkChapters`), each compile's record (`.compileRecords`), and the files clang
/// reads by path, the SDK's generated headers (`.sdkHeaders`) and the context header with its
/// precompiled form (`.precompiledHeader`), in the cache's `check/` folder. Each stage says
/// what its key holds; the keys are made here from what `CheckMemo` is asked with.
public struct CheckCache: CheckMemo {
    let cache: CacheStore

    public init(_ cache: CacheStore) {
        self.cache = cache
    }

    public var folder: String { cache.root + "/check" }

    public func chapterResults<T>(_ inputs: ChapterCheckInputs, _ decode: (UnsafeRawBufferPointer) -> T?) -> (key: CacheKey?, kept: T?) {
        let session = inputs.session
        let key = CacheStage.checkChapters.key(CacheStage.Versions(compiler: session.compiler)) { hash in
            for part in [session.contextText] + session.prefixFlags
                + session.displayPaths.sorted(by: { $0.key < $1.key }).flatMap({ [$0.key, $0.value] }) {
                hash.updateCounted(part)
            }
            hash.updateCounted(session.assume ? "assume" : "strict")
            hash.updateCounted(inputs.language)
            hash.updateCounted(inputs.languages.joined(separator: ","))
            hash.updateCounted(inputs.digest)
            hash.updateCounted(inputs.originalDigest)
            hash.updateCounted(inputs.earlier)
        }
        return (key, cache.read(.checkChapters, key, decode))
    }

    public func rememberChapterResults(_ bytes: [UInt8], as key: CacheKey) {
        cache.write(.checkChapters, key, bytes)
    }

    public func compileRecord(_ inputs: CompileInputs) -> (key: CacheKey?, kept: CompileRecord?) {
        let key = CacheStage.compileRecords.key(CacheStage.Versions(compiler: inputs.compiler)) { hash in
            for part in [inputs.contextText] + inputs.arguments + [inputs.text] { hash.updateCounted(part) }
        }
        return (key, cache.read(.compileRecords, key, CompileRecord.init(decoding:)))
    }

    public func rememberCompileRecord(_ record: CompileRecord, as key: CacheKey) {
        cache.write(.compileRecords, key, record.encoded)
    }

    public func keepCompileRecords(_ keys: [CacheKey]) {
        for key in keys { cache.keep(.compileRecords, key) }
    }

    public func sdkHeaders(madeFrom parts: [String]) -> (folder: String, fingerprint: String) {
        let key = CacheStage.sdkHeaders.key { hash in
            for part in parts { hash.updateCounted(part) }
        }
        return (cache.file(.sdkHeaders, key), key.hex)
    }

    public func contextHeader(_ text: String, compiler: String) -> ContextHeaderFiles {
        let key = CacheStage.precompiledHeader.key(CacheStage.Versions(compiler: compiler)) { $0.updateCounted(text) }
        return ContextHeaderFiles(header: cache.file(.precompiledHeader, key, suffix: ".h"),
                                  pch: cache.file(.precompiledHeader, key, suffix: ".pch"), key: key)
    }

    public func holdsPrecompiledHeader(_ files: ContextHeaderFiles) -> Bool {
        files.key.map { cache.fileHolds(.precompiledHeader, $0, suffix: ".pch") } ?? false
    }

    public func sealPrecompiledHeader(_ files: ContextHeaderFiles) {
        if let key = files.key { cache.sealFile(.precompiledHeader, key, suffix: ".pch") }
    }

    public func finish(keeping: Bool) {
        if keeping { cache.save([.checkChapters, .compileRecords, .precompiledHeader, .sdkHeaders]) }
    }
}
