/// One top-level markdown block of a chapter, as the parse stage saw it.
///
/// Blocks are plain values: the cmark tree is converted and freed in the parse
/// stage, so later stages (merge, check, render) never touch C pointers.
public struct Block: Hashable, Sendable {
    public var kind: Kind
    /// Lines in the markdown file this block spans.
    public var lines: LineRange
    /// The block's markdown source, exactly as written (for hashing, split and merge).
    public var source: String
    /// Visible text without markup (for alignment, search and excerpts).
    public var text: String
    /// The block rendered to HTML by cmark (headings without their `id`; the renderer adds it).
    public var html: String
    /// What a translation keeps from its source: code spans, URLs, emphasis…
    public var inline: InlineFeatures
    /// List items, each as the blocks it contains (empty for non-lists).
    public var items: [[Block]]

    public init(kind: Kind, lines: LineRange, source: String, text: String, html: String,
                inline: InlineFeatures = InlineFeatures(), items: [[Block]] = []) {
        self.kind = kind
        self.lines = lines
        self.source = source
        self.text = text
        self.html = html
        self.inline = inline
        self.items = items
    }

    public enum Kind: Hashable, Sendable {
        case heading(level: Int)
        case paragraph
        case list(ordered: Bool)
        case code(info: String, literal: String)
        case blockQuote
        case thematicBreak
        case html
        case other(String)

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
