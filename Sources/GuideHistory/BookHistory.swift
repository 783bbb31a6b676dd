import Foundation
import GuideFiles
import GuideMerge
import GuideModel
import GuideParse

/// The book's history as `stale` reads it: each chapter file's blame, from the repository (or
/// the two: the original's and the translation's) holding its editions. Blames go through the
/// memo (`HistoryMemo`), by each file's last commit and its bytes; a warm review asks git only
/// for HEAD.
public struct BookHistory: Sendable {
    /// Why the book has no history to read, said once in the review's language (nil: it has one).
    public var note: ReviewMessage?
    var repositories: [Language: GitRepository] = [:]
    var lines: [Language: [String: ChapterLines]] = [:]
    /// `--since`: the English commits after the one given (nil: every English change counts).
    var since: [Language: Set<String>]?
    var memo: HistoryMemo?

    public struct SinceError: Error, Sendable { public var name: String }

    /// Reads the history of every chapter of `book`, whose files are under `content`.
    /// `since`: a commit or tag of the original's repository.
    public static func read(_ book: Book, content: String, memo: HistoryMemo?, since: String? = nil,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws -> BookHistory {
        var history = BookHistory()
        history.memo = memo
        for edition in book.editions {
            let folder = content + "/" + edition.folder
            guard let repository = GitRepository.holding(FileManager.default.fileExists(atPath: folder) ? folder : content,
                                                         environment: environment) else {
                return BookHistory(note: ReviewMessage(.historyNotInGit))
            }
            if repository.isShallow {
                return BookHistory(note: ReviewMessage(.historyShallowClone, repository.top))
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
            let paths = files.keys.sorted()
            let last = head.map { head in
                memo?.lastCommits(top: repository.top, head: head, paths: paths) { repository.lastCommits(paths) }
                    ?? repository.lastCommits(paths)
            } ?? [:]
            // Blames through the memo; those it lacks asked of git at once.
            var blames: [String: [LineOrigin]] = [:], blamed: [String: BlamedFile] = [:]
            for (path, absolute) in files {
                guard let bytes = FileBytes.read(absolute) else { continue }
                let file = BlamedFile(top: repository.top, path: path, lastCommit: last[path], digest: Digest.of(bytes))
                blamed[path] = file
                if let known = memo?.blame(file) { blames[path] = known }
            }
            let asked = blamed.keys.filter { blames[$0] == nil }.sorted()
            let answered = repository.blame(asked)
            for path in asked {
                // A file git does not know (not added yet) has no blame: kept as such, an empty record.
                let origins = answered[path] ?? []
                blames[path] = origins
                memo?.keep(origins, for: blamed[path]!)
            }
            blames = blames.filter { !$0.value.isEmpty }
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

    /// Each block's lines, from the chapter's facts (its blocks for facts made without them).
    static func lines(of chapter: Chapter) -> [LineRange] {
        let facts = chapter.facts
        return facts.blockLines.count == facts.blockCount ? facts.blockLines : chapter.blocks.map(\.lines)
    }

    /// A chapter file's path: a listed part's from the content folder, a chapter's own file from its edition's folder.
    static func file(of part: ChapterPart, in chapter: Chapter, edition: Edition, content: String) -> String {
        if chapter.listedParts != nil { return content + "/" + part.within }
        return content + "/" + (edition.folder.isEmpty ? "" : edition.folder + "/") + chapter.path
    }

    /// For each review, its pairs stale by history, with why: their English changed in a later
    /// commit than their Chinese, in its words. Accepted pairs are the ledger's to judge. The
    /// English as it was is asked of git once for the whole book.
    public func staleness(of reviews: [ChapterReview], source: Language, parser: MarkdownParser) -> [[Int: StaleFromHistory.Evidence]] {
        var results = [[Int: StaleFromHistory.Evidence]](repeating: [:], count: reviews.count)
        guard note == nil, let originals = repositories[source] else { return results }
        // What the words say is a pure function of the candidates, the English now (its digest)
        // and then (the commits): kept, so a warm review parses no chapter for it.
        var pending: [(review: Int, open: [StaleFromHistory.Candidate], english: ChapterLines, inputs: StalenessInputs?)] = []
        for (index, review) in reviews.enumerated() {
            guard let english = lines[source]?[review.source.path], let chinese = lines[review.language]?[review.target.path],
                  let translations = repositories[review.language] else { continue }
            // Placed by the facts' lines: a chapter is parsed only when one of its pairs may be stale.
            let sourceOrigins = StaleFromHistory.newest(Self.lines(of: review.source), origin: english.origin)
            let targetOrigins = StaleFromHistory.newest(Self.lines(of: review.target), origin: chinese.origin)
            let after = since?[source]
            let open = StaleFromHistory.candidates(review.beads.map(\.bead), source: sourceOrigins, target: targetOrigins) { origin in
                after.map { !origin.isCommitted || $0.contains(origin.commit) } ?? true
            }.filter { !review.beads[$0.bead].accepted }
            guard !open.isEmpty else { continue }
            let inputs = review.source.contentDigest.map { digest in
                StalenessInputs(originalTop: originals.top, translationTop: translations.top, englishDigest: digest, candidates: open)
            }
            if let inputs, let known = memo?.staleness(inputs) {
                results[index] = known
            } else {
                pending.append((index, open, english, inputs))
            }
        }
        guard !pending.isEmpty else { return results }
        // The English then: where each changed block's file was when the Chinese last changed.
        var baselines: [Int64: String] = [:]
        func baseline(_ candidate: StaleFromHistory.Candidate, translations: GitRepository) -> String? {
            if originals.top == translations.top { return candidate.chinese.isCommitted ? candidate.chinese.commit : nil }
            if let known = baselines[candidate.chinese.time] { return known }
            let found = originals.commit(before: candidate.chinese.time)
            baselines[candidate.chinese.time] = found
            return found
        }
        var names = Set<String>()
        for item in pending {
            let review = reviews[item.review]
            let blockLines = Self.lines(of: review.source)
            for candidate in item.open {
                guard let commit = baseline(candidate, translations: repositories[review.language]!) else { continue }
                for block in candidate.changedBlocks {
                    if let file = item.english.file(of: blockLines[block].start) { names.insert(commit + ":" + file.path) }
                }
            }
        }
        let texts = Self.texts(names.sorted(), in: originals, memo: memo)
        for item in pending {
            let review = reviews[item.review]
            let found = judge(item.open, review: review, english: item.english, texts: texts, parser: parser) {
                baseline($0, translations: self.repositories[review.language]!)
            }
            if let inputs = item.inputs { memo?.keep(found, for: inputs) }
            results[item.review] = found
        }
        return results
    }

    /// The candidates whose English changed in its words, with why; `texts`: the files as they
    /// were (`commit:path`), `baseline`: the commit the English is compared with.
    func judge(_ candidates: [StaleFromHistory.Candidate], review: ChapterReview, english: ChapterLines,
               texts: [String: String], parser: MarkdownParser,
               baseline: (StaleFromHistory.Candidate) -> String?) -> [Int: StaleFromHistory.Evidence] {
        var earlierBlocks: [String: [Block]] = [:]   // by commit and path
        var earlierLines: [String: [Substring]] = [:]
        var found: [Int: StaleFromHistory.Evidence] = [:]
        for candidate in candidates {
            let then = baseline(candidate)
            var diffs: [WordDiff] = [], known = then != nil, markdown: [Int: String] = [:]
            for block in candidate.changedBlocks {
                let current = review.source.blocks[block]
                guard let then, let file = english.file(of: current.lines.start) else { known = false; continue }
                let name = then + ":" + file.path
                if earlierBlocks[name] == nil { earlierBlocks[name] = texts[name].map { parser.parse($0) } ?? [] }
                guard let earlier = earlierBlocks[name], !earlier.isEmpty else { known = false; continue }
                let (diff, index) = StaleFromHistory.closest(to: current, among: earlier)
                if let diff { diffs.append(diff) }
                if let index, let text = texts[name] {
                    if earlierLines[name] == nil { earlierLines[name] = Self.lines(of: text) }
                    markdown[block] = Self.markdown(earlier[index].lines, in: earlierLines[name]!)
                }
            }
            // Every changed block said the same words then: reflowed, not rewritten.
            if known && diffs.isEmpty { continue }
            let diff = diffs.isEmpty ? nil : WordDiff(pieces: diffs.flatMap(\.pieces))
            found[candidate.bead] = StaleFromHistory.Evidence(english: candidate.english, chinese: candidate.chinese, diff: diff,
                                                              earlier: markdown)
        }
        return found
    }
}

extension BookHistory {
    /// A text's lines, without their line ends.
    static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    }

    /// A block's markdown as its file had it: its lines (1-based), blank ones at the end left out.
    static func markdown(_ range: LineRange, in lines: [Substring]) -> String {
        let start = max(1, range.start), end = min(lines.count, max(range.start, range.end))
        guard start <= end else { return "" }
        var kept = lines[(start - 1)...(end - 1)]
        while let last = kept.last, last.allSatisfy(\.isWhitespace) { kept = kept.dropLast() }
        return kept.joined(separator: "\n")
    }

    /// Files' texts in commits (`commit:path`; absent: no such file), through the memo: what a
    /// commit holds never changes. Those it lacks are asked of git at once.
    static func texts(_ names: [String], in repository: GitRepository, memo: HistoryMemo?) -> [String: String] {
        var found: [String: String] = [:], asked: [String] = []
        for name in names {
            switch memo?.text(top: repository.top, name: name) {
            case .some(.some(let text)): found[name] = text
            case .some(.none): break   // kept as no such file
            case .none: asked.append(name)
            }
        }
        let answered = repository.texts(asked)
        for name in asked {
            let text = answered[name]
            if let text { found[name] = text }
            memo?.keep(text: text, top: repository.top, name: name)
        }
        return found
    }
}

/// The stale pairs of a chapter as a memo keeps them: a line a pair, its fields apart by NUL
/// (a word diff's pieces hold no NUL nor newline: words are what whitespace separates).
public enum EvidenceRecord {
    public static func encode(_ found: [Int: StaleFromHistory.Evidence]) -> [UInt8] {
        let lines = found.sorted { $0.key < $1.key }.map { bead, why -> String in
            let pieces = why.diff.map { diff in
                diff.pieces.map { piece -> String in
                    switch piece {
                    case .same(let words): "=" + words
                    case .removed(let words): "-" + words
                    case .added(let words): "+" + words
                    }
                }
            }
            // The English then is markdown (line ends and all): base64, after a `p` and its block.
            let earlier = why.earlier.sorted { $0.key < $1.key }.map { "p\($0.key):" + Data($0.value.utf8).base64EncodedString() }
            return ([String(bead), why.english.commit, String(why.english.time), why.english.path,
                     why.chinese.commit, String(why.chinese.time), why.chinese.path, why.diff == nil ? "?" : "!"]
                    + (pieces ?? []) + earlier).joined(separator: "\u{0}")
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    public static func decode(_ raw: UnsafeRawBufferPointer) -> [Int: StaleFromHistory.Evidence]? {
        var found: [Int: StaleFromHistory.Evidence] = [:]
        for line in String(decoding: raw, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 8, let bead = Int(fields[0]), let englishTime = Int64(fields[2]),
                  let chineseTime = Int64(fields[5]) else { return nil }
            var pieces: [WordDiff.Piece] = [], earlier: [Int: String] = [:]
            for field in fields.dropFirst(8) {
                let words = String(field.dropFirst())
                switch field.first {
                case "=": pieces.append(.same(words))
                case "-": pieces.append(.removed(words))
                case "+": pieces.append(.added(words))
                case "p":
                    let parts = words.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                    guard parts.count == 2, let block = Int(parts[0]), let data = Data(base64Encoded: String(parts[1])) else { return nil }
                    earlier[block] = String(decoding: data, as: UTF8.self)
                default: return nil
                }
            }
            found[bead] = StaleFromHistory.Evidence(english: LineOrigin(commit: fields[1], time: englishTime, path: fields[3]),
                                                    chinese: LineOrigin(commit: fields[4], time: chineseTime, path: fields[6]),
                                                    diff: fields[7] == "!" ? WordDiff(pieces: pieces) : nil, earlier: earlier)
        }
        return found
    }
}
