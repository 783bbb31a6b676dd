import GuideFiles

/// A page as render plans it: where it goes, what it is made from (its template and its
/// inputs' key) and how to make it. Whether it is made now, kept in the output folder,
/// remembered by `guide serve` or spooled is not render's to decide, as merge does not decide
/// which reviews are reused: the pipeline's `PageReuse` resolves the plans (`SitePlan.site`).
public struct PagePlan: Sendable {
    public enum Making: Sendable {
        /// A small page, made whole.
        case whole(@Sendable () throws -> [UInt8])
        /// A page made a slice at a time (`StreamedPage`), into the spool it is given (nil: in memory).
        case streamed(@Sendable ((any PageSpill)?) throws -> PageSink.Body)
        /// A frame with `count` parts spliced in where it holds `SiteRenderer.sectionsMark` (the
        /// dashboard: tens of megabytes, which the template engine would copy several times over).
        case sections(frame: String, count: Int, make: @Sendable (Int) throws -> [UInt8])
    }

    /// Parts of a page kept on their own by their keys (`SectionMemo`), so that a rebuild after an
    /// edit makes the edited chapter's part alone; a page kept whole keeps its parts with it.
    public struct Parts: Sendable {
        public let template: String
        public let keys: @Sendable () -> [[UInt8]]
    }

    public let path: String
    public let template: String
    /// What the page is made from (`PageInputs.key`; nil: made every time), asked for only by a
    /// memo: hashing a page's inputs costs as much as making a small page.
    public let key: @Sendable () -> [UInt8]?
    public let making: Making
    public var parts: Parts?

    /// The page made now: in memory, or spilled into `spool` as it grows (`PageSink`).
    public func made(spool: (any PageSpill)? = nil) throws -> PageSink.Body {
        switch making {
        case .whole(let make): return .memory([try make()])
        case .streamed(let make): return try make(spool)
        case .sections(let frame, let count, let make): return .memory(Self.splice(try Array(0..<count).concurrentMap(make), into: frame))
        }
    }

    /// `frame` with every `SiteRenderer.sectionsMark` replaced by the sections, as pieces (`Site.pieced`): nothing copied.
    public static func splice(_ sections: [[UInt8]], into frame: String) -> [[UInt8]] {
        let bytes = Array(frame.utf8), mark = Array(SiteRenderer.sectionsMark.utf8)
        var pieces: [[UInt8]] = [], start = 0, at = 0
        // The mark starts with a NUL, which no page text holds: each one found is a candidate.
        while let found = bytes[at...].firstIndex(of: mark[0]) {
            at = found + 1
            guard bytes[found...].starts(with: mark) else { continue }
            pieces.append(Array(bytes[start..<found]))
            pieces += sections
            start = found + mark.count
            at = start
        }
        pieces.append(Array(bytes[start...]))
        return pieces
    }
}

/// What render hands on: a plan per page, and the files made without one (the search index,
/// made while the pages are, the 404 page, the templates' static files).
public struct SitePlan: Sendable {
    /// Each page's plan, made as the page is: a book of thousands of pages does not hold every
    /// page's views at once.
    public let pages: [@Sendable () throws -> PagePlan]
    let searchFiles: InBackground<[(path: String, file: PageFile)]>
    let notFound: String
    let baseURL: String
    let staticFiles: [String: [UInt8]]

    /// The site, each page planned and resolved by `resolve` (made, or reused by the pipeline) on
    /// every core, started in the plans' order; an error is the first page's in that order.
    public func site(_ resolve: @Sendable (PagePlan) throws -> PageFile = { PageFile(try $0.made(), tag: nil) }) throws -> Site {
        var site = Site()
        let files = try pages.concurrentMap { page in
            let plan = try page()
            return (plan.path, try resolve(plan))
        }
        for (path, file) in files { site.add(path, file) }
        for (path, file) in searchFiles.value { site.add(path, file) }
        site.add("404.html", text: notFound)
        site.add("sitemap.xml", text: Sitemap.xml(pages: site.paths.filter { $0.hasSuffix(".html") }, baseURL: baseURL))
        for (path, bytes) in staticFiles { site.files[path] = bytes }
        return site
    }
}
