import Foundation
import Testing

/// The review's bilingual dictionary named as something other than a file, on the real binary: a
/// FIFO made every command that reads the dictionary wait for a writer forever, and a device was
/// read to its end (`/dev/zero` has none). Now only a regular file of at most 64 MiB is read.
@Suite struct DictionaryFileTests {
    @Test func aFIFOOrADeviceIsRefusedAtOnce() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        #expect(mkfifo(folder.path + "/content/words.fifo", 0o644) == 0)

        // Named on the command line, and by guide.yml (from the content folder).
        let named: [(arguments: [String], shown: String, kind: String)] = [
            (["review", "--no-check", "--dictionary", "content/words.fifo"], "content/words.fifo", "a FIFO"),
            (["align", "--sentences", "--dictionary", "content/words.fifo", "content/en/second.md", "content/zh/second.md"],
             "content/words.fifo", "a FIFO"),
            (["review", "--no-check", "--dictionary", "/dev/null"], "/dev/null", "a character device"),
        ]
        for (arguments, shown, kind) in named {
            let result = try runGuide(arguments, in: folder.path, timeout: 60)
            #expect(!result.timedOut, "\(arguments) waited for a writer")
            #expect(result.status == 1)
            #expect(result.stderr.contains("\(shown): error: the dictionary is \(kind), not a regular file"), "\(result.stderr)")
        }
        try folder.write("content/guide.yml", try folder.read("content/guide.yml") + "\nreview:\n  dictionary: words.fifo\n")
        for command in [["review", "--no-check"], ["export", "tmx", "-o", "book.tmx"]] {
            let result = try runGuide(command, in: folder.path, timeout: 60)
            #expect(!result.timedOut, "\(command) waited for a writer")
            #expect(result.status == 1)
            #expect(result.stderr.contains("words.fifo: error: the dictionary is a FIFO, not a regular file"), "\(command): \(result.stderr)")
        }
    }

    @Test func aDictionaryOverItsBoundIsRefusedBeforeItIsRead() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        // 65 MiB of nothing, on disk as a hole: a file as large as that is no dictionary.
        let path = folder.path + "/large.u8"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("# CC-CEDICT\n".utf8)))
        #expect(truncate(path, 65 * 1024 * 1024) == 0)
        let result = try runGuide(["review", "--no-check", "--dictionary", "large.u8"], in: folder.path, timeout: 60)
        #expect(result.status == 1)
        #expect(result.stderr.contains("large.u8: error: the dictionary is 65 MiB; guide reads the dictionary up to 64 MiB"),
                "\(result.stderr)")
    }
}
