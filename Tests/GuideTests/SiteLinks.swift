import Foundation
import Testing

/// Every `href` and `src` of the site's pages that does not lead to a file of the site, or to
/// an `id` of the page it names. guide writes both attributes double-quoted with `&amp;` and
/// `&quot;` escaped; links out of the site (a scheme, `//`) are not followed. The 404 page's
/// links start at the site's root (it is served at any path).
func brokenLinks(inSite site: String, atLeast pageCount: Int = 1) throws -> [String] {
    let root = URL(fileURLWithPath: site).standardizedFileURL.path
    var broken: [String] = [], ids: [String: Set<String>] = [:]
    func idsOf(_ page: String) -> Set<String> {
        if let known = ids[page] { return known }
        let html = (try? String(contentsOfFile: page, encoding: .utf8)) ?? ""
        let found = Set(attributeValues("id", in: html))
        ids[page] = found
        return found
    }
    let pages = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".html") } ?? []
    #expect(pages.count >= pageCount)
    for relative in pages {
        let page = root + "/" + relative
        let folder = (page as NSString).deletingLastPathComponent
        let html = try String(contentsOfFile: page, encoding: .utf8)
        for link in attributeValues("href", in: html) + attributeValues("src", in: html) {
            if link.isEmpty || link.hasPrefix("//") || link.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil {
                continue
            }
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
            let fragment = parts.count > 1 ? String(parts[1]).removingPercentEncoding ?? String(parts[1]) : nil
            var target = page
            if !path.isEmpty {
                let decoded = path.removingPercentEncoding ?? path
                let base = decoded.hasPrefix("/") ? root : folder
                target = URL(fileURLWithPath: base + "/" + decoded).standardizedFileURL.path
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: target, isDirectory: &isFolder), isFolder.boolValue {
                target += "/index.html"
            }
            guard target.hasPrefix(root + "/"), FileManager.default.fileExists(atPath: target) else {
                broken.append("\(relative): \(link) (no such file)")
                continue
            }
            if let fragment, !fragment.isEmpty, target.hasSuffix(".html"), !idsOf(target).contains(fragment) {
                broken.append("\(relative): \(link) (no such id)")
            }
        }
    }
    return broken
}

/// The values of `name="…"` in guide's HTML, unescaped.
func attributeValues(_ name: String, in html: String) -> [String] {
    var values: [String] = []
    var rest = html[...]
    let opener = " \(name)=\""
    while let start = rest.range(of: opener) {
        guard let end = rest[start.upperBound...].firstIndex(of: "\"") else { break }
        values.append(String(rest[start.upperBound..<end])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&"))
        rest = rest[end...]
    }
    return values
}
