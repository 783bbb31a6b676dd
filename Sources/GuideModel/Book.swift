/// A language of the book, e.g. `en` or `zh`.
public struct Language: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var code: String
    public init(_ code: String) { self.code = code }
    public var description: String { code }
    public static func < (a: Language, b: Language) -> Bool { a.code < b.code }

    /// The value of an HTML `lang` attribute (BCP 47): Chinese is written in Simplified script here.
    public var htmlLang: String {
        switch code {
        case "zh": return "zh-Hans"
        default: return code
        }
    }
}

/// One chapter file in one language.
public struct Chapter: Hashable, Sendable {
    /// The fields, in one box its copies share until one of them changes: the stages and pages
    /// copy chapters hundreds of thousands of times a build, a reference count a field each.
    /// Changed only through `change`, so no two chapters ever share a box one of them changes.
    private final class Fields: @unchecked Sendable {
        var path: String
        var displayPath: String
        var title: String
        var contentDigest: [UInt8]?
        var parsed: ParsedChapter
        var untranslated: Untranslated?
        var pageURL: String
        /// The files after the first, for a chapter read from several (nil: one file).
        var parts: [ChapterPart]?

        init(path: String, displayPath: String, title: String, contentDigest: [UInt8]?, parsed: ParsedChapter,
             untranslated: Untranslated?, pageURL: String) {
            self.path = path
            self.displayPath = displayPath
            self.title = title
            self.contentDigest = contentDigest
            self.parsed = parsed
            self.untranslated = untranslated
            self.pageURL = pageURL
        }

        func copy() -> Fields {
            let copy = Fields(path: path, displayPath: displayPath, title: title, contentDigest: contentDigest, parsed: parsed,
                              untranslated: untranslated, pageURL: pageURL)
            copy.parts = parts
            return copy
        }
    }

    private var fields: Fields

    /// Changes the fields through a box of this chapter's own (copied first when another chapter
    /// shares it); any change makes the content digest stand for something else, so it goes.
    private mutating func change(_ body: (Fields) -> Void) {
        if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
        body(fields)
        fields.contentDigest = nil
    }

    /// Path relative to the language folder, e.g. `inter-object-communication.md`.
    public var path: String {
        get { fields.path }
        set { change { $0.path = newValue; $0.pageURL = Self.pageURL(newValue) } }
    }
    /// Path as the user sees it, e.g. `content/en/inter-object-communication.md`.
    public var displayPath: String {
        get { fields.displayPath }
        set { change { $0.displayPath = newValue } }
    }
    /// The title given by SUMMARY.md.
    public var title: String {
        get { fields.title }
        set { change { $0.title = newValue } }
    }
    /// Parsed on first use for a chapter the loader knew the facts of (see `ParsedChapter`).
    public var blocks: [Block] {
        get { parsed.blocks }
        set { change { $0.parsed = ParsedChapter(blocks: newValue) } }
    }
    /// What stages need of every chapter, without parsing it (see `ChapterFacts`).
    public var facts: ChapterFacts { parsed.facts }
    /// A `Digest` that determines every field above but the display path: the loader's, of the
    /// file's text, its path from the content folder, the title and the parser's options (the
    /// display path changes with the working folder; a page that names the file keys the name
    /// apart). nil for chapters not loaded from a file and once any field changes. Caches key
    /// pages by it instead of by the pages' content.
    public var contentDigest: [UInt8]? { fields.contentDigest }
    /// The blocks and facts, shared by this chapter's copies.
    public var parsed: ParsedChapter { fields.parsed }
    /// The files the chapter is read from, in order (one for most chapters; see `ChapterPart`).
    public var parts: [ChapterPart] {
        get { fields.parts ?? [ChapterPart(displayPath: fields.displayPath, within: fields.path)] }
        set { change { $0.parts = newValue } }
    }

    /// The files as the loader named them, for a chapter of a book laid out as kept (nil: the
    /// chapter is the file at its path in its language's folder).
    public var listedParts: [ChapterPart]? { fields.parts }

    /// Where a line of the chapter is in the user's own file: the part that holds it, and the
    /// line counted from that part's first.
    public func location(line: Int?, column: Int? = nil) -> SourceLocation {
        guard let line, let parts = fields.parts, parts.count > 1,
              let part = parts.last(where: { $0.firstLine <= line }) else {
            return SourceLocation(file: displayPath, line: line, column: column)
        }
        return SourceLocation(file: part.displayPath, line: line - part.firstLine + 1, column: column)
    }

    /// The user's files of this chapter, as messages name them.
    public var files: [String] { fields.parts.map { $0.map(\.displayPath) } ?? [displayPath] }

    /// Set on a translation's stand-in for a chapter it does not have yet: no blocks, the
    /// source's title (see `Untranslated`).
    public var untranslated: Untranslated? { fields.untranslated }

    public init(path: String, displayPath: String, title: String, blocks: [Block], contentDigest: [UInt8]? = nil) {
        self.init(path: path, displayPath: displayPath, title: title, parsed: ParsedChapter(blocks: blocks),
                  contentDigest: contentDigest)
    }

    public init(path: String, displayPath: String, title: String, parsed: ParsedChapter, contentDigest: [UInt8]?,
                parts: [ChapterPart]? = nil) {
        fields = Fields(path: path, displayPath: displayPath, title: title, contentDigest: contentDigest, parsed: parsed,
                        untranslated: nil, pageURL: Self.pageURL(path))
        fields.parts = parts
    }

    /// A translation's stand-in for a chapter it does not have yet: no blocks, the source's title.
    public init(untranslated source: Chapter, displayPath: String, why: Untranslated, contentDigest: [UInt8]?) {
        self.init(path: source.path, displayPath: displayPath, title: source.title, blocks: [], contentDigest: contentDigest)
        fields.untranslated = why   // a box of its own: just made
    }

    public static func == (a: Chapter, b: Chapter) -> Bool {
        a.path == b.path && a.displayPath == b.displayPath && a.title == b.title && a.contentDigest == b.contentDigest
            && a.untranslated == b.untranslated && a.fields.parts == b.fields.parts && (a.parsed === b.parsed || a.blocks == b.blocks)
    }

    /// The names and the digest (blocks are compared by `==` only: hashing them would parse them).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(displayPath)
        hasher.combine(title)
        hasher.combine(contentDigest)
        hasher.combine(untranslated)
    }

    /// The page name in the site: `a/b.md` → `a/b.html`.
    public var pagePath: String { Self.pagePath(path) }

    /// `pagePath` as links write it (`URLPath`): made with the path, not each time a link to
    /// the page is (every page's frame links several; a large book asked it a hundred thousand times a build).
    public var pageURL: String { fields.pageURL }

    /// The page name of a chapter path (what `pagePath` is of a chapter's own).
    public static func pagePath(_ path: String) -> String {
        (path.hasSuffix(".md") ? String(path.dropLast(3)) : path) + ".html"
    }

    private static func pageURL(_ path: String) -> String { URLPath.encode(pagePath(path)) }
}

/// An entry of SUMMARY.md: a chapter and the entries nested below it.
public struct TocEntry: Hashable, Sendable {
    public var title: String
    /// Chapter path relative to the language folder; nil for a title without a link.
    public var path: String?
    public var line: Int
    public var children: [TocEntry]

    public init(title: String, path: String?, line: Int, children: [TocEntry] = []) {
        self.title = title
        self.path = path
        self.line = line
        self.children = children
    }

    /// This entry and all below it, in reading order.
    public var flattened: [TocEntry] {
        [self] + children.flatMap(\.flattened)
    }
}

/// The book in one language: its table of contents and its chapters in reading order.
public struct Edition: Hashable, Sendable {
    public var language: Language
    public var title: String
    public var toc: [TocEntry]
    public var chapters: [Chapter] {
        didSet { positions = Self.positions(of: chapters) }
    }
    /// Files other than markdown (images…), relative to the language folder.
    public var assets: [String]
    /// The folder its files are in, from the content folder (`zh`, `docs`, `i18n/zh/…`; empty: the
    /// content folder itself, as a README book's).
    public var folder: String
    /// Each chapter's place in `chapters` by path: pages look their neighbours and translations
    /// up by path, which a scan made quadratic in the size of the book.
    private var positions: [String: Int]
    /// For a translation: the pairs its translators accepted (`content/<lang>.accepted`).
    public var ledger: AcceptLedger

    public init(language: Language, title: String, toc: [TocEntry], chapters: [Chapter], assets: [String],
                ledger: AcceptLedger = AcceptLedger()) {
        self.language = language
        self.title = title
        self.toc = toc
        self.chapters = chapters
        self.assets = assets
        self.ledger = ledger
        folder = language.code
        positions = Self.positions(of: chapters)
    }

    public func chapter(at path: String) -> Chapter? {
        positions[path].map { chapters[$0] }
    }

    /// The first place of each path (SUMMARY.md lists a file once; a hand-made edition might not).
    private static func positions(of chapters: [Chapter]) -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(chapters.count)
        for (place, chapter) in chapters.enumerated() where positions[chapter.path] == nil {
            positions[chapter.path] = place
        }
        return positions
    }
}

/// The whole book: one edition per language, the first being the source.
public struct Book: Hashable, Sendable {
    public var config: Config
    public var editions: [Edition]
    /// Files shared by all languages (e.g. `images/x.png` at the content root), relative to it.
    public var sharedAssets: [String]
    /// Agreed translations of terms (`content/glossary.yml`; empty when there is none).
    public var glossary: Glossary
    /// What loading the book found worth a warning (two tables of contents that disagree).
    public var notes: [Diagnostic] = []

    public init(config: Config, editions: [Edition], sharedAssets: [String] = [], glossary: Glossary = Glossary()) {
        self.config = config
        self.editions = editions
        self.sharedAssets = sharedAssets
        self.glossary = glossary
    }

    public var source: Edition { editions.first { $0.language == config.source } ?? editions[0] }
    public var translations: [Edition] { editions.filter { $0.language != config.source } }

    public func edition(_ language: Language) -> Edition? {
        editions.first { $0.language == language }
    }

    /// Why a chapter's blocks could not be read again when a stage asked for them
    /// (`ParsedChapter.failure`): whatever was made since stands on a text that is gone.
    public var rereadFailure: Error? {
        for edition in editions {
            for chapter in edition.chapters {
                if let failure = chapter.parsed.failure { return failure }
            }
        }
        return nil
    }
}
