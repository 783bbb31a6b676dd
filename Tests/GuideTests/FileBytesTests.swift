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
