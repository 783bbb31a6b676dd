import Foundation
import GuideMerge
import GuideModel

/// Alignments kept on disk between builds (`.guide-cache/align/`), so a build after a
/// one-paragraph edit aligns only the chapter that changed.
///
/// Keyed by the `Digest` of both chapters' markdown and the tool's cache version; an entry
/// that does not parse, or does not fit the blocks it is for, is ignored and replaced.
public struct AlignmentCache: Sendable {
    /// Bump when the aligner's output for the same input may change.
    public static let version = "align-5"   // 2: the band's widening has a budget (SearchBand.extraCells); 3: XXH3 keys; 4: so has its margin (SearchBand.marginCells); 5: ByteWriter's fields
    public let folder: String
    /// Where the keys this build used are noted (for pruning).
    let use: CacheUse?

    public init(folder: String) {
        self.init(folder: folder, use: nil)
    }

    init(folder: String, use: CacheUse?) {
        self.folder = folder
        self.use = use
    }

    public func beads(_ source: [Block], _ target: [Block]) -> [Bead] {
        let key = Self.key(source, target)
        use?.record(key, in: folder)
        let file = folder + "/" + key
        // Sealed and naming its key: a damaged, edited or misplaced entry is aligned again.
        let prefix = Array(key.utf8) + [0x0A]
        if let bytes = CacheFile.readSealed(file), bytes.starts(with: prefix),
           let beads = Self.decode(bytes[prefix.count...], source.count, target.count) {
            return beads
        }
        let beads = Aligner().align(source, target)
        CacheFile.writeSealed(prefix + Self.encode(beads), to: file)
        return beads
    }

    static func key(_ source: [Block], _ target: [Block]) -> String {
        let hash = Digest()
        // The build of the tool decides the beads too: a changed aligner never serves old ones.
        hash.update(version + " " + ToolBuild.identity)
        for side in [source, target] {
            hash.update([0])
            for index in side.indices {
                hash.update(side[index].source)
                hash.update([1])
            }
        }
        return HexText.of(hash.finalize())
    }

    /// The beads in `ByteWriter`'s fields.
    static func encode(_ beads: [Bead]) -> [UInt8] {
        var out = ByteWriter()
        out.list(beads) { $0.bead($1) }
        return out.bytes
    }

    /// nil unless the entry covers every block of both sides once, in order.
    static func decode(_ bytes: ArraySlice<UInt8>, _ sourceCount: Int, _ targetCount: Int) -> [Bead]? {
        let beads = bytes.withUnsafeBytes { raw -> [Bead]? in
            var reader = ByteReader(raw)
            let beads = reader.list { $0.bead() }
            return reader.isAtEnd ? beads : nil
        }
        guard let beads, beads.flatMap(\.source) == Array(0..<sourceCount),
              beads.flatMap(\.target) == Array(0..<targetCount) else { return nil }
        return beads
    }
}

/// A bead as the alignment and review caches store it: its source indexes, then its target's.
extension ByteWriter {
    mutating func bead(_ bead: Bead) {
        list(bead.source) { $0.int($1) }
        list(bead.target) { $0.int($1) }
    }
}

extension ByteReader {
    mutating func bead() -> Bead? {
        guard let source = list({ $0.int() }), let target = list({ $0.int() }) else { return nil }
        return Bead(source: source, target: target)
    }
}
