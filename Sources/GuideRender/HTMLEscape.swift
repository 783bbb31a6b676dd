/// HTML escaping as the templates escape `{{text}}`: swift-mustache's `htmlEscape`, exactly
/// (`<`, `>`, `&`, `"`, `'`, compared as characters, so `<` with a combining mark after it is
/// left alone), with a fast path for text that holds none of them. For what guide prints into
/// pages itself (heading ids, snippet badges, the sitemap) and for `ShapedRows`, whose rows must
/// be the bytes the engine would print.
enum HTMLEscape {
    static func text(_ text: String) -> String {
        func special(_ byte: UInt8) -> Bool { byte == 0x3C || byte == 0x3E || byte == 0x26 || byte == 0x22 || byte == 0x27 }
        // Over the string's own bytes where it has them (its UTF-8 view's iterator was most of this).
        guard text.utf8.withContiguousStorageIfAvailable({ $0.contains(where: special) }) ?? text.utf8.contains(where: special) else {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
