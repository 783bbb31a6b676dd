import Foundation
import GuideModel
import GuideParse

/// A relative `href` as a block's HTML writes it (escaped, percent-encoded), in the parts the
/// pages that show a chapter outside its own page decide by (`BilingualLinks`, `FallbackLinks`).
struct WrittenLink {
    /// As written.
    let written: String
    /// Up to `?` or `#`, as written ("" for an in-page link).
    let path: Substring
    /// After `#`, decoded as an `id` is compared (nil without `#`).
    let fragment: String?
    /// Up to `#`, as written (the path and its query).
    let beforeHash: Substring

    /// nil for what no page rewrites: an empty, absolute or external URL.
    init?(_ written: String) {
        guard !written.isEmpty, !written.hasPrefix("/"), !LinkTarget.isExternal(written) else { return nil }
        self.written = written
        let hash = written.firstIndex(of: "#")
        beforeHash = written[..<(hash ?? written.endIndex)]
        path = beforeHash[..<(beforeHash.firstIndex(of: "?") ?? beforeHash.endIndex)]
        fragment = hash.map { Self.decoded(written[written.index(after: $0)...]) }
    }

    /// `text` of an attribute unescaped and percent-decoded.
    static func decoded(_ text: Substring) -> String {
        let unescaped = text.replacingOccurrences(of: "&amp;", with: "&")
        return unescaped.removingPercentEncoding ?? unescaped
    }

    /// The page (`part/two.html`, decoded) this link names in its edition's folder, seen from
    /// `folder` (the chapter's folder there, decoded segments); nil when it names no `.html`
    /// or leaves the edition's folder (the other language's page, a shared file).
    func page(from folder: [String]) -> String? {
        guard path.hasSuffix(".html") else { return nil }
        var target = folder
        for part in Self.decoded(path).split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".", "": continue
            case "..":
                guard !target.isEmpty else { return nil }
                target.removeLast()
            default: target.append(String(part))
            }
        }
        return target.joined(separator: "/")
    }

    /// A fragment as an `href` writes it.
    static func href(fragment id: String) -> String {
        "#" + HTMLEscape.text(URLPath.encode(id))
    }
}
