import Foundation
@testable import GuideRender
import Testing

@Suite struct HighlightStoreTests {
    /// Highlights `codes` through a store read from `folder`; returns the HTML and the codes it had to highlight.
    func highlight(_ codes: [String], in folder: TempFolder, version: String = "clang 1",
                   limit: Int = 100) -> (html: [String], made: [String]) {
        let store = HighlightStore(folder: folder.path, highlighterVersion: version)
        var made: [String] = []
        let html = codes.map { code in
            if let known = store.html(code, language: .c) { return known }
            made.append(code)
            store.add("<b>\(code)</b>", code: code, language: .c)
            return "<b>\(code)</b>"
        }
        store.save(limit: limit)
        return (html, made)
    }

    @Test func aRebuildHighlightsOnlyNewCode() throws {
        let folder = try TempFolder()
        #expect(highlight(["int a;", "int b;"], in: folder).made == ["int a;", "int b;"])
        let again = highlight(["int b;", "int c;"], in: folder)
        #expect(again.made == ["int c;"])
        #expect(again.html == ["<b>int b;</b>", "<b>int c;</b>"])
        // A build that highlights nothing (every page from the page store) keeps the store.
        #expect(highlight([], in: folder).made == [])
        #expect(highlight(["int a;", "int b;", "int c;"], in: folder).made == [])
        // Beyond the limit, what the last build used is kept and the rest goes.
        #expect(highlight(["int d;"], in: folder, limit: 1).made == ["int d;"])
        #expect(highlight(["int a;", "int d;"], in: folder).made == ["int a;"])
    }

    /// In one process (`guide serve`), a save after nothing new writes nothing.
    @Test func aSecondSaveWithNothingNewLeavesTheFile() throws {
        let folder = try TempFolder()
        let store = HighlightStore(folder: folder.path, highlighterVersion: "clang 1")
        store.add("<b>x</b>", code: "x", language: .c)
        store.save(limit: 10)
        let file = folder.path + "/highlight"
        try FileManager.default.removeItem(atPath: file)
        _ = store.html("x", language: .c)
        store.save(limit: 10)
        #expect(!FileManager.default.fileExists(atPath: file))
        store.add("<b>y</b>", code: "y", language: .c)
        store.save(limit: 10)
        #expect(HighlightStore(folder: folder.path, highlighterVersion: "clang 1").html("x", language: .c) == "<b>x</b>")
    }

    @Test func aDamagedOrForeignStoreIsIgnored() throws {
        let folder = try TempFolder()
        _ = highlight(["int a;", "int b;"], in: folder)
        let file = folder.path + "/highlight"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        bytes[bytes.count / 2] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        #expect(highlight(["int a;"], in: folder).made == ["int a;"])
        // A damaged record (the file ends with the last record's HTML) is made again, and replaced.
        _ = highlight(["int a;", "int b;"], in: folder)
        bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        bytes[bytes.count - 1] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        #expect(highlight(["int a;", "int b;"], in: folder).made.count == 1)
        #expect(highlight(["int a;", "int b;"], in: folder).made == [])
        // Cut short.
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        try whole.prefix(whole.count - 5).write(to: URL(fileURLWithPath: file))
        #expect(highlight(["int a;"], in: folder).made == ["int a;"])
        // Written with another libclang.
        #expect(highlight(["int a;"], in: folder, version: "clang 2").made == ["int a;"])
        try "not a store".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(highlight(["int a;"], in: folder).made == ["int a;"])
    }

    /// Keys are kept as words: they give back their bytes and sort as the bytes do (the file's order).
    @Test func keysAreTheirBytes() {
        let samples = (0..<50).map { n in (0..<16).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ n &* 11 &+ ($0 == 15 ? n : 0)) } }
        for bytes in samples { #expect(HighlightStore.Key(bytes).bytes == bytes) }
        let sorted = samples.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(samples.map { HighlightStore.Key($0) }.sorted() == sorted.map { HighlightStore.Key($0) })
    }

    @Test func keysTellLanguagesApart() {
        #expect(HighlightStore.Key("x", language: .c) != HighlightStore.Key("x", language: .cpp))
        #expect(HighlightStore.Key("x", language: .c) == HighlightStore.Key("x", language: .c))
    }
}
