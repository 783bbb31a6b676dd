import Foundation
import GuideMerge
import GuideFiles
import GuideModel
import GuideRender

/// Chapter reviews through the build's cache (`CacheStage.review`, which says what the key
/// holds), so a build after a one-paragraph edit reviews (and aligns) only the pair that
/// changed. A record that does not decode, or does not fit the blocks it is for, is made again.
public struct ReviewCache: ReviewMemo {
    public let cache: CacheStore

    public init(_ cache: CacheStore) {
        self.cache = cache
    }

    public func review(source: Chapter, target: Chapter, language: Language, settings: ReviewSettings,
                       make: () throws -> ChapterReview) throws -> ChapterReview {
        let (key, alignment) = Self.key(source, target, language: language, settings: settings)
        var made: ChapterReview?
        // The record: the key of the alignment the review stands on (kept with it), then the beads.
        let (base, beads) = try cache.value(.review, key, decode: { raw -> (CacheKey, [ChapterReview.ReviewedBead])? in
            guard raw.count >= Digest.byteCount,
                  let beads = ReviewCodec.decode(UnsafeRawBufferPointer(rebasing: raw[Digest.byteCount...])),
                  Self.fits(beads, source.facts.blockCount, target.facts.blockCount) else { return nil }
            return (CacheKey(raw, at: 0), beads)
        }, encode: { $0.0.bytes + ReviewCodec.encode($0.1) }) {
            made = try make()
            return (alignment ?? AlignmentCache.key(source.blocks, target.blocks), made!.beads)
        }
        cache.keep(.align, base)
        var review = made ?? ChapterReview(source: source, target: target, language: language, beads: beads)
        review.cacheKey = key
        return review
    }

    /// The review's key, and for chapters not loaded from files (no content digests) their
    /// alignment's key, which stands for their blocks: their text is hashed once per pair.
    static func key(_ source: Chapter, _ target: Chapter, language: Language, settings: ReviewSettings) -> (CacheKey, alignment: CacheKey?) {
        let digests = source.contentDigest.flatMap { sourceDigest in target.contentDigest.map { (sourceDigest, $0) } }
        let alignment = digests == nil ? AlignmentCache.key(source.blocks, target.blocks) : nil
        let key = CacheStage.review.key { hash in
            hash.updateCounted(language.code)
            Self.hash(settings, into: hash)
            if let (sourceDigest, targetDigest) = digests {
                hash.updateCounted(sourceDigest)
                hash.updateCounted(targetDigest)
            } else {
                hash.updateCounted(alignment!.bytes)
            }
        }
        return (key, alignment)
    }

    /// The settings, field by field, each part counted (no two settings hash alike by where a part ends).
    static func hash(_ settings: ReviewSettings, into hash: Digest) {
        func strings(_ list: [String]) {
            withUnsafeBytes(of: UInt64(list.count).littleEndian) { hash.update($0) }
            for text in list { hash.updateCounted(text) }
        }
        func optional(_ text: String?) {
            hash.update([text == nil ? 0 : 1])
            if let text { hash.updateCounted(text) }
        }
        strings(settings.doubtMarkers)
        hash.update([settings.sentences ? 1 : 0])
        withUnsafeBytes(of: UInt64(settings.glossary.count).littleEndian) { hash.update($0) }
        for term in settings.glossary {
            strings(term.english)
            strings(term.chinese)
            hash.update([term.keepEnglish ? 1 : 0])
            optional(term.note)
            optional(term.line.map(String.init))
        }
        optional(settings.dictionary)
        hash.updateCounted(settings.accepted)
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
