/// What raw HTML keeps (`HTMLSanitizer`): GitHub's allow-list (html-pipeline's
/// `SanitizationFilter`), less its form and microdata attributes.
enum HTMLAllowList {
    static let elements: Set<String> = [
        "h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8", "br", "b", "i", "strong", "em", "a", "pre", "code", "img", "tt",
        "div", "ins", "del", "sup", "sub", "p", "ol", "ul", "table", "thead", "tbody", "tfoot", "blockquote", "dl", "dt",
        "dd", "kbd", "q", "samp", "var", "hr", "ruby", "rt", "rp", "li", "tr", "td", "th", "s", "strike", "summary",
        "details", "caption", "figure", "figcaption", "abbr", "bdo", "cite", "dfn", "mark", "small", "span", "time",
        "wbr", "picture", "source",
    ]

    /// Elements whose text is not for reading: dropped with everything in them.
    static let droppedWithContent: Set<String> = [
        "script", "style", "iframe", "object", "embed", "template", "textarea", "select", "noscript", "noembed",
        "noframes", "xmp", "title", "head", "math", "svg", "frameset", "frame", "applet", "canvas", "audio", "video",
    ]

    static let voidElements: Set<String> = ["br", "hr", "img", "wbr", "source"]

    /// Attributes any kept element may have (never a URL, never an `on…` handler).
    static let common: Set<String> = [
        "abbr", "align", "alt", "aria-describedby", "aria-hidden", "aria-label", "aria-labelledby", "border",
        "cellpadding", "cellspacing", "clear", "color", "cols", "colspan", "compact", "datetime", "dir", "frame", "headers",
        "height", "hreflang", "hspace", "lang", "nowrap", "open", "rel", "rev", "role", "rows", "rowspan", "rules", "scope",
        "size", "span", "start", "summary", "title", "type", "valign", "value", "vspace", "width", "media",
    ]

    /// `value` as the page may carry `attribute` of `element`, or nil to drop it.
    static func attribute(_ attribute: String, value: String, on element: String) -> String? {
        switch attribute {
        case "href" where element == "a": return url(value, schemes: ["http", "https", "mailto"])
        case "src" where element == "img": return url(value, schemes: ["http", "https"])
        case "srcset" where element == "source" || element == "img":
            // Each candidate's URL as `src`'s; any other makes the whole attribute go.
            let candidates = value.split(separator: ",").map { $0.split(whereSeparator: \.isWhitespace) }
            let kept = candidates.allSatisfy { parts in parts.first.map { url(String($0), schemes: ["http", "https"]) != nil } ?? false }
            return kept ? value : nil
        case "cite" where ["blockquote", "del", "ins", "q"].contains(element):
            return url(value, schemes: ["http", "https"])
        // GitHub's prefix: a page's own ids (`main`, a heading's) cannot be taken over.
        case "id", "name": return value.isEmpty ? nil : "user-content-" + value
        default: return common.contains(attribute) ? value : nil
        }
    }

    /// A URL with one of `schemes`, or relative (no scheme): as a browser reads it, the ASCII
    /// tabs and line breaks taken out and the spaces and controls around it trimmed, so that
    /// `java\nscript:` is seen as what it is.
    static func url(_ value: String, schemes: Set<String>) -> String? {
        let cleaned = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }))
        let trimmed = cleaned.unicodeScalars.drop { $0.value <= 0x20 }.reversed().drop { $0.value <= 0x20 }.reversed()
        let url = String(String.UnicodeScalarView(trimmed))
        guard let colon = url.firstIndex(of: ":") else { return url }
        let beforeColon = url[..<colon]
        // A `/`, `?` or `#` before the colon: a relative path, not a scheme.
        if beforeColon.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return url }
        return schemes.contains(beforeColon.lowercased()) ? url : nil
    }

    /// Text and attribute values escaped again (libxml2 gives them decoded).
    static func escaped(_ text: String, quotes: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
