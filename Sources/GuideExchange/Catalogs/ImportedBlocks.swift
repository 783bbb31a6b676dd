import GuideMerge
import GuideModel

/// What `guide import po` asks of a translation before it goes into its chapter: that it stands
/// as blocks of its own, and that the chapter keeps every other block. One `msgstr` holding `<!--`
/// made the rest of its chapter an HTML comment: the page showed nothing after it and the
/// aligner paired what was left against the wrong English (116 of 127 pairs hidden). Decided by
/// the book's parser (cmark), never by a pattern: what it reads is what the site will show.
enum ImportedBlocks {
    /// Why `translation` would take in whatever follows it in the chapter (a code fence, an HTML
    /// comment or block it opens and does not close), nil when it ends where it ends. Asked as
    /// `DraftWriter.closer` asks it of a chapter's last block: does a line after a blank line
    /// still start a block of its own?
    static func opening(_ translation: String, parse: (String) -> [Block]) -> String? {
        let probeLine = LineEnds.count(translation) + 3
        let blocks = parse(translation + "\n\nprobe\n")
        guard !blocks.contains(where: { $0.lines.start == probeLine }) else { return nil }
        let open = blocks.last { $0.lines.start < probeLine }
        let (what, fix) = open.map(opens) ?? ("does not end where it ends", "end it")
        return "this translation \(what): it would hide the blocks after it in the chapter (\(fix))"
    }

    /// Why the page would show nothing of `translation` where it shows its English: it makes no
    /// block (blank lines, link definitions), or only raw HTML (an HTML comment) where the
    /// English is text. nil when it shows. (A translation may well hold a comment beside its
    /// text, and have more or fewer blocks than its English: only nothing shown is refused.)
    static func hiding(_ translation: String, english: String, parse: (String) -> [Block]) -> String? {
        let blocks = parse(translation)
        guard let first = blocks.first else {
            return "this translation holds no block the page would show (only blank lines or link definitions): "
                + "leave the msgstr empty to keep the chapter's translation"
        }
        guard blocks.allSatisfy(isHTML), !parse(english).allSatisfy(isHTML) else { return nil }
        let comment = first.source.drop { $0 == " " }.hasPrefix("<!--")
        return "this translation is \(comment ? "an HTML comment" : "raw HTML") where the English is text: "
            + "the page would not show it (write it as text, or leave the msgstr empty)"
    }

    private static func isHTML(_ block: Block) -> Bool {
        if case .html = block.kind { return true }
        return false
    }

    /// What a block that runs on to the end of the chapter opens, and how to close it.
    static func opens(_ block: Block) -> (what: String, fix: String) {
        let firstLine = block.source.prefix { $0 != "\n" && $0 != "\r" }.drop { $0 == " " }
        switch block.kind {
        case .html where firstLine.hasPrefix("<!--"):
            return ("opens an HTML comment that it does not close", "close it with `-->`, or leave it out")
        case .html:
            let tag = firstLine.prefix { $0 != " " && $0 != ">" && $0 != "\t" }
            return ("opens an HTML block (\(tag)…) that it does not close", "close it, or leave it out")
        case .code:
            let fence = firstLine.prefix { $0 == "`" || $0 == "~" }
            return ("opens a code block that it does not close", "end it with a line of \(fence.isEmpty ? "```" : fence)")
        default:
            return ("opens a \(block.kind.name) that goes on past its end", "end it where it ends")
        }
    }

    /// The chapter as the import puts it together, with the line each of its blocks should start
    /// on: a kept unit's blocks where the chapter had them, a translation's where it puts them
    /// when parsed alone. The whole is parsed once at the end; any other reading means a
    /// translation joined what follows it (or was joined to what precedes it).
    struct Layout {
        let chapter: ChapterMessages
        private(set) var text = ""
        /// The line the next piece starts on.
        private var line = 1
        /// Where each block of the new chapter should start, and where it was in the Chinese file
        /// (nil: a translation's block).
        private var expected: [(line: Int, original: Int?)] = []
        /// The new chapter's lines each translation fills, and its message's line in the catalog.
        private var translations: [(lines: ClosedRange<Int>, catalogLine: Int)] = []
        /// The pieces put in as the chapter had them: where they were in its text and where they
        /// are in the new one (UTF-8 offsets), to cut the new text where the chapter's files met.
        private(set) var copies: [(from: Int, to: Int, count: Int)] = []
        /// The chapter's text each translation replaces (UTF-8 offsets), with its message's line in the catalog.
        private(set) var replaced: [(span: Range<Int>, catalogLine: Int)] = []
        /// The new text's length in UTF-8.
        private var length = 0

        init(chapter: ChapterMessages) {
            self.chapter = chapter
            text.reserveCapacity(chapter.target.text.utf8.count)
        }

        /// `piece`; `origin`: where the chapter's text held it, when it is the chapter's own.
        mutating func append(_ piece: String, copiedFrom origin: Int? = nil) {
            let count = piece.utf8.count
            if let origin { copies.append((origin, length, count)) }
            text += piece
            length += count
            line += LineEnds.count(piece)
        }

        /// A unit of the chapter, as it was (`origin`: where its body starts in the chapter's text).
        mutating func append(unit index: Int, from origin: Int) {
            let unit = chapter.target.units[index]
            expected += unit.blockLines.map { (line + $0 - unit.line, $0) }
            append(unit.body, copiedFrom: origin)
        }

        /// A message's translation; `replacing`: the chapter's text it takes the place of.
        mutating func append(translation: String, catalogLine: Int, replacing span: Range<Int>? = nil, parse: (String) -> [Block]) {
            expected += parse(translation).map { (line + $0.lines.start - 1, nil) }
            let first = line
            append(translation)
            translations.append((first...line, catalogLine))
            if let span { replaced.append((span, catalogLine)) }
        }

        /// Where `offset` of the chapter's text is in the new text: nil inside text a translation replaced.
        func newOffset(of offset: Int) -> Int? {
            copies.first { $0.from <= offset && offset <= $0.from + $0.count }.map { $0.to + offset - $0.from }
        }

        /// The catalog's message to blame when the new chapter's blocks are not the ones expected.
        /// `blocks`: the new chapter's, each file's parsed alone (`CatalogImport.blocks`).
        func problem(blocks: [Block]) -> CatalogImport.Problem? {
            guard !blocks.map(\.lines.start).elementsEqual(expected.map(\.line)) else { return nil }
            let same = zip(blocks, expected).prefix { $0.lines.start == $1.line }.count
            let wanted = same < expected.count ? expected[same] : nil
            let at = min(same < blocks.count ? blocks[same].lines.start : .max, wanted?.line ?? .max)
            // The translation that holds the line, else the last one before it.
            guard let culprit = translations.last(where: { $0.lines.lowerBound <= at }) ?? translations.first else { return nil }
            let what = wanted.flatMap(\.original).map {
                "the block at " + ChapterMessages.reference(chapter.targetChapter, file: chapter.targetFile, line: $0)
            } ?? "its own first block"
            let why: String
            if let taker = blocks.last(where: { $0.lines.start <= at }), culprit.lines.contains(taker.lines.start) {
                why = "this translation's \(taker.kind.name) would take in \(what)"
            } else {
                why = "this translation would join \(what) to the block before it"
            }
            return CatalogImport.Problem(line: culprit.catalogLine, message: why + " once put back in the chapter (\(Self.advice))")
        }

        static let advice = "end it where it ends: a blank line after a list or quote, a fence or comment closed, "
            + "the block kind of the English"
    }
}
