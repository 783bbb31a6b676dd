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

    /// Whether `html` is what `appendHTML(ofText:kind:to:)` makes.
    public static func isHTML(_ html: UnsafeBufferPointer<UInt8>, ofText text: String, kind: Kind) -> Bool {
        var made: [UInt8] = []
        made.reserveCapacity(html.count)
        appendHTML(ofText: text, kind: kind, to: &made)
        return made.elementsEqual(html)
    }

    /// `inner` inside `depth` block quotes, made in one allocation (a chapter of block quotes
    /// nested millions deep has hundreds of megabytes of it, kept as a count instead).
    static func nestedQuotesHTML(depth: Int, inner: String) -> String {
        let open = "<blockquote>\n", close = "</blockquote>\n"
        var html = ""
        html.reserveCapacity(depth * (open.utf8.count + close.utf8.count) + inner.utf8.count)
        for _ in 0..<depth { html += open }
        html += inner
        for _ in 0..<depth { html += close }
        return html
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
