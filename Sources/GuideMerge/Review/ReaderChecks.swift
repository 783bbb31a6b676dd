import GuideModel

/// What a chapter's markdown does that hurts its readers, above all those with a screen
/// reader: they move by headings (a skipped level looks like a missing section), hear an
/// image's alt text (none: nothing, or the file name) and jump from link to link ("here,
/// here, here"). These are findings about one chapter file, in any language, of their own
/// kind beside the pairs' statuses: `guide review` prints them, the dashboard counts them.
public struct ReaderFinding: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A heading more than one level below the heading before it (`#` then `####`).
        case headingSkip = "heading-skip"
        /// An image with no alt text (`![](x.png)`).
        case imageAlt = "image-alt"
        /// A link whose text says nothing of where it goes ("here", "点击这里"), or has none.
        case linkText = "link-text"
    }

    public var kind: Kind
    /// The top-level block it is in (for the row of the side-by-side page).
    public var block: Int
    /// Its line in the chapter's file.
    public var line: Int
    public var explanation: ReviewMessage
    /// The explanation in English.
    public var message: String { explanation.english }
    /// What it concerns, as a reader sees it: the heading's text (empty for links and images,
    /// whose message quotes them).
    public var excerpt: String

    public init(_ kind: Kind, block: Int, line: Int, message: ReviewMessage, excerpt: String = "") {
        self.kind = kind
        self.block = block
        self.line = line
        self.explanation = message
        self.excerpt = excerpt
    }
}

public enum ReaderChecks {
    /// The findings of one chapter's blocks, in the order of the file. Headings are read in
    /// the chapter and its lists (in the order a page shows them; a heading inside a block
    /// quote is not recorded by the parser and goes unseen); links and images everywhere.
    public static func findings(in blocks: [Block]) -> [ReaderFinding] {
        var found: [ReaderFinding] = []
        var previousLevel: Int?
        // By index, fields read in place: `for block in` copied every block (a dozen reference counts).
        for index in blocks.indices {
            if blocks[index].headingLevel != nil || !blocks[index].items.isEmpty {
                for heading in headings(in: blocks[index]) {
                    if let previous = previousLevel, heading.level > previous + 1 {
                        found.append(ReaderFinding(.headingSkip, block: index, line: heading.block.lines.start,
                                                   message: ReviewMessage(.headingSkip, heading.level, previous),
                                                   excerpt: heading.block.text))
                    }
                    previousLevel = heading.level
                }
            }
            for label in blocks[index].inline.labels {
                if let message = problem(with: label) {
                    found.append(ReaderFinding(label.kind == .image ? .imageAlt : .linkText,
                                               block: index, line: label.line, message: message))
                }
            }
        }
        // By line; found in file order already, so ties keep it.
        return found.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
    }

    static func headings(in block: Block) -> [(level: Int, block: Block)] {
        if let level = block.headingLevel { return [(level, block)] }
        return block.items.flatMap { $0.flatMap(headings(in:)) }
    }

    static func problem(with label: InlineLabel) -> ReviewMessage? {
        switch label.kind {
        case .image:
            return label.text.isEmpty ? ReviewMessage(.imageWithoutAlt, Excerpt.cut(label.destination, length: 200)) : nil
        case .link:
            if label.text.isEmpty { return ReviewMessage(.linkWithoutText) }
            return vagueLinkTexts.contains(normalized(label.text)) ? ReviewMessage(.vagueLinkText, label.text) : nil
        }
    }

    /// Link texts that say nothing out of context, in the book's two languages, as `normalized` gives them.
    static let vagueLinkTexts: Set<String> = [
        "here", "click here", "click", "this", "this link", "this page", "link", "more", "read more",
        "more info", "there", "go", "see here", "see this", "this one",
        "这里", "此处", "这儿", "点击", "点击这里", "点击此处", "点这里", "点此", "请点击", "请点击这里",
        "链接", "此链接", "这个链接", "这个", "更多", "了解更多", "详见这里", "见这里",
    ]

    /// Lowercased, without the punctuation and spaces around it ("Click here!" → "click here").
    static func normalized(_ text: String) -> String {
        let trimmed = text.lowercased().unicodeScalars
            .drop { !isWordScalar($0) }.reversed().drop { !isWordScalar($0) }.reversed()
        return String(String.UnicodeScalarView(trimmed))
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
