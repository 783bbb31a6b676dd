import Foundation
@testable import GuideRender
import Testing

@Suite struct HighlightStoreTests {
    /// Highlights `codes` through a store read from `folder`; returns the HTML and the codes it had to highlight.
    func highlight(_ codes: [String], in folder: TempFolder, version: String = "clang 1") -> (html: [String], made: [String]) {
        let store = HighlightStore(folder: folder.path, highlighterVersion: version)
        var made: [String] = []
        let html = codes.map { code in
            if let known = store.html(code, language: .c) { return known }
            made.append(code)
            store.add("<b>\(code)</b>", code: code, language: .c)
            return "<b>\(code)</b>"
        }
        store.save()
        return (html, made)
    }

    @Test func aRebuildHighlightsOnlyNewCode() throws {
        let folder = try TempFolder()
        #expect(highlight(["int a;", "int b;"], in: folder).made == ["int a;", "int b;"])
        let again = highlight(["int b;", "int c;"], in: folder)
        #expect(again.made == ["int c;"])
        #expect(again.html == ["<b>int b;</b>", "<b>int c;</b>"])
        // Only what the last build used is kept: "int a;" is gone.
        #expect(highlight(["int a;"], in: folder).made == ["int a;"])
    }

    @Test func aDamagedOrForeignStoreIsIgnored() throws {
        let folder = try TempFolder()
        _ = highlight(["int a;", "int b;"], in: folder)
        let file = folder.path + "/highlight"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        bytes[bytes.count / 2] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        #expect(highlight(["int a;"], in: folder).made == ["int a;"])
        // Cut short.
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        try whole.prefix(whole.count - 5).write(to: URL(fileURLWithPath: file))
        #expect(highlight(["int a;"], in: folder).made == ["int a;"])
        // Written with another libclang.
        #expect(highlight(["int a;"], in: folder, version: "clang 2").made == ["int a;"])
        try "not a store".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(highlight(["int a;"], in: folder).made == ["int a;"])
    }

    @Test func keysTellLanguagesApart() {
        #expect(HighlightStore.Key("x", language: .c) != HighlightStore.Key("x", language: .cpp))
        #expect(HighlightStore.Key("x", language: .c) == HighlightStore.Key("x", language: .c))
    }
}
