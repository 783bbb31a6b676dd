import Foundation
import GuideModel
import GuideRender
import Testing

@Suite struct SiteWriterTests {
    @Test func replacesTheOutputWhole() throws {
        let folder = try TempFolder()
        let output = folder.path + "/site"
        try SiteWriter(output: output).write(Site(files: ["index.html": Array("one".utf8), "old.html": []]), assets: [])
        try SiteWriter(output: output).write(Site(files: ["index.html": Array("two".utf8)]), assets: [])
        #expect(try folder.read("site/index.html") == "two")
        #expect(!folder.exists("site/old.html"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "site" }
        #expect(leftovers.isEmpty)
    }

    @Test func aFailedWriteLeavesThePreviousSite() throws {
        let folder = try TempFolder()
        let output = folder.path + "/site"
        try SiteWriter(output: output).write(Site(files: ["index.html": Array("one".utf8)]), assets: [])
        #expect(throws: GuideError.self) {
            try SiteWriter(output: output).write(Site(files: ["index.html": Array("two".utf8)]),
                                                 assets: [(from: folder.path + "/missing.png", to: "a.png")])
        }
        #expect(try folder.read("site/index.html") == "one")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "site" }
        #expect(leftovers.isEmpty)
    }

    @Test func refusesToReplaceFoldersThatAreNotSites() throws {
        let folder = try TempFolder()
        try folder.write("notes/todo.txt", "keep me")
        #expect(throws: GuideError.self) {
            try OutputGuard.check(output: folder.path + "/notes", keeping: [])
        }
        try writeSmallBook(in: folder)
        #expect(throws: GuideError.self) {
            try OutputGuard.check(output: folder.path, keeping: [folder.path + "/content"])
        }
        try OutputGuard.check(output: folder.path + "/new-site", keeping: [folder.path + "/content"])
    }
}
