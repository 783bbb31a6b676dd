import Foundation
import GuideCheck
import GuideMerge
import GuideModel

/// What a page is rendered from: the values it is a pure function of (its chapters, heading
/// ids, badges, the small views around it as `TemplateValue` fingerprints). `key` is what the
/// page's keys hash (see `PageReuse` in GuidePipeline).
struct PageInputs: Equatable, Sendable {
    /// `TemplateValue` fingerprints of the small views and strings around the page.
    var views: [UInt8]
    var chapters: [Chapter]
    var ids: HeadingIDs
    /// The snippet badge of each block.
    var badges: [String]
    var beads: [ChapterReview.ReviewedBead] = []
    /// The key the beads' review was cached under (`ChapterReview.cacheKey`): it stands for them.
    var reviewKey: CacheKey?
    /// The snippet check's results a page shows beyond its badges (a dashboard section's gaps).
    var checkResults: [SnippetResult] = []
    /// The check's keys for the results of the chapters the page shows (`CheckReport.chapterKeys`):
    /// when there are, they stand for `badges` and `checkResults`, which are then left empty.
    var checkKeys: [CacheKey]?
}

extension PageInputs {
    /// The inputs of a page made from small views only (the index, a table of contents).
    init(views: [UInt8]) {
        self.init(views: views, chapters: [], ids: [:], badges: [])
    }

    /// The fingerprints of small views and strings, for inputs (see `TemplateValue`).
    static func bytes(_ values: any TemplateValue...) -> [UInt8] {
        var out = ByteWriter()
        for value in values { value.fingerprint(into: &out) }
        return out.bytes
    }
}

extension PageInputs {
    /// Bytes that determine the inputs, for the page memo's keys; nil when a chapter has no
    /// `contentDigest` (it was not loaded from a file, or was changed since).
    var key: [UInt8]? {
        var out = ByteWriter(bytes: views)
        for chapter in chapters {
            guard let digest = chapter.contentDigest else { return nil }
            out.bytes += digest
        }
        if !ids.isEmpty {
            out.fingerprint("heading ids")
            out.bytes += HeadingAnchors.digest(ids)
        }
        if let checkKeys {
            out.fingerprint("check keys")
            out.fingerprint(checkKeys.count)
            for key in checkKeys { out.fingerprint(key.hex) }
        }
        out.fingerprint(badges.count)
        for badge in badges { out.fingerprint(badge) }
        if let reviewKey {
            out.fingerprint(reviewKey.hex)
        } else {
            let beadBytes = ReviewCodec.encode(beads)
            out.fingerprint(beadBytes.count)
            out.bytes += beadBytes
        }
        // Every field of every result.
        if !checkResults.isEmpty { out.bytes += SnippetResultCodec.encode(checkResults) }
        return out.bytes
    }
}
