import GuideMerge
import GuideModel

/// What the history keeps from one review to the next, as the merge stage's `ReviewMemo`: the
/// history says by typed inputs what it needs, and `GuidePipeline` keeps it (`HistoryCache`, in
/// the cache stage `CacheStage.blame`, which says what each key holds). Without a memo git is
/// asked every time. Each lookup is apart from its keeping so that what is not kept is asked of
/// git at once, for every file together.
public protocol HistoryMemo: Sendable {
    /// The last commit of each of `paths` in the repository at `top` as of HEAD (`head`), kept or made.
    func lastCommits(top: String, head: String, paths: [String], make: () -> [String: String]) -> [String: String]
    /// A chapter file's blame as kept (nil: not kept).
    func blame(_ file: BlamedFile) -> [LineOrigin]?
    func keep(_ origins: [LineOrigin], for file: BlamedFile)
    /// A file's text in a commit (`name`: `commit:path`) as kept: `.some(nil)` when the commit has
    /// no such file, nil when nothing is kept.
    func text(top: String, name: String) -> String??
    func keep(text: String?, top: String, name: String)
    /// A chapter's stale pairs with why, as kept (nil: not kept).
    func staleness(_ inputs: StalenessInputs) -> [Int: StaleFromHistory.Evidence]?
    func keep(_ evidence: [Int: StaleFromHistory.Evidence], for inputs: StalenessInputs)
}

/// A chapter file as its blame depends on it: its repository, its path there, its last commit
/// and its bytes (a file changed and not committed is blamed anew).
public struct BlamedFile: Hashable, Sendable {
    public var top: String
    public var path: String
    public var lastCommit: String?
    public var digest: [UInt8]
}

/// What a chapter's stale pairs depend on: both repositories, the English chapter (its content
/// digest) and the pairs that may be stale (both sides' newest commits, the English blocks changed).
public struct StalenessInputs: Hashable, Sendable {
    public var originalTop: String
    public var translationTop: String
    public var englishDigest: [UInt8]
    public var candidates: [StaleFromHistory.Candidate]
}

/// A blame as a memo keeps it: per line, the commit, its time and the path.
public enum BlameRecord {
    public static func encode(_ origins: [LineOrigin]) -> [UInt8] {
        Array(origins.map { "\($0.commit) \($0.time) \($0.path)" }.joined(separator: "\n").utf8)
    }

    public static func decode(_ raw: UnsafeRawBufferPointer) -> [LineOrigin]? {
        let text = String(decoding: raw, as: UTF8.self)
        guard !text.isEmpty else { return [] }
        var origins: [LineOrigin] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, fields[0].count == 40, let time = Int64(fields[1]) else { return nil }
            origins.append(LineOrigin(commit: String(fields[0]), time: time, path: String(fields[2])))
        }
        return origins
    }
}
