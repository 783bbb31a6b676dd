import Foundation
import GuideModel

/// Each chapter's snippet results from earlier runs (`.guide-cache/check/chapters/`), so a
/// run plans and evaluates only the chapters that changed: planning (finding the snippets,
/// their shapes, wrapping them) was most of a warm check, at ~0.3 ms a snippet.
///
/// A chapter's results are a pure function of its key: the chapter's and its source
/// chapter's content digests (text, paths, title, parser options), the checked languages, the
/// compiler session (clang's version, SDK, flags, context header) and the guide build. Results
/// are kept only when every snippet got a verdict (none "not checked": a timeout is not a
/// verdict). A damaged entry is planned again and replaced; `prune` removes the entries the
/// run did not use.
final class ChapterResults: Sendable {
    static let format = "check-chapter-3"   // 3: XXH3 keys and seals (Digest)
    let folder: String
    private let use = CacheUse()

    init(folder: String) {
        self.folder = folder
    }

    /// The key of a chapter's results, or nil when a chapter has no content digest (it was
    /// not loaded from a file).
    static func key(language: Language, chapter: Chapter, original: Chapter?, languages: [String],
                    session: String) -> String? {
        guard let digest = chapter.contentDigest else { return nil }
        let hash = Digest()
        hash.update("\(format) \(ToolBuild.identity)\n\(session)\n\(language.code)\n")
        hash.update(languages.joined(separator: ","))
        hash.update(digest)
        if let original {
            guard let originalDigest = original.contentDigest else { return nil }
            hash.update([1] + originalDigest)
        }
        return HexText.of(hash.finalize())
    }

    func results(for key: String) -> [SnippetResult]? {
        use.record(key, in: folder)
        // The results (`SnippetResultCodec`), sealed (`CacheFile.writeSealed`).
        return CacheFile.readSealed(folder + "/" + key).flatMap(SnippetResultCodec.decode)
    }

    func keep(_ results: [SnippetResult], for key: String) {
        CacheFile.writeSealed(SnippetResultCodec.encode(results), to: folder + "/" + key)
    }

    /// Removes the entries this run did not use.
    func prune() {
        use.prune(folder)
    }
}
