import Foundation
@testable import GuideFiles
import GuideModel
@testable import GuideRender
@testable import GuidePipeline
import Testing

@Suite struct HighlightStoreTests {
    /// Highlights `codes` through the cache in `folder` (one build); returns the HTML and the codes it had to highlight.
    func highlight(_ codes: [String], in folder: TempFolder, version: String = "clang 1",
                   limit: Int = 100) -> (html: [String], made: [String]) {
        let cache = CacheStore(root: folder.path)
        let store = HighlightStore(cache: cache, highlighterVersion: version)
        var made: [String] = []
        let html = codes.map { code in
            if let known = store.html(code, language: .c) { return known }
            made.append(code)
            store.add("<b>\(code)</b>", code: code, language: .c)
            return "<b>\(code)</b>"
        }
        cache.keepUnused(.highlight, upTo: limit)
        cache.save()
        return (html, made)
    }

    @Test func aRebuildHighlightsOnlyNewCode() throws {
        let folder = try TempFolder()
        #expect(highlight(["int a;", "int b;"], in: folder).made == ["int a;", "int b;"])
        let again = highlight(["int b;", "int c;"], in: folder)
        #expect(again.made == ["int c;"])
        #expect(again.html == ["<b>int b;</b>", "<b>int c;</b>"])
        // A build that highlights nothing (every page kept from the site) keeps the store.
        #expect(highlight([], in: folder).made == [])
        #expect(highlight(["int a;", "int b;", "int c;"], in: folder).made == [])
        // Beyond the limit, what the last build used is kept and the rest goes.
        #expect(highlight(["int d;"], in: folder, limit: 1).made == ["int d;"])
        #expect(highlight(["int a;", "int d;"], in: folder).made == ["int a;"])
        // Another libclang highlights differently: nothing of the other is used.
        #expect(highlight(["int a;"], in: folder, version: "clang 2").made == ["int a;"])
    }

    @Test func aDamagedRecordIsHighlightedAgain() throws {
        let folder = try TempFolder()
        _ = highlight(["int a;", "int b;"], in: folder)
        try damageEveryRecord(folder.path + "/highlight.pack")
        #expect(highlight(["int a;", "int b;"], in: folder).made == ["int a;", "int b;"])
        #expect(highlight(["int a;", "int b;"], in: folder).made == [])
    }

    @Test func keysTellLanguagesAndCodeApart() throws {
        let folder = try TempFolder()   // kept while the store writes in it
        let store = HighlightStore(cache: CacheStore(root: folder.path), highlighterVersion: "clang 1")
        #expect(store.key("x", language: .c) != store.key("x", language: .cpp))
        #expect(store.key("x", language: .c) != store.key("y", language: .c))
        #expect(store.key("x", language: .c) == store.key("x", language: .c))
    }
}
