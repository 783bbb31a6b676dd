import Foundation
import GuideFiles
import GuideMerge
import GuideModel
import GuideParse

/// The book's history as `stale` reads it: each chapter file's blame, from the repository (or
/// the two: the original's and the translation's) holding its editions. Blames go through the
/// cache (`CacheStage.blame`), keyed by each file's last commit and its bytes; a warm review
/// asks git only for HEAD.
public struct BookHistory: Sendable {
    /// Why the book has no history to read, said once (nil: it has one).
    public var note: String?
    var repositories: [Language: GitRepository] = [:]
    var lines: [Language: [String: ChapterLines]] = [:]
    /// `--since`: the English commits after the one given (nil: every English change counts).
    var since: [Language: Set<String>]?
    var cache: CacheStore?

    public struct SinceError: Error, Sendable { public var name: String }

    /// Reads the history of every chapter of `book`, whose files are under `content`.
    /// `since`: a commit or tag of the original's repository.
    public static func read(_ book: Book, content: String, cache: CacheStore?, since: String? = nil,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws -> BookHistory {
        var history = BookHistory()
        history.cache = cache
        for edition in book.editions {
            let folder = content + "/" + edition.folder
            guard let repository = GitRepository.holding(FileManager.default.fileExists(atPath: folder) ? folder : content,
                                                         environment: environment) else {
                history.note = "the book is not kept in git (or git is not installed): stale pairs come only from the accept ledger"
                return BookHistory(note: history.note)
            }
            if repository.isShallow {
                return BookHistory(note: "\(repository.top) is a shallow clone: its history is cut short, so stale pairs "
                    + "come only from the accept ledger (git fetch --unshallow gives the rest)")
            }
            history.repositories[edition.language] = repository
        }
        if let since {
            let original = history.repositories[book.config.source]!
            guard let commit = original.commit(since), let after = original.commits(after: commit) else {
                throw SinceError(name: since)
            }
            history.since = [book.config.source: after]
        }
        for edition in book.editions {
            let repository = history.repositories[edition.language]!
            let head = repository.head
            var files: [String: String] = [:]   // path from the top → absolute path
            for chapter in edition.chapters where chapter.untranslated == nil {
                for part in chapter.parts {
                    let absolute = file(of: part, in: chapter, edition: edition, content: content)
                    if let path = repository.relative(absolute) { files[path] = absolute }
                }
            }
            let last = head == nil ? [:] : Self.lastCommits(files.keys.sorted(), in: repository, cache: cache)
            var blames: [String: [LineOrigin]] = [:]
            for (path, absolute) in files {
                guard let bytes = FileBytes.read(absolute) else { continue }
                let key = CacheStage.blame.key { hash in
                    hash.updateCounted("blame")
                    hash.updateCounted(repository.top)
                    hash.updateCounted(path)
                    hash.updateCounted(last[path] ?? "none")
                    hash.update(Digest.of(bytes))
                }
                // A file git does not know (not added yet) has no blame: kept as such, an empty record.
                let origins = cache.map { cache in
                    cache.value(.blame, key, decode: BlameRecord.decode, encode: BlameRecord.encode) {
                        repository.blame(path) ?? []
                    }
                } ?? repository.blame(path) ?? []
                if !origins.isEmpty { blames[path] = origins }
            }
            var chapters: [String: ChapterLines] = [:]
            for chapter in edition.chapters where chapter.untranslated == nil {
                let parts = chapter.parts.compactMap { part -> ChapterLines.Part? in
                    guard let path = repository.relative(file(of: part, in: chapter, edition: edition, content: content)),
                          let origins = blames[path] else { return nil }
                    return ChapterLines.Part(firstLine: part.firstLine, path: path, origins: origins)
                }
                if !parts.isEmpty { chapters[chapter.path] = ChapterLines(parts: parts) }
            }
            history.lines[edition.language] = chapters
        }
        return history
    }

    /// A chapter file's path: a listed part's from the content folder, a chapter's own file from its edition's folder.
    static func file(of part: ChapterPart, in chapter: Chapter, edition: Edition, content: String) -> String {
        if chapter.listedParts != nil { return content + "/" + part.within }
        return content + "/" + (edition.folder.isEmpty ? "" : edition.folder + "/") + chapter.path
    }

    /// The pairs of `review` stale by history, with why: their English changed in a later
    /// commit than their Chinese, in its words. Accepted pairs are the ledger's to judge.
    public func staleness(of review: ChapterReview, source: Language, parser: MarkdownParser) -> [Int: StaleFromHistory.Evidence] {
        guard note == nil, let english = lines[source]?[review.source.path], let chinese = lines[review.language]?[review.target.path],
              let originals = repositories[source], let translations = repositories[review.language] else { return [:] }
        let sourceOrigins = StaleFromHistory.newest(review.source.blocks, origin: english.origin)
        let targetOrigins = StaleFromHistory.newest(review.target.blocks, origin: chinese.origin)
        let after = since?[source]
        let candidates = StaleFromHistory.candidates(review.beads.map(\.bead), source: sourceOrigins, target: targetOrigins) { origin in
            after.map { !origin.isCommitted || $0.contains(origin.commit) } ?? true
        }
        var earlierBlocks: [String: [Block]] = [:]   // by commit and path
        var found: [Int: StaleFromHistory.Evidence] = [:]
        for candidate in candidates where !review.beads[candidate.bead].accepted {
            // The English as it was when the Chinese last changed: that commit's, in one repository;
            // in two, the original's newest commit made by then.
            let baseline = originals.top == translations.top
                ? (candidate.chinese.isCommitted ? candidate.chinese.commit : nil)
                : originals.commit(before: candidate.chinese.time)
            var diffs: [WordDiff] = [], known = baseline != nil
            for block in candidate.changedBlocks {
                let current = review.source.blocks[block]
                guard let baseline, let file = english.file(of: current.lines.start) else { known = false; continue }
                let cacheName = baseline + ":" + file.path
                if earlierBlocks[cacheName] == nil {
                    earlierBlocks[cacheName] = Self.text(of: file.path, at: baseline, in: originals, cache: cache).map { parser.parse($0) } ?? []
                }
                guard let earlier = earlierBlocks[cacheName], !earlier.isEmpty else { known = false; continue }
                if let diff = StaleFromHistory.change(of: current, among: earlier) { diffs.append(diff) }
            }
            // Every changed block said the same words then: reflowed, not rewritten.
            if known && diffs.isEmpty { continue }
            let diff = diffs.isEmpty ? nil : WordDiff(pieces: diffs.flatMap(\.pieces))
            found[candidate.bead] = StaleFromHistory.Evidence(english: candidate.english, chinese: candidate.chinese, diff: diff)
        }
        return found
    }
}

extension BookHistory {
    /// Each file's last commit, as of the repository's HEAD: one walk of the log per HEAD.
    static func lastCommits(_ paths: [String], in repository: GitRepository, cache: CacheStore?) -> [String: String] {
        guard let cache, let head = repository.head else { return repository.lastCommits(paths) }
        let key = CacheStage.blame.key { hash in
            hash.updateCounted("last commits")
            hash.updateCounted(repository.top)
            hash.updateCounted(head)
            for path in paths { hash.updateCounted(path) }
        }
        return cache.value(.blame, key, decode: { raw in
            var last: [String: String] = [:]
            for line in String(decoding: raw, as: UTF8.self).split(separator: "\n") {
                let fields = line.split(separator: "\u{0}", maxSplits: 1)
                guard fields.count == 2 else { return nil }
                last[String(fields[1])] = String(fields[0])
            }
            return last
        }, encode: { last in
            Array(last.sorted { $0.key < $1.key }.map { "\($0.value)\u{0}\($0.key)" }.joined(separator: "\n").utf8)
        }) { repository.lastCommits(paths) }
    }

    /// A file's text in a commit (nil: it had no such file): what a commit holds never changes.
    static func text(of path: String, at commit: String, in repository: GitRepository, cache: CacheStore?) -> String? {
        guard let cache else { return repository.text(of: path, at: commit) }
        let key = CacheStage.blame.key { hash in
            hash.updateCounted("text at commit")
            hash.updateCounted(repository.top)
            hash.updateCounted(commit)
            hash.updateCounted(path)
        }
        let record = cache.value(.blame, key, decode: { raw -> [UInt8]? in Array(raw) }, encode: { $0 }) {
            repository.text(of: path, at: commit).map { [1] + Array($0.utf8) } ?? [0]
        }
        return record.first == 1 ? String(decoding: record.dropFirst(), as: UTF8.self) : nil
    }
}

/// A blame as the cache keeps it: per line, the commit, its time and the path.
enum BlameRecord {
    static func encode(_ origins: [LineOrigin]) -> [UInt8] {
        Array(origins.map { "\($0.commit) \($0.time) \($0.path)" }.joined(separator: "\n").utf8)
    }

    static func decode(_ raw: UnsafeRawBufferPointer) -> [LineOrigin]? {
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
