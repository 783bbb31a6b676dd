import ArgumentParser
import Foundation
import GuideCommandLine
import GuideExchange
import GuideFiles
import GuideMerge
import GuideModel
import GuideParse
import GuidePipeline
import GuideRender

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the aligned book for translators' tools (gettext PO catalogs, a TMX translation memory).",
        subcommands: [ExportPOCommand.self, ExportTMXCommand.self]
    )
}

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write translators' catalogs back into the chapters.",
        subcommands: [ImportPOCommand.self]
    )
}

struct ExportPOCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "po",
        abstract: "Write one PO catalog per chapter: each aligned pair one message.",
        discussion: """
            msgid is the English blocks' markdown, msgstr the translation's; `#:` names both files and \
            lines, `#, fuzzy` marks stale pairs, `#.` comments carry doubt markers, English left, \
            drifted code and glossary findings. Code the same in both languages is no message; a \
            pair with no translation is an untranslated message. `guide import po` writes the \
            catalogs back. Existing catalogs are replaced only with --force; a folder inside the \
            content, templates or cache folder is refused even with it.
            """
    )

    @Option(help: "The content folder.") var content = Workspace.defaultContent
    @Option(help: "The translation's language (default: the book's first translation).") var lang: String?
    @Option(name: [.customShort("o"), .long], help: "The folder to write the catalogs into.") var output = "po"
    @Flag(help: "Replace catalogs that exist (keeping their mode and owner).") var force = false

    func run() throws {
        try reportingErrors { _ in
            let workspace = Workspace(content: content)
            let book = try workspace.loadBook()
            // Before anything is made (the folders for the catalogs, the cache): never inside the book.
            try OutputFiles.refuseInside([OutputFiles.Output(path: output, option: "-o")], workspace.protectedFolders)
            let language = try CatalogBook.translation(lang, of: book)
            let reviews = try CatalogBook.reviews(book, content: content).filter { $0.language == language }
            var files: [(path: String, text: String)] = []
            for review in reviews {
                let messages = try CatalogBook.messages(review, book: book, content: content)
                let catalog = POCatalog(header: CatalogBook.header(book: book, review: review), messages: messages.messages.map(\.po))
                let text = catalog.text
                guard text.utf8.count <= POCatalog.maximumSize else {
                    throw GuideError("the catalog of this chapter would be \(text.utf8.count >> 20) MiB, more than guide import po "
                                     + "reads (\(POCatalog.maximumSize >> 20) MiB): split the chapter", file: review.source.displayPath)
                }
                files.append((output + "/" + CatalogBook.catalogName(review.source.path), text))
            }
            let outputs = files.map { OutputFiles.Output(path: $0.path, option: "-o") }
            try OutputFiles.refuseInside(outputs, workspace.protectedFolders)
            for folder in Set(files.map { PathText.parent($0.path) }).sorted() {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw GuideError("cannot make the folder for the catalogs: a file is in the way (-o names a folder)", file: folder)
                }
            }
            try OutputFiles.check(outputs, inputs: workspace.inputs(of: book), protected: workspace.protectedFolders, force: force)
            try OutputFiles.write(files)
            printText("wrote \(files.count) catalogs (\(language.code)) into \(TerminalText.line(output))/")
        }
    }
}

extension TranslationMemory.Segment: ExpressibleByArgument {}

struct ExportTMXCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tmx",
        abstract: "Write a translation memory (TMX 1.4b) of the book's translated sentences.",
        discussion: """
            With --segment sentence (the default) one translation unit per group of sentences the \
            aligner paired inside a translated pair (the English sentences joined by a space, the \
            Chinese by nothing; a note with the English file and line), in book order; sentences \
            paired with nothing are left out, and so are groups of confidence under \
            \(TranslationMemory.sentenceConfidence) unless --all. A pair with no sentences (code) is \
            one unit. With --segment paragraph one unit per translated pair (the English and Chinese \
            markdown). Pairs that are stale or carry a translator's doubt are left out unless --all. \
            Characters XML forbids are written as U+FFFD, with a warning per chapter. An existing \
            file is replaced only with --force; the book's own files, and any file inside the \
            content, templates or cache folder, are refused even with it.
            """
    )

    @Option(help: "The content folder.") var content = Workspace.defaultContent
    @Option(help: "The translation's language (default: the book's first translation).") var lang: String?
    @Option(name: [.customShort("o"), .long], help: "The file to write.") var output = "book.tmx"
    @Option(help: "What a unit holds: a group of paired sentences, or a whole aligned pair of blocks.") var segment: TranslationMemory.Segment = .sentence
    @Flag(help: "Also the pairs that are stale or in doubt, and sentence groups of low confidence.") var all = false
    @Flag(help: "Replace the file if it exists (keeping its mode and owner).") var force = false

    func run() throws {
        try reportingErrors { printer in
            let workspace = Workspace(content: content)
            let book = try workspace.loadBook()
            let target = [OutputFiles.Output(path: output, option: "-o")]
            // Before anything is written (the cache included): never inside the book, never one of its files.
            try OutputFiles.check(target, inputs: workspace.inputs(of: book), protected: workspace.protectedFolders, force: force)
            let language = try CatalogBook.translation(lang, of: book)
            var memory = TranslationMemory(sourceLanguage: book.source.language.code, targetLanguage: language.code,
                                           segment: segment)
            let glossary = segment == .sentence && !book.glossary.isEmpty ? SentenceGlossary(book.glossary) : nil
            // The sentences paired as the review pairs them: with the book's dictionary, if it names one.
            let dictionary = try Stages.dictionary(for: book, in: workspace) { printError("note: \($0)") }
            let words = segment == .sentence ? try dictionary?.entries() : nil
            for review in try CatalogBook.reviews(book, content: content, dictionary: dictionary) where review.language == language {
                let messages = try CatalogBook.messages(review, book: book, content: content)
                let first = memory.units.count
                switch segment {
                case .paragraph:
                    memory.add(messages, all: all)
                case .sentence:
                    let (sentences, aligner) = ChapterSentences.aligned(source: review.source.blocks, target: review.target.blocks,
                                                                        beads: review.beads.map(\.bead), glossary: glossary,
                                                                        dictionary: words)
                    memory.add(messages, sentences: sentences, aligner: aligner, all: all)
                }
                let forbidden = memory.forbiddenCharacters(from: first)
                printer.print([CatalogBook.forbiddenInXML(forbidden.source, content: content, book.source.language, review.source),
                               CatalogBook.forbiddenInXML(forbidden.target, content: content, language, review.target)]
                    .compactMap { $0 }, to: printError)
            }
            // Asked again: the book's files may have changed while the memory was made.
            try OutputFiles.check(target, inputs: workspace.inputs(of: book), protected: workspace.protectedFolders, force: force)
            try OutputFiles.write([(output, memory.text)])
            printText("wrote \(memory.units.count) translation units (\(book.source.language.code) → \(language.code), "
                      + "\(segment.rawValue)s) into \(output)")
        }
    }
}

struct ImportPOCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "po",
        abstract: "Write the translations of PO catalogs back into the chapters they were exported from.",
        discussion: """
            Each message's msgstr replaces its pair's translation; a newly translated message fills \
            its missing block in place; what has no message is kept, and so are the file's line ends. \
            A message whose msgid is no longer the current English, or whose translation would hide \
            the blocks after it (an HTML comment or code fence it opens and does not close), is \
            reported at its line, as are two catalogs for one chapter, and the import is refused: \
            nothing is written. Each chapter is written whole or not at all.
            """
    )

    @Argument(help: "The catalogs (written by guide export po).") var catalogs: [String]
    @Option(help: "The content folder.") var content = Workspace.defaultContent

    func run() throws {
        try reportingErrors { _ in
            let book = try Workspace(content: content).loadBook()
            let reviews = try CatalogBook.reviews(book, content: content)
            let parser = MarkdownParser(options: .init(rawHTML: book.config.rawHTML)); let parse: (String) -> [Block] = { parser.parse($0) }
            var writes: [(path: String, text: String)] = [], read: [String: [UInt8]] = [:]
            var failures: [Diagnostic] = [], changedChapters = 0
            // The catalog read for each chapter so far, at its header's line: a second one for the
            // same chapter would silently undo the first's translations.
            var claimed: [String: SourceLocation] = [:]
            for catalogFile in catalogs {
                // As large as export writes them (POCatalog.maximumSize), not only as large as a chapter.
                let text = try TextFile.read(path: catalogFile, displayPath: catalogFile, limit: POCatalog.maximumSize,
                                             kind: "catalogs")
                let catalog: POCatalog
                do { catalog = try POReader.read(text) } catch let failure as POReader.Failure {
                    throw GuideError(failure.message, file: catalogFile, line: failure.line)
                }
                guard let chapter = catalog.field(CatalogBook.chapterField), let code = catalog.field("Language"),
                      let review = reviews.first(where: { $0.source.path == chapter && $0.language.code == code }) else {
                    throw GuideError("the catalog names no chapter of this book (its \(CatalogBook.chapterField) and "
                                     + "Language header fields; was it written by guide export po?)", file: catalogFile)
                }
                let files = try CatalogBook.fileTexts(content, review.language, review.target)
                let header = SourceLocation(file: catalogFile, line: catalog.headerLine)
                if let first = claimed[files[0].path] {
                    failures.append(Diagnostic(.error, "a second catalog for \(review.target.displayPath) (\(first) is one already): "
                                               + "give import one catalog per chapter", at: header,
                                               notes: [Diagnostic(.note, "the first catalog for \(review.target.displayPath)", at: first)]))
                    continue
                }
                claimed[files[0].path] = header
                // The Chinese as read here is what is written over: a file changed since is refused.
                let messages = try CatalogBook.messages(review, book: book, content: content,
                                                        chinese: files.map(\.chapterText).joined())
                var fileStarts: [Int] = [], offset = 0
                for file in files.dropLast() {
                    offset += file.chapterText.utf8.count
                    fileStarts.append(offset)
                }
                switch CatalogImport.apply(catalog, to: messages, fileStarts: fileStarts, parse: parse) {
                case .failure(let refusal):
                    failures += refusal.problems.map { Diagnostic(.error, $0.message, at: SourceLocation(file: catalogFile, line: $0.line)) }
                case .success(let pieces):
                    let before = writes.count
                    defer { if writes.count > before { changedChapters += 1 } }
                    for (file, piece) in zip(files, pieces) {
                        let updated = file.original(of: piece)
                        guard updated != file.text else { continue }
                        // Written only when it reads as a chapter again.
                        _ = try TextFile.decode(Data(updated.utf8), displayPath: file.display)
                        writes.append((file.path, updated))
                        read[file.path] = Array(file.text.utf8)
                    }
                }
            }
            guard failures.isEmpty else {
                throw GuideErrors(failures + [GuideError("the catalogs do not fit the book as it is now; nothing written").diagnostic])
            }
            try OutputFiles.write(writes, read: read, inside: ConfinedFolder(content, role: "the content folder"))
            printText("imported \(catalogs.count) catalogs: \(changedChapters) chapters changed")
        }
    }
}

/// What the catalog commands share: where a chapter's file is, its messages, a catalog's header.
enum CatalogBook {
    /// The header field that names the English chapter a catalog was exported from.
    static let chapterField = "X-Guide-Chapter"

    static func translation(_ code: String?, of book: Book) throws -> Language {
        let translations = book.translations.map(\.language)
        guard let language = code.map({ code in translations.first { $0.code == code } }) ?? translations.first else {
            throw GuideError("the book has no translation\(code.map { " '\($0)'" } ?? "") (languages: "
                             + book.editions.map(\.language.code).joined(separator: ", ") + ")")
        }
        return language
    }

    /// The book's reviews through the cache, as `guide review` makes them, but for chapters not
    /// translated yet (`Chapter.untranslated`): they have no Chinese file to write back into.
    static func reviews(_ book: Book, content: String) throws -> [ChapterReview] {
        try reviews(book, content: content, dictionary: try Stages.dictionary(for: book, in: Workspace(content: content)))
    }

    /// The same, with the book's dictionary read already.
    static func reviews(_ book: Book, content: String, dictionary: ReviewDictionary?) throws -> [ChapterReview] {
        let workspace = Workspace(content: content)
        let cache = try workspace.openCache()
        // Stale pairs (from the book's history too) go out as fuzzy messages, with why in a comment.
        let reviews = try Stages.reviews(book, cache: cache, dictionary: dictionary,
                                         history: try Stages.history(book, in: workspace, cache: cache))
        cache?.save([.align, .review, .blame])
        return reviews.filter { $0.target.untranslated == nil }
    }

    static func file(_ content: String, _ language: Language, _ path: String) -> String {
        content + "/" + language.code + "/" + path
    }

    /// The file a chapter is read from: its language folder's file of its name, or the one the
    /// loader listed for a book laid out as kept (a chapter named after its source chapter).
    static func files(_ content: String, _ language: Language, _ chapter: Chapter) -> [(path: String, display: String)] {
        chapter.listedParts.map { $0.map { (content + "/" + $0.within, $0.displayPath) } }
            ?? [(file(content, language, chapter.path), chapter.displayPath)]
    }

    /// A file of a chapter as read, and as its chapter's text holds it (a line end added where
    /// the file has no last one, so that the next file starts on a line of its own).
    struct FileText {
        var path: String
        var display: String
        var text: String
        var chapterText: String { text.isEmpty || text.hasSuffix("\n") ? text : text + "\n" }

        /// The file's new text from its piece of the chapter's new text.
        func original(of piece: String) -> String {
            chapterText != text && piece.hasSuffix("\n") ? String(piece.dropLast()) : piece
        }
    }

    /// A chapter's files, read (a byte order mark kept).
    static func fileTexts(_ content: String, _ language: Language, _ chapter: Chapter) throws -> [FileText] {
        try files(content, language, chapter).map { file in
            FileText(path: file.path, display: file.display,
                     text: try TextFile.read(path: file.path, displayPath: file.display, keepingByteOrderMark: true))
        }
    }

    /// A chapter's text as the review read it: its files one after another (their lines count on).
    static func text(_ content: String, _ language: Language, _ chapter: Chapter) throws -> String {
        try fileTexts(content, language, chapter).map(\.chapterText).joined()
    }

    static func catalogName(_ chapterPath: String) -> String {
        (chapterPath.hasSuffix(".md") ? String(chapterPath.dropLast(3)) : chapterPath) + ".po"
    }

    static func messages(_ review: ChapterReview, book: Book, content: String, chinese: String? = nil) throws -> ChapterMessages {
        let source = book.source.language
        let english = try text(content, source, review.source)
        let chinese = try chinese ?? text(content, review.language, review.target)
        return ChapterMessages(review: review, english: english, chinese: chinese,
                               sourceFile: review.source.listedParts?.first?.within ?? source.code + "/" + review.source.path,
                               targetFile: review.target.listedParts?.first?.within ?? review.language.code + "/" + review.target.path)
    }

    /// The warning for a chapter whose units in the memory hold `count` characters XML 1.0
    /// forbids (written as U+FFFD): once per file, at the first such character's line.
    static func forbiddenInXML(_ count: Int, content: String, _ language: Language, _ chapter: Chapter) -> Diagnostic? {
        guard count > 0, let text = try? Self.text(content, language, chapter),
              let first = XMLCharacters.firstForbidden(in: text) else { return nil }
        return Diagnostic(.warning, "this chapter holds \(XMLCharacters.name(first.scalar)), which XML 1.0 forbids: the translation "
                          + "memory has U+FFFD in its place (\(count) such characters in its units)",
                          at: chapter.location(line: first.line))
    }

    /// The same header for the same chapter: no dates, so an export is the same bytes every time.
    static func header(book: Book, review: ChapterReview) -> [(name: String, value: String)] {
        [("Project-Id-Version", book.config.title(for: book.source.language)),
         ("PO-Revision-Date", ""),
         ("Last-Translator", ""),
         ("Language-Team", ""),
         ("Language", review.language.code),
         ("MIME-Version", "1.0"),
         ("Content-Type", "text/plain; charset=UTF-8"),
         ("Content-Transfer-Encoding", "8bit"),
         ("Plural-Forms", "nplurals=1; plural=0;"),
         ("X-Generator", "guide export po"),
         (chapterField, review.source.path)]
    }
}
