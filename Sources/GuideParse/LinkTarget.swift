/// What a link in the content points at, as the site sees it.
public enum LinkTarget {
    /// `other.md#section` → `other.html#section`; nil for links that are not relative markdown files.
    public static func pageURL(forMarkdownLink url: String) -> String? {
        guard !isExternal(url) else { return nil }
        let (path, fragment) = split(url)
        guard path.hasSuffix(".md") else { return nil }
        let page = String(path.dropLast(3)) + ".html"
        return fragment.map { "\(page)#\($0)" } ?? page
    }

    /// Has a scheme (`https:`, `mailto:`) or is protocol-relative (`//host`).
    public static func isExternal(_ url: String) -> Bool {
        if url.hasPrefix("//") { return true }
        // By bytes while the scheme is ASCII (every link of a book, and the link check asks for each).
        guard let colonByte = url.utf8.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let schemeBytes = url.utf8[..<colonByte]
        if schemeBytes.allSatisfy({ $0 < 0x80 }) {
            return !schemeBytes.isEmpty && schemeBytes.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."): true
                default: false
                }
            }
        }
        guard let colon = url.firstIndex(of: ":") else { return false }
        let scheme = url[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
            && !scheme.contains("/")
    }

    static func split(_ url: String) -> (path: String, fragment: String?) {
        guard let hash = url.firstIndex(of: "#") else { return (url, nil) }
        return (String(url[..<hash]), String(url[url.index(after: hash)...]))
    }
}
