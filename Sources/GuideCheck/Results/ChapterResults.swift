import Foundation
import GuideModel

/// Each chapter's snippet results from earlier runs (`CacheStage.checkChapters`, which says what
/// the key holds), so a run plans and evaluates only the chapters that changed: planning
/// (finding the snippets, their shapes, wrapping them) was most of a warm check, at ~0.3 ms a
/// snippet. A record holds the keys of the compile records the results come from, kept with
/// it, then the results (`SnippetResultCodec`).
enum ChapterResults {
    /// The key of a chapter's results, or nil when a chapter (or its source chapter) has no
    /// content digest (it was not loaded from a file).
    static func key(language: Language, chapter: Chapter, original: Chapter?, languages: [String],
                    session: CompilerSession) -> CacheKey? {
        guard let digest = chapter.contentDigest, original == nil || original?.contentDigest != nil else { return nil }
        return CacheStage.checkChapters.key(session.versions) { hash in
            session.hashInputs(hash)
            hash.updateCounted(language.code)
            hash.updateCounted(languages.joined(separator: ","))
            hash.updateCounted(digest)
            hash.updateCounted(original?.contentDigest ?? [])
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
