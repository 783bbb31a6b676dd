import Foundation
@testable import GuideFiles
import GuideModel
import Testing

@Suite struct FileBytesTests {
    @Test func readsWholeFilesAndRefusesWhatItCannot() throws {
        let folder = try TempFolder()
        let big = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(big).write(to: URL(fileURLWithPath: folder.path + "/big"))
        try Data().write(to: URL(fileURLWithPath: folder.path + "/empty"))
        #expect(FileBytes.read(folder.path + "/big") == big)
        #expect(FileBytes.read(folder.path + "/empty") == [])
        #expect(FileBytes.read(folder.path + "/missing") == nil)
        #expect(FileBytes.read(folder.path) == nil)   // a folder
        // A file that grew after its size was taken is read to its end.
        #expect(FileBytes.read(folder.path + "/big", expected: 10) == big)
        #expect(FileBytes.read(folder.path + "/big", expected: 0) == big)
        // More than the limit: nil, however the size was known.
        #expect(FileBytes.read(folder.path + "/big", limit: 199_999) == nil)
        #expect(FileBytes.read(folder.path + "/big", expected: 10, limit: 100_000) == nil)
        #expect(FileBytes.read(folder.path + "/big", limit: 200_000) == big)
    }
}

/// The previous site is removed whole, its links removed and never followed.
@Suite struct FolderRemovalTests {
    @Test func removesEverythingAndFollowsNoLink() throws {
        let folder = try TempFolder()
        try folder.write("outside/keep.txt", "mine")
        for page in ["index.html", "en/a.html", "en/deep/b.html", "search/d0.js", "zh/c.html"] {
            try folder.write("site/" + page, "page")
        }
        symlink(folder.path + "/outside", folder.path + "/site/en/link-to-folder")
        symlink(folder.path + "/outside/keep.txt", folder.path + "/site/link-to-file")
        symlink(folder.path + "/nowhere", folder.path + "/site/zh/broken")
        #expect(FolderRemoval.remove(folder.path + "/site"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/site"))
        #expect(try folder.read("outside/keep.txt") == "mine")
        #expect(FolderRemoval.remove(folder.path + "/site"))   // nothing there: nothing left
        // A link in the folder's own place is removed, not what it leads to.
        symlink(folder.path + "/outside", folder.path + "/site")
        #expect(FolderRemoval.remove(folder.path + "/site"))
        #expect(try folder.read("outside/keep.txt") == "mine")
    }
}
