import Crypto
import Foundation
import GuideModel

/// The facts (`ChapterFacts`) of the chapters the last build loaded, by content digest, in one
/// cache file (`.guide-cache/facts`): a rebuild takes an unchanged chapter's facts from here and
/// leaves its blocks unparsed until a stage asks for them.
///
/// The file: a header naming the format and the guide build (`ToolBuild`: a changed parser may
/// make other blocks), then the entries (digest, length, facts), then the SHA-256 of all that,
/// checked when the file is read: a damaged or foreign file is ignored (every chapter is parsed,
/// and the file written again), never trusted. Only the entries of the last load are kept.
public final class FactsStore: @unchecked Sendable {
    static let format = "guide-facts-1"
    public let file: String
    private let lock = NSLock()
    private let stored: [[UInt8]: [UInt8]]
    private var used: [[UInt8]: [UInt8]] = [:]
    private var added = false

    public init(file: String) {
        self.file = file
        let data = FileBytes.read(file) ?? []
        stored = Self.entries(of: data) ?? [:]
    }

    /// The facts stored for a chapter of this digest (nil: none, or they do not decode).
    func facts(digest: [UInt8]) -> ChapterFacts? {
        guard let bytes = stored[digest], let facts = Self.decode(bytes) else { return nil }
        lock.lock()
        used[digest] = bytes
        lock.unlock()
        return facts
    }

    func add(_ facts: ChapterFacts, digest: [UInt8]) {
        let bytes = Self.encode(facts)
        lock.lock()
        used[digest] = bytes
        added = true
        lock.unlock()
    }

    /// Writes the facts this load used, when they differ from the file's.
    public func save() {
        lock.lock()
        defer { lock.unlock() }
        guard added || used.count != stored.count else { return }
        var out = Array("\(Self.format) \(ToolBuild.identity)\n".utf8)
        Self.append(UInt64(used.count), to: &out)
        for digest in used.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let bytes = used[digest]!
            Self.append(UInt64(digest.count), to: &out)
            out += digest
            Self.append(UInt64(bytes.count), to: &out)
            out += bytes
        }
        out += SHA256.hash(data: out)
        CacheFile.write(Data(out), to: file)
        added = false
    }

    /// The entries of a file this guide build wrote, nil when it is damaged or from another build.
    static func entries(of data: [UInt8]) -> [[UInt8]: [UInt8]]? {
        let header = Array("\(format) \(ToolBuild.identity)\n".utf8)
        guard data.count >= header.count + 32, data.starts(with: header) else { return nil }
        let body = data[..<(data.count - 32)]
        guard Array(SHA256.hash(data: body)) == Array(data[(data.count - 32)...]) else { return nil }
        return body.withUnsafeBytes { raw -> [[UInt8]: [UInt8]]? in
            var reader = ByteReader(raw)
            _ = reader.bytes(header.count)
            guard let count = reader.count(atLeast: 16) else { return nil }
            var entries: [[UInt8]: [UInt8]] = [:]
            entries.reserveCapacity(count)
            for _ in 0..<count {
                guard let digestCount = reader.count(atLeast: 1), let digest = reader.bytes(digestCount),
                      let length = reader.count(atLeast: 1), let bytes = reader.bytes(length) else { return nil }
                entries[Array(digest)] = Array(bytes)
            }
            return reader.isAtEnd ? entries : nil
        }
    }

    /// The facts as bytes: counts, then each field, strings as their length and UTF-8.
    static func encode(_ facts: ChapterFacts) -> [UInt8] {
        var out: [UInt8] = []
        append(UInt64(facts.blockCount), to: &out)
        append(UInt64(facts.codeBlockCount), to: &out)
        append(UInt64(facts.headings.count), to: &out)
        for heading in facts.headings {
            append(UInt64(heading.block), to: &out)
            append(heading.text, to: &out)
        }
        append(UInt64(facts.references.count), to: &out)
        for reference in facts.references {
            append(UInt64(reference.block), to: &out)
            out.append(reference.isImage ? 1 : 0)
            append(reference.url, to: &out)
        }
        append(UInt64(facts.textLengths.count), to: &out)
        for length in facts.textLengths { append(UInt64(length), to: &out) }
        return out
    }

    static func decode(_ bytes: [UInt8]) -> ChapterFacts? {
        bytes.withUnsafeBytes { raw -> ChapterFacts? in
            var reader = ByteReader(raw)
            func integer() -> Int? { reader.integer(UInt64.self).flatMap { $0 <= UInt64(Int.max) ? Int($0) : nil } }
            func text() -> String? {
                guard let count = reader.count(atLeast: 1), let bytes = reader.bytes(count) else { return nil }
                return String(validating: bytes, as: UTF8.self)
            }
            guard let blockCount = integer(), let codeBlockCount = integer(),
                  let headingCount = reader.count(atLeast: 16) else { return nil }
            var headings: [ChapterFacts.Heading] = []
            for _ in 0..<headingCount {
                guard let block = integer(), let text = text() else { return nil }
                headings.append(.init(block: block, text: text))
            }
            guard let referenceCount = reader.count(atLeast: 17) else { return nil }
            var references: [ChapterFacts.Reference] = []
            for _ in 0..<referenceCount {
                guard let block = integer(), let flag = reader.integer(UInt8.self), flag <= 1, let url = text() else { return nil }
                references.append(.init(block: block, url: url, isImage: flag == 1))
            }
            guard let lengthCount = reader.count(atLeast: 8) else { return nil }
            var lengths: [Int] = []
            lengths.reserveCapacity(lengthCount)
            for _ in 0..<lengthCount {
                guard let length = integer() else { return nil }
                lengths.append(length)
            }
            let facts = ChapterFacts(blockCount: blockCount, codeBlockCount: codeBlockCount, headings: headings,
                                     references: references, textLengths: lengths)
            // Facts that could not come from any blocks are damage.
            guard reader.isAtEnd, lengths.count == blockCount, codeBlockCount <= blockCount,
                  headings.allSatisfy({ $0.block < blockCount }), references.allSatisfy({ $0.block < blockCount })
            else { return nil }
            return facts
        }
    }

    private static func append(_ value: UInt64, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out += $0 }
    }

    private static func append(_ text: String, to out: inout [UInt8]) {
        append(UInt64(text.utf8.count), to: &out)
        out += text.utf8
    }
}
