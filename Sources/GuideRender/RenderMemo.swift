import Foundation
import GuideCheck
import GuideMerge
import GuideModel

/// Pages (as the bytes the site holds, so a reused page is not copied) kept in memory
/// between rebuilds of one `guide serve` session, each with the inputs
/// it was rendered from: a page whose inputs are equal to last time's is taken as it was,
/// without building its view, highlighting its code or fingerprinting it.
///
/// The inputs are the values a page is a pure function of (its chapters, heading ids, badges,
/// the small views around it as `TemplateValue` fingerprints); templates and the highlighter are
/// the same within a session unless the templates change, which empties the memo.
public final class RenderMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var pages: [String: (inputs: any Sendable, page: [UInt8])] = [:]
    private var templates: String?
    /// Pages taken as they were, since the memo was made (for tests).
    private(set) var reused = 0

    public init() {}

    /// Starts a rebuild with `templates` (their fingerprint): other templates forget every page.
    func begin(templates fingerprint: String) {
        lock.lock()
        defer { lock.unlock() }
        if templates != fingerprint { pages = [:] }
        templates = fingerprint
    }

    /// The page at `path`: last rebuild's when it was rendered from equal inputs, else `render()`'s.
    func page<Inputs: Equatable & Sendable>(_ path: String, inputs: Inputs, render: () throws -> [UInt8]) rethrows -> [UInt8] {
        lock.lock()
        let known = pages[path]
        lock.unlock()
        if let known, known.inputs as? Inputs == inputs {
            lock.lock()
            reused += 1
            lock.unlock()
            return known.page
        }
        let page = try render()
        lock.lock()
        pages[path] = (inputs, page)
        lock.unlock()
        return page
    }

    /// The fingerprints of small views and strings, for inputs (see `TemplateValue`).
    static func bytes(_ values: any TemplateValue...) -> [UInt8] {
        var out = ByteWriter()
        for value in values { value.fingerprint(into: &out) }
        return out.bytes
    }
}

/// What a page is rendered from (see `RenderMemo` and `PageStore`).
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
}

extension PageInputs {
    /// Bytes that determine the inputs, for the page store's key; nil when a chapter has no
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
