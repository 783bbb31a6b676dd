import Foundation
import GuideMerge
import GuideModel
import GuideParse
import GuideFiles

/// Checks every internal link, anchor and image of every chapter at build time.
///
/// A link to a missing page or image is an error; a link to a missing heading is an
/// error or a warning, as the config says. Each finding names the chapter's `file:line`.
public struct LinkChecker: Sendable {
    let book: Book
    let contentRoot: String
    /// Heading ids per language code and chapter path (as the renderer gives them).
    let anchors: [Language: [String: Set<String>]]
    let anchorsAreErrors: Bool
    /// The assets as sets: a book's chapters link to them thousands of times.
    let sharedAssets: Set<String>
    let assets: [Language: Set<String>]

    public init(book: Book, contentRoot: String, anchors: [Language: [String: Set<String>]], anchorsAreErrors: Bool) {
        self.book = book
        self.contentRoot = contentRoot
        self.anchors = anchors
        self.anchorsAreErrors = anchorsAreErrors
        sharedAssets = Set(book.sharedAssets)
        assets = Dictionary(book.editions.map { ($0.language, Set($0.assets)) }) { first, _ in first }
    }

    public func check() -> [Diagnostic] {
        // Chapters are checked on every core; the findings are sorted at the end.
        let chapters = book.editions.flatMap { edition in edition.chapters.map { (edition, $0) } }
        let laidOut = !book.config.editions.isEmpty
        let findings = chapters.concurrentMap { edition, chapter in
            // A block's inline features cover everything nested in it (list items, quotes); the
            // chapter's facts list them, so an unchanged chapter is not parsed for its links.
            chapter.facts.references.flatMap { reference in
                reference.isImage ? checkImage(reference, in: chapter, edition: edition)
                                  : checkLink(reference, in: chapter, edition: edition)
            } + chapter.facts.sanitizedLines.map { line in
                // Checked here with the links: from the facts, so a rebuild warns without parsing.
                Diagnostic(.warning, "raw HTML: left out what GitHub would not show (an element, attribute or URL "
                           + "off its allow-list; set output.raw_html: true to keep all HTML)",
                           at: chapter.location(line: line))
            }
        }.joined()
        guard laidOut else { return findings.sorted { Self.order($0, 0) < Self.order($1, 0) } }
        // A file of the repository the book links to is said once, not at every link to it.
        var said = Set<String>()
        return findings.filter { $0.severity != .warning || !$0.message.hasPrefix(Self.outsideTheBook) || said.insert($0.message).inserted }
            .sorted { Self.order($0, 0) < Self.order($1, 0) }
    }

    func checkLink(_ reference: ChapterFacts.Reference, in chapter: Chapter, edition: Edition) -> [Diagnostic] {
        let url = reference.url
        if url.isEmpty || LinkTarget.isExternal(url) { return [] }
        let location = { self.location(of: reference, in: chapter) }
        if let finding = Self.extraParentheses(url, kind: "link", at: location) { return [finding] }
        // Links were rewritten to pages by the parser: `other.md#x` is now `other.html#x`.
        let (path, fragment) = Self.split(url)
        if path.isEmpty {
            guard let fragment, !fragment.isEmpty else { return [] }
            return checkAnchor(fragment, chapterPath: chapter.path, edition: edition, location: location)
        }
        let directory = PathText.parent(chapter.path)
        let resolved = Self.normalize(directory.isEmpty ? path : directory + "/" + path)
        guard let resolved else {
            return [Diagnostic(.error, "link '\(Self.quoted(url))' leaves the content folder", at: location())]
        }
        // The other language's page (a README linking to its translation): `../zh/x.html`.
        if resolved.hasPrefix("../"), resolved.hasSuffix(".html"),
           let other = book.editions.first(where: { resolved.hasPrefix("../" + $0.language.code + "/") }) {
            let chapterPath = String(resolved.dropFirst(4 + other.language.code.count).dropLast(5)) + ".md"
            return other.chapter(at: chapterPath) != nil ? [] : [Diagnostic(.error, "link '\(Self.quoted(url))' points to a page that does not exist", at: location())]
        }
        if resolved.hasSuffix(".html") {
            let chapterPath = String(resolved.dropLast(5)) + ".md"
            guard edition.chapter(at: chapterPath) != nil else {
                return [Diagnostic(.error, "link '\(Self.quoted(url))' points to a page that does not exist: "
                    + "no chapter \(Self.quoted(chapterPath)) in \(edition.language.code)/SUMMARY.md (add it there, or correct the link)", at: location())]
            }
            if let fragment, !fragment.isEmpty {
                return checkAnchor(fragment, chapterPath: chapterPath, edition: edition, location: location)
            }
            return []
        }
        return checkFile(resolved, original: url, edition: edition, location: location, kind: "link")
    }

    func checkImage(_ reference: ChapterFacts.Reference, in chapter: Chapter, edition: Edition) -> [Diagnostic] {
        let url = reference.url
        if LinkTarget.isExternal(url) { return [] }
        let location = { self.location(of: reference, in: chapter) }
        if let finding = Self.extraParentheses(url, kind: "image", at: location) { return [finding] }
        let directory = PathText.parent(chapter.path)
        let (path, _) = Self.split(url)
        guard let resolved = Self.normalize(directory.isEmpty ? path : directory + "/" + path) else {
            return [Diagnostic(.error, "image '\(Self.quoted(url))' leaves the content folder", at: location())]
        }
        return checkFile(resolved, original: url, edition: edition, location: location, kind: "image")
    }

    /// `resolved` is relative to the language folder; `../x` reaches the shared assets at the content root.
    func checkFile(_ resolved: String, original: String, edition: Edition, location: () -> SourceLocation, kind: String) -> [Diagnostic] {
        let exists: Bool
        let inContent: String   // where the file would be, in the content folder
        if resolved.hasPrefix("../") {
            let shared = String(resolved.dropFirst(3))
            guard !shared.hasPrefix("../") else {
                return [Diagnostic(.error, "\(kind) '\(Self.quoted(original))' leaves the content folder", at: location())]
            }
            exists = sharedAssets.contains(shared)
            inContent = shared
        } else {
            exists = assets[edition.language]?.contains(resolved) == true
            inContent = edition.language.code + "/" + resolved
        }
        if !exists, !book.config.editions.isEmpty, !resolved.hasPrefix("../"),
           FileManager.default.fileExists(atPath: contentRoot + "/" + (edition.folder.isEmpty ? resolved : edition.folder + "/" + resolved)) {
            let shown = edition.folder.isEmpty ? resolved : edition.folder + "/" + resolved
            return [Diagnostic(.warning, "\(Self.outsideTheBook) '\(Self.quoted(shown))' is a file of the repository, not of the book: "
                               + "its links stay as written; name the repository in guide.yml (repository: { url: https://github.com/owner/name }) "
                               + "to point them at its copy there", at: location())]
        }
        return exists ? [] : [Diagnostic(.error, "\(kind) '\(Self.quoted(original))' points to a file that does not exist: "
                                          + "no \(Self.quoted(inContent)) in the content folder (add the file, or correct the path)", at: location())]
    }

    func checkAnchor(_ fragment: String, chapterPath: String, edition: Edition, location: () -> SourceLocation) -> [Diagnostic] {
        let id = fragment.removingPercentEncoding ?? fragment
        guard anchors[edition.language]?[chapterPath]?.contains(id) != true else { return [] }
        // GitHub's slug of a heading lands too (the pages give it as a second anchor, see
        // `HeadingIDs.gitHubAliases`); made only for a fragment guide's ids miss.
        if let chapter = edition.chapter(at: chapterPath), HeadingIDs.gitHub(for: chapter.facts.headings).values.contains(id) {
            return []
        }
        return [Diagnostic(anchorsAreErrors ? .error : .warning,
                           "anchor '#\(Self.quoted(fragment))' matches no heading of \(Self.quoted(chapterPath))", at: location())]
    }

    /// `[text]((https://x))`: one pair of parentheses too many makes a web address a path
    /// in the book (`(https:/x` after normalizing), and "no such chapter" would hide why.
    static func extraParentheses(_ url: String, kind: String, at location: () -> SourceLocation) -> Diagnostic? {
        var inner = Substring(url)
        while inner.hasPrefix("("), inner.hasSuffix(")") { inner = inner.dropFirst().dropLast() }
        guard inner.count < url.count, LinkTarget.isExternal(String(inner)) else { return nil }
        let written = Self.quoted(String(inner))
        return Diagnostic(.error, "\(kind) '\(Self.quoted(url))' has parentheses around its address: write "
                          + "\(kind == "image" ? "![…]" : "[…]")(\(written)) with one pair", at: location())
    }

    /// Where the parser found the link (its line is in the chapter's facts, so a finding costs
    /// neither a parse nor a search). It once searched the block's lines for the URL's text,
    /// for every finding: a paragraph of n broken links cost n searches of a paragraph n
    /// links long, and one of 20,000 took minutes.
    func location(of reference: ChapterFacts.Reference, in chapter: Chapter) -> SourceLocation {
        chapter.location(line: reference.line)
    }

    /// A URL as a message quotes it: whole, unless it is long (a link's target may be a
    /// megabyte long, and a finding's line should stay a line).
    static func quoted(_ text: String) -> String {
        Excerpt.of(text, length: 200)
    }

    /// The findings a person reads: per file and severity, the first `ReportLimit.perChapter`,
    /// then one line saying how many more there are (an error if any of them is).
    public static func report(_ findings: [Diagnostic], limit: Int = ReportLimit.perChapter) -> [Diagnostic] {
        var report: [Diagnostic] = []
        for severity in [Diagnostic.Severity.error, .warning] {
            let (shown, leftOut) = ReportLimit.firsts(findings.filter { $0.severity == severity }, limit: limit) { $0.location?.file ?? "" }
            report += shown
            report += leftOut.map { file, count in
                Diagnostic(severity, "\(ReportLimit.more(count)) link \(severity.rawValue)s in this file not shown", at: SourceLocation(file: file))
            }
        }
        return report.sorted {
            Self.order($0, .max) < Self.order($1, .max)
        }
    }

    /// By file, then line (`unlocated`: where a finding with none goes), then message.
    static func order(_ finding: Diagnostic, _ unlocated: Int) -> (String, Int, String) {
        (finding.location?.file ?? "", finding.location?.line ?? unlocated, finding.message)
    }

    static let outsideTheBook = "links to"

    static func split(_ url: String) -> (String, String?) {
        guard let hash = url.firstIndex(of: "#") else { return (url, nil) }
        return (String(url[..<hash]), String(url[url.index(after: hash)...]))
    }

    /// Folds `.` and `..`; a path that climbs above the content root gives nil.
    /// The result may start with one `../` (the content root, seen from a language folder).
    static func normalize(_ path: String) -> String? {
        var parts: [String] = []
        var above = 0
        for part in (path.removingPercentEncoding ?? path).split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == ".." {
                if parts.isEmpty { above += 1 } else { parts.removeLast() }
            } else {
                parts.append(String(part))
            }
        }
        guard above <= 1 else { return nil }
        return String(repeating: "../", count: above) + parts.joined(separator: "/")
    }
}
