import GuideModel

/// A chapter's HTML: cmark's rendering of each block, headings given their `id` and a link to themselves.
enum ChapterBody {
    static func html(_ blocks: [Block], ids: [Int: String]) -> String {
        var out = ""
        for (index, block) in blocks.enumerated() {
            if let level = block.headingLevel, let id = ids[index] {
                out += heading(block.html, level: level, id: id)
            } else {
                out += CodeBlockHTML.html(for: block)
            }
        }
        return out
    }

    /// cmark renders `<hN>inner</hN>`; only the opening tag changes, the inner HTML stays cmark's.
    static func heading(_ html: String, level: Int, id: String) -> String {
        let open = "<h\(level)>"
        guard html.hasPrefix(open) else { return html }
        let escaped = HTMLEscape.attribute(id)
        return "<h\(level) id=\"\(escaped)\">"
            + "<a class=\"anchor\" href=\"#\(escaped)\" aria-hidden=\"true\" tabindex=\"-1\">#</a>"
            + html.dropFirst(open.count)
    }
}

enum HTMLEscape {
    static func attribute(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
