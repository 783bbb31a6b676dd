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
/// Where each is, its language and its code come from the model (`Block.codeInHTML`).
public enum CodeBlockHTML {
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
    /// the blocks read in place (a copy costs a dozen reference counts each).
    static func html(for blocks: ArraySlice<Block>, store: (any HighlightMemo)? = nil) -> [String] {
        let snippets = blocks.flatMap { block in
            block.codeInHTML.compactMap { code in HighlightLanguage(fence: code.fence).map { (code.code, $0) } }
        }
        var highlighted = CodeHighlighter.html(snippets, store: store)[...]
        return blocks.map { block in
            let places = block.codeInHTML
            guard !places.isEmpty else { return block.html }
            let bytes = Array(block.html.utf8), close = CodeInHTML.close.utf8
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count * 2)
            var position = 0
            for place in places {
                out += bytes[position..<place.start]
                out += "<div class=\"code-block\">\(copyButton)".utf8
                out += bytes[place.start..<place.codeStart]
                // A language the highlighter does not know: the code as cmark escaped it.
                if HighlightLanguage(fence: place.fence) != nil, let html = highlighted.popFirst() {
                    out += html.utf8
                } else {
                    out += bytes[place.codeStart..<place.codeEnd]
                }
                out += close
                out += "</div>".utf8
                position = place.codeEnd + close.count
            }
            out += bytes[position...]
            return String(decoding: out, as: UTF8.self)
        }
    }
}
