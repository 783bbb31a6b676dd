/// What the stages need of every chapter of the book, short of its blocks: the page and review
/// keys count blocks, heading ids come from the headings, the link check reads the links, the
/// index page weighs the text. A pure function of the blocks, and small, so a rebuild reads the
/// facts of unchanged chapters from the build's cache instead of parsing them (their blocks are
/// parsed only when a stage really needs them: see `ParsedChapter`).
public struct ChapterFacts: Hashable, Sendable {
    /// A heading: its block and its visible text (what its slug is made of).
    public struct Heading: Hashable, Sendable {
        public var block: Int
        public var text: String

        public init(block: Int, text: String) {
            self.block = block
            self.text = text
        }
    }

    /// A link or image URL of a block (anything nested in it included), in the block's order,
    /// with the source line it is on (0: not known, the block's first line stands for it).
    public struct Reference: Hashable, Sendable {
        public var block: Int
        public var url: String
        public var isImage: Bool
        public var line: Int

        public init(block: Int, url: String, isImage: Bool, line: Int = 0) {
            self.block = block
            self.url = url
            self.isImage = isImage
            self.line = line
        }
    }

    /// The fields in one box the copies share (they never change): every stage asks a chapter
    /// for its facts, and a copy of three lists was three reference counts each time.
    private final class Fields: Sendable {
        let blockCount: Int
        let codeBlockCount: Int
        let headings: [Heading]
        let references: [Reference]
        let textLengths: [Int]
        let sanitizedLines: [Int]
        let blockLines: [LineRange]

        init(blockCount: Int, codeBlockCount: Int, headings: [Heading], references: [Reference], textLengths: [Int],
             sanitizedLines: [Int], blockLines: [LineRange]) {
            self.sanitizedLines = sanitizedLines
            self.blockLines = blockLines
            self.blockCount = blockCount
            self.codeBlockCount = codeBlockCount
            self.headings = headings
            self.references = references
            self.textLengths = textLengths
        }
    }

    private let fields: Fields

    public var blockCount: Int { fields.blockCount }
    /// Top-level code blocks (the snippets a build highlights).
    public var codeBlockCount: Int { fields.codeBlockCount }
    public var headings: [Heading] { fields.headings }
    /// Per block: its links, then its images.
    public var references: [Reference] { fields.references }
    /// Each block's visible text in characters (the translated share is a share of these).
    public var textLengths: [Int] { fields.textLengths }
    /// The first line of each block whose raw HTML the sanitizer cut (`InlineFeatures.droppedHTML`).
    public var sanitizedLines: [Int] { fields.sanitizedLines }
    /// Each block's lines: the book's history (`stale` from git) is placed on blocks by them
    /// without parsing the chapter. Empty for facts made in code without them.
    public var blockLines: [LineRange] { fields.blockLines }

    public init(blockCount: Int, codeBlockCount: Int, headings: [Heading], references: [Reference], textLengths: [Int],
                sanitizedLines: [Int] = [], blockLines: [LineRange] = []) {
        fields = Fields(blockCount: blockCount, codeBlockCount: codeBlockCount, headings: headings, references: references,
                        textLengths: textLengths, sanitizedLines: sanitizedLines, blockLines: blockLines)
    }

    public init(blocks: [Block]) {
        var headings: [Heading] = [], references: [Reference] = [], textLengths: [Int] = [], sanitizedLines: [Int] = []
        textLengths.reserveCapacity(blocks.count)
        // Counted first: grown by doubling, a chapter of a million headings took twice their size.
        headings.reserveCapacity(blocks.count { $0.headingLevel != nil })
        // By index: `for block in` copied every block (a dozen reference counts each).
        for index in blocks.indices {
            if blocks[index].headingLevel != nil { headings.append(Heading(block: index, text: blocks[index].text)) }
            // Links, then images, each with its line (the labels hold both, in the file's order).
            let labels = blocks[index].inline.labels
            for label in labels where label.kind == .link {
                references.append(Reference(block: index, url: label.destination, isImage: false, line: label.line))
            }
            for label in labels where label.kind == .image {
                references.append(Reference(block: index, url: label.destination, isImage: true, line: label.line))
            }
            textLengths.append(blocks[index].text.count)
            if blocks[index].inline.droppedHTML { sanitizedLines.append(blocks[index].lines.start) }
        }
        self.init(blockCount: blocks.count, codeBlockCount: blocks.count { $0.codeLiteral != nil }, headings: headings,
                  references: references, textLengths: textLengths, sanitizedLines: sanitizedLines,
                  blockLines: blocks.map(\.lines))
    }

    public static func == (a: ChapterFacts, b: ChapterFacts) -> Bool {
        a.fields === b.fields
            || (a.blockCount == b.blockCount && a.codeBlockCount == b.codeBlockCount && a.headings == b.headings
                && a.references == b.references && a.textLengths == b.textLengths && a.sanitizedLines == b.sanitizedLines
                && a.blockLines == b.blockLines)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(blockCount)
        hasher.combine(codeBlockCount)
        hasher.combine(headings)
        hasher.combine(references)
        hasher.combine(textLengths)
        hasher.combine(sanitizedLines)
        hasher.combine(blockLines)
    }
}

/// Facts as the `facts` stage stores them (`CacheStage.facts`): `ByteWriter`'s fields, in the
/// order of the properties.
extension ChapterFacts {
    public var encoded: [UInt8] {
        var writer = ByteWriter()
        writer.int(blockCount)
        writer.int(codeBlockCount)
        writer.list(headings) { writer, heading in
            writer.int(heading.block)
            writer.string(heading.text)
        }
        writer.list(references) { writer, reference in
            writer.int(reference.block)
            writer.string(reference.url)
            writer.bool(reference.isImage)
            writer.int(reference.line)
        }
        writer.list(textLengths) { $0.int($1) }
        writer.list(sanitizedLines) { $0.int($1) }
        writer.list(blockLines) { writer, lines in
            writer.int(lines.start)
            writer.int(lines.end)
        }
        return writer.bytes
    }

    /// The facts `encoded` wrote; nil for bytes it could not have written, or facts no blocks could have.
    public init?(decoding raw: UnsafeRawBufferPointer) {
        var reader = ByteReader(raw)
        guard let blockCount = reader.int(), let codeBlockCount = reader.int(),
              let headings = reader.list({ reader -> Heading? in
                  guard let block = reader.int(), let text = reader.string() else { return nil }
                  return Heading(block: block, text: text)
              }),
              let references = reader.list({ reader -> Reference? in
                  guard let block = reader.int(), let url = reader.string(), let isImage = reader.bool(),
                        let line = reader.int() else { return nil }
                  return Reference(block: block, url: url, isImage: isImage, line: line)
              }),
              let lengths = reader.list({ $0.int() }), let sanitizedLines = reader.list({ $0.int() }),
              let blockLines = reader.list({ reader -> LineRange? in
                  guard let start = reader.int(), let end = reader.int() else { return nil }
                  return LineRange(start: start, end: end)
              }), reader.isAtEnd, blockLines.isEmpty || blockLines.count == blockCount,
              lengths.count == blockCount, (0...blockCount).contains(codeBlockCount),
              headings.allSatisfy({ (0..<blockCount).contains($0.block) }),
              references.allSatisfy({ (0..<blockCount).contains($0.block) })
        else { return nil }
        self.init(blockCount: blockCount, codeBlockCount: codeBlockCount, headings: headings, references: references,
                  textLengths: lengths, sanitizedLines: sanitizedLines, blockLines: blockLines)
    }
}
