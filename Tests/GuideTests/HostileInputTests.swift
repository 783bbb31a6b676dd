import Foundation
import GuideCheck
import GuideModel
import Testing

/// The second round of hostile and careless input (#51), each probe on the real binary: links
/// in the cache, damaged generated headers, control characters in file names, YAML that
/// expands without end, numbers without bounds, templates that include themselves, and
/// `fix-spacing` named a link that leads out.
@Suite struct HostileInputTests {
    /// Every file under `content/`, with its bytes.
    func snapshot(_ folder: TempFolder) -> [String: Data] {
        var files: [String: Data] = [:]
        let root = folder.path + "/content"
        for case let path as String in FileManager.default.enumerator(atPath: root)?.allObjects ?? [] {
            if let data = FileManager.default.contents(atPath: root + "/" + path) { files[path] = data }
        }
        return files
    }

    func link(_ folder: TempFolder, _ path: String, to target: String) throws {
        let full = folder.path + "/" + path
        try? FileManager.default.removeItem(atPath: full)
        try FileManager.default.createDirectory(atPath: PathText.parent(full), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: target)
    }

    /// A link anywhere guide keeps its own cache entries: the run refuses it before it reads,
    /// writes or prunes anything, and the book is whole afterwards (a link at check/pch once
    /// made `guide check` delete every chapter as stale cache files, and report success).
    @Test(arguments: [
        ("check/pch", "../../content"), ("check/sdk", "../../content/en"), ("check", "../content"),
        ("compile-records.pack", "../content/en/intro.md"), ("written", "../content/guide.yml"),
    ])
    func aLinkInTheCacheIsRefusedAndTheBookKept(entry: String, target: String) throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        #expect(try runGuide(["check"], in: folder.path).status == 0)
        let before = snapshot(folder)
        try link(folder, ".guide-cache/" + entry, to: target)
        for command in [["check"], ["build", "--templates", repositoryRoot + "/templates"], ["review"]] {
            let result = try runGuide(command, in: folder.path)
            #expect(result.status != 0, "\(command)")
            #expect(result.stderr.contains(".guide-cache/\(entry): error: refused: a link on this path leads outside"), "\(command): \(result.stderr)")
            #expect(snapshot(folder) == before, "\(command) changed the book through .guide-cache/\(entry)")
        }
    }

    /// `guide check --cache DIR` prunes DIR: a DIR inside the content folder is refused.
    @Test func aCacheFolderInsideTheContentIsRefused() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let before = snapshot(folder)
        let result = try runGuide(["check", "--cache", "content/en"], in: folder.path)
        #expect(result.status != 0)
        #expect(result.stderr.contains("content/en: error: refused: the cache folder is inside the content folder"), "\(result.stderr)")
        #expect(snapshot(folder) == before)
    }

    /// The generated SDK headers and the context header's copy are used only as guide made them:
    /// damaged, or with a header added beside them, they are made again, and the verdicts stay.
    @Test func damagedGeneratedHeadersAreMadeAgain() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/ctx.h", "#import <Foundation/Foundation.h>\n")
        // A snippet that reads the generated headers itself (the precompiled context holds its own copy).
        let snippet = "```objective-c\n#import <Foundation/Foundation.h>\n#import <objc/runtime.h>\n@interface B : NSObject\n@end\n```\n"
        try folder.write("content/en/second.md", "# Second\n\n## End\n\nThe end.\n\n" + snippet)
        try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n完。\n\n" + snippet)
        let config = try folder.read("content/guide.yml")
        try folder.write("content/guide.yml", config + "\ncheck:\n  context: ctx.h\n")
        let first = try runGuide(["check"], in: folder.path)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let cache = folder.path + "/.guide-cache/check"
        let shims = try FileManager.default.contentsOfDirectory(atPath: cache + "/sdk").filter { !$0.hasPrefix(".") }
        let headers = try FileManager.default.contentsOfDirectory(atPath: cache + "/pch").filter { $0.hasSuffix(".h") }
        #expect(shims.count == 1 && headers.count == 1)
        for damage in [
            { try folder.write(".guide-cache/check/sdk/\(shims[0])/objc/runtime.h", "#error damaged runtime\n") },
            { try folder.write(".guide-cache/check/sdk/\(shims[0])/Foundation/Foundation.h", "#error added header\n") },
            { try folder.write(".guide-cache/check/pch/\(headers[0])", "#error damaged context\n") },
        ] as [() throws -> Void] {
            try damage()
            // The verdicts are kept by the chapters' text: without them, every snippet is compiled again.
            for pack in ["check-chapters.pack", "compile-records.pack"] {
                try? FileManager.default.removeItem(atPath: folder.path + "/.guide-cache/" + pack)
            }
            let again = try runGuide(["check"], in: folder.path)
            #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
            #expect(again.stdout.contains("0 fail"), "\(again.stdout)")
            #expect(!(again.stdout + again.stderr).contains("damaged") && !(again.stdout + again.stderr).contains("added header"))
        }
    }

    /// A newline in a chapter's file name (`%0A` in SUMMARY.md) never starts a line of its own
    /// in what `build`, `review` and `check` print: a CI runner obeys a line `::error …` or
    /// `::set-env …` as a command.
    @Test func aNewlineInAFileNameNeverStartsALine() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let forged = "second\n::error file=forged::forged.md"
        for language in ["en", "zh"] {
            let summary = try folder.read("content/\(language)/SUMMARY.md")
            try folder.write("content/\(language)/SUMMARY.md",
                             summary.replacingOccurrences(of: "(second.md)", with: "(second%0A::error%20file=forged::forged.md)"))
            try FileManager.default.moveItem(atPath: folder.path + "/content/\(language)/second.md",
                                             toPath: folder.path + "/content/\(language)/" + forged)
        }
        try folder.write("content/en/intro.md", "# Intro\n\nHello.\n")
        try folder.write("content/zh/intro.md", "# 介绍\n\n你好。\n")
        // A finding in the chapter, and a snippet that fails, so that the name is printed.
        try folder.write("content/en/" + forged, "# Second\n\n## End\n\nSee [nowhere](#nowhere).\n\n```objective-c\nint x = ;\n```\n")
        for command in [["build", "--templates", repositoryRoot + "/templates"], ["review"], ["check"]] {
            let result = try runGuide(command, in: folder.path)
            let lines = (result.stdout + "\n" + result.stderr).split(separator: "\n")
            #expect(!lines.contains { $0.hasPrefix("::") }, "\(command): \(result.stdout)\(result.stderr)")
            #expect((result.stdout + result.stderr).contains("second\\x0A::error"), "\(command): \(result.stdout)\(result.stderr)")
        }
    }

    /// `fix-spacing` named a chapter that is a link leading out of the book rewrites nothing.
    @Test func fixSpacingNamedALinkLeadingOutWritesNothing() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let outside = "中文English混排\n"
        try folder.write("outside/notes.md", outside)
        try link(folder, "content/zh/leak.md", to: "../../outside/notes.md")
        try link(folder, "leak.md", to: "outside/notes.md")
        for named in ["content/zh/leak.md", "leak.md"] {
            let result = try runGuide(["fix-spacing", named], in: folder.path)
            #expect(result.status != 0, "\(named)")
            #expect(result.stderr.contains("\(named): error: refused"), "\(result.stderr)")
            #expect(try folder.read("outside/notes.md") == outside)
        }
        // A plain file named outside the book is still fixed where it is.
        try folder.write("plain.md", outside)
        #expect(try runGuide(["fix-spacing", "plain.md"], in: folder.path).status == 0)
        #expect(try folder.read("plain.md") != outside)
    }

    /// Nested aliases in guide.yml or glossary.yml are counted on the parser's events before
    /// anything expands them: an error at the line where the count passed the bound, at once
    /// (such a file ran past 120 s and 10 GB).
    @Test(arguments: ["guide.yml", "glossary.yml"])
    func yamlAliasesAreCountedBeforeUse(file: String) throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        var lines = file == "guide.yml"
            ? [try folder.read("content/guide.yml"), "review:", "  doubt_markers: &a0 [\"x\"]"]
            : ["keep: &a0 [\"x\"]"]
        for level in 1...40 { lines.append("\(file == "guide.yml" ? "  " : "")x\(level): &a\(level) [*a\(level - 1), *a\(level - 1), *a\(level - 1)]") }
        try folder.write("content/" + file, lines.joined(separator: "\n") + "\n")
        let result = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path, timeout: 20)
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(result.stderr.contains("content/\(file):"), "\(result.stderr)")
        #expect(result.stderr.contains("values once its aliases (*name) are expanded"), "\(result.stderr)")
    }

    /// Every number and list of guide.yml has a bound, and passing it is an error at its line.
    @Test(arguments: [
        ("check:\n  timeout: 1e9\n", "'check.timeout' is"),
        ("review:\n  doubt_markers: [" + Array(repeating: "\"q\"", count: 300).joined(separator: ", ") + "]\n",
         "'review.doubt_markers' lists 300 values"),
        ("check:\n  flags: [\"-D" + String(repeating: "A", count: 5000) + "\"]\n", "a value of 'check.flags' is 5002 bytes long"),
        ("review:\n  doubt_markers: [\"\"]\n", "'review.doubt_markers' holds an empty marker"),
        ("output:\n  base_url: \"https://example.org/\\x01\"\n", "'output.base_url' holds a control character"),
    ])
    func guideYmlValuesAreBounded(addition: String, message: String) throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/guide.yml", try folder.read("content/guide.yml") + "\n" + addition)
        let result = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.range(of: #"content/guide\.yml:\d+"#, options: .regularExpression) != nil, "\(result.stderr)")
    }

    /// `check.jobs` never starts more clang processes than the machine has cores.
    @Test func checkJobsAreCappedByTheCores() {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(CheckOptions.processCount(asked: 100_000) == cores)
        #expect(CheckOptions.processCount(asked: 1) == 1)
    }

    /// A template that includes itself, directly or through another, outside any section is
    /// refused when the templates load, naming it (it crashed `build` with SIGSEGV); one that
    /// includes itself inside a section, as toc-item does, still builds.
    @Test func aTemplateThatIncludesItselfIsRefused() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/templates", toPath: folder.path + "/templates")
        let page = try folder.read("templates/404.mustache")
        for (files, cycle) in [
            (["404.mustache": page + "{{> 404}}"], "404 → 404"),
            (["404.mustache": page + "{{> loop-a}}", "loop-a.mustache": "{{#x}}{{/x}}{{^y}}{{> loop-b}}{{/y}}",
              "loop-b.mustache": "{{> loop-a}}"], "loop-a → loop-b → loop-a"),
        ] {
            for (name, text) in files { try folder.write("templates/" + name, text) }
            let result = try runGuide(["build", "--no-check"], in: folder.path, timeout: 30)
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr.contains("error: template error: \(cycle) includes itself outside any section"), "\(result.stderr)")
            for name in files.keys where name != "404.mustache" { try FileManager.default.removeItem(atPath: folder.path + "/templates/" + name) }
        }
        try folder.write("templates/404.mustache", page + "{{#sections}}{{> loop-c}}{{/sections}}")
        try folder.write("templates/loop-c.mustache", "{{#children}}{{> loop-c}}{{/children}}")
        let inSection = try runGuide(["build", "--no-check"], in: folder.path)
        #expect(inSection.status == 0, "\(inSection.stderr)")
    }

    /// A chapter and an asset swapped again and again, while guide builds, between themselves
    /// and links to files outside the book: whichever each build sees, no outside text reaches
    /// the site and no link is placed in it (before each file was opened once and used through
    /// what was opened, the outside text was published in about one build of four).
    @Test func filesSwappedForLinksDuringBuildsLeakNothing() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let secret = "OUTSIDE-SECRET-7781"
        try folder.write("outside/chapter.md", "# Second\n\n## End\n\n\(secret)\n")
        try folder.write("outside/x.png", secret)
        try folder.write("content/en/images/x.png", "PNG")
        try folder.write("content/en/second.md", "# Second\n\n## End\n\nThe end. ![x](images/x.png)\n")
        let swaps = [("content/en/second.md", "# Second\n\n## End\n\nThe end. ![x](images/x.png)\n", folder.path + "/outside/chapter.md"),
                     ("content/en/images/x.png", "PNG", folder.path + "/outside/x.png")]
        let stop = Locked(false), root = folder.path
        let swapper = Thread {
            var round = 0
            while !stop.withLock({ $0 }) {
                for (path, text, outside) in swaps {
                    let target = root + "/" + path, staged = PathText.parent(target) + "/.swap"
                    if round % 2 == 0 {
                        try? FileManager.default.createSymbolicLink(atPath: staged, withDestinationPath: outside)
                    } else {
                        try? Data(text.utf8).write(to: URL(fileURLWithPath: staged))
                    }
                    rename(staged, target)
                }
                round += 1
                usleep(3_000)
            }
        }
        swapper.start()
        defer { stop.withLock { $0 = true } }
        func expectNothingLeaked() {
            guard folder.exists("site") else { return }
            for case let path as String in FileManager.default.enumerator(atPath: folder.path + "/site")?.allObjects ?? [] {
                let full = folder.path + "/site/" + path
                #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) == nil, "a link in the site: \(path)")
                if let data = FileManager.default.contents(atPath: full) {
                    #expect(!String(decoding: data, as: UTF8.self).contains(secret), "the outside text in site/\(path)")
                }
            }
        }
        for _ in 0..<40 {
            _ = try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path)
            expectNothingLeaked()
        }
        // The swaps stopped and the files put back: the book builds again, with its own bytes.
        stop.withLock { $0 = true }
        while !swapper.isFinished { usleep(1_000) }
        for (path, text, _) in swaps {
            try? FileManager.default.removeItem(atPath: folder.path + "/" + path)
            try folder.write(path, text)
        }
        #expect(try runGuide(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder.path).status == 0)
        expectNothingLeaked()
        #expect(try folder.read("site/en/images/x.png") == "PNG")
    }

    /// Many tiny chapters: memory goes with the pages' bytes, not with fixed costs per page or
    /// per run of pages. 5,000 chapter pairs (15,000 files) peaked at 172 MiB with a search
    /// chunk's term table made for 4,096 terms and a page's spare capacity kept (50,000 pairs:
    /// 1.41 GiB); 126 MiB now (50,000 pairs: 943 MiB).
    @Test func manyTinyChaptersCostTheirBytes() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        var summaries = ["en": "# Summary\n\n", "zh": "# 目录\n\n"]
        // Under a sanitizer (where memory is not bounded) fewer, enough to span many of the
        // folder's readdir buffers: 5,000 instrumented kept a core busy for minutes.
        for index in 0..<(underSanitizer ? 2_000 : 5_000) {
            try folder.write("content/en/c\(index).md", "# C\(index)\n\nHello \(index).\n")
            try folder.write("content/zh/c\(index).md", "# 章\(index)\n\n你好\(index)。\n")
            summaries["en"]! += "* [C\(index)](c\(index).md)\n"
            summaries["zh"]! += "* [章\(index)](c\(index).md)\n"
        }
        for (language, summary) in summaries { try folder.write("content/\(language)/SUMMARY.md", summary) }
        let run = try runGuideMeasured(["build", "--no-check", "--templates", repositoryRoot + "/templates"], in: folder)
        #expect(run.status == 0, "\(run.text.prefix(2000))")
        #expect(underSanitizer || run.peakKiB < 150 * 1024, "peak \(run.peakKiB) KiB")
    }
}
