import Foundation
@testable import GuideFiles
import Testing

/// A temporary folder that tests fill with small content fixtures; removed when dropped.
final class TempFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "guide-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ relative: String, _ text: String) throws {
        try write(relative, Data(text.utf8))
    }

    func write(_ relative: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: path + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/" + relative)
    }
}

/// A minimal valid book: one chapter in English and Chinese.
func writeSmallBook(in folder: TempFolder, root: String = "content") throws {
    try folder.write("\(root)/guide.yml", """
        title:
          en: "Test Book"
          zh: "测试之书"
        languages: [en, zh]
        source: en
        """)
    try folder.write("\(root)/en/SUMMARY.md", "# Summary\n\n* [Intro](intro.md)\n* [Second](second.md)\n")
    try folder.write("\(root)/zh/SUMMARY.md", "# 目录\n\n* [介绍](intro.md)\n* [第二章](second.md)\n")
    try folder.write("\(root)/en/intro.md", "# Intro\n\nHello **world**.\n\n## Blocks\n\nSee [next](second.md#end).\n\n```objective-c\n@interface A : NSObject\n@end\n```\n")
    try folder.write("\(root)/zh/intro.md", "# 介绍\n\n你好，**世界**。\n\n## 代码块\n\n见[下一章](second.md#end)。\n\n```objective-c\n@interface A : NSObject\n@end\n```\n")
    try folder.write("\(root)/en/second.md", "# Second\n\n## End\n\nThe end.\n")
    try folder.write("\(root)/zh/second.md", "# 第二章\n\n## 结束\n\n完。\n")
}

/// One edit of each kind to the book of `writeSmallBook` (and its copy of the templates in
/// `templates/`), for tests that a rebuild after any edit equals a fresh build.
func smallBookEdits(in folder: TempFolder) -> [(what: String, edit: () throws -> Void)] {
    [
        ("a Chinese paragraph", { try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n完。【疑问】\n") }),
        ("an English paragraph", { try folder.write("content/en/second.md", "# Second\n\n## End\n\nThe very end.\n") }),
        ("an English heading another chapter links to", {
            try folder.write("content/en/second.md", "# Second\n\n## Finish\n\nThe very end.\n")
        }),
        ("a link", {
            try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n\n完。【疑问】见[介绍](intro.md#blocks)。\n")
        }),
        ("a neighbour's title", {
            try folder.write("content/en/SUMMARY.md", "# Summary\n\n* [Intro](intro.md)\n* [The Second](second.md)\n")
        }),
        ("the glossary", { try folder.write("content/glossary.yml", "terms:\n  - en: end\n    zh: 结尾\n") }),
        ("the book's title", {
            let config = try folder.read("content/guide.yml")
            try folder.write("content/guide.yml", config.replacingOccurrences(of: "Test Book", with: "Tested Book"))
        }),
        ("a template", {
            let chapter = try folder.read("templates/chapter.mustache")
            try folder.write("templates/chapter.mustache", chapter.replacingOccurrences(
                of: "<article class=\"chapter\"", with: "<article class=\"chapter edited\""))
        }),
    ]
}

/// The folder that holds Package.swift.
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
    }
    return FileManager.default.currentDirectoryPath
}()

/// Runs the real binary under a small Python parent that waits for it and prints the peak
/// memory of guide and every process under it, as the kernel counts it for a waited child.
/// Returns what guide printed (both streams), that peak in KiB and its exit status.
func runGuideMeasured(_ arguments: [String], in folder: TempFolder,
                      environment: [String: String]? = nil) throws -> (text: String, peakKiB: Int, status: Int32) {
    let measure = """
        import resource, subprocess, sys
        run = subprocess.run(sys.argv[1:], capture_output=True, text=True)
        sys.stdout.write(run.stdout + run.stderr)
        print("peak-kib", resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, "status", run.returncode)
        """
    try folder.write("measure.py", measure)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", folder.path + "/measure.py", guideBinary()] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
    // As `runGuide`: a data folder of nothing unless the test gives its own environment.
    process.environment = environment ?? testEnvironment
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let last = text.split(separator: "\n").last { $0.hasPrefix("peak-kib") }?.split(separator: " ") ?? []
    let peak = last.count > 1 ? Int(last[1]) ?? .max : .max
    let status = last.count > 3 ? Int32(last[3]) ?? -1 : -1
    return (text, peak, status)
}

/// Whether the tests run under a sanitizer (`scripts/sanitize.sh` sets its options): its shadow
/// memory multiplies guide's, so bounds on peak memory are not asserted then.
var underSanitizer: Bool {
    let environment = ProcessInfo.processInfo.environment
    return environment["ASAN_OPTIONS"] != nil || environment["TSAN_OPTIONS"] != nil
}

/// Runs the real binary in `directory` and sends it SIGKILL after `milliseconds`: for the tests
/// that a killed command leaves every file old or new, never half-written.
func runGuideKilled(_ arguments: [String], in directory: String, after milliseconds: Int) async throws {
    _ = try await runGuideKilledSaying(arguments, in: directory, after: milliseconds)
}

/// `runGuideKilled`, giving back what the run printed on standard output before the kill (with
/// `--timings`, `guide build` prints each stage as it ends: the moment the kill landed in).
func runGuideKilledSaying(_ arguments: [String], in directory: String, after milliseconds: Int) async throws -> String {
    let scratch = try TempFolder()
    let out = scratch.path + "/out"
    _ = FileManager.default.createFile(atPath: out, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: guideBinary())
    process.arguments = arguments
    process.environment = testEnvironment
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
    process.standardError = FileHandle.nullDevice
    try process.run()
    try await Task.sleep(for: .milliseconds(milliseconds))
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
}

/// Runs the real binary, reads what it prints as it prints it (`--timings` flushes each stage as
/// it ends), and sends it SIGKILL `milliseconds` after it printed the end of `stage`: a kill timed
/// from the moment the stage before the target ended, not from the process start, whose delay a
/// loaded machine stretches by more than a short stage lasts. Gives back everything it printed.
func runGuideKilledSaying(_ arguments: [String], in directory: String, after milliseconds: Int,
                          following stage: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: guideBinary())
    process.arguments = arguments
    process.environment = testEnvironment
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let reader = out.fileHandleForReading
    var said = Data()
    while !stagesEnded(String(decoding: said, as: UTF8.self)).contains(where: { $0.stage == stage }) {
        let chunk = reader.availableData
        if chunk.isEmpty { break }   // ended (or failed) before that stage ended
        said += chunk
    }
    usleep(useconds_t(milliseconds) * 1000)
    kill(process.processIdentifier, SIGKILL)
    said += reader.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: said, as: UTF8.self)
}

/// The stages `guide build --timings` printed, in order, with each one's seconds.
func stagesEnded(_ output: String) -> [(stage: String, seconds: Double)] {
    output.split(separator: "\n").compactMap { line in
        let parts = line.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count >= 3, parts[1] == "s", let seconds = Double(parts[0]) else { return nil }
        let name = parts.dropFirst(2).joined(separator: " ")
        return (String(name.split(separator: " (peak").first ?? Substring(name)), seconds)
    }
}

/// The records of a cache pack (`CacheStore`'s format): each record's key in hex and where the
/// record (key, length, bytes, seal) is in the file.
func packRecords(_ path: String) -> [(key: String, range: Range<Int>)] {
    guard let bytes = FileManager.default.contents(atPath: path).map({ [UInt8]($0) }) else { return [] }
    var records: [(key: String, range: Range<Int>)] = []
    var offset = "guide-pack-1\n".utf8.count
    while offset + 40 <= bytes.count {
        let length = bytes[(offset + 16)..<(offset + 24)].reversed().reduce(0) { $0 << 8 | Int($1) }
        guard length >= 0, offset + 40 + length <= bytes.count else { break }
        records.append((bytes[offset..<(offset + 16)].map { String(format: "%02x", $0) }.joined(), offset..<(offset + 40 + length)))
        offset += 40 + length
    }
    return records
}

/// Flips one byte in the middle of every record of the pack at `path`.
func damageEveryRecord(_ path: String) throws {
    var bytes = [UInt8](FileManager.default.contents(atPath: path)!)
    for record in packRecords(path) { bytes[record.range.lowerBound + record.range.count / 2] ^= 0x20 }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}
