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
    public static let version = "align-4"   // 2: the band's widening has a budget (SearchBand.extraCells); 3: XXH3 keys; 4: so has its margin (SearchBand.marginCells)
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
           let beads = Self.decode(Data(bytes[prefix.count...]), source.count, target.count) {
            return beads
        }
        let beads = Aligner().align(source, target)
        CacheFile.writeSealed(prefix + [UInt8](Self.encode(beads)), to: file)
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

    /// One line per bead: `source indexes;target indexes`, comma-separated.
    static func encode(_ beads: [Bead]) -> Data {
        Data(beads.map { bead in
            bead.source.map(String.init).joined(separator: ",") + ";" + bead.target.map(String.init).joined(separator: ",")
        }.joined(separator: "\n").utf8)
    }

    /// nil unless the entry covers every block of both sides once, in order.
    static func decode(_ data: Data, _ sourceCount: Int, _ targetCount: Int) -> [Bead]? {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        var beads: [Bead] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let sides = line.split(separator: ";", omittingEmptySubsequences: false)
            guard sides.count == 2 else { return nil }
            func indexes(_ side: Substring) -> [Int]? {
                side.isEmpty ? [] : side.split(separator: ",").map { Int($0) }.reduce([Int]()) { list, value in
                    guard let value else { return list }
                    return list + [value]
                }
            }
            guard let source = indexes(sides[0]), let target = indexes(sides[1]) else { return nil }
            beads.append(Bead(source: source, target: target))
        }
        guard beads.flatMap(\.source) == Array(0..<sourceCount), beads.flatMap(\.target) == Array(0..<targetCount) else {
            return nil
        }
        return beads
    }
}
