import GuideFiles
import GuideHistory
import GuideMerge
import GuideModel

/// The book's history through the build's cache (`CacheStage.blame`, which says what each key
/// holds): blames by each file's last commit and bytes, the files' last commits by HEAD, files'
/// texts in commits, chapters' stale pairs by their inputs. A warm review asks git only which
/// commit HEAD is. A record that does not decode is made again.
public struct HistoryCache: HistoryMemo {
    public let cache: CacheStore

    public init(_ cache: CacheStore) {
        self.cache = cache
    }

    public func lastCommits(top: String, head: String, paths: [String], make: () -> [String: String]) -> [String: String] {
        let key = CacheStage.blame.key { hash in
            hash.updateCounted("last commits")
            hash.updateCounted(top)
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
        }, make: make)
    }

    public func blame(_ file: BlamedFile) -> [LineOrigin]? {
        cache.read(.blame, Self.key(file), BlameRecord.decode)
    }

    public func keep(_ origins: [LineOrigin], for file: BlamedFile) {
        cache.write(.blame, Self.key(file), BlameRecord.encode(origins))
    }

    public func text(top: String, name: String) -> String?? {
        // The record: 1 and the text, or 0 for no such file in that commit.
        guard let record = cache.read(.blame, Self.textKey(top: top, name: name), { Array($0) }) else { return nil }
        return .some(record.first == 1 ? String(decoding: record.dropFirst(), as: UTF8.self) : nil)
    }

    public func keep(text: String?, top: String, name: String) {
        cache.write(.blame, Self.textKey(top: top, name: name), text.map { [1] + Array($0.utf8) } ?? [0])
    }

    public func staleness(_ inputs: StalenessInputs) -> [Int: StaleFromHistory.Evidence]? {
        cache.read(.blame, Self.key(inputs), EvidenceRecord.decode)
    }

    public func keep(_ evidence: [Int: StaleFromHistory.Evidence], for inputs: StalenessInputs) {
        cache.write(.blame, Self.key(inputs), EvidenceRecord.encode(evidence))
    }

    static func key(_ file: BlamedFile) -> CacheKey {
        CacheStage.blame.key { hash in
            hash.updateCounted("blame")
            hash.updateCounted(file.top)
            hash.updateCounted(file.path)
            hash.updateCounted(file.lastCommit ?? "none")
            hash.update(file.digest)
        }
    }

    static func textKey(top: String, name: String) -> CacheKey {
        CacheStage.blame.key { hash in
            hash.updateCounted("text at commit")
            hash.updateCounted(top)
            hash.updateCounted(name)
        }
    }

    static func key(_ inputs: StalenessInputs) -> CacheKey {
        CacheStage.blame.key { hash in
            hash.updateCounted("staleness, with the English then")
            hash.updateCounted(inputs.originalTop)
            hash.updateCounted(inputs.translationTop)
            hash.updateCounted(inputs.englishDigest)
            for candidate in inputs.candidates {
                hash.updateCounted("\(candidate.bead) \(candidate.english.commit) \(candidate.english.time) "
                    + "\(candidate.chinese.commit) \(candidate.chinese.time) \(candidate.changedBlocks)")
            }
        }
    }
}
