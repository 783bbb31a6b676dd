/// One top-level markdown block of a chapter, as the parse stage saw it.
///
/// Blocks are plain values: the cmark tree is converted and freed in the parse
/// stage, so later stages (merge, check, render) never touch C pointers.
///
/// A chapter of a million tiny paragraphs is a million blocks, so a block keeps its rarer
/// parts out of line (`inline` and `items` in one shared box, nil when both are empty; the
/// code and `other` kinds' strings boxed) and its HTML as the part that cannot be derived
/// (see `HTML`): 88 bytes a block instead of 160, and no HTML string for a plain paragraph.
public struct Block: Sendable {
    /// Lines in the markdown file this block spans.
    public var lines: LineRange
    /// The block's markdown source, exactly as written (for hashing, split and merge).
    public var source: String
    /// Visible text without markup (for alignment, search and excerpts).
    public var text: String
    /// All of `html` (`.text`), the inner part of nested quotes, or nothing (derived from `text`).
    var htmlKept: String
    /// `inline`, `items` and the depth of nested quotes; nil when all are empty.
    var extras: Extras?
    public var kind: Kind
    var htmlForm: HTMLForm

    public init(kind: Kind, lines: LineRange, source: String, text: String, html: String,
                inline: InlineFeatures = InlineFeatures(), items: [[Block]] = []) {
        self.init(kind: kind, lines: lines, source: source, text: text, html: .text(html), inline: inline, items: items)
    }

    /// `codeInHTML`: the code blocks in `html`, where they are in it (see `CodeInHTML`).
    public init(kind: Kind, lines: LineRange, source: String, text: String, html: HTML,
                inline: InlineFeatures = InlineFeatures(), items: [[Block]] = [], codeInHTML: [CodeInHTML] = []) {
        self.kind = kind
        self.lines = lines
        self.source = source
        self.text = text
        var quoteDepth = 0
        switch html {
        case .text(let all): (htmlKept, htmlForm) = (all, .text)
        case .paragraphOfText: (htmlKept, htmlForm) = ("", .paragraphOfText)
        case .headingOfText: (htmlKept, htmlForm) = ("", .headingOfText)
        case .nestedQuotes(let depth, let inner):
            (htmlKept, htmlForm, quoteDepth) = (inner, .nestedQuotes, depth)
        }
        extras = Extras.make(inline: inline, items: items, quoteDepth: quoteDepth, code: codeInHTML)
    }

    /// The block rendered to HTML by cmark (headings without their `id`; the renderer adds it).
    /// Made on each use when derived: a stage that reads it often should keep it.
    public var html: String {
        get {
            switch htmlForm {
            case .text: return htmlKept
            case .paragraphOfText, .headingOfText:
                var bytes: [UInt8] = []
                Self.appendHTML(ofText: text, kind: kind, to: &bytes)
                return String(decoding: bytes, as: UTF8.self)
            case .nestedQuotes: return Self.nestedQuotesHTML(depth: extras?.quoteDepth ?? 0, inner: htmlKept)
            }
        }
        set {
            // New HTML: the places of its code are not known.
            (htmlKept, htmlForm) = (newValue, .text)
            extras = Extras.make(inline: inline, items: items, quoteDepth: 0, code: [])
        }
    }

    /// What a translation keeps from its source: code spans, URLs, emphasis…
    public var inline: InlineFeatures {
        get { extras?.inline ?? InlineFeatures() }
        set { extras = Extras.make(inline: newValue, items: items, quoteDepth: extras?.quoteDepth ?? 0, code: codeInHTML) }
    }

    /// List items, each as the blocks it contains (empty for non-lists).
    public var items: [[Block]] {
        get { extras?.items ?? [] }
        set { extras = Extras.make(inline: inline, items: newValue, quoteDepth: extras?.quoteDepth ?? 0, code: codeInHTML) }
    }

    /// The code blocks in `html` (the block itself, or nested in its list items or quotes), where
    /// they are in it: what the renderer highlights.
    public var codeInHTML: [CodeInHTML] { extras?.code ?? [] }

    /// How `init` is given a block's HTML: as cmark wrote it, or as a shape that derives it from
    /// the block's other fields (what the parser uses when the derivation gives cmark's bytes).
    public enum HTML: Hashable, Sendable {
        /// The HTML as it is.
        case text(String)
        /// `<p>`, the block's `text` escaped as cmark escapes it, `</p>` and a line feed.
        case paragraphOfText
        /// The same in `<hN>` (N: the heading's level).
        case headingOfText
        /// `inner` in `depth` block quotes, each `<blockquote>` and `</blockquote>` on a line of
        /// its own (cmark's HTML for a block quote that holds only another block quote).
        case nestedQuotes(depth: Int, inner: String)
    }

    enum HTMLForm: UInt8, Hashable, Sendable { case text, paragraphOfText, headingOfText, nestedQuotes }

    public enum Kind: Hashable, Sendable {
        case heading(level: Int)
        case paragraph
        case list(ordered: Bool)
        // Boxed (`indirect`): two strings inline made every block 24 bytes larger.
        indirect case code(info: String, literal: String)
        case blockQuote
        case thematicBreak
        case html
        indirect case other(String)

        /// A short name for reports and CSS classes.
        public var name: String {
            switch self {
            case .heading: return "heading"
            case .paragraph: return "paragraph"
            case .list: return "list"
            case .code: return "code"
            case .blockQuote: return "blockquote"
            case .thematicBreak: return "thematic-break"
            case .html: return "html"
            case .other(let name): return name
            }
        }
    }

    public var headingLevel: Int? {
        if case .heading(let level) = kind { return level }
        return nil
    }

    /// The fence's language: the first word of the info string (as GitHub reads it).
    public var codeLanguage: String? {
        guard case .code(let info, _) = kind else { return nil }
        let word = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
        return word.isEmpty ? nil : word
    }

    public var codeLiteral: String? {
        if case .code(_, let literal) = kind { return literal }
        return nil
    }
}

/// Inline content a translation tends to keep unchanged.
public struct InlineFeatures: Hashable, Sendable {
    public var codeSpans: [String]
    public var urls: [String]
    public var images: [String]
    public var emphasisCount: Int
    public var strongCount: Int
    /// Every link and image with the words a reader (or a screen reader) gets for it, in order.
    public var labels: [InlineLabel]
    /// The block's raw HTML lost something to the sanitizer (`HTMLSanitizer`): the build warns.
    public var droppedHTML = false

    public init(codeSpans: [String] = [], urls: [String] = [], images: [String] = [],
                emphasisCount: Int = 0, strongCount: Int = 0, labels: [InlineLabel] = []) {
        self.codeSpans = codeSpans
        self.urls = urls
        self.images = images
        self.emphasisCount = emphasisCount
        self.strongCount = strongCount
        self.labels = labels
    }
}

/// A link's text or an image's alt text (inline markup dropped), and the line it starts on:
/// what the review reads for links that say only "here" and images that say nothing.
public struct InlineLabel: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case link, image }
    public var kind: Kind
    public var text: String
    /// The link's URL or the image's source.
    public var destination: String
    /// The line in the chapter's file (cmark's position of the link or image).
    public var line: Int

    public init(_ kind: Kind, text: String, destination: String, line: Int) {
        self.kind = kind
        self.text = text
        self.destination = destination
        self.line = line
    }
}

extension Block {
    /// An HTML block that is only a comment (`<!-- … -->`), such as a snippet annotation:
    /// invisible to readers, so it is no content to translate.
    public var isComment: Bool {
        guard case .html = kind else { return false }
        let trimmed = source.drop { $0.isWhitespace }
        let end = trimmed.reversed().drop { $0.isWhitespace }
        return trimmed.hasPrefix("<!--") && end.starts(with: [">", "-", "-"])
    }
}

extension Block {
    /// The block with every line it names moved `offset` lines on (its own, its items', its
    /// links' and images'): a chapter read from several files counts its lines on from one
    /// file to the next (`ChapterPart`).
    public func shiftingLines(by offset: Int) -> Block {
        guard offset != 0 else { return self }
        var block = self
        block.lines = LineRange(start: lines.start + offset, end: lines.end + offset)
        if extras != nil {
            if !inline.labels.isEmpty {
                var moved = inline
                moved.labels = moved.labels.map { label in
                    var label = label
                    label.line += offset
                    return label
                }
                block.inline = moved
            }
            if !items.isEmpty {
                block.items = items.map { $0.map { $0.shiftingLines(by: offset) } }
            }
        }
        return block
    }
}
