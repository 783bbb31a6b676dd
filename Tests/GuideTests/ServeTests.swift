import Foundation
import GuideModel
@testable import GuidePipeline
import GuideRender
@testable import GuideServe
import Testing

@Suite struct ServeTests {
    /// `guide serve` becomes `guide-serve`, the executable beside guide (so that other commands
    /// do not load its HTTP library); without it, a message that says what to build, and exit 1.
    /// Its options are still guide's: their errors come before.
    @Test func serveWithoutItsExecutableSaysWhatToBuild() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let alone = folder.path + "/bin/guide"
        try FileManager.default.createDirectory(atPath: folder.path + "/bin", withIntermediateDirectories: true)
        // A hard link, not a copy: a copy just written can be "busy" at exec while another test's
        // child, forked meanwhile, still holds the writing descriptor (ETXTBSY). A copy only
        // where the temporary folder is on another file system.
        if link(guideBinary(), alone) != 0 {
            try FileManager.default.copyItem(atPath: guideBinary(), toPath: alone)
        }
        let result = try runGuide(["serve", "--no-check", "--port", "0"], in: folder.path, timeout: 20, executable: alone)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("guide-serve") && result.stderr.contains("swift build -c release"), "\(result.stderr)")
        let wrong = try runGuide(["serve", "--port", "http"], in: folder.path, timeout: 20, executable: alone)
        #expect(wrong.status != 0 && wrong.stderr.contains("--port"), "\(wrong.stderr)")
    }

    /// Media types by extension; one-letter names (which crashed Foundation's path methods) too.
    @Test func mediaTypes() {
        #expect(MediaType.of("en/a.html") == "text/html; charset=utf-8")
        #expect(MediaType.of("x/A.PNG") == "image/png")
        #expect(MediaType.of("a") == "application/octet-stream")
        #expect(MediaType.of("x/a") == "application/octet-stream")
        #expect(MediaType.of("x.y/a") == "application/octet-stream")
        #expect(MediaType.of(".css") == "application/octet-stream")
    }

    @Test func requestPathsNeverLeaveTheSite() {
        #expect(SitePath.resolve("/") == "index.html")
        #expect(SitePath.resolve("/en/intro.html?x=1") == "en/intro.html")
        #expect(SitePath.resolve("/en/") == "en/index.html")
        #expect(SitePath.resolve("/%E4%B8%AD.html") == "中.html")
        #expect(SitePath.resolve("/../etc/passwd") == nil)
        #expect(SitePath.resolve("/en/%2e%2e/%2e%2e/etc/passwd") == nil)
        #expect(SitePath.resolve("/a%00b") == nil)
        #expect(SitePath.resolve("/a\\..\\b") == nil)
    }

    @Test func liveReloadAddsScriptAndEscapedError() {
        let html = LiveReload.inject(into: "<html><body><p>x</p></body></html>", error: "a.md:1: error: <bad>", version: 7)
        #expect(html.contains("var v=7"))
        #expect(html.contains("a.md:1: error: &lt;bad&gt;"))
        #expect(html.hasSuffix("</script></body></html>"))
    }

    /// A rebuild runs off the state's actor: while one is under way (held here until released),
    /// requests are answered at once from the last snapshot; its outcome then replaces the
    /// snapshot whole, pages, error and version together.
    @Test(.timeLimit(.minutes(1))) func requestsNeverWaitForARebuildNorSeeHalfOfOne() async throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let builder = SiteBuilder(content: folder.path + "/content", templates: repositoryRoot + "/templates",
                                  output: folder.path + "/site", checkSnippets: false)
        let built = try builder.render()
        let state = PreviewState(content: folder.path + "/content")
        await state.rebuild(log: { _ in }) { built }
        #expect(await state.snapshot.version == 1)

        let release = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let failing = Task {
            await state.rebuild(log: { _ in }) {
                started.signal()
                release.wait()
                throw GuideError("a.md: the rebuild failed")
            }
        }
        await withCheckedContinuation { done in DispatchQueue.global().async { started.wait(); done.resume() } }
        // The rebuild is blocked: the state still answers (a request reads this), from the last snapshot.
        let snapshot = await state.snapshot
        #expect(snapshot.version == 1 && snapshot.error == nil && snapshot.rendered?.site.files["index.html"] != nil)
        release.signal()
        _ = await failing.result
        let after = await state.snapshot
        // The failed rebuild's snapshot: the last good pages with its error, one version on.
        #expect(after.version == 2)
        #expect(after.error?.contains("the rebuild failed") == true)
        #expect(after.rendered?.fileCount == built.fileCount)
    }

    /// Starts the real `guide serve`, fetches a page, edits the content and sees the change served.
    @Test(.timeLimit(.minutes(1))) func servesAndRebuildsOnChange() async throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let server = try RunningServer(in: folder)
        defer { server.stop() }
        let base = try await server.address()
        let (page, status) = try await fetch(base + "en/intro.html")
        #expect(status == 200)
        #expect(page.contains("Hello <strong>world</strong>"))
        let (_, missing) = try await fetch(base + "no/such/page.html")
        #expect(missing == 404)
        let (_, escape) = try await fetch(base + "%2e%2e/%2e%2e/etc/passwd")
        #expect(escape == 404)

        try folder.write("content/en/intro.md", "# Intro\n\nHello **changed**.\n\n## Blocks\n\nSee [next](second.md#end).\n")
        var changed = false
        for _ in 0..<50 where !changed {
            try await Task.sleep(for: .milliseconds(200))
            changed = try await fetch(base + "en/intro.html").0.contains("Hello <strong>changed</strong>")
        }
        #expect(changed)

        // A broken rebuild keeps serving the last good build, with the error on the page.
        try folder.write("content/en/intro.md", "# Intro\n\n![x](images/none.png)\n")
        var showsError = false
        for _ in 0..<50 where !showsError {
            try await Task.sleep(for: .milliseconds(200))
            let (text, status) = try await fetch(base + "en/intro.html")
            showsError = status == 200 && text.contains("guide-build-error") && text.contains("images/none.png")
                && text.contains("Hello <strong>changed</strong>")
        }
        #expect(showsError)
    }

    /// `guide serve` answers from the build it made, never from the book's folders at request
    /// time: an asset, and a file copied from the templates, each replaced while it serves by a
    /// link to a file outside the book, are refused by the rebuild, and their URLs keep the last
    /// good build's bytes (the asset's URL used to answer with the outside file's).
    @Test(.timeLimit(.minutes(1))) func servesOnlyTheBuildItMade() async throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/images/x.png", "the book's own image")
        try FileManager.default.copyItem(atPath: repositoryRoot + "/templates", toPath: folder.path + "/templates")
        try folder.write("outside/secret.txt", "SECRET: a file outside the book")
        let server = try RunningServer(in: folder, templates: folder.path + "/templates")
        defer { server.stop() }
        let base = try await server.address()
        let image = try await fetch(base + "en/images/x.png")
        #expect(image.0 == "the book's own image" && image.1 == 200)
        let style = try await fetch(base + "style.css")
        #expect(style.1 == 200 && !style.0.isEmpty)

        for file in ["content/en/images/x.png", "templates/style.css"] {
            // A link made beside the file and renamed over it: the file is replaced in one step.
            let path = folder.path + "/" + file
            try FileManager.default.createSymbolicLink(atPath: path + ".link", withDestinationPath: folder.path + "/outside/secret.txt")
            #expect(rename(path + ".link", path) == 0)
        }
        var refused = false
        for _ in 0..<50 where !refused {
            try await Task.sleep(for: .milliseconds(200))
            let page = try await fetch(base + "en/intro.html").0
            refused = page.contains("guide-build-error") && page.contains("refused")
        }
        #expect(refused, "the rebuild did not refuse the links")
        let imageAfter = try await fetch(base + "en/images/x.png")
        #expect(imageAfter.0 == "the book's own image" && imageAfter.1 == 200, "\(imageAfter)")
        let styleAfter = try await fetch(base + "style.css")
        #expect(styleAfter.0 == style.0 && styleAfter.1 == 200, "\(styleAfter.0.prefix(60))")

        // Files of the book again: the next good build serves their bytes.
        try FileManager.default.removeItem(atPath: folder.path + "/content/en/images/x.png")
        try folder.write("content/en/images/x.png", "the book's new image")
        try FileManager.default.removeItem(atPath: folder.path + "/templates/style.css")
        try folder.write("templates/style.css", "body { margin: 0 }\n")
        var rebuilt = false
        for _ in 0..<50 where !rebuilt {
            try await Task.sleep(for: .milliseconds(200))
            rebuilt = try await fetch(base + "en/images/x.png").0 == "the book's new image"
        }
        #expect(rebuilt)
        #expect(try await fetch(base + "style.css").0 == "body { margin: 0 }\n")
    }
}

/// The real `guide serve` on a free port, on a temporary book.
struct RunningServer {
    let process = Process()
    let log: String

    /// `templates`: nil serves with no --templates (the working folder's templates/, or the built-in theme).
    /// `within`: a folder of `folder` to serve in (the log stays in `folder`, outside what serve watches).
    init(in folder: TempFolder, templates: String? = repositoryRoot + "/templates", within: String? = nil) throws {
        log = folder.path + "/serve.log"
        process.executableURL = URL(fileURLWithPath: guideBinary())
        process.arguments = ["serve", "--port", "0"] + (templates.map { ["--templates", $0] } ?? [])
        process.environment = testEnvironment
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path + (within.map { "/" + $0 } ?? ""))
        _ = FileManager.default.createFile(atPath: log, contents: nil)   // a failure throws just below
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    /// `http://127.0.0.1:PORT/`, once the server says it listens.
    func address() async throws -> String {
        for _ in 0..<100 {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: "serving on "), let end = text[range.upperBound...].firstIndex(of: " ") {
                return String(text[range.upperBound..<end])
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw CancellationError()
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

func fetch(_ url: String) async throws -> (String, Int) {
    // curl keeps `..` as written (--path-as-is), as a hostile client would send it.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["curl", "-s", "--path-as-is", "-w", "\n%{http_code}", url]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard let split = text.lastIndex(of: "\n") else { return (text, 0) }
    return (String(text[..<split]), Int(text[text.index(after: split)...]) ?? 0)
}

@Suite struct ServeLoadTests {
    /// 200 concurrent requests on loopback while a rebuild runs: every one answered, no errors.
    /// Plus random request paths: never a server error, never a file outside the site.
    @Test(.timeLimit(.minutes(2))) func answersConcurrentAndHostileRequests() async throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let server = try RunningServer(in: folder)
        defer { server.stop() }
        let base = try await server.address()

        // Start a rebuild, then load the server while it runs.
        try folder.write("content/en/intro.md", "# Intro\n\nHello **again**.\n\n## Blocks\n\nSee [next](second.md#end).\n")
        let pages = ["", "index.html", "en/intro.html", "zh/intro.html", "bilingual/intro.html", "style.css", "review/index.html"]
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<200 {
                group.addTask { try await status(of: base + pages[index % pages.count]) }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.count == 200)
        #expect(statuses.allSatisfy { $0 == 200 }, "statuses: \(Dictionary(grouping: statuses, by: { $0 }).mapValues(\.count))")

        // Random paths, some hostile: the answer is a page of the site or its 404, never more.
        var generator = SystemRandomNumberGenerator()
        let pieces = ["..", "%2e%2e", "%2F", "etc", "passwd", "en", "zh", "intro.html", "%00", "~", ".", "//", "中文", "%E4%B8%AD", "?q=1", "#x"]
        for _ in 0..<150 {
            let path = (0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: "/")
            let (body, code) = try await fetch(base + path)
            #expect([200, 404].contains(code), "GET /\(path) → \(code)")
            #expect(!body.contains("root:x:0:0"), "GET /\(path) leaked a file")
        }
    }
}

func status(of url: String) async throws -> Int {
    let (_, code) = try await fetch(url)
    return code
}

/// `guide serve` rebuilds when the watched folders' digest changes: any file's content, name,
/// presence or mode, at any depth; and only then.
@Suite struct FolderWatcherTests {
    @Test func theStampChangesWithWhatARebuildReads() throws {
        let folder = try TempFolder()
        try folder.write("content/en/a.md", "# A\n")
        try folder.write("content/en/images/x.png", "png")
        try folder.write("templates/layout.mustache", "{{x}}")
        let watcher = FolderWatcher(folders: [folder.path + "/content", folder.path + "/templates"])
        var last = watcher.stamp()
        #expect(watcher.stamp() == last)
        func changed(_ change: () throws -> Void) throws -> Bool {
            try change()
            let now = watcher.stamp()
            defer { last = now }
            return now != last
        }
        // Same size, new bytes: the modification time (to the nanosecond) tells.
        #expect(try changed { try folder.write("content/en/a.md", "# B\n") })
        #expect(try changed { try folder.write("content/en/images/x.png", "gif") })
        #expect(try changed { try folder.write("templates/layout.mustache", "{{y}}") })
        #expect(try changed { try folder.write("content/en/b.md", "# B\n") })
        #expect(try changed { _ = rename(folder.path + "/content/en/b.md", folder.path + "/content/en/c.md") })
        #expect(try changed { _ = chmod(folder.path + "/content/en/c.md", 0o600) })
        #expect(try changed { try FileManager.default.removeItem(atPath: folder.path + "/content/en/c.md") })
        #expect(try !changed { })
        // What a build does not read (`.git/` of a book kept in git) starts no rebuild.
        #expect(try !changed { try folder.write("content/.git/index", "1") })
        #expect(try !changed { try folder.write("content/en/.a.md.swp", "1") })
    }
}

/// inotify wakes `guide serve` when something in the watched folders changes, at any depth,
/// in folders made after it started too; it waits in silence otherwise.
@Suite struct ChangeSignalTests {
    @Test func wakesOnChangesAtAnyDepth() throws {
        let folder = try TempFolder()
        try folder.write("content/en/a.md", "# A\n")
        let signal = try #require(ChangeSignal(folders: [folder.path + "/content"]))
        // A change's events settle for longer than serve waits (a loaded machine delivers a
        // write's last events late): the silences checked after it are then the watch's own.
        func woke() -> Bool { signal.wait(seconds: 2, settle: 0.3) }
        #expect(!signal.wait(seconds: 0.2))
        try folder.write("content/en/a.md", "# B\n")
        #expect(woke())
        #expect(!signal.wait(seconds: 0.2))
        // A folder made now, then a file in it: both seen (the new folder is watched at once).
        try FileManager.default.createDirectory(atPath: folder.path + "/content/en/images", withIntermediateDirectories: true)
        #expect(woke())
        try folder.write("content/en/images/x.png", "png")
        #expect(woke())
        // A folder removed and made again is watched again.
        try FileManager.default.removeItem(atPath: folder.path + "/content/en/images")
        #expect(woke())
        try FileManager.default.createDirectory(atPath: folder.path + "/content/en/images", withIntermediateDirectories: true)
        #expect(woke())
        try folder.write("content/en/images/y.png", "png")
        #expect(woke())
        #expect(!signal.wait(seconds: 0.2))
        // A hidden folder is not watched (a build reads nothing in it): only its making is seen.
        try FileManager.default.createDirectory(atPath: folder.path + "/content/.git", withIntermediateDirectories: true)
        #expect(woke())
        try folder.write("content/.git/index", "1")
        #expect(!signal.wait(seconds: 0.3))
    }
}
