import Foundation
import GuideFiles
import GuideModel
import GuideRender
@testable import GuideWrite
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

    /// The site folder is flagged so that its folders go to block groups nothing was just
    /// deleted from (`FolderPlacement`, where the file system has the flag: ext4 here); the
    /// folders made under names of the build's own end under their own names, nothing else left.
    @Test func theSitesFoldersAreSpreadAndNamedAsTheirPages() throws {
        let folder = try TempFolder()
        let output = folder.path + "/site"
        let files = ["index.html": "i", "en/a.html": "a", "zh/a.html": "b", "search/deep/t0.js": "t"]
        try SiteWriter(output: output).write(Site(files: files.mapValues { Array($0.utf8) }), assets: [])
        for (path, text) in files { #expect(try folder.read("site/" + path) == text) }
        let top = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        #expect(top == [".guide-site", "en", "index.html", "search", "zh"])
        // The flag is set where the file system keeps it (a probe folder says whether it does).
        try FileManager.default.createDirectory(atPath: folder.path + "/probe", withIntermediateDirectories: false)
        if FolderPlacement.spreadSubfolders(of: folder.path + "/probe") {
            #expect(FolderPlacement.spreadsSubfolders(output))
            #expect(!FolderPlacement.spreadsSubfolders(output + "/en"))   // not inherited: only the top is spread
        }
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
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0 != "site" && $0 != "cache" && $0 != ".site.guide-previous" }
        #expect(leftovers.isEmpty)
    }

    /// With a manifest, the site a write replaces is kept beside it as the previous site, and
    /// the next write updates that folder into the new site (relinking or writing only what
    /// differs) and exchanges the two: the files both have are one inode, nothing is removed.
    @Test func thePreviousSiteIsUpdatedIntoTheNext() throws {
        let folder = try TempFolder()
        let output = folder.path + "/site", manifest = folder.path + "/cache/written"
        let previous = folder.path + "/.site.guide-previous"
        func inode(_ path: String) throws -> UInt64 {
            (try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        }
        func write(_ files: [String: String]) throws {
            try SiteWriter(output: output, manifest: manifest).write(Site(files: files.mapValues { Array($0.utf8) }), assets: [])
        }
        let one = ["a.html": "a", "b.html": "b1", "old/x.html": "x", "c/d.html": "d"]
        try write(one)
        #expect(!folder.exists(".site.guide-previous"))   // nothing was replaced
        var two = one
        two["b.html"] = "b2"
        try write(two)
        #expect(try folder.read(".site.guide-previous/b.html") == "b1")
        #expect(try inode(previous + "/a.html") == inode(output + "/a.html"))
        let published = try inode(output + "/a.html"), d = try inode(output + "/c/d.html")
        var three = two
        three["b.html"] = "b3"
        three["old/x.html"] = nil
        three["new/y.html"] = "y"
        try write(three)
        for (path, text) in three { #expect(try folder.read("site/" + path) == text) }
        #expect(!folder.exists("site/old/x.html") && !folder.exists("site/old"))
        #expect(try inode(output + "/a.html") == published && inode(output + "/c/d.html") == d)
        // The previous site is now the second one, whole.
        for (path, text) in two { #expect(try folder.read(".site.guide-previous/" + path) == text) }
        #expect(try inode(previous + "/b.html") != inode(output + "/b.html"))
        #expect(folder.exists(".site.guide-previous/.guide-site"))
        let strays = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(strays == [".site.guide-previous", "cache", "site"])
        // A write that changes most files keeps no previous site (the two would share few
        // files) and removes the one there was; the next, of few changes, keeps one again.
        try write(["other/1.html": "1", "other/2.html": "2"])
        #expect(!folder.exists(".site.guide-previous"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["cache", "site"])
        try write(["other/1.html": "1", "other/2.html": "2b"])
        #expect(try folder.read(".site.guide-previous/other/2.html") == "2")
        #expect(try folder.read("site/other/2.html") == "2b")
    }

    /// A previous site is mended, whatever was done to it: a link where a page goes is replaced,
    /// not followed; a folder where a page goes, a page of no site, and a page edited in place
    /// (the published site's too: one inode) are all set right. A folder of that name that
    /// guide did not write is never touched.
    @Test func aPreviousSiteIsMendedAndAForeignOneLeftAlone() throws {
        let folder = try TempFolder()
        let output = folder.path + "/site", manifest = folder.path + "/cache/written"
        func write(_ files: [String: String]) throws {
            try SiteWriter(output: output, manifest: manifest).write(Site(files: files.mapValues { Array($0.utf8) }), assets: [])
        }
        let site = ["a.html": "a", "b.html": "b", "c/d.html": "d"]
        try write(site)
        try write(site)
        try folder.write("outside.txt", "not guide's")
        let previous = folder.path + "/.site.guide-previous"
        try FileManager.default.removeItem(atPath: previous + "/a.html")
        try FileManager.default.createSymbolicLink(atPath: previous + "/a.html", withDestinationPath: folder.path + "/outside.txt")
        try FileManager.default.removeItem(atPath: previous + "/c/d.html")
        try folder.write(".site.guide-previous/c/d.html/inner.txt", "a folder where a page goes")
        try folder.write(".site.guide-previous/stray.html", "of no site")
        var edited = site
        edited["b.html"] = "b2"
        try write(edited)
        for (path, text) in edited { #expect(try folder.read("site/" + path) == text) }
        #expect(!folder.exists("site/stray.html"))
        #expect(try folder.read("outside.txt") == "not guide's")
        // A folder guide did not write, under the previous site's name: left as it is.
        let other = try TempFolder()
        try other.write(".site.guide-previous/mine.txt", "mine")
        let otherOutput = other.path + "/site", otherManifest = other.path + "/cache/written"
        for text in ["one", "two", "three"] {
            try SiteWriter(output: otherOutput, manifest: otherManifest).write(Site(files: ["a.html": Array(text.utf8)]), assets: [])
            #expect(try other.read("site/a.html") == text)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: other.path + "/.site.guide-previous") == ["mine.txt"])
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
    /// Kills rebuilds (after a one-chapter edit, the kind of build whose stages were measured)
    /// in the middle of each stage, as a measured rebuild timed them, counting from the moment the
    /// stage before ended (read live from what the build prints), and reads what each killed run
    /// printed (`--timings` prints each stage as it ends) to know where it stopped: a kill that
    /// landed elsewhere is moved and tried again. Wherever it stopped, the site is the previous
    /// one or the whole new one; and kills did land while pages were rendered and while the site
    /// was written and swapped.
    @Test func killingABuildPartWayLeavesThePreviousSite() async throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        // A book big enough that every stage takes a while.
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
        let arguments = ["build", "--no-check", "--timings", "--templates", repositoryRoot + "/templates"]
        #expect(try runGuide(arguments, in: folder.path).status == 0)
        var edits = 0
        func edit() throws {
            edits += 1
            try folder.write("content/en/c0.md", "# Changed \(edits)\n\nThe next build changes the site.\n")
        }

        // The moments: one whole rebuild of that kind, stage by stage (the time before the first
        // stage ends, process start included, counts as the first stage's).
        try edit()
        let start = Date()
        let measured = try runGuide(arguments, in: folder.path)
        let wall = Date().timeIntervalSince(start)
        #expect(measured.status == 0)
        var stages = stagesEnded(measured.stdout)
        #expect(stages.map(\.stage) == ["load and parse", "align and review", "render pages and search index",
                                         "check links", "write and swap"])
        let startup = max(0, wall - stages.reduce(0) { $0 + $1.seconds })
        stages[0].seconds += startup

        var landed: Set<String> = []
        for (index, target) in stages.enumerated() {
            // Timed from the end of the stage before (read live from what the build prints), or
            // for the first stage from the start: half way into the target stage.
            let previous = index > 0 ? stages[index - 1].stage : nil
            var delay = target.seconds / 2
            // Moved toward the stage it was meant for: by a step, then halving between a kill that
            // came too early and one that came too late (a loaded machine moves the moments).
            var early: Double?, late: Double?
            for _ in 0..<12 where !landed.contains(target.stage) {
                try edit()
                let before = try snapshot(folder.path + "/site")
                let milliseconds = max(index > 0 ? 0 : 1, Int(delay * 1000))
                let said: String
                if let previous {
                    said = try runGuideKilledSaying(arguments, in: folder.path, after: milliseconds, following: previous)
                } else {
                    said = try await runGuideKilledSaying(arguments, in: folder.path, after: milliseconds)
                }
                let ended = stagesEnded(said).map(\.stage)
                let finished = said.contains("built ")
                let stoppedIn = finished ? "after the build" : stages.map(\.stage).first { !ended.contains($0) } ?? "?"
                landed.insert(stoppedIn)
                let after = try snapshot(folder.path + "/site")
                let isNew = after["en/c0.html"].map { String(decoding: $0, as: UTF8.self).contains("Changed \(edits)") } == true
                    && after.count == before.count
                #expect(after == before || isNew, "site/ is half-written after a kill in \(stoppedIn) (\(milliseconds) ms)")
                let stoppedAt = stages.firstIndex { $0.stage == stoppedIn } ?? stages.count
                let step = max(0.001, target.seconds / 2)
                if stoppedAt < index { early = delay } else if stoppedAt > index { late = delay }
                if let early, let late { delay = (early + late) / 2 }
                else if stoppedAt < index { delay += step }
                else if stoppedAt > index { delay = max(0, delay - step) }
            }
        }
        #expect(landed.contains("render pages and search index"), "no kill landed while pages rendered: \(landed)")
        #expect(landed.contains("write and swap"), "no kill landed while the site was written: \(landed)")
        #expect(try runGuide(arguments, in: folder.path).status == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("guide-tmp") || $0.contains("guide-old") }
        #expect(leftovers.isEmpty)
    }
}
