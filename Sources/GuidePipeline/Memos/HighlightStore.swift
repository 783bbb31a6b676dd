import Foundation
import GuideFiles
import GuideModel
import GuideRender

/// Highlighted snippets through the build's cache (`CacheStage.highlight`), so a rebuild asks
/// libclang only about code that changed: parsing a snippet costs about a millisecond, most of
/// it clang's set-up, which no option avoids. The pack is indexed when a page first needs
/// highlighting and a snippet decoded (and its seal checked) only when asked for.
public struct HighlightStore: HighlightMemo {
    let cache: CacheStore
    let versions: CacheStage.Versions

    public init(cache: CacheStore, highlighterVersion: String) {
        self.cache = cache
        versions = CacheStage.Versions(highlighter: highlighterVersion)
    }

    func key(_ code: String, language: HighlightLanguage) -> CacheKey {
        CacheStage.highlight.key(versions) { hash in
            hash.updateCounted(language.rawValue)
            hash.update(code)
        }
    }

    public func html(_ code: String, language: HighlightLanguage) -> String? {
        cache.read(.highlight, key(code, language: language)) { String(decoding: $0, as: UTF8.self) }
    }

    public func add(_ html: String, code: String, language: HighlightLanguage) {
        cache.write(.highlight, key(code, language: language), Array(html.utf8))
    }
}
