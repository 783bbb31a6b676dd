import Foundation
import GuideCheck
import GuideModel
import GuideParse
import Testing

/// A run with a cache takes an unchanged chapter's results as an earlier run left them
/// (`CacheStage.checkChapters`), without planning or looking up its snippets: the results
/// are those a warm run gives, an edited chapter alone is planned again, damage and "not
/// checked" verdicts are not trusted.
@Suite struct ChapterResultsTests {
    static func writeBook(in folder: TempFolder) throws {
        try folder.write("content/guide.yml", "title:\n  en: T\n  zh: T\nlanguages: [en, zh]\nsource: en\n")
        try folder.write("content/en/SUMMARY.md", "# S\n\n* [A](a.md)\n* [B](b.md)\n")
        try folder.write("content/zh/SUMMARY.md", "# S\n\n* [甲](a.md)\n* [乙](b.md)\n")
        // The Chinese code's comments are translated: each snippet is a compile of its own.
        for (language, heading) in [("en", "A"), ("zh", "甲")] {
            try folder.write("content/\(language)/a.md", "# \(heading)\n\n```objective-c\n[self foo]; // \(heading)\n```\n\n"
                + "<!-- snippet: ignore -->\n```objective-c\nnot compiled\n```\n")
            try folder.write("content/\(language)/b.md", "# B\n\n```objective-c\nint x = 1; // \(heading)\n```\n")
        }
    }

    static func load(_ folder: TempFolder) throws -> Book {
        try ContentLoader(root: folder.path + "/content").load()
    }

    @Test func unchangedChaptersAreTakenAsTheyWere() throws {
        let folder = try TempFolder()
        try Self.writeBook(in: folder)
        let (clang, log) = try CheckFixtures.fakeClang(in: folder, body: "cat > /dev/null")
        let checker = SnippetChecker(options: CheckFixtures.options(folder, clang: clang))
        let chapters = folder.path + "/.guide-cache/check-chapters.pack"
        let records = folder.path + "/.guide-cache/compile-records.pack"
        let first = checker.run(book: try Self.load(folder))
        #expect(first.compiled == 4 && CheckFixtures.calls(log) == 4)
        #expect(packRecords(chapters).count == 4 && packRecords(records).count == 4)
        // The same results as a warm run through the compile records alone.
        let kept = checker.run(book: try Self.load(folder))
        #expect(packRecords(records).count == 4)   // kept with the chapters that stand on them, unread
        try FileManager.default.removeItem(atPath: chapters)
        let warm = checker.run(book: try Self.load(folder))
        #expect(kept.results == warm.results)
        #expect(kept.compiled == 0 && kept.cacheHits == warm.cacheHits && kept.cacheHits == 4)
        #expect(kept.compiler == warm.compiler)
        // Without the compile records, kept chapters are not compiled; an edited one is.
        try FileManager.default.removeItem(atPath: records)
        #expect(checker.run(book: try Self.load(folder)).compiled == 0)
        try folder.write("content/zh/b.md", "# B\n\n```objective-c\nint y = 2;\n```\n")
        let edited = checker.run(book: try Self.load(folder))
        #expect(edited.compiled == 1 && CheckFixtures.calls(log) == 5)
        #expect(edited.results.map(\.outcome) == [.pass, .ignored, .pass, .pass, .ignored, .pass])
        // The old record stays while the unused weigh less than the used (see `CacheStore`).
        #expect(packRecords(chapters).count == 5)
        // Damaged records are planned again.
        try damageEveryRecord(chapters)
        try FileManager.default.removeItem(atPath: records)
        let replanned = checker.run(book: try Self.load(folder))
        #expect(replanned.compiled == 4)
        #expect(replanned.results.map(\.outcome) == edited.results.map(\.outcome))
    }

    @Test func notCheckedIsNotKept() throws {
        let folder = try TempFolder()
        try Self.writeBook(in: folder)
        let (clang, _) = try CheckFixtures.fakeClang(in: folder, body: "sleep 5")
        let options = CheckFixtures.options(folder, clang: clang, timeout: 0.3)
        let stopped = SnippetChecker(options: options).run(book: try Self.load(folder))
        #expect(stopped.results.filter { $0.outcome == .notChecked }.count == 4)
        // The same clang (same version, same path), answering now.
        _ = try CheckFixtures.fakeClang(in: folder, body: "cat > /dev/null")
        let answered = SnippetChecker(options: options).run(book: try Self.load(folder))
        #expect(answered.results.map(\.outcome) == [.pass, .ignored, .pass, .pass, .ignored, .pass])
    }

    /// Every field survives the codec, and the codec knows every field: a field added to a
    /// result type without being added to the codec fails here.
    @Test func theCodecWritesEveryField() {
        #expect(Mirror(reflecting: Self.full).children.count == 14)
        #expect(Mirror(reflecting: Self.full.diagnostics[0]).children.count == 6)
        #expect(Mirror(reflecting: SourceLocation(file: "a")).children.count == 3)
        var bare = SnippetResult(language: Language("en"), chapterPath: "", file: "", fenceLine: 0, blockPath: [],
                                 shape: .statements, outcome: .pass)
        bare.counterpart = nil
        let results = [Self.full, bare, Self.full]
        let bytes = SnippetResultCodec.encode(results)
        #expect(SnippetResultCodec.decode(bytes) == results)
        // Each field changes the bytes.
        var changed = Self.full
        changed.diagnostics[0].notes[0].expected = false
        #expect(SnippetResultCodec.encode([changed]) != SnippetResultCodec.encode([Self.full]))
        changed = Self.full
        changed.counterpart?.column = nil
        #expect(SnippetResultCodec.encode([changed]) != SnippetResultCodec.encode([Self.full]))
        changed = Self.full
        changed.assumed[0].receiver = nil
        #expect(SnippetResultCodec.encode([changed]) != SnippetResultCodec.encode([Self.full]))
        changed = Self.full
        changed.assumed[1].forContext = false
        #expect(SnippetResultCodec.encode([changed]) != SnippetResultCodec.encode([Self.full]))
        #expect(Mirror(reflecting: Self.full.assumed[0]).children.count == 5)
        // Cut or lengthened bytes are refused.
        for cut in stride(from: 0, to: bytes.count, by: 5) { #expect(SnippetResultCodec.decode(Array(bytes.prefix(cut))) == nil) }
        #expect(SnippetResultCodec.decode(bytes + [0]) == nil)
    }

    static let full: SnippetResult = {
        let note = SnippetDiagnostic(severity: .note, location: SourceLocation(file: "n.md", line: 3, column: 4),
                                     message: "note “引号”", flag: nil, expected: true)
        let diagnostic = SnippetDiagnostic(severity: .warning, location: SourceLocation(file: "content/zh/a.md", line: 9),
                                           message: "unused variable 'x'", flag: "-Wunused-variable", expected: false,
                                           notes: [note])
        var result = SnippetResult(language: Language("zh"), chapterPath: "a.md", file: "content/zh/a.md", fenceLine: 7,
                                   blockPath: [3, 0, 1], shape: .fileScope, outcome: .unexpectedPass,
                                   diagnostics: [diagnostic], unmetExpectations: ["-Wshadow"], reason: "why",
                                   annotationLocation: SourceLocation(file: "content/en/a.md", line: 5, column: 2),
                                   cached: true)
        result.counterpart = SourceLocation(file: "content/en/a.md", line: 6, column: 1)
        result.assumed = [AssumedName(kind: .method, name: "loadPage:", declaration: "- (id)loadPage:(long)arg1;", receiver: "Pager"),
                          AssumedName(kind: .variable, name: "error", declaration: "extern id error;")]
        return result
    }()
}
