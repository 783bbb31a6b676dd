import Foundation
import GuideCheck
import GuideFiles
import GuideModel

/// A git repository holding (part of) the book, read through the `git` command: the one edge
/// of the history. git runs as every child of guide does (`ProcessRunner`): with a time limit,
/// a memory limit and, on Linux, in the sandbox that sees only the repository (`ClangSandbox`),
/// with no environment of the user's, no textconv filter and no fsmonitor hook, since a
/// book's repository may come from anyone.
public struct GitRepository: Sendable {
    /// The repository's top folder, its real path.
    public let top: String
    let git: String
    let runner: ProcessRunner

    /// How long one git command may take (a blame of a long history takes seconds).
    public static let timeout = 120.0
    /// Bytes of address space git may map.
    public static let memoryLimit = 2 << 30

    /// Whether the repository is a shallow clone (its history cut short).
    public let isShallow: Bool
    /// The commit HEAD names, or nil (a repository with no commit yet).
    public let head: String?

    /// The repository that holds `folder`, or nil when none does (or there is no git): asked
    /// in one run of git, which a warm review makes once per edition.
    public static func holding(_ folder: String, environment: [String: String]) -> GitRepository? {
        guard let git = ClangLocator.searchPath("git", environment: environment,
                                                isExecutable: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        let real = ConfinedFolder.realPath(folder)
        // Found unsandboxed by the folder's own path; then every command sees that top only.
        let plain = runner(environment: environment, git: git, top: nil)
        let ask = ["-C", real, "-c", "core.fsmonitor=false", "rev-parse", "--show-toplevel", "--is-shallow-repository"]
        var answer = Self.run(git, runner: plain, ask + ["HEAD"])?.split(separator: "\n").map(String.init)
        if answer == nil {   // no commit yet: HEAD names nothing
            answer = Self.run(git, runner: plain, ask)?.split(separator: "\n").map(String.init)
        }
        guard let answer, answer.count >= 2, !answer[0].isEmpty else { return nil }
        let top = ConfinedFolder.realPath(answer[0])
        return GitRepository(top: top, git: git, runner: runner(environment: environment, git: git, top: top),
                             isShallow: answer[1] == "true", head: answer.count > 2 ? answer[2] : nil)
    }

    static func runner(environment: [String: String], git: String, top: String?) -> ProcessRunner {
        var runner = ProcessRunner(timeout: timeout, environment: ["PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1",
                                                                  "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"])
        if case .success(var sandbox)? = top.map({
            ClangSandbox.locate(environment: environment, memoryLimit: memoryLimit, clang: git, content: $0, cache: $0)
        }) {
            sandbox.readable = [top!]
            runner.sandbox = sandbox
        }
        return runner
    }

    /// The commit `name` (a tag, a branch, an id) stands for, or nil.
    public func commit(_ name: String) -> String? {
        guard !name.hasPrefix("-") else { return nil }
        return line(["rev-parse", "--verify", "-q", name + "^{commit}"])
    }

    /// The last commit that changed each of `paths` (from the top), read in one walk of the log.
    public func lastCommits(_ paths: [String]) -> [String: String] {
        guard !paths.isEmpty, let log = run(["log", "--format=%x01%H", "--name-only", "--no-renames", "HEAD", "--"] + paths) else { return [:] }
        let wanted = Set(paths)
        var last: [String: String] = [:], commit = ""
        for line in log.split(separator: "\n") {
            if line.first == "\u{01}" { commit = String(line.dropFirst()); continue }
            let path = String(line)
            if wanted.contains(path), last[path] == nil { last[path] = commit }
        }
        return last
    }

    /// Who changed each line of each of `paths` (from the top) last, as they are in the working
    /// tree; a path git does not know is left out. One child for them all: starting the sandbox
    /// cost more than most blames (26 files of the whole book: 5.2 s one by one, under load).
    public func blame(_ paths: [String]) -> [String: [LineOrigin]] {
        guard !paths.isEmpty else { return [:] }
        // A line of one SOH ends each file's blame: blame's own lines start with a commit id, a
        // field name or a tab.
        let script = #"git="$1"; shift; for path do "$git" -C "$0" -c core.fsmonitor=false -c core.quotePath=false "#
            + #"blame --porcelain --no-textconv -- "$path" 2>/dev/null; printf '\001\n'; done"#
        var batch = runner
        batch.timeout = Self.timeout + 2 * Double(paths.count)
        let output = batch.run("/bin/sh", ["-c", script, top, git] + paths)
        guard output.launchError == nil, !output.timedOut, output.status == 0 else { return [:] }
        let texts = output.stdout.components(separatedBy: "\u{1}\n")
        var found: [String: [LineOrigin]] = [:]
        for (path, text) in zip(paths, texts) {
            if let origins = BlamePorcelain.origins(text), !origins.isEmpty { found[path] = origins }
        }
        return found
    }

    /// The texts of several files in several commits (`commit:path`, the path from the top), in
    /// one child (`git cat-file --batch`); a name with no file is left out.
    public func texts(_ names: [String]) -> [String: String] {
        let wanted = names.filter { name in
            !name.contains("\n") && name.split(separator: ":", maxSplits: 1).first.map { $0.allSatisfy(\.isHexDigit) } == true
        }
        guard !wanted.isEmpty else { return [:] }
        let output = runner.run(git, ["-C", top, "-c", "core.fsmonitor=false", "cat-file", "--batch"],
                                input: wanted.joined(separator: "\n") + "\n")
        guard output.launchError == nil, !output.timedOut, output.status == 0 else { return [:] }
        // Each answer: "<id> blob <size>" and the bytes, or "<name> missing".
        let bytes = Array(output.stdout.utf8)
        var found: [String: String] = [:], at = 0
        for name in wanted {
            guard let end = bytes[at...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let header = String(decoding: bytes[at..<end], as: UTF8.self).split(separator: " ")
            at = end + 1
            if header.count == 2, header[1] == "missing" { continue }
            // Anything else than a blob's header: the answers can no longer be told apart.
            guard header.count == 3, header[0].count == 40, header[1] == "blob", let size = Int(header[2]),
                  at + size <= bytes.count else { break }
            found[name] = String(decoding: bytes[at..<(at + size)], as: UTF8.self)
            at += size + 1
        }
        return found
    }

    /// The commits after `commit` up to HEAD (`commit..HEAD`).
    public func commits(after commit: String) -> Set<String>? {
        guard commit.allSatisfy(\.isHexDigit) else { return nil }
        return run(["rev-list", commit + "..HEAD"]).map { Set($0.split(separator: "\n").map(String.init)) }
    }

    /// The newest commit of HEAD's history made at or before `time`, or nil.
    public func commit(before time: Int64) -> String? {
        line(["rev-list", "-1", "--before=\(time)", "HEAD"])
    }

    /// A path of the working tree as the repository names it (from its top), or nil when outside.
    public func relative(_ path: String) -> String? {
        let real = ConfinedFolder.realPath(path)
        guard real.hasPrefix(top + "/") else { return nil }
        return String(real.dropFirst(top.count + 1))
    }

    private func line(_ arguments: [String]) -> String? {
        run(arguments)?.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty
    }

    private func run(_ arguments: [String]) -> String? {
        Self.run(git, runner: runner, ["-C", top, "-c", "core.fsmonitor=false", "-c", "core.quotePath=false"] + arguments)
    }

    private static func run(_ git: String, runner: ProcessRunner, _ arguments: [String]) -> String? {
        let output = runner.run(git, arguments)
        guard output.launchError == nil, !output.timedOut, output.status == 0 else { return nil }
        return output.stdout
    }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
