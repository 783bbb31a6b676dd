import Foundation
import GuideModel

/// The facts (`ChapterFacts`) of the chapters the last build loaded, by content digest, in one
/// cache file (`.guide-cache/facts`): a rebuild takes an unchanged chapter's facts from here and
/// leaves its blocks unparsed until a stage asks for them.
///
/// The file: a header naming the format and the guide build (`ToolBuild`: a changed parser may
/// make other blocks), then the entries (digest, length, facts), then the `Digest` of all that,
/// checked when the file is read: a damaged or foreign file is ignored (every chapter is parsed,
/// and the file written again), never trusted. Only the entries of the last load are kept.
public final class FactsStore: @unchecked Sendable {
    static let format = "guide-facts-3"   // 3: XXH3 digests and seal (Digest)
    public let file: String
    private let lock = NSLock()
    private var stored: [[UInt8]: [UInt8]]
    private var used: [[UInt8]: [UInt8]] = [:]
    private var added = false

    public init(file: String) {
        self.file = file
        stored = CacheFile.readSealed(file).flatMap(Self.entries) ?? [:]
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

    /// Writes the facts this load used, when they differ from the file's, and lets go of the
    /// entries (the encoded facts of a chapter of a million headings are tens of megabytes,
    /// and the build that saves them goes on for as long again).
    public func save() {
        lock.lock()
        defer {
            (used, stored, added) = ([:], [:], false)
            lock.unlock()
        }
        guard added || used.count != stored.count else { return }
        var writer = ByteWriter(bytes: Array("\(Self.format) \(ToolBuild.identity)\n".utf8))
        writer.list(used.keys.sorted { $0.lexicographicallyPrecedes($1) }) { writer, digest in
            writer.int(digest.count)
            writer.bytes += digest
            writer.int(used[digest]!.count)
            writer.bytes += used[digest]!
        }
        CacheFile.writeSealed(writer.bytes, to: file)
    }

    /// The entries of a file this guide build wrote (its seal checked), nil when they do not
    /// decode or the file is from another build.
    static func entries(of body: [UInt8]) -> [[UInt8]: [UInt8]]? {
        let header = Array("\(format) \(ToolBuild.identity)\n".utf8)
        guard body.starts(with: header) else { return nil }
        return body.withUnsafeBytes { raw -> [[UInt8]: [UInt8]]? in
            var reader = ByteReader(raw)
            reader.offset = header.count
            func bytes(_ reader: inout ByteReader) -> [UInt8]? { reader.int().flatMap { reader.bytes($0) }.map(Array.init) }
            guard let pairs = reader.list({ reader -> ([UInt8], [UInt8])? in
                guard let digest = bytes(&reader), let facts = bytes(&reader) else { return nil }
                return (digest, facts)
            }), reader.isAtEnd else { return nil }
            return Dictionary(pairs) { _, last in last }
        }
    }

    /// The facts in `ByteWriter`'s fields, in the order of `ChapterFacts`' properties.
    static func encode(_ facts: ChapterFacts) -> [UInt8] {
        var writer = ByteWriter()
        writer.int(facts.blockCount)
        writer.int(facts.codeBlockCount)
        writer.list(facts.headings) { writer, heading in
            writer.int(heading.block)
            writer.string(heading.text)
        }
        writer.list(facts.references) { writer, reference in
            writer.int(reference.block)
            writer.string(reference.url)
            writer.bool(reference.isImage)
            writer.int(reference.line)
        }
        writer.list(facts.textLengths) { $0.int($1) }
        return writer.bytes
    }

    /// The facts `encode` wrote; nil for bytes it could not have written, or facts no blocks could have.
    static func decode(_ bytes: [UInt8]) -> ChapterFacts? {
        bytes.withUnsafeBytes { raw -> ChapterFacts? in
            var reader = ByteReader(raw)
            guard let blockCount = reader.int(), let codeBlockCount = reader.int(),
                  let headings = reader.list({ reader -> ChapterFacts.Heading? in
                      guard let block = reader.int(), let text = reader.string() else { return nil }
                      return ChapterFacts.Heading(block: block, text: text)
                  }),
                  let references = reader.list({ reader -> ChapterFacts.Reference? in
                      guard let block = reader.int(), let url = reader.string(), let isImage = reader.bool(),
                            let line = reader.int() else { return nil }
                      return ChapterFacts.Reference(block: block, url: url, isImage: isImage, line: line)
                  }),
                  let lengths = reader.list({ $0.int() }), reader.isAtEnd,
                  lengths.count == blockCount, (0...blockCount).contains(codeBlockCount),
                  headings.allSatisfy({ (0..<blockCount).contains($0.block) }),
                  references.allSatisfy({ (0..<blockCount).contains($0.block) })
            else { return nil }
            return ChapterFacts(blockCount: blockCount, codeBlockCount: codeBlockCount, headings: headings,
                                references: references, textLengths: lengths)
        }
    }
}
