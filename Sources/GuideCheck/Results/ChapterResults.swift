import Foundation
import GuideModel

/// Each chapter's snippet results from earlier runs (`CheckMemo.chapterResults`), so a run plans
/// and evaluates only the chapters that changed (planning is most of a warm check). A record
/// holds the keys of the compile records the results come from, kept with it, then the results
/// (`SnippetResultCodec`).
enum ChapterResults {
    /// What a chapter's results are made from, or nil when a chapter (or its source chapter)
    /// has no content digest (it was not loaded from a file). `earlier`: the digest of the
    /// chapters before it in its edition (`earlierDigests`), whose declarations its rules read
    /// (`BookDeclarations`): a change there may change its results.
    static func inputs(language: Language, chapter: Chapter, original: Chapter?, earlier: [UInt8]?, languages: [String],
                       session: CompilerSession) -> ChapterCheckInputs? {
        guard let digest = chapter.contentDigest, original == nil || original?.contentDigest != nil, let earlier else { return nil }
        return ChapterCheckInputs(session: session.inputs, language: language.code, languages: languages, digest: digest,
                                  originalDigest: original?.contentDigest ?? [], earlier: earlier)
    }

    /// For each chapter, one digest of the paths and contents of the chapters before it in its
    /// language (empty for a first chapter; nil when one of them has no content digest), made in
    /// one pass: each from the one before.
    static func earlierDigests(_ chapters: [(language: Language, chapter: Chapter)]) -> [[UInt8]?] {
        var running: [String: [UInt8]?] = [:]
        return chapters.map { language, chapter in
            let before = running[language.code] ?? []
            if let before, let digest = chapter.contentDigest {
                let hash = Digest()
                hash.updateCounted(before)
                hash.updateCounted(chapter.path)
                hash.updateCounted(digest)
                running[language.code] = .some(hash.finalize())
            } else {
                running[language.code] = .some(nil)
            }
            return before
        }
    }

    static func encode(_ results: [SnippetResult], records: [CacheKey]) -> [UInt8] {
        var writer = ByteWriter()
        writer.list(records) { $0.bytes += $1.bytes }
        return writer.bytes + SnippetResultCodec.encode(results)
    }

    static func decode(_ raw: UnsafeRawBufferPointer) -> (results: [SnippetResult], records: [CacheKey])? {
        var reader = ByteReader(raw)
        guard let records = reader.list({ reader in reader.bytes(Digest.byteCount).map { CacheKey($0, at: 0) } }),
              let results = SnippetResultCodec.decode(Array(raw[reader.offset...])) else { return nil }
        return (results, records)
    }
}
