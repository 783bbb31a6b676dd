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

    /// With a manifest of the last write, a file with the same bytes that nobody touched is
    /// hard-linked from the current site (same inode); anything else is written.
    @Test func unchangedFilesAreLinkedNotWritten() throws {
        let folder = try TempFolder()
        let output = folder.path + "/site", manifest = folder.path + "/cache/written"
        func inode(_ path: String) throws -> UInt64 {
            (try FileManager.default.attributesOfItem(atPath: output + "/" + path)[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        }
        func write(_ files: [String: String]) throws {
            try SiteWriter(output: output, manifest: manifest).write(Site(files: files.mapValues { Array($0.utf8) }), assets: [])
        }
        try write(["a.html": "same", "b.html": "old", "c/d.html": "kept", "e.html": "edited by hand"])
        let a = try inode("a.html"), b = try inode("b.html"), d = try inode("c/d.html"), e = try inode("e.html")
        // Edited in place by someone else, same size: must be written again, not linked.
        try folder.write("site/e.html", "EDITED BY HAND")
        try write(["a.html": "same", "b.html": "new", "c/d.html": "kept", "e.html": "edited by hand"])
        #expect(try inode("a.html") == a && inode("c/d.html") == d)
        #expect(try inode("b.html") != b && inode("e.html") != e)
        #expect(try folder.read("site/b.html") == "new")
        #expect(try folder.read("site/e.html") == "edited by hand")
        // A damaged manifest: every file is written, and the site is still right.
        try folder.write("cache/written", "guide-written-1\nnot a manifest\n")
        try write(["a.html": "same", "b.html": "new", "c/d.html": "kept", "e.html": "edited by hand"])
        #expect(try inode("a.html") != a)
        #expect(try folder.read("site/a.html") == "same" && folder.read("site/c/d.html") == "kept")
        // And the manifest it wrote lets the next write link again.
        let relinked = try inode("a.html")
        try write(["a.html": "same"])
        #expect(try inode("a.html") == relinked)
        #expect(!folder.exists("site/b.html"))
    }

    /// A kept file (not read by the build) is the current site's file, checked again before it
    /// is linked: changed since the build looked, the write fails and the site stays as it is.
    @Test func aKeptFileIsLinkedOnlyWhileUnchanged() throws {
        let folder = try TempFolder()
        let output = folder.path + "/site", manifest = folder.path + "/cache/written"
        var site = Site(files: ["a.html": Array("one".utf8)])
        site.tags["a.html"] = "page:x"
        try SiteWriter(output: output, manifest: manifest).write(site, assets: [])
        var kept = Site()
        kept.kept["a.html"] = "page:x"
        try SiteWriter(output: output, manifest: manifest).write(kept, assets: [])
        #expect(try folder.read("site/a.html") == "one")
        try folder.write("site/a.html", "changed by hand")
        #expect(throws: GuideError.self) { try SiteWriter(output: output, manifest: manifest).write(kept, assets: []) }
        #expect(try folder.read("site/a.html") == "changed by hand")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "site" && $0 != "cache" }
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

@Suite struct InterruptedBuildTests {
    /// Kills `guide build` at different moments: the previous site is always intact,
    /// and the next build clears what the killed one left behind.
    @Test func killingABuildPartWayLeavesThePreviousSite() async throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        // A book big enough that a build takes a while.
        var summary = "# Summary\n\n"
        var summaryZh = "# 目录\n\n"
        let chapter = try folder.read("content/en/intro.md"), chapterZh = try folder.read("content/zh/intro.md")
        for index in 0..<150 {
            summary += "* [Chapter \(index)](c\(index).md)\n"
            summaryZh += "* [第 \(index) 章](c\(index).md)\n"
            try folder.write("content/en/c\(index).md", chapter)
            try folder.write("content/zh/c\(index).md", chapterZh)
        }
        try folder.write("content/en/SUMMARY.md", summary + "* [Second](second.md)\n")
        try folder.write("content/zh/SUMMARY.md", summaryZh + "* [第二章](second.md)\n")
        let arguments = ["build", "--no-check", "--templates", repositoryRoot + "/templates"]
        let start = Date()
        #expect(try runGuide(arguments, in: folder.path).status == 0)
        let buildTime = Date().timeIntervalSince(start)
        let before = try snapshot(folder.path + "/site")
        try folder.write("content/en/c0.md", "# Changed\n\nThe next build would change the site.\n")

        // Kill early (loading), midway (rendering) and late (writing, swapping).
        for fraction in [0.1, 0.5, 0.8, 0.9, 0.97] {
            let delay = Int(buildTime * fraction * 1000)
            try await runGuideKilled(arguments, in: folder.path, after: delay)
            let after = try snapshot(folder.path + "/site")
            // Either the kill came before the swap (old site) or after it (the complete new one).
            let complete = after == before || after["en/c0.html"].map { String(decoding: $0, as: UTF8.self).contains("Changed") } == true
                && after.count == before.count
            #expect(complete, "site/ is half-written after a kill at \(delay) ms")
        }
        #expect(try runGuide(arguments, in: folder.path).status == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("guide-tmp") || $0.contains("guide-old") }
        #expect(leftovers.isEmpty)
    }
}
