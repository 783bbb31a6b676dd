import Foundation
import GuideFiles
import GuideModel

/// What every chapter of a book laid out as kept (`editions:`) is parsed with: where each file's
/// page is, to write its links from there (`LinkRelocation`).
struct RelocationContext: Sendable {
    /// Every chapter file, from the content folder → its page in the site (`zh/05-Class.html`).
    var pages: [String: String]
    /// Each language's folder from the content folder.
    var folders: [Language: String]
    var repositoryURL: String
    var repositoryBranch: String
    /// A `Digest` of all of the above: a chapter's parse depends on it.
    var key: String

    /// How the links of `file` (from the edition's `folder`) are written on the page of `page`.
    func relocation(of file: String, on page: String, in folder: String, language: Language) -> LinkRelocation {
        LinkRelocation(fileFolder: PathText.parent(file), pageFolder: PathText.parent(page), editionFolder: folder,
                       language: language.code, pages: pages, repositoryURL: repositoryURL,
                       repositoryBranch: repositoryBranch, folderIsPublished: !folder.isEmpty)
    }
}

extension ContentLoader {
    func relocationContext(_ listings: [Result<Listing, Error>], config: Config) -> RelocationContext {
        var pages: [String: String] = [:], folders: [Language: String] = [:]
        for (language, listing) in zip(config.languages, listings) {
            guard let listing = try? listing.get() else { continue }
            folders[language] = listing.source.folder
            for chapter in listing.chapters {
                for file in chapter.files { pages[file.within] = language.code + "/" + Chapter.pagePath(chapter.path) }
            }
        }
        let hash = Digest()
        for (file, page) in pages.sorted(by: { $0.key < $1.key }) { hash.updateCounted(file); hash.updateCounted(page) }
        hash.updateCounted(config.repositoryURL)
        hash.updateCounted(config.repositoryBranch)
        return RelocationContext(pages: pages, folders: folders, repositoryURL: config.repositoryURL,
                                 repositoryBranch: config.repositoryBranch, key: HexText.of(hash.finalize()))
    }

    /// A chapter of a laid-out book: each of its files read (front matter blanked), parsed with its
    /// links written from the chapter's page, its lines counted on from the file before.
    func parseLaidOut(_ chapter: Listed, language: Language, parser: MarkdownParser, options: [UInt8],
                      relocations: RelocationContext) throws -> Chapter {
        let folder = relocations.folders[language] ?? language.code
        var texts: [String] = []
        for file in chapter.files {
            let text = try readChapter(file.file, file.display)
            let matter = FrontMatter.of(text)
            texts.append(matter.map { FrontMatter.blanked(text, lines: $0.lineCount) } ?? text)
        }
        guard texts.contains(where: { $0.contains { !$0.isWhitespace } }) else {
            throw GuideError("the chapter is empty (a chapter needs at least a title)", file: chapter.display)
        }
        let hash = Digest()
        hash.updateCounted("laid-out-2")
        hash.updateCounted(options)
        for part in [relocations.key, language.code, folder, chapter.path, chapter.title] {
            hash.updateCounted(part)
        }
        for (file, text) in zip(chapter.files, texts) { hash.updateCounted(file.within); hash.updateCounted(text) }
        let digest = hash.finalize()
        let files = chapter.files, read = texts
        let parse: @Sendable () -> [Block] = {
            var blocks: [Block] = [], firstLine = 1
            for (file, text) in zip(files, read) {
                let relocation = relocations.relocation(of: file.path, on: chapter.path, in: folder, language: language)
                blocks += parser.parse(text, relocating: relocation).map { $0.shiftingLines(by: firstLine - 1) }
                firstLine += Self.lineCount(text)
            }
            return blocks
        }
        var parts: [ChapterPart] = [], firstLine = 1
        for (file, text) in zip(files, texts) {
            parts.append(ChapterPart(displayPath: file.display, within: file.within, firstLine: firstLine))
            firstLine += Self.lineCount(text)
        }
        let parsed = memo?.parsed(digest, parse: parse) ?? ParsedChapter(blocks: parse())
        return Chapter(path: chapter.path, displayPath: chapter.display, title: chapter.title, parsed: parsed, contentDigest: digest,
                       parts: parts)
    }

    /// A README's file parsed again, its in-page links sent to the chapter page holding their heading.
    func reparse(_ whole: Chapter, language: Language, parser: MarkdownParser, relocations: RelocationContext,
                 sections: SingleFileBook.Sections) -> [Block]? {
        guard let part = whole.listedParts?.first, let text = try? readChapter(join(root, part.within), part.displayPath) else { return nil }
        let body = FrontMatter.of(text).map { FrontMatter.blanked(text, lines: $0.lineCount) } ?? text
        let folder = relocations.folders[language] ?? ""
        var relocation = relocations.relocation(of: String(part.within.dropFirst(folder.isEmpty ? 0 : folder.count + 1)),
                                                on: whole.path, in: folder, language: language)
        relocation.sections = sections.sections
        relocation.anchors = sections.anchors
        return parser.parse(body, relocating: relocation)
    }

    /// Lines as cmark counts them: a last line without a line break is a line.
    static func lineCount(_ text: String) -> Int {
        var count = 0, last: UInt8 = 10
        for byte in text.utf8 {
            if byte == 10 { count += 1 }
            last = byte
        }
        return last == 10 ? count : count + 1
    }
}
