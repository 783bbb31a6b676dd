import Foundation
@testable import GuideCheck
@testable import GuideMerge
@testable import GuideFiles
@testable import GuideModel
@testable import GuidePipeline
@testable import GuideParse
@testable import GuideRender
import Synchronization
import Testing

/// `guide serve` keeps parsed chapters, reviews and pages in memory between rebuilds
/// (`CacheMemory`); whatever is edited, a rebuild must give the site a fresh build gives.
@Suite struct BuildMemoryTests {
    @Test func everyRebuildEqualsAFreshRender() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/templates", toPath: folder.path + "/templates")
        let content = folder.path + "/content"
        var builder = SiteBuilder(content: content, templates: folder.path + "/templates", output: folder.path + "/site",
                                  checkSnippets: false)
        let memory = CacheMemory()
        builder.memory = memory
        _ = try builder.render()

        let edits = smallBookEdits(in: folder) + [("nothing", {})]
        for (what, edit) in edits {
            try edit()
            let reusedBefore = memory.hits(.pages)
            let rebuilt = try builder.render().site.wholeFiles
            var fresh = builder
            fresh.memory = nil
            // Fresh means no cache at all: not the disk caches the rebuilds left either.
            try? FileManager.default.removeItem(atPath: folder.path + "/.guide-cache")
            let expected = try fresh.render().site.wholeFiles
            #expect(rebuilt.keys.sorted() == expected.keys.sorted(), "after editing \(what)")
            for (path, bytes) in expected where rebuilt[path] != bytes {
                Issue.record("after editing \(what): \(path) differs from a fresh render")
            }
            if what == "a Chinese paragraph" || what == "nothing" {
                // Pages of the untouched chapter pair were taken from memory.
                #expect(memory.hits(.pages) > reusedBefore, "after editing \(what)")
            }
        }
        let final = try builder.render().site.wholeFiles
        #expect(String(decoding: final["en/intro.html"] ?? [], as: UTF8.self).contains("chapter edited"))
        #expect(String(decoding: final["en/intro.html"] ?? [], as: UTF8.self).contains("The Second"))
        #expect(String(decoding: final["bilingual/second.html"] ?? [], as: UTF8.self).contains("doubt"))
    }

    /// With the snippet check on (unchanged chapters' results taken from the cache): same site as a fresh build.
    @Test func rebuildsWithTheCheckEqualAFreshRender() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let content = folder.path + "/content"
        var builder = SiteBuilder(content: content, templates: repositoryRoot + "/templates", output: folder.path + "/site")
        let memory = CacheMemory()
        builder.memory = memory
        _ = try builder.render()
        let edits: [(String, () throws -> Void)] = [
            ("a Chinese snippet", {
                try folder.write("content/zh/intro.md", "# 介绍\n\n你好。\n\n```objective-c\n@interface A : NSObject\n- (void)f;\n@end\n```\n")
            }),
            ("an English paragraph", { try folder.write("content/en/second.md", "# Second\n\n## End\n\nThe very end.\n") }),
            ("the context header", { try folder.write("content/objc-context.h", "#import <Foundation/Foundation.h>\n@class B;\n") }),
        ]
        for (what, edit) in edits {
            try edit()
            let rebuilt = try builder.render()
            var fresh = builder
            fresh.memory = nil
            try? FileManager.default.removeItem(atPath: folder.path + "/.guide-cache")
            let expected = try fresh.render()
            // The counts (the rest of the line is time and cache hits).
            func counts(_ summary: String?) -> String? { summary?.components(separatedBy: ";").first }
            #expect(counts(rebuilt.checkSummary) == counts(expected.checkSummary), "after editing \(what)")
            #expect(rebuilt.site.wholeFiles.keys.sorted() == expected.site.wholeFiles.keys.sorted())
            for (path, bytes) in expected.site.wholeFiles where rebuilt.site.wholeFiles[path] != bytes {
                Issue.record("after editing \(what): \(path) differs from a fresh render")
            }
        }
    }

    /// Serve's check keeps the compile records it read in memory, in front of the packs.
    @Test func compileRecordsAreKeptInMemoryOnlyWhenAsked() throws {
        let folder = try TempFolder()
        let memory = CacheMemory()
        let record = CompileRecord(status: 1, diagnostics: [])
        let key = CacheStage.compileRecords.key(CacheStage.Versions(compiler: "cc")) { $0.updateCounted("unit") }
        let cache = CacheStore(root: folder.path)
        cache.write(.compileRecords, key, record.encoded)
        cache.save()
        func read(_ memory: CacheMemory?) -> CompileRecord? {
            let cache = CacheStore(root: folder.path, prunes: false, memory: memory)
            defer { cache.save() }
            return cache.read(.compileRecords, key, CompileRecord.init(decoding:))
        }
        #expect(read(memory) == record)
        try FileManager.default.removeItem(atPath: folder.path + "/compile-records.pack")
        #expect(read(memory) == record)
        #expect(read(nil) == nil)
    }

    /// A chapter is parsed again only when its text (or a name, or the parser's options) changes.
    @Test func aChapterIsParsedAgainOnlyWhenItsTextOrTheOptionsChange() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let memory = CacheMemory()
        func load() throws -> [String: ParsedChapter] {
            try Self.chapters(of: Self.load(folder, memory: memory)) { $0.parsed }
        }
        let first = try load()
        let second = try load()
        #expect(first.allSatisfy { second[$0.key] === $0.value })
        try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n完了。\n")
        let edited = try load()
        #expect(edited.filter { first[$0.key] !== $0.value }.map(\.key) == ["zh/second.md"])
        let guide = try folder.read("content/guide.yml")
        try folder.write("content/guide.yml", guide + "\noutput:\n  raw_html: true\n")
        #expect(try load().allSatisfy { edited[$0.key] !== $0.value })
    }

    /// The book as `guide serve` loads it, through `memory`.
    static func load(_ folder: TempFolder, memory: CacheMemory) throws -> Book {
        let cache = CacheStore(root: folder.path + "/.guide-cache", prunes: false, memory: memory)
        var loader = ContentLoader(root: folder.path + "/content")
        loader.memo = CachedChapters(cache)
        let book = try loader.load()
        cache.save()
        return book
    }

    /// Something of every chapter, by language and path.
    static func chapters<T>(of book: Book, _ value: (Chapter) -> T) -> [String: T] {
        Dictionary(uniqueKeysWithValues: book.editions.flatMap { edition in
            edition.chapters.map { ("\(edition.language.code)/\($0.path)", value($0)) }
        })
    }

    /// `guide serve` reads again only the chapter files whose identity (inode, size, times)
    /// changed; a file written within the last second is read every time (its times could
    /// stay the same through another write), and any change of bytes is seen.
    @Test func serveReadsOnlyTheFilesThatChanged() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let memory = CacheMemory()
        func load() throws -> [String: [UInt8]] {
            try Self.chapters(of: Self.load(folder, memory: memory)) { $0.contentDigest ?? [] }
        }
        let fresh = try load()
        #expect(memory.hits(.chapterFile) == 0)
        #expect(try load() == fresh)
        #expect(memory.hits(.chapterFile) == 0)   // written just now: not trusted by its times
        usleep(2_100_000)
        _ = try load()
        #expect(try load() == fresh)
        #expect(memory.hits(.chapterFile) == fresh.count)
        // The same size, other bytes: a new identity, read again.
        let text = try folder.read("content/zh/second.md")
        try folder.write("content/zh/second.md", String(text.reversed()))
        let edited = try load()
        #expect(edited.filter { fresh[$0.key] != $0.value }.map(\.key) == ["zh/second.md"])
        #expect(memory.hits(.chapterFile) == 2 * fresh.count - 1)
    }

    /// A build trusts a settled, unchanged chapter file by its identity too (a `chapterFile`
    /// record of its digest in the cache), and reads it only when a stage opens its blocks.
    @Test func aBuildReadsOnlyTheFilesThatChanged() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let reads = Mutex([String]())
        func load() throws -> Book {
            let cache = CacheStore(root: folder.path + "/.guide-cache")
            var loader = ContentLoader(root: folder.path + "/content")
            loader.memo = CachedChapters(cache)
            loader.readChapter = { path, display in
                reads.withLock { $0.append(display) }
                return try TextFile.read(path: path, displayPath: display)
            }
            let book = try loader.load()
            cache.save()
            return book
        }
        func taken() -> [String] {
            reads.withLock { list in
                defer { list = [] }
                return list.sorted()
            }
        }
        func digests(_ book: Book) -> [String: [UInt8]] { Self.chapters(of: book) { $0.contentDigest ?? [] } }
        let fresh = digests(try load())
        #expect(taken().count == 4)
        // Written just now: read at every load (two writes within a tick of the clock could
        // leave the same times).
        _ = try load()
        #expect(taken().count == 4)
        usleep(2_100_000)
        _ = try load()   // records the settled files' digests
        #expect(taken().count == 4)
        let trusted = try load()
        #expect(taken().isEmpty)
        #expect(digests(trusted) == fresh)
        // Read when a stage opens the blocks, as they were.
        #expect(trusted.source.chapter(at: "second.md")?.blocks.contains { $0.source.contains("The end.") } == true)
        #expect(taken().map { $0.hasSuffix("content/en/second.md") } == [true])
        // A changed file is read at the next load (a new identity), the others are not.
        try folder.write("content/en/second.md", "# Second\n\n## End\n\nRead late.\n")
        let edited = digests(try load())
        #expect(taken().map { $0.hasSuffix("content/en/second.md") } == [true])
        #expect(edited.filter { fresh[$0.key] != $0.value }.map(\.key) == ["en/second.md"])
    }

    @Test func aReviewIsMadeAgainOnlyWhenItsChaptersOrSettingsChange() throws {
        let folder = try TempFolder()
        let memory = CacheMemory()
        let en = Chapter(path: "a.md", displayPath: "en/a.md", title: "A", blocks: MarkdownParser().parse("Hello.\n"))
        let zh = Chapter(path: "a.md", displayPath: "zh/a.md", title: "甲", blocks: MarkdownParser().parse("你好。\n"))
        var made = 0
        func review(_ target: Chapter, settings: ReviewSettings = ReviewSettings(accepted: "s")) throws -> ChapterReview {
            let cache = CacheStore(root: folder.path, prunes: false, memory: memory)
            defer { cache.save() }
            return try ReviewCache(cache).review(source: en, target: target, language: Language("zh"), settings: settings) {
                made += 1
                return ChapterReview.make(source: en, target: target, language: Language("zh"), ledger: AcceptLedger(),
                                          doubtMarkers: [], align: { Aligner().align($0, $1) }, style: StyleReview(glossary: Glossary()))
            }
        }
        _ = try review(zh)
        try FileManager.default.removeItem(atPath: folder.path + "/review.pack")
        _ = try review(zh)   // from memory
        #expect(made == 1 && memory.hits(.review) == 1)
        _ = try review(zh, settings: ReviewSettings(accepted: "other"))
        #expect(made == 2)
        var edited = zh
        edited.blocks = MarkdownParser().parse("你好！\n")
        _ = try review(edited, settings: ReviewSettings(accepted: "other"))
        #expect(made == 3)
    }

    /// The search index takes the chunks whose pages did not change from memory: the same files as a fresh index.
    @Test func theSearchIndexWithItsMemoryEqualsAFreshIndex() throws {
        let folder = try TempFolder()
        func page(_ number: Int, _ text: String) -> SearchPage {
            SearchPage(language: number.isMultiple(of: 2) ? "en" : "zh", chapterTitle: "Chapter \(number)",
                       href: "p\(number).html", sections: [
                           SearchSection(id: "", heading: "Chapter \(number)", text: text),
                           SearchSection(id: "s\(number)", heading: "Part \(number)", text: "delegate 委托 \(number) " + text),
                       ])
        }
        var pages = (0..<60).map { page($0, "words of page \($0), some shared: block notification 通知") }
        let memory = CacheMemory()
        func index(_ memory: CacheMemory?) -> [String: String] {
            let cache = CacheStore(root: folder.path, prunes: false, memory: memory)
            defer { cache.save() }
            return SearchIndex.build(pages: pages, termShardSize: 2048, textShardSize: 1024, chunkBytes: 600,
                                     store: memory == nil ? nil : SearchChunkStore(cache))
        }
        #expect(index(memory) == index(nil))
        pages[17] = page(17, "an edited page with new words: retain cycle 循环引用")
        let reused = memory.hits(.search)
        #expect(index(memory) == index(nil))
        #expect(memory.hits(.search) > reused)
        #expect(index(memory) == index(nil))
        pages.remove(at: 3)
        #expect(index(memory) == index(nil))
        #expect(index(memory)["search/index.js"]?.contains("p17.html") == true)
    }
}
