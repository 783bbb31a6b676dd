import Foundation
import GuideModel

/// Build-time syntax highlighting of fenced code: lexers per language, and the HTML they become.
///
/// The output is cmark's `<pre><code class="language-…">` with the code's text wrapped in
/// `<span class="tok-…">` (see `TokenClass`); the text itself is kept byte for byte and
/// escaped like cmark escapes it. Fences in a language the highlighter does not know stay
/// as cmark rendered them.
public enum CodeHighlighter {
    /// The tokens of a snippet: sorted, not overlapping, in UTF-8 byte offsets.
    /// Empty for C-family code when libclang cannot be loaded (see `clangLoadError`).
    public static func tokens(_ code: String, language: HighlightLanguage) -> [HighlightToken] {
        switch language {
        case .objectiveC, .objectiveCpp, .c, .cpp:
            return ClangLexer.shared.tokens(code, language: language) ?? []
        case .swift:
            return SwiftLexer.tokens(code)
        case .shell:
            return ShellLexer.tokens(code)
        }
    }

    /// The highlighted HTML of a snippet (the inside of `<code>`), or nil when the fence's language is unknown.
    /// `store`: snippets highlighted by earlier builds (and where this build's go).
    public static func html(_ code: String, fence: String, store: HighlightStore? = nil) -> String? {
        guard let language = HighlightLanguage(fence: fence) else { return nil }
        return html(code, language: language, store: store)
    }

    public static func html(_ code: String, language: HighlightLanguage, store: HighlightStore? = nil) -> String {
        if let store {
            return store.html(code, language: language) { render(code, tokens: tokens(code, language: language)) }
        }
        if let cached = cache.value(for: language, code) { return cached }
        let result = render(code, tokens: tokens(code, language: language))
        cache.store(result, for: language, code)
        return result
    }

    /// Highlights, in one batch per language, the snippets that neither `store` nor this process
    /// has highlighted yet, so that `html` then finds them. Lexing a batch costs clang's set-up
    /// once instead of once per snippet; the HTML is the same.
    public static func prepare(_ snippets: [(code: String, language: HighlightLanguage)], store: HighlightStore? = nil) {
        var seen = Set<String>()
        var missing: [HighlightLanguage: [String]] = [:]
        for (code, language) in snippets where seen.insert(language.rawValue + "\u{0}" + code).inserted {
            let known = store.map { $0.contains(code, language: language) } ?? (cache.value(for: language, code) != nil)
            if !known { missing[language, default: []].append(code) }
        }
        for (language, codes) in missing.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let tokenLists: [[HighlightToken]] = switch language {
            case .objectiveC, .objectiveCpp, .c, .cpp:
                ClangLexer.shared.tokens(codes, language: language) ?? codes.map { _ in [] }
            case .swift, .shell:
                codes.map { tokens($0, language: language) }
            }
            for (code, tokens) in zip(codes, tokenLists) {
                let html = render(code, tokens: tokens)
                if let store { store.add(html, code: code, language: language) } else { cache.store(html, for: language, code) }
            }
        }
    }

    /// Why C and Objective-C are not highlighted, or nil when libclang works.
    public static var clangLoadError: String? { ClangLexer.shared.loadError }

    /// The libclang in use, e.g. "Debian clang version 14.0.6".
    public static var clangVersion: String? { ClangLexer.shared.version }

    /// What decides the highlighter's output besides the code: its libclang, or why there is none.
    public static var version: String { clangVersion ?? "no libclang: \(clangLoadError ?? "")" }

    /// Escaped code with a span around every token.
    static func render(_ code: String, tokens: [HighlightToken]) -> String {
        let bytes = Array(code.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        var position = 0
        for token in tokens where token.start >= position && token.end <= bytes.count && token.start < token.end {
            HTMLText.escape(bytes[position..<token.start], into: &out)
            out.append(contentsOf: "<span class=\"\(token.kind.cssClass)\">".utf8)
            HTMLText.escape(bytes[token.start..<token.end], into: &out)
            out.append(contentsOf: "</span>".utf8)
            position = token.end
        }
        HTMLText.escape(bytes[position...], into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static let cache = HighlightCache()
}

/// Highlighted snippets by language and code: a chapter's code appears in every language.
private final class HighlightCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [HighlightLanguage: [String: String]] = [:]

    func value(for language: HighlightLanguage, _ code: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return entries[language]?[code]
    }

    func store(_ html: String, for language: HighlightLanguage, _ code: String) {
        lock.lock()
        defer { lock.unlock() }
        entries[language, default: [:]][code] = html
    }
}

/// HTML text escaping, the same characters as cmark escapes in code (`&`, `<`, `>`, `"`).
enum HTMLText {
    static func escape(_ bytes: ArraySlice<UInt8>, into out: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            default: out.append(byte)
            }
        }
    }

    static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        escape(ArraySlice(text.utf8), into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The inverse of `escape`; nil when the HTML holds markup or other entities (not cmark's code text).
    static func unescape(_ html: Substring) -> String? {
        var out: [UInt8] = []
        let bytes = Array(html.utf8)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "<") { return nil }
            if byte == UInt8(ascii: "&") {
                let rest = bytes[i...]
                if rest.starts(with: "&amp;".utf8) { out.append(UInt8(ascii: "&")); i += 5; continue }
                if rest.starts(with: "&lt;".utf8) { out.append(UInt8(ascii: "<")); i += 4; continue }
                if rest.starts(with: "&gt;".utf8) { out.append(UInt8(ascii: ">")); i += 4; continue }
                if rest.starts(with: "&quot;".utf8) { out.append(UInt8(ascii: "\"")); i += 6; continue }
                return nil
            }
            out.append(byte)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Code blocks in a chapter's HTML: highlighted, and given a copy button (`code.js` wires it).
public enum CodeBlockHTML {
    /// The opening tag of cmark's code block, up to the `<code` it holds.
    static let preOpen = "<pre><code"
    static let close = "</code></pre>"
    /// Shown by `code.js` (which also translates its label); hidden while the script is not there to make it work.
    static let copyButton = "<button type=\"button\" class=\"copy-code\" hidden>Copy</button>"

    /// A block's HTML, its code blocks (also those nested in lists and quotes) highlighted.
    public static func html(for block: Block, store: HighlightStore? = nil) -> String {
        switch block.kind {
        case .code, .list, .blockQuote: return transform(block.html, store: store)
        default: return block.html
        }
    }

    /// Highlights the code blocks of `blocks` in batches (see `CodeHighlighter.prepare`).
    public static func prepare(_ blocks: [Block], store: HighlightStore? = nil) {
        var snippets: [(code: String, language: HighlightLanguage)] = []
        for block in blocks {
            switch block.kind {
            case .code, .list, .blockQuote: snippets += self.snippets(in: block.html)
            default: break
            }
        }
        CodeHighlighter.prepare(snippets, store: store)
    }

    /// The code blocks of cmark's HTML that the highlighter knows the language of, read as `transform` reads them.
    static func snippets(in html: String) -> [(code: String, language: HighlightLanguage)] {
        let bytes = Array(html.utf8)
        let open = Array(preOpen.utf8), closeBytes = Array(close.utf8)
        var found: [(code: String, language: HighlightLanguage)] = []
        var position = 0
        while let start = find(open, in: bytes, from: position),
              let tagEnd = bytes[(start + open.count)...].firstIndex(of: UInt8(ascii: ">")),
              let closing = find(closeBytes, in: bytes, from: tagEnd) {
            let attributes = Substring(decoding: bytes[(start + open.count)..<tagEnd], as: UTF8.self)
            if let fence = language(in: attributes), let language = HighlightLanguage(fence: fence),
               let code = HTMLText.unescape(Substring(decoding: bytes[(tagEnd + 1)..<closing], as: UTF8.self)) {
                found.append((code, language))
            }
            position = closing + closeBytes.count
        }
        return found
    }

    /// Rewrites every `<pre><code …>…</code></pre>` of cmark's HTML.
    /// (Works on UTF-8 bytes: Foundation's `range(of:)` on Strings was a visible share of a build.)
    public static func transform(_ html: String, store: HighlightStore? = nil) -> String {
        let bytes = Array(html.utf8)
        let open = Array(preOpen.utf8), closeBytes = Array(close.utf8)
        guard var start = find(open, in: bytes, from: 0) else { return html }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        var position = 0
        while true {
            guard let tagEnd = bytes[(start + open.count)...].firstIndex(of: UInt8(ascii: ">")),
                  let closing = find(closeBytes, in: bytes, from: tagEnd) else { break }
            out += bytes[position..<start]
            out += "<div class=\"code-block\">\(copyButton)".utf8
            out += bytes[start...tagEnd]
            let attributes = Substring(decoding: bytes[(start + open.count)..<tagEnd], as: UTF8.self)
            let inner = bytes[(tagEnd + 1)..<closing]
            if let fence = language(in: attributes),
               let code = HTMLText.unescape(Substring(decoding: inner, as: UTF8.self)),
               let highlighted = CodeHighlighter.html(code, fence: fence, store: store) {
                out += highlighted.utf8
            } else {
                out += inner
            }
            out += closeBytes
            out += "</div>".utf8
            position = closing + closeBytes.count
            guard let next = find(open, in: bytes, from: position) else { break }
            start = next
        }
        out += bytes[position...]
        return String(decoding: out, as: UTF8.self)
    }

    /// The first index at or after `from` where `needle` starts in `bytes`.
    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var i = from
        while i <= bytes.count - needle.count {
            if bytes[i] == first, bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// `class="language-objective-c"` → `objective-c`.
    static func language(in attributes: Substring) -> String? {
        let marker = "class=\"language-"
        guard let start = attributes.firstRange(of: marker) else { return nil }
        let value = attributes[start.upperBound...].prefix { $0 != "\"" && $0 != " " }
        return value.isEmpty ? nil : HTMLText.unescape(value)
    }
}
