import Foundation
import GuideFiles
import GuideMerge
import GuideModel
@testable import GuidePipeline
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
        #expect(memory.hits(.dictionary) == 0)
        let again = try Stages.dictionary(at: folder.path + "/words.u8", cache: cache)
        #expect(memory.hits(.dictionary) == 1 && again.key == first.key)
        try folder.write("words.u8", "團隊 团队 [tuan2 dui4] /team/\n隊 队 [dui4] /squad/\n")
        let changed = try Stages.dictionary(at: folder.path + "/words.u8", cache: cache)
        #expect(memory.hits(.dictionary) == 1 && changed.key != first.key)
        // Nothing of it is stored on disk.
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/.guide-cache/dictionary.pack"))
        // A bad file is still an error naming its line, through the memory too.
        try folder.write("bad.u8", "team 团队\n")
        #expect(throws: GuideError.self) { try Stages.dictionary(at: folder.path + "/bad.u8", cache: cache) }
    }
}
