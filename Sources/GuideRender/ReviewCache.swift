import Foundation
import GuideCheck
import GuideMerge
import GuideModel

/// Chapter reviews kept on disk between builds (`.guide-cache/review/`), so a build after a
/// one-paragraph edit reviews (and aligns) only the chapter pair that changed.
///
/// Keyed by the `Digest` of both chapters' content digests (or, for chapters not loaded from
/// files, their blocks through their alignment key), the review's settings (doubt markers,
/// glossary, accepted entries) and the guide build (`ToolBuild`): a changed guide may review
/// differently. An entry that does not decode, or does not fit the blocks it is for, is
/// ignored and replaced.
public struct ReviewCache: ReviewMemo {
    static let format = "review-5"   // 4: XXH3 keys and seals (Digest); 5: a chapter lists its first findings
    public let folder: String
    /// Where the keys this build used are noted (for pruning), with the alignment cache whose
    /// entry a review stands on: a review read from here skips its alignment, which is still
    /// the one to keep.
    let use: CacheUse?
    let alignments: String?

    public init(folder: String) {
        self.init(folder: folder, use: nil, alignments: nil)
    }

    init(folder: String, use: CacheUse?, alignments: String?) {
        self.folder = folder
        self.use = use
        self.alignments = alignments
    }

    public func review(source: Chapter, target: Chapter, language: Language, settings: String,
                       make: () -> ChapterReview) -> ChapterReview {
        // Chapters loaded from files are keyed by their content digests (their text was hashed
        // once, by the loader); others by their blocks, through the alignment key.
        var alignmentKey: String?
        let key: String
        if let sourceDigest = source.contentDigest, let targetDigest = target.contentDigest {
            key = Self.key(digests: sourceDigest, targetDigest, settings: settings)
        } else {
            alignmentKey = AlignmentCache.key(source.blocks, target.blocks)
            key = Self.key(alignment: alignmentKey!, settings: settings)
        }
        let file = folder + "/" + key
        use?.record(key, in: folder)
        // An entry, sealed: its own key and a newline (a misplaced entry is not this pair's),
        // the key of the alignment it stands on (kept from pruning), a newline, the beads.
        let prefix = Array(key.utf8) + [0x0A]
        if let sealed = CacheFile.readSealed(file), sealed.starts(with: prefix),
           case let data = sealed[prefix.count...], data.count > Self.alignmentKeyLength,
           data[data.startIndex + Self.alignmentKeyLength] == 0x0A,
           let beads = ReviewCodec.decode([UInt8](data.dropFirst(Self.alignmentKeyLength + 1))),
           Self.fits(beads, source.facts.blockCount, target.facts.blockCount) {
            if let use, let alignments {
                use.record(String(decoding: data.prefix(Self.alignmentKeyLength), as: UTF8.self), in: alignments)
            }
            var review = ChapterReview(source: source, target: target, language: language, beads: beads)
            review.cacheKey = key
            return review
        }
        var review = make()
        review.cacheKey = key
        let alignment = alignmentKey ?? AlignmentCache.key(source.blocks, target.blocks)
        if let use, let alignments { use.record(alignment, in: alignments) }
        CacheFile.writeSealed(prefix + Array(alignment.utf8) + [0x0A] + ReviewCodec.encode(review.beads), to: file)
        return review
    }

    /// An alignment key's length (hex `Digest`).
    static let alignmentKeyLength = Digest.hexCount

    static func key(digests source: [UInt8], _ target: [UInt8], settings: String) -> String {
        Digest.hex(Array("\(format) \(ToolBuild.identity)\n\(settings)\n".utf8) + source + [0] + target)
    }

    /// The review's key from its pair's alignment key, which already stands for both chapters'
    /// blocks: the chapters' text is hashed once per pair, not once per cache.
    static func key(alignment: String, settings: String) -> String {
        Digest.hex("\(format) \(ToolBuild.identity)\n\(settings)\n\(alignment)")
    }

    /// The beads cover every block of both sides once, in order, and findings point inside them.
    static func fits(_ beads: [ChapterReview.ReviewedBead], _ sourceCount: Int, _ targetCount: Int) -> Bool {
        guard beads.flatMap(\.bead.source) == Array(0..<sourceCount),
              beads.flatMap(\.bead.target) == Array(0..<targetCount) else { return false }
        return beads.allSatisfy { bead in
            bead.review.findings.allSatisfy { finding in
                (finding.sourceBlock.map { (0..<sourceCount).contains($0) } ?? true)
                    && (finding.targetBlock.map { (0..<targetCount).contains($0) } ?? true)
            }
        }
    }
}

extension Book {
    /// The book's reviews through the caches kept next to `content` (`.guide-cache/align`,
    /// `.guide-cache/review`): what `guide build` and `guide review` use.
    /// `memory`: reviews of earlier rebuilds of this process (`guide serve`), in front of the disk
    /// cache. `prune`: remove the cache entries no pair of this book used (a build does; a
    /// serve session, whose memory bypasses the disk, does not).
    public func cachedReviews(content: String, memory: ReviewMemory? = nil, prune: Bool = false) -> [ChapterReview] {
        let folder = CheckOptions.defaultCacheFolder(forContent: content)
        let use = prune && memory == nil ? CacheUse() : nil
        let align = AlignmentCache(folder: folder + "/align", use: use)
        let disk = ReviewCache(folder: folder + "/review", use: use, alignments: align.folder)
        let result = reviews(align: align.beads, memo: memory.map { $0 as ReviewMemo } ?? disk)
        use?.prune(align.folder)
        use?.prune(disk.folder)
        return result
    }
}
