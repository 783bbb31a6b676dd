import Foundation

/// How a `Block` keeps its parts out of line, and what makes two blocks equal.
extension Block {
    /// The parts most blocks do not have, in one box: a block without them is a nil pointer
    /// (the box is immutable, so copies share it and a setter makes a new one).
    final class Extras: Sendable {
        let inline: InlineFeatures
        let items: [[Block]]
        /// How many block quotes `.nestedQuotes` HTML wraps around its inner part.
        let quoteDepth: Int
        /// The code blocks in the block's HTML, where they are in it.
        let code: [CodeInHTML]

        private init(inline: InlineFeatures, items: [[Block]], quoteDepth: Int, code: [CodeInHTML]) {
            self.inline = inline
            self.items = items
            self.quoteDepth = quoteDepth
            self.code = code
        }

        static func make(inline: InlineFeatures, items: [[Block]], quoteDepth: Int, code: [CodeInHTML]) -> Extras? {
            if items.isEmpty, quoteDepth == 0, code.isEmpty, inline == InlineFeatures() { return nil }
            return Extras(inline: inline, items: items, quoteDepth: quoteDepth, code: code)
        }
    }

    /// `<p>` or `<hN>`, `text` escaped as cmark escapes text (`"`, `&`, `<`, `>`), and the closing
    /// tag and a line feed: cmark's HTML for a paragraph or heading of plain text on one line.
    /// The parser keeps a block's HTML this way only when these bytes are cmark's.
    public static func appendHTML(ofText text: String, kind: Kind, to out: inout [UInt8]) {
        let tag: String
        switch kind {
        case .heading(let level): tag = "h\(level)"
        default: tag = "p"
        }
        out.append(UInt8(ascii: "<"))
        out.append(contentsOf: tag.utf8)
        out.append(UInt8(ascii: ">"))
        HTMLText.escape(text.utf8, into: &out)
        out.append(contentsOf: "</".utf8)
        out.append(contentsOf: tag.utf8)
        out.append(contentsOf: ">\n".utf8)
    }

    /// Whether `html` is what `appendHTML(ofText:kind:to:)` makes, compared as it goes (the
    /// parser asks this of every paragraph and heading: making the bytes to compare cost time).
    public static func isHTML(_ html: UnsafeBufferPointer<UInt8>, ofText text: String, kind: Kind) -> Bool {
        var level: UInt8 = 0
        if case .heading(let value) = kind {
            guard (1...9).contains(value) else { return false }
            level = UInt8(value)
        }
        var at = 0
        let opened = level == 0 ? match(html, &at, "<p>") : match(html, &at, "<h") && match(html, &at, UInt8(ascii: "0") + level) && match(html, &at, ">")
        guard opened else { return false }
        var text = text
        let same = text.withUTF8 { bytes in
            for byte in bytes {
                let matched: Bool
                switch byte {
                case UInt8(ascii: "\""): matched = match(html, &at, "&quot;")
                case UInt8(ascii: "&"): matched = match(html, &at, "&amp;")
                case UInt8(ascii: "<"): matched = match(html, &at, "&lt;")
                case UInt8(ascii: ">"): matched = match(html, &at, "&gt;")
                default: matched = match(html, &at, byte)
                }
                guard matched else { return false }
            }
            return true
        }
        guard same else { return false }
        let closed = level == 0 ? match(html, &at, "</p>\n") : match(html, &at, "</h") && match(html, &at, UInt8(ascii: "0") + level) && match(html, &at, ">\n")
        return closed && at == html.count
    }

    private static func match(_ html: UnsafeBufferPointer<UInt8>, _ at: inout Int, _ byte: UInt8) -> Bool {
        guard at < html.count, html[at] == byte else { return false }
        at += 1
        return true
    }

    private static func match(_ html: UnsafeBufferPointer<UInt8>, _ at: inout Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard html.count - at >= count, memcmp(html.baseAddress! + at, literal.utf8Start, count) == 0 else { return false }
        at += count
        return true
    }

    /// `inner` inside `depth` block quotes, made in one allocation (a chapter of block quotes
    /// nested millions deep has hundreds of megabytes of it, kept as a count instead).
    static func nestedQuotesHTML(depth: Int, inner: String) -> String {
        let open = Array("<blockquote>\n".utf8), close = Array("</blockquote>\n".utf8)
        let innerBytes = Array(inner.utf8)
        let count = depth * (open.count + close.count) + innerBytes.count
        return String(unsafeUninitializedCapacity: count) { buffer in
            var at = 0
            func put(_ bytes: [UInt8]) {
                bytes.withUnsafeBufferPointer { source in
                    UnsafeMutableRawPointer(buffer.baseAddress! + at).copyMemory(from: source.baseAddress!, byteCount: source.count)
                }
                at += bytes.count
            }
            for _ in 0..<depth { put(open) }
            if !innerBytes.isEmpty { put(innerBytes) }
            for _ in 0..<depth { put(close) }
            return at
        }
    }
}

// Equal blocks are blocks with equal fields, whichever way each keeps its HTML: so `==` compares
// the HTML itself when the two keep it differently, and `hash` leaves it out (the source and the
// text it is made from are hashed).
extension Block: Hashable {
    public static func == (a: Block, b: Block) -> Bool {
        guard a.kind == b.kind, a.lines == b.lines, a.source == b.source, a.text == b.text else { return false }
        if a.extras !== b.extras, a.inline != b.inline || a.items != b.items || a.codeInHTML != b.codeInHTML { return false }
        if a.htmlForm == b.htmlForm, a.htmlKept == b.htmlKept, (a.extras?.quoteDepth ?? 0) == (b.extras?.quoteDepth ?? 0) { return true }
        return a.html == b.html
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(lines)
        hasher.combine(source)
        hasher.combine(text)
        hasher.combine(inline)
        hasher.combine(items)
    }
}
