import Foundation
import GuideMerge
import GuideFiles
import GuideModel
import GuideRender

/// Alignments through the build's cache (`CacheStage.align`), so a build after a one-paragraph
/// edit aligns only the chapter that changed. A record that does not decode, or does not fit
/// the blocks it is for, is aligned again.
public struct AlignmentCache: Sendable {
    public let cache: CacheStore

    public init(_ cache: CacheStore) {
        self.cache = cache
    }

    public func beads(_ source: [Block], _ target: [Block]) -> [Bead] {
        cache.value(.align, Self.key(source, target), decode: { Self.decode($0, source.count, target.count) },
                    encode: Self.encode) { Aligner().align(source, target) }
    }

    static func key(_ source: [Block], _ target: [Block]) -> CacheKey {
        CacheStage.align.key { hash in
            for side in [source, target] {
                hash.update([0])
                for index in side.indices {
                    hash.update(side[index].source)
                    hash.update([1])
                }
            }
        }
    }

    /// The beads in `ByteWriter`'s fields.
    static func encode(_ beads: [Bead]) -> [UInt8] {
        var out = ByteWriter()
        out.list(beads) { $0.bead($1) }
        return out.bytes
    }

    /// nil unless the record covers every block of both sides once, in order.
    static func decode(_ raw: UnsafeRawBufferPointer, _ sourceCount: Int, _ targetCount: Int) -> [Bead]? {
        var reader = ByteReader(raw)
        guard let beads = reader.list({ $0.bead() }), reader.isAtEnd, beads.flatMap(\.source) == Array(0..<sourceCount),
              beads.flatMap(\.target) == Array(0..<targetCount) else { return nil }
        return beads
    }
}

