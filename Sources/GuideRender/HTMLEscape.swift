/// HTML escaping as the templates escape `{{text}}`: swift-mustache's `htmlEscape`, exactly
/// (`<`, `>`, `&`, `"`, `'`, compared as characters, so `<` with a combining mark after it is
/// left alone), with a fast path for text that holds none of them. For what guide prints into
/// pages itself (heading ids, snippet badges, the sitemap) and for `ShapedRows`, whose rows must
/// be the bytes the engine would print.
enum HTMLEscape {
    static func text(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0x22 || $0 == 0x27 }) else {
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
