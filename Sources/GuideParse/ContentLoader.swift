import Foundation
import GuideFiles
import GuideModel

/// Loads a content folder into a `Book`:
///
///     content/guide.yml          config
///     content/<lang>/SUMMARY.md  chapter order and titles
///     content/<lang>/<chapter>.md, paired across languages by the same relative path
///     content/<lang>/…           anything else is an asset, copied into the site
///     content/<lang>.accepted    the translators' accept ledger (`guide review --accept`)
///     content/glossary.yml       agreed translations of terms (optional)
///     content/<folder>/…         assets shared by all languages (files directly in
///                                content/ are the book's own settings, never copied)
public struct ContentLoader: Sendable {
    public static let configName = "guide.yml"

    /// The folder on disk.
    public var root: String
    /// How the folder is named in messages (as the user typed it).
    public var displayRoot: String
    /// What the pipeline kept of earlier loads (`ChapterMemo`): a chapter it knows is taken as it
    /// was, or parsed only when a stage asks for its blocks. nil: every chapter is read and parsed.
    public var memo: ChapterMemo?
    /// guide's own folders (site, templates, cache): never read as content where the folder holds them.
    public var ownFolders = OwnFolders()
    /// How a chapter file is read (tests count the reads).
    var readChapter: @Sendable (_ path: String, _ display: String) throws -> String

    public init(root: String, displayRoot: String? = nil) {
        self.root = root
        self.displayRoot = displayRoot ?? Self.relativeToWorkingDirectory(root)
        // Checked again on the file as it is opened, and read from what was opened: a chapter
        // swapped for a link after the listing checked it is refused, never read.
        let confined = ConfinedFolder(root, role: "the content folder")
        readChapter = { try TextFile.read(path: $0, displayPath: $1, inside: confined) }
    }

    /// Messages and pages name files as the user would type them: relative to the
    /// working directory when the folder is inside it (so the same book always gives the
    /// same pages, however its path was written).
    static func relativeToWorkingDirectory(_ path: String) -> String {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        guard full.hasPrefix(cwd + "/") else { return path }
        return String(full.dropFirst(cwd.count + 1))
    }

    public func load() throws -> Book {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw GuideError("the content folder does not exist: run `guide init` in the book's folder to write its guide.yml, "
                             + "or name the folder that holds guide.yml with --content", file: displayRoot)
        }
        // Resolved once: every file the book is read from is checked against it.
        let resolvedRoot = ConfinedFolder(root, role: "the content folder")
        try resolvedRoot.check(join(root, Self.configName), display: display(Self.configName))
        guard FileManager.default.fileExists(atPath: join(root, Self.configName)) else {
            throw ConfigLoader.missing(display(Self.configName))
        }
        let config = try ConfigLoader.load(path: join(root, Self.configName), displayPath: display(Self.configName),
                                           inside: resolvedRoot)
        // A translator's doubt markers are the review's: the pages leave them out (the text around them stays).
        let parser = MarkdownParser(options: .init(rawHTML: config.rawHTML, unpublishedMarkers: config.doubtMarkers))
        // A book laid out as its maintainers keep it (`editions:`, written by `guide init`).
        let laidOut = !config.editions.isEmpty
        // The editions' listings side by side (each is serial: its SUMMARY.md, the listed files'
        // checks), then every chapter of every edition parsed in one map on all cores: an edition
        // a core left the other core idle once the shorter edition was done. A failure is thrown
        // as before: the first edition's listing, else its first chapter, then the next edition.
        var listings = config.languages.concurrentMap { language in
            Result { try listEdition(language, as: config.edition(for: language), resolvedRoot: resolvedRoot, introduction: laidOut) }
        }
        var notes: [Diagnostic] = []
        if laidOut, let listed = try? listings.map({ try $0.get() }) {
            let paired = BookPairing.pair(listed, languages: config.languages, source: config.source, display: { display($0) })
            listings = paired.listings.map { .success($0) }
            notes = paired.notes
        }
        let relocations = laidOut ? relocationContext(listings, config: config) : nil
        let chapters = parseChapters(zip(config.languages, listings).flatMap { language, listing in
            ((try? listing.get())?.chapters ?? []).map { (language, $0) }
        }, parser: parser, relocations: relocations)
        var editions: [Edition] = [], next = 0
        for (language, listing) in zip(config.languages, listings) {
            let listing = try listing.get()
            let parsed = try chapters[next..<next + listing.chapters.count].map { try $0.get() }
            next += listing.chapters.count
            var edition = Edition(language: language, title: config.title(for: language), toc: listing.toc,
                                  chapters: parsed, assets: try listing.assets.get(), ledger: try listing.ledger.get())
            edition.folder = listing.source.folder
            editions.append(edition)
        }
        if laidOut {
            let current = editions
            let cut = try SingleFileBook.cut(editions, sources: config.languages.map { config.edition(for: $0) },
                                             source: config.source, reparse: { index, sections in
                guard let relocations, let whole = current[index].chapters.first else { return nil }
                return reparse(whole, language: current[index].language, parser: parser, relocations: relocations, sections: sections)
            })
            editions = cut.editions
            notes += cut.notes
            // A book whose folder is the repository's publishes the pictures its pages show, not the repository.
            for index in editions.indices where editions[index].folder.isEmpty {
                editions[index].assets = try referencedImages(editions[index], resolvedRoot: resolvedRoot)
            }
        }
        editions = try pair(editions, source: config.source)
        // The language folders were listed with their editions: not walked again.
        let languageFolders = Set(config.languages.map(\.code))
        // A book laid out as kept shares no folder: its root is the repository's.
        let shared = laidOut ? [] : try assets(in: root, resolvedRoot: resolvedRoot, skipping: languageFolders).filter { path in
            path.split(separator: "/").count > 1
        }
        let glossaryPath = join(root, GlossaryLoader.fileName)
        try resolvedRoot.check(glossaryPath, display: display(GlossaryLoader.fileName))
        let glossary = FileManager.default.fileExists(atPath: glossaryPath)
            ? try GlossaryLoader.parse(try TextFile.read(path: glossaryPath, displayPath: display(GlossaryLoader.fileName),
                                                         inside: resolvedRoot), displayPath: display(GlossaryLoader.fileName))
            : Glossary()
        var book = Book(config: config, editions: editions, sharedAssets: laidOut ? [] : shared, glossary: glossary)
        book.notes = notes
        return book
    }

    /// The chapters, read and parsed on all cores, each its own result.
    private func parseChapters(_ listed: [(Language, Listed)], parser: MarkdownParser,
                               relocations: RelocationContext?) -> [Result<Chapter, Error>] {
        if let relocations {
            let options = parser.options.fingerprint
            return listed.concurrentMap { language, chapter in
                Result { try parseLaidOut(chapter, language: language, parser: parser, options: options, relocations: relocations) }
            }
        }
        return parseChapters(listed.map(\.1), parser: parser)
    }

    private func parseChapters(_ listed: [Listed], parser: MarkdownParser) -> [Result<Chapter, Error>] {
        // Reading and parsing are independent per chapter: use every core. But a chapter's cmark
        // tree is some twenty times its text, so large chapters are parsed one at a time: two
        // trees of 10 MB chapters alive together were most of a gigabyte.
        let memo = self.memo, readChapter = self.readChapter
        let largeParse = NSLock()
        let options = parser.options.fingerprint
        return listed.concurrentMap { (chapter: Listed) -> Result<Chapter, Error> in Result {
                // Only the files that changed since the last load are read: `guide serve` keeps
                // each chapter it loaded in memory; a build finds the digest of a file the
                // cache saw, settled and unchanged since (`chapterFile`), and reads it only
                // when a stage opens its blocks.
                let file: FileIdentity? = memo == nil ? nil : chapter.identity ?? FileIdentity(chapter.file)
                let listed = file.map { ChapterFileKey(options: options, path: chapter.path, within: chapter.within, title: chapter.title,
                                                   identity: $0) }
                if let memo, let listed, let known = memo.chapter(file: listed, reparse: { digest in
                    // Read when first needed. Its facts, and every key made from its digest,
                    // stand for the text the memo knew: a file changed since the load (a race
                    // with an editor) fails the build (`ParsedChapter.failure`, asked by the
                    // pipeline before it keeps or writes anything) rather than publish and keep
                    // pages of one text under the keys of another.
                    let text = try readChapter(chapter.file, chapter.display)
                    guard Self.digest(of: text, chapter: chapter, options: options) == digest else {
                        throw GuideError("the file changed while the book was built: build again", file: chapter.display)
                    }
                    return parser.parse(text)
                }) {
                    return Chapter(path: chapter.path, displayPath: chapter.display, title: chapter.title, parsed: known.parsed,
                                   contentDigest: known.digest)
                }
                let text = try readChapter(chapter.file, chapter.display)
                guard text.contains(where: { !$0.isWhitespace }) else {
                    throw GuideError("the chapter is empty (a chapter needs at least a title)", file: chapter.display)
                }
                let isLarge = text.utf8.count >= Self.largeChapterBytes
                if isLarge {
                    FreedMemory.preferReturning()
                    largeParse.lock()
                }
                defer { if isLarge { largeParse.unlock() } }
                let digest = Self.digest(of: text, chapter: chapter, options: options)
                let parsed = memo?.parsed(digest) { parser.parse(text) } ?? ParsedChapter(blocks: parser.parse(text))
                // Read after the text: what it says held while the text was read, or was older.
                if let memo, let listed, let file, file == FileIdentity(chapter.file), file.isSettled {
                    memo.keep(file: listed, digest: digest, parsed: parsed)
                }
                return Chapter(path: chapter.path, displayPath: chapter.display, title: chapter.title, parsed: parsed,
                               contentDigest: digest)
            } }
    }

    /// From this size on, a chapter is parsed while no other chapter this large is (a chapter of
    /// a real book is tens of kilobytes: those are all parsed at once).
    static let largeChapterBytes = 2_000_000

    /// What `Chapter.contentDigest` is the `Digest` of: the parser's options, the path from the
    /// content folder, the title and the text (each with its length, so no two differ only in
    /// where one ends). Not the display path: it changes with the working folder, and nothing
    /// stored under a digest names the file (what shows a file's name is keyed by it apart).
    private static func digest(of text: String, chapter: Listed, options: [UInt8]) -> [UInt8] {
        let hash = Digest()
        hash.updateCounted("chapter-4")
        hash.updateCounted(options)
        for part in [chapter.path, chapter.within, chapter.title, text] {
            hash.updateCounted(part)
        }
        return hash.finalize()
    }

    /// The files the edition's images name that are there, inside the book (relative, no `..` out).
    func referencedImages(_ edition: Edition, resolvedRoot: ConfinedFolder) throws -> [String] {
        var found = Set<String>()
        for chapter in edition.chapters where chapter.untranslated == nil {
            let folder = PathText.parent(chapter.path)
            for reference in chapter.facts.references where reference.isImage && !LinkTarget.isExternal(reference.url) {
                var path = reference.url
                if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = String(path[..<cut]) }
                path = path.removingPercentEncoding ?? path
                guard !path.isEmpty, !path.hasPrefix("/"),
                      let resolved = LinkRelocation.normalize(folder.isEmpty ? path : folder + "/" + path), !resolved.isEmpty else { continue }
                var status = stat()
                guard lstat(join(root, resolved), &status) == 0, status.st_mode & S_IFMT == S_IFREG,
                      !PathText.isHidden(resolved), !resolved.hasSuffix(".md") else { continue }
                try resolvedRoot.check(join(root, resolved), display: display(resolved))
                found.insert(resolved)
            }
        }
        return found.sorted()
    }

    /// The accept ledger of a language, empty when there is none yet.
    public static func ledgerName(_ language: Language) -> String { "\(language.code).accepted" }

    func ledger(for language: Language, resolvedRoot: ConfinedFolder) throws -> AcceptLedger {
        let path = join(root, Self.ledgerName(language))
        let display = self.display(Self.ledgerName(language))
        try resolvedRoot.check(path, display: display)
        guard FileManager.default.fileExists(atPath: path) else { return AcceptLedger() }
        do {
            return try AcceptLedger.parse(try TextFile.read(path: path, displayPath: display, inside: resolvedRoot))
        } catch let error as AcceptLedger.FormatError {
            throw GuideError(error.message, file: display, line: error.line)
        }
    }

    /// A translation's chapter must exist in the source (a reader switching language must land
    /// somewhere); a source chapter a translation does not list gets a stand-in there
    /// (`UntranslatedChapters`).
    private func pair(_ editions: [Edition], source language: Language) throws -> [Edition] {
        guard let source = editions.first(where: { $0.language == language }) else { return editions }
        // From the content folder: each edition's files are in its folder (`zh`, `docs`, or the content folder itself).
        func inFolder(_ folder: String, _ path: String) -> String { folder.isEmpty ? path : folder + "/" + path }
        let sourcePaths = Set(source.chapters.map(\.path))
        for edition in editions where edition.language != language {
            for chapter in edition.chapters where !sourcePaths.contains(chapter.path) {
                let expected = display(inFolder(source.folder, chapter.path))
                let exists = FileManager.default.fileExists(atPath: join(root, inFolder(source.folder, chapter.path)))
                let why = exists ? "it exists but \(display(inFolder(source.folder, "SUMMARY.md"))) does not list it"
                                 : "\(expected) does not exist"
                throw GuideError("chapter '\(chapter.path)' has no \(language.code) version: \(why)",
                                 file: chapter.displayPath)
            }
        }
        return editions.map { edition in
            guard edition.language != language else { return edition }
            let folder = edition.folder
            return UntranslatedChapters.fill(edition, from: source,
                                             sourceSummary: (display(inFolder(source.folder, "SUMMARY.md")), inFolder(source.folder, "SUMMARY.md")),
                                             display: { display(inFolder(folder, $0)) }, within: { inFolder(folder, $0) },
                                             exists: { FileManager.default.fileExists(atPath: join(root, inFolder(folder, $0))) })
        }
    }

    /// Non-markdown files of a folder, sorted, skipping hidden files and folders (`PathText.isHidden`)
    /// and guide's own folders (`ownFolders`), and refusing links that leave the folder.
    func assets(in folder: String, resolvedRoot: ConfinedFolder, skipping: Set<String> = []) throws -> [String] {
        var found: [String] = []
        let skipping = skipping.union(ownFolders.relative(to: folder))
        // `readdir` and its entry types, a `stat` only for a link or an unknown type.
        func walk(_ within: String) throws {
            let full = within.isEmpty ? folder : join(folder, within)
            // A hidden folder is not walked, none of its files published.
            for (name, type) in DirectoryEntry.visible(in: full) {
                let path = within.isEmpty ? name : within + "/" + name
                if skipping.contains(path) { continue }
                var isFolder = type == UInt8(DT_DIR), isRealFolder = isFolder
                if type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) {
                    var status = stat()
                    isFolder = stat(full + "/" + name, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
                    isRealFolder = isFolder && lstat(full + "/" + name, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
                }
                if !path.hasSuffix(".md") {
                    // Folders too: one that is a link out of the book would be read by clang or a reader.
                    try resolvedRoot.check(join(folder, path), display: display(relative(join(folder, path))))
                    if !isFolder { found.append(path) }
                }
                // A linked folder is not walked (as the system's own walk does not).
                if isRealFolder { try walk(path) }
            }
        }
        try walk("")
        return found.sorted()
    }

    private func relative(_ full: String) -> String {
        full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : full
    }

    func display(_ parts: String...) -> String {
        // A book built where it is kept (`--content .`) names its files as they are named there.
        (displayRoot == "." ? parts : [displayRoot] + parts).joined(separator: "/")
    }
}

func join(_ parts: String...) -> String {
    parts.joined(separator: "/")
}
