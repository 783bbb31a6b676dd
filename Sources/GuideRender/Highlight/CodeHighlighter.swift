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
    public static func html(_ code: String, fence: String, store: (any HighlightMemo)? = nil) -> String? {
        guard let language = HighlightLanguage(fence: fence) else { return nil }
        return html(code, language: language, store: store)
    }

    public static func html(_ code: String, language: HighlightLanguage, store: (any HighlightMemo)? = nil) -> String {
        html([(code, language)], store: store)[0]
    }

    /// The highlighted HTML of each snippet. Those `store` (the build's cache) does not hold are
    /// lexed in one batch per language: clang's set-up is paid once per batch instead of once
    /// per snippet, and the HTML is the same.
    public static func html(_ snippets: [(code: String, language: HighlightLanguage)], store: (any HighlightMemo)? = nil) -> [String] {
        var results = [String?](repeating: nil, count: snippets.count)
        var missing: [HighlightLanguage: [String: [Int]]] = [:]
        for (index, (code, language)) in snippets.enumerated() {
            results[index] = store?.html(code, language: language)
            if results[index] == nil { missing[language, default: [:]][code, default: []].append(index) }
        }
        for (language, places) in missing.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let codes = places.keys.sorted()
            let tokenLists: [[HighlightToken]] = switch language {
            case .objectiveC, .objectiveCpp, .c, .cpp:
                ClangLexer.shared.tokens(codes, language: language) ?? codes.map { _ in [] }
            case .swift, .shell:
                codes.map { tokens($0, language: language) }
            }
            for (code, tokens) in zip(codes, tokenLists) {
                let html = render(code, tokens: tokens)
                store?.add(html, code: code, language: language)
                for index in places[code]! { results[index] = html }
            }
        }
        return results.map { $0! }
    }

    /// Why C and Objective-C are not highlighted, or nil when libclang works.
    public static var clangLoadError: String? { ClangLexer.shared.loadError }

    /// The libclang in use, e.g. "Debian clang version 14.0.6".
    public static var clangVersion: String? { ClangLexer.shared.version }

    /// What decides the highlighter's output besides the code: the libclang files the loader
    /// would try (`ClangLexer.libraryFingerprint`, found without loading one), else the loaded
    /// libclang's version, or why there is none.
    public static var version: String {
        if let files = ClangLexer.libraryFingerprint { return "libclang files: " + files }
        return clangVersion ?? "no libclang: \(clangLoadError ?? "")"
    }

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
}

/// Code blocks in a chapter's HTML: highlighted, and given a copy button (`code.js` wires it).
public enum CodeBlockHTML {
    /// The opening tag of cmark's code block, up to the `<code` it holds.
    static let preOpen = "<pre><code"
    static let close = "</code></pre>"
    /// Shown by `code.js` (which also translates its label); hidden while the script is not there to make it work.
    static let copyButton = "<button type=\"button\" class=\"copy-code\" hidden>Copy</button>"

    /// A block's HTML, its code blocks (also those nested in lists and quotes) highlighted.
    public static func html(for block: Block, store: (any HighlightMemo)? = nil) -> String {
        html(for: [block], store: store)[0]
    }

    /// Each block's HTML, code blocks highlighted: the snippets of all the blocks are
    /// highlighted together (see `CodeHighlighter.html(_:store:)`), which is how a page is built.
    public static func html(for blocks: [Block], store: (any HighlightMemo)? = nil) -> [String] {
        html(for: blocks[...], store: store)
    }

    /// `html(for:store:)` of a slice of a chapter's blocks (a page renders a slice at a time),
    /// the blocks read in place: copying them (a dozen reference counts each) was a third of this.
    static func html(for blocks: ArraySlice<Block>, store: (any HighlightMemo)? = nil) -> [String] {
        // Only blocks with code keep their scan (a copy of their HTML): a quote nested a
        // million deep is a hundred megabytes of HTML without any.
        let scans = blocks.indices.map { index -> Scan? in
            switch blocks[index].kind {
            case .code, .list, .blockQuote:
                let scan = Scan(blocks[index].html)
                return scan.snippets.isEmpty ? nil : scan
            default: return nil
            }
        }
        let snippets = scans.flatMap { $0?.snippets ?? [] }
        var highlighted = CodeHighlighter.html(snippets.compactMap { $0.source }, store: store)[...]
        return zip(blocks.indices, scans).map { index, scan in
            guard let scan else { return blocks[index].html }
            return scan.assemble { $0.source == nil ? nil : highlighted.popFirst() }
        }
    }

    /// Rewrites every `<pre><code …>…</code></pre>` of cmark's HTML.
    public static func transform(_ html: String, store: (any HighlightMemo)? = nil) -> String {
        let scan = Scan(html)
        var highlighted = CodeHighlighter.html(scan.snippets.compactMap { $0.source }, store: store)[...]
        return scan.assemble { $0.source == nil ? nil : highlighted.popFirst() }
    }

    /// cmark's HTML cut at its code blocks.
    /// (Works on UTF-8 bytes: Foundation's `range(of:)` on Strings was a visible share of a build.)
    struct Scan {
        struct Snippet {
            /// Where `<pre><code` starts, where its tag ends (`>`), where `</code></pre>` starts.
            var start: Int
            var tagEnd: Int
            var closing: Int
            /// The code and its language, when the highlighter knows the language.
            var source: (code: String, language: HighlightLanguage)?
        }

        let bytes: [UInt8]
        private(set) var snippets: [Snippet] = []

        init(_ html: String) {
            bytes = Array(html.utf8)
            let open = Array(preOpen.utf8), closeBytes = Array(close.utf8)
            var position = 0
            while let start = find(open, in: bytes, from: position),
                  let tagEnd = bytes[(start + open.count)...].firstIndex(of: UInt8(ascii: ">")),
                  let closing = find(closeBytes, in: bytes, from: tagEnd) {
                var snippet = Snippet(start: start, tagEnd: tagEnd, closing: closing)
                if let fence = language(in: bytes[(start + open.count)..<tagEnd]), let language = HighlightLanguage(fence: fence),
                   let code = HTMLText.unescape(bytes[(tagEnd + 1)..<closing]) {
                    snippet.source = (code, language)
                }
                snippets.append(snippet)
                position = closing + closeBytes.count
            }
        }

        /// The HTML with each code block wrapped (copy button) and its inside replaced by
        /// `inside(snippet)`, or kept when that is nil.
        func assemble(_ inside: (Snippet) -> String?) -> String {
            guard !snippets.isEmpty else { return String(decoding: bytes, as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count * 2)
            var position = 0
            for snippet in snippets {
                out += bytes[position..<snippet.start]
                out += "<div class=\"code-block\">\(copyButton)".utf8
                out += bytes[snippet.start...snippet.tagEnd]
                if let html = inside(snippet) { out += html.utf8 } else { out += bytes[(snippet.tagEnd + 1)..<snippet.closing] }
                out += close.utf8
                out += "</div>".utf8
                position = snippet.closing + close.utf8.count
            }
            out += bytes[position...]
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The first index at or after `from` where `needle` starts in `bytes`.
    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        find(needle, in: bytes[from...])
    }

    /// The first index of `bytes` (an index of the whole array) where `needle` starts: the
    /// C library's `memchr` finds each candidate first byte (a page is searched for every
    /// code block it holds).
    static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        return bytes.withUnsafeBufferPointer { haystack -> Int? in
            needle.withUnsafeBufferPointer { needle -> Int? in
                guard let base = haystack.baseAddress else { return nil }
                var offset = 0
                let last = haystack.count - needle.count
                while offset <= last {
                    guard let found = memchr(base + offset, Int32(first), last - offset + 1) else { return nil }
                    let at = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                    if memcmp(base + at, needle.baseAddress!, needle.count) == 0 { return bytes.startIndex + at }
                    offset = at + 1
                }
                return nil
            }
        }
    }

    /// `class="language-objective-c"` → `objective-c`.
    static func language(in attributes: Substring) -> String? {
        language(in: ArraySlice(attributes.utf8))
    }

    static func language(in attributes: ArraySlice<UInt8>) -> String? {
        let marker = Array("class=\"language-".utf8)
        guard let start = find(marker, in: attributes) else { return nil }
        let value = attributes[(start + marker.count)...].prefix { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: " ") }
        return value.isEmpty ? nil : HTMLText.unescape(value)
    }
}
