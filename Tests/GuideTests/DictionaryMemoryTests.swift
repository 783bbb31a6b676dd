import Foundation
import GuideFiles
import GuideMerge
import GuideModel
@testable import GuidePipeline
import Synchronization
import Testing

/// `guide serve` keeps the parsed sentence dictionary between rebuilds (`CacheStage.dictionary`,
/// in memory only): the same bytes are not parsed again, other bytes are.
@Suite struct DictionaryMemoryTests {
    @Test func serveParsesTheDictionaryOnceWhileItsBytesStay() throws {
        let folder = try TempFolder()
        try folder.write("words.u8", "團隊 团队 [tuan2 dui4] /team/\n")
        let memory = CacheMemory()
        let cache = CacheStore(root: folder.path + "/.guide-cache", memory: memory)
        let first = try Stages.dictionary(at: folder.path + "/words.u8", cache: cache)
        _ = try first.entries()
        #expect(memory.hits(.dictionary) == 0)
        let again = try Stages.dictionary(at: folder.path + "/words.u8", cache: cache)
        _ = try again.entries()
        #expect(memory.hits(.dictionary) == 1 && again.key == first.key)
        try folder.write("words.u8", "團隊 团队 [tuan2 dui4] /team/\n隊 队 [dui4] /squad/\n")
        let changed = try Stages.dictionary(at: folder.path + "/words.u8", cache: cache)
        _ = try changed.entries()
        #expect(memory.hits(.dictionary) == 1 && changed.key != first.key)
        // Nothing of it is stored on disk.
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/.guide-cache/dictionary.pack"))
        // A bad file is still an error naming its line, through the memory too, once it is read;
        // a file that cannot be read at once.
        try folder.write("bad.u8", "team 团队\n")
        let bad = try Stages.dictionary(at: folder.path + "/bad.u8", cache: cache)
        #expect(throws: GuideError.self) { try bad.entries() }
        #expect(throws: GuideError.self) { try Stages.dictionary(at: folder.path + "/absent.u8", cache: cache) }
    }

    /// Reviews read back from the cache need no entries: a warm review of a book parses the
    /// dictionary not at all, a cold one once however many chapters it reviews; a review made
    /// while the parse fails throws, and leaves nothing in the cache.
    @Test func reviewsParseTheDictionaryOnlyWhenTheyAreMade() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        for index in 0..<6 {
            try folder.write("content/en/c\(index).md", "# C\(index)\n\nThe team keeps it. It works.\n")
            try folder.write("content/zh/c\(index).md", "# 第\(index)章\n\n团队保留它。\n")
        }
        try folder.write("content/en/SUMMARY.md", "# Summary\n\n" + (0..<6).map { "* [C\($0)](c\($0).md)\n" }.joined())
        try folder.write("content/zh/SUMMARY.md", "# 目录\n\n" + (0..<6).map { "* [第\($0)章](c\($0).md)\n" }.joined())
        let book = try Workspace(content: folder.path + "/content").loadBook()
        let parses = Mutex(0)
        let words = { (text: String) in
            ReviewDictionary(key: "words") {
                parses.withLock { $0 += 1 }
                return try SentenceDictionary(cedict: text)
            }
        }
        let cache = CacheStore(root: folder.path + "/.guide-cache")
        let cold = try Stages.reviews(book, cache: cache, dictionary: words("團隊 团队 [tuan2 dui4] /team/\n"))
        #expect(parses.withLock { $0 } == 1)
        let warm = try Stages.reviews(book, cache: cache, dictionary: words("團隊 团队 [tuan2 dui4] /team/\n"))
        #expect(parses.withLock { $0 } == 1)
        #expect(warm.map(\.beads.count) == cold.map(\.beads.count) && warm.count >= 6)
        // Another dictionary (another key), whose parse fails: an error, and no review kept for it.
        let broken = { ReviewDictionary(key: "broken") { throw GuideError("not a dictionary", file: "words.u8", line: 1) } }
        #expect(throws: GuideError.self) { try Stages.reviews(book, cache: cache, dictionary: broken()) }
        #expect(throws: GuideError.self) { try Stages.reviews(book, cache: cache, dictionary: broken()) }
    }
}
