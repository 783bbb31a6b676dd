import Foundation
import GuideModel
import GuideParse

/// Where a chapter's links lead on its edition's print page (`PrintPage`).
///
/// A chapter's links are written from its own page (`part/one.html` links `two.html#a`,
/// `../other.html`, `#local`), but the print page holds every chapter and sits in the edition's
/// folder, with each heading's id prefixed by its chapter's section id. So on that page a link to
/// a chapter of the book leads to that chapter's section (or its heading's prefixed id), an
/// in-page `#anchor` gets its chapter's prefix, and any other relative link (an asset, the other
/// language's page) is rebased like an image (`ImageBase`). External links stay as written.
struct PrintLinks: Sendable {
    /// The chapters on the page, shared by every chapter's `PrintLinks`.
    final class Sections: Sendable {
        /// A chapter's section id by its page's path in the edition's folder (`part/two.html`, not encoded).
        let byPage: [String: String]
        /// The ids (unprefixed, decoded) each section has, by section id: a link to a heading the
        /// section lacks (English shown in place on the chapter's own page, not here) leads to the section.
        let fragments: [String: Set<String>]

        /// `ids`: each chapter's guide ids and GitHub anchors as its own page has them.
        init(_ chapters: [Chapter], ids: [Set<String>]) {
            var byPage: [String: String] = [:], fragments: [String: Set<String>] = [:]
            for (chapter, chapterIDs) in zip(chapters, ids) {
                byPage[chapter.pagePath] = PrintPage.sectionID(chapter)
                fragments[PrintPage.sectionID(chapter)] = chapterIDs
            }
            self.byPage = byPage
            self.fragments = fragments
        }
    }

    let sections: Sections
    /// The chapter's folder in its edition's folder, as path segments (not encoded).
    let folder: [String]
    /// The chapter's own section id.
    let section: String
    /// Where the chapter's other relative URLs are seen from the page (nil: left as written).
    let rebase: ImageBase?

    init(chapter: Chapter, sections: Sections, rebase: ImageBase?) {
        self.sections = sections
        folder = PathText.parent(chapter.path).split(separator: "/").map(String.init)
        section = PrintPage.sectionID(chapter)
        self.rebase = rebase?.isIdentity == false ? rebase : nil
    }

    /// The id a heading of a chapter has on the page (`PrintPage.ids`).
    static func headingID(section: String, fragment: Substring) -> String {
        section + "--" + fragment
    }

    /// `written` (an href as the block's HTML has it: escaped, percent-encoded) as the print page
    /// needs it; nil to leave it as written.
    func url(_ written: String) -> String? {
        guard let link = WrittenLink(written) else { return nil }
        // In the chapter (its heading, or its section for a bare `#` or a query), or in another.
        guard let target = link.path.isEmpty ? section : link.page(from: folder).flatMap({ sections.byPage[$0] }) else {
            return rebase?.url(written)
        }
        guard let fragment = link.fragment, !fragment.isEmpty, sections.fragments[target]?.contains(fragment) == true else {
            return "#" + target
        }
        // The fragment as written (still percent-encoded), after the chapter's prefix.
        return "#" + Self.headingID(section: target, fragment: written[written.index(after: link.beforeHash.endIndex)...])
    }

    /// `html` (a block's) with each `<a href="…">` as the print page needs it.
    func rewrite(_ html: String) -> String {
        ImageBase.rewriting(html, opening: "<a href=\"", url)
    }

    /// What the rewritten links of `chapter` depend on beyond the chapter (which of them lead to a
    /// chapter of the page, and where the others are seen from), for the keys of the print
    /// page and its sections; "" when the chapter has no link.
    func key(for chapter: Chapter) -> String {
        let links = chapter.facts.references.filter { !$0.isImage }
        guard !links.isEmpty else { return "" }
        return ([section, folder.joined(separator: "/")] + links.map { url($0.url) ?? "" }).joined(separator: "\n")
    }
}
