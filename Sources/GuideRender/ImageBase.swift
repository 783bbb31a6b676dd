import Foundation
import GuideModel
import GuideParse

/// Where a chapter's relative images are, for a page that is not in the chapter's folder.
///
/// A chapter's `![](images/a.png)` is relative to its file (`zh/sub/x.md`), and its own page sits
/// beside it (`zh/sub/x.html`), so cmark's URL is right there and is left as written. The side-by-side
/// page (`bilingual/sub/x.html`) and the print page (`zh/print.html`) are in other folders: there
/// each relative `<img src>` is rewritten to the same file seen from the page. Source blocks shown
/// on a translation's page (fallback) keep their URL where the translation's folder has the
/// source's copy of the file (`SiteAssets`), and point at the source's file where the translation
/// has its own file of that name (which would show instead).
struct ImageBase: Sendable {
    /// The site folder of the chapter's file and of the page, as URL path segments.
    let chapterFolder: [String]
    let pageFolder: [String]
    /// For source blocks on a translation's page: the translation's language folder and its own
    /// assets (paths in that folder); a file it does not have is there as the source's copy.
    var copiedInto: (folder: String, own: Set<String>)?

    init(chapter: String, in chapterLanguage: String, page: String, copiedInto: (folder: String, own: Set<String>)? = nil) {
        chapterFolder = Self.segments(chapterLanguage + "/" + PathText.parent(chapter))
        pageFolder = Self.segments(PathText.parent(page))
        self.copiedInto = copiedInto
    }

    static func segments(_ path: String) -> [String] {
        URLPath.encode(path).split(separator: "/").map(String.init)
    }

    /// Nothing to rewrite: the page is in the chapter's folder.
    var isIdentity: Bool { chapterFolder == pageFolder && copiedInto == nil }

    /// `html` (a block's, as cmark or the raw HTML sanitizer wrote it) with each relative
    /// `<img src="…">` rebased. Both write an image as `<img src="` then the escaped URL up to
    /// `"` (text and code never hold a raw `<`), so a scan for that opening finds every image.
    func rebase(_ html: String) -> String {
        Self.rewriting(html, opening: "<img src=\"", url)
    }

    /// `html` with each URL that follows `opening` (up to its `"`) replaced by what `rewrite`
    /// gives (nil: kept). cmark and the raw HTML sanitizer write `<img src="` and `<a href="`
    /// that way, the URL escaped, so a scan for the opening finds every one.
    static func rewriting(_ html: String, opening: String, _ rewrite: (String) -> String?) -> String {
        let opening = Array(opening.utf8)
        let bytes = Array(html.utf8)
        var out: [UInt8] = [], copied = 0, position = 0
        while let start = find(opening, in: bytes, from: position) {
            let urlStart = start + opening.count
            guard let urlEnd = bytes[urlStart...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            position = urlEnd
            guard let rewritten = rewrite(String(decoding: bytes[urlStart..<urlEnd], as: UTF8.self)) else { continue }
            out += bytes[copied..<urlStart]
            out += rewritten.utf8
            copied = urlEnd
        }
        guard copied > 0 else { return html }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    /// `written` (an escaped URL) seen from the page; nil to leave it as written.
    func url(_ written: String) -> String? {
        guard !written.isEmpty, !written.hasPrefix("/"), !written.hasPrefix("#"), !written.hasPrefix("?"),
              !LinkTarget.isExternal(written) else { return nil }
        let cut = written.firstIndex { $0 == "?" || $0 == "#" } ?? written.endIndex
        var target = chapterFolder
        for part in written[..<cut].split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".", "": continue
            case "..":
                guard !target.isEmpty else { return nil }   // above the site: the link check's error
                target.removeLast()
            default: target.append(String(part))
            }
        }
        guard !target.isEmpty else { return nil }
        if let copiedInto {
            // Seen as the translation's own chapter would see it, unless the translation has a
            // file of its own by that name: then the source's, in the source's folder.
            let swapped = Self(chapterFolder: [copiedInto.folder] + chapterFolder.dropFirst(), pageFolder: pageFolder)
            let inLanguage = target.dropFirst().joined(separator: "/")
            let decoded = inLanguage.replacingOccurrences(of: "&amp;", with: "&").removingPercentEncoding ?? inLanguage
            guard target.first == chapterFolder.first, copiedInto.own.contains(decoded) else { return swapped.url(written) }
        } else if chapterFolder == pageFolder {
            return nil
        }
        var common = 0
        while common < pageFolder.count, common < target.count - 1, pageFolder[common] == target[common] { common += 1 }
        let relative = String(repeating: "../", count: pageFolder.count - common) + target[common...].joined(separator: "/")
        return relative + written[cut...]
    }

    private init(chapterFolder: [String], pageFolder: [String]) {
        self.chapterFolder = chapterFolder
        self.pageFolder = pageFolder
    }

    /// The first `needle` in `bytes` from `start` (`PrintLinks` finds its links by it too).
    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

extension ImageBase {
    /// What the rewritten URLs of `chapter`'s images depend on beyond the chapter, for the keys
    /// of the pages and print sections that show it: the folders, and each image as rewritten
    /// (which file the translation has of its own); "" when nothing is rewritten.
    func key(for chapter: Chapter) -> String {
        guard !isIdentity, chapter.facts.references.contains(where: \.isImage) else { return "" }
        let images = chapter.facts.references.filter(\.isImage).map { url($0.url) ?? "" }
        return ([chapterFolder.joined(separator: "/"), pageFolder.joined(separator: "/")] + images).joined(separator: "\n")
    }
}
