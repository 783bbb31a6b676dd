import Foundation
@testable import GuideWrite
import Testing

/// Runs the real `guide` binary, as a user would, on temporary content folders.
@Suite struct EndToEndTests {
    @Test func buildWritesTheSiteAndIsDeterministic() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/images/a.png", Data([1, 2, 3]))
        let first = try runGuide(["build", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(first.status == 0, "\(first.stderr)")
        for page in ["site/index.html", "site/en/intro.html", "site/zh/intro.html", "site/en/images/a.png", "site/style.css"] {
            #expect(folder.exists(page), "missing \(page)")
        }
        let before = try snapshot(folder.path + "/site")
        let second = try runGuide(["build", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(second.status == 0)
        #expect(try snapshot(folder.path + "/site") == before)
    }

    @Test func brokenContentFailsAndKeepsThePreviousSite() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let templates = ["--templates", repositoryRoot + "/templates"]
        #expect(try runGuide(["build"] + templates, in: folder.path).status == 0)
        let before = try snapshot(folder.path + "/site")

        try folder.write("content/zh/second.md", Data([0x23, 0x20, 0xFF, 0x0A]))
        let badUTF8 = try runGuide(["build"] + templates, in: folder.path)
        #expect(badUTF8.status != 0)
        #expect(badUTF8.stderr == "content/zh/second.md:1: error: the file is not valid UTF-8 (byte 0xFF)\n")
        #expect(try snapshot(folder.path + "/site") == before)

        try writeSmallBook(in: folder)
        try FileManager.default.removeItem(atPath: folder.path + "/content/en/intro.md")
        let missing = try runGuide(["build"] + templates, in: folder.path)
        #expect(missing.status != 0)
        #expect(missing.stderr.hasPrefix("content/en/SUMMARY.md:3: error: 'intro.md' is listed in SUMMARY.md"))
        #expect(try snapshot(folder.path + "/site") == before)
        let strays = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("guide-tmp") }
        #expect(strays.isEmpty)
    }

    @Test func wrongConfigTypeIsReported() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/guide.yml", "languages: en\n")
        let result = try runGuide(["build", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(result.status != 0)
        #expect(result.stderr == "content/guide.yml: error: 'languages' must be a list of language codes\n")
    }

    @Test func helpExplainsEachCommand() throws {
        let help = try runGuide(["--help"], in: NSTemporaryDirectory())
        #expect(help.status == 0)
        #expect(help.stdout.contains("build"))
        #expect(help.stdout.contains("align"))
        let buildHelp = try runGuide(["build", "--help"], in: NSTemporaryDirectory())
        #expect(buildHelp.stdout.contains("--content"))
    }

    /// The committed site/ is what a fresh build of the repository's content gives.
    /// Built from a copy of `content/` without its cache, the way a fresh clone builds it: a
    /// build through the repository's warm `.guide-cache` could hide a page that only a cache
    /// makes right.
    @Test func committedSiteIsUpToDate() throws {
        let folder = try TempFolder()
        try FileManager.default.copyItem(atPath: repositoryRoot + "/content", toPath: folder.path + "/content")
        try? FileManager.default.removeItem(atPath: folder.path + "/content/.guide-cache")
        let result = try runGuide(["build", "--content", "content",
                                   "--templates", repositoryRoot + "/templates", "-o", folder.path + "/site"],
                                  in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        let fresh = try snapshot(folder.path + "/site")
        let committed = try snapshot(repositoryRoot + "/site")
        #expect(fresh.keys.sorted() == committed.keys.sorted(), "site/ is out of date: run `guide build`")
        for (path, bytes) in fresh where committed[path] != bytes {
            Issue.record("site/\(path) is out of date: run `guide build` and commit site/")
        }
    }
}

struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Stopped at the `timeout` given to `runGuide`.
    var timedOut = false
}

/// The `guide` executable next to the test bundle (swift build puts both in one folder).
func guideBinary() -> String {
    if let chosen = ProcessInfo.processInfo.environment["GUIDE_TEST_BINARY"], !chosen.isEmpty { return chosen }
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("guide").path,
        Bundle.main.bundleURL.appendingPathComponent("guide").path,
        Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("guide").path,
        repositoryRoot + "/.build/debug/guide",
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
}

/// The user's data folder (`XDG_DATA_HOME`) the tests give guide: one that holds nothing.
let testDataHome = "/nonexistent/guide-tests-data"
/// The tests' environment with that data folder: what every guide the tests start runs in.
var testEnvironment: [String: String] { ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": testDataHome]) { $1 } }

/// `timeout`: seconds after which the run is stopped (SIGKILL) and reported as timed out.
/// `executable`: another copy of guide than `guideBinary()`.
/// `environment`: nil runs guide in the tests' own, with a data folder of nothing
/// (`testDataHome`): a CC-CEDICT that scripts/setup.sh installed on this machine is not read.
func runGuide(_ arguments: [String], in directory: String, stdin: String? = nil,
              environment: [String: String]? = nil, timeout: Double? = nil, executable: String? = nil) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable ?? guideBinary())
    process.arguments = arguments
    process.environment = environment ?? testEnvironment
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    // Files, not pipes: a chatty child can never block on a full pipe.
    let scratch = try TempFolder()
    let outURL = URL(fileURLWithPath: scratch.path + "/out"), errURL = URL(fileURLWithPath: scratch.path + "/err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    if let stdin {
        try Data(stdin.utf8).write(to: URL(fileURLWithPath: scratch.path + "/in"))
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: scratch.path + "/in"))
    } else {
        process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    let stopped = LockedFlag()
    let pid = process.processIdentifier
    let stop = DispatchWorkItem {
        stopped.set()
        kill(pid, SIGKILL)
    }
    if let timeout { DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: stop) }
    process.waitUntilExit()
    stop.cancel()
    return RunResult(status: process.terminationStatus,
                     stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                     stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "",
                     timedOut: stopped.isSet && process.terminationReason == .uncaughtSignal)
}

/// A flag one thread sets and another reads.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }

    var isSet: Bool { lock.withLock { value } }
}

/// Every file below a folder with its bytes.
func snapshot(_ root: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: root) else { return files }
    for case let path as String in enumerator {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue { files[path] = FileManager.default.contents(atPath: root + "/" + path) }
    }
    return files
}
