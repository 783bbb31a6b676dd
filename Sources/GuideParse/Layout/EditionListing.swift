import Foundation
import GuideFiles
import GuideModel

/// A chapter the listing found, not read yet: its files in reading order (most often one).
struct Listed: Sendable {
    /// Its page's path from the edition's folder (`05-Class.md`); a translation's chapter has its
    /// source chapter's, so the two pair and their pages share a name.
    var path: String
    var title: String
    var files: [ListedFile]

    var file: String { files[0].file }
    var display: String { files[0].display }
    var within: String { files[0].within }
    var identity: FileIdentity? { files[0].identity }
}

/// One file of a listed chapter.
struct ListedFile: Sendable {
    /// From the edition's folder, as its table of contents names it.
    var path: String
    var file: String
    var display: String
    /// From the content folder (`zh/x.md`): what keys name it by, so that a build from another
    /// working folder (another `display`) finds what the last one stored.
    var within: String
    /// The file as the listing found it (before it is read), when it is no link.
    var identity: FileIdentity?
}

/// What an edition lists, each listed file checked, and its assets and accept ledger (their
/// failures are thrown after its chapters').
struct Listing {
    var source: EditionSource
    var toc: [TocEntry]
    var chapters: [Listed]
    var assets: Result<[String], Error>
    var ledger: Result<AcceptLedger, Error>
}

extension ContentLoader {
    func listEdition(_ language: Language, as source: EditionSource, resolvedRoot: ConfinedFolder,
                     introduction: Bool) throws -> Listing {
        let folderWithin = source.folder
        let folder = folderWithin.isEmpty ? root : join(root, folderWithin)
        var folders: [String: String] = [:]   // each chapter folder's real path, resolved once
        func listed(_ path: String, line: Int?, in listDisplay: String) throws -> ListedFile {
            let file = join(folder, path)
            let within = folderWithin.isEmpty ? path : folderWithin + "/" + path
            let chapterDisplay = display(within)
            // One `lstat` says a plain file is there, no link, and what the cache knows it by.
            var status = stat()
            let plainFile = lstat(file, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
            guard plainFile || FileManager.default.fileExists(atPath: file) else {
                throw GuideError("'\(path)' is listed in \(PathText.name(listDisplay)) but the file \(chapterDisplay) does not exist",
                                 file: listDisplay, line: line)
            }
            try resolvedRoot.check(file, display: chapterDisplay, folders: &folders, plainFile: plainFile)
            return ListedFile(path: path, file: file, display: chapterDisplay, within: within,
                              identity: plainFile ? FileIdentity(status) : nil)
        }
        let publishesFolder = !folderWithin.isEmpty
        let assets = { Result { publishesFolder ? try self.assets(in: folder, resolvedRoot: resolvedRoot) : [] } }
        let ledger = { Result { try self.ledger(for: language, resolvedRoot: resolvedRoot) } }

        switch source {
        case .summary(let summaryWithin):
            let summaryDisplay = display(summaryWithin)
            let summaryFile = join(root, summaryWithin)
            try resolvedRoot.check(summaryFile, display: summaryDisplay)
            guard FileManager.default.fileExists(atPath: summaryFile) else {
                throw GuideError("missing SUMMARY.md for language '\(language.code)'", file: summaryDisplay)
            }
            let summaryText = try TextFile.read(path: summaryFile, displayPath: summaryDisplay, inside: resolvedRoot)
            var toc = try SummaryParser.parse(summaryText, displayPath: summaryDisplay)
            let summaryName = PathText.name(summaryWithin)
            // GitBook's and mdBook's introduction: the folder's README.md, published first.
            if introduction, !toc.flatMap(\.flattened).contains(where: { $0.path == "README.md" }),
               FileManager.default.fileExists(atPath: join(folder, "README.md")) {
                toc.insert(TocEntry(title: language.code == "zh" ? "简介" : "Introduction", path: "README.md", line: 0), at: 0)
            }
            var seen: [String: Int] = [:]
            var chapters: [Listed] = []
            for entry in toc.flatMap(\.flattened) {
                guard let path = entry.path else { continue }
                if let first = seen[path] {
                    // GitBook lists sections of a page as `x.md#section`: the page once.
                    if introduction { continue }
                    throw GuideError("'\(path)' is listed twice (first on line \(first))", file: summaryDisplay, line: entry.line)
                }
                seen[path] = entry.line
                if path == summaryName {
                    throw GuideError("\(summaryName) lists itself as a chapter", file: summaryDisplay, line: entry.line)
                }
                let file = try listed(path, line: entry.line, in: summaryDisplay)
                chapters.append(Listed(path: path, title: entry.title, files: [file]))
            }
            return Listing(source: source, toc: toc, chapters: chapters, assets: assets(), ledger: ledger())

        case .folder(_, let suffix):
            var found: [(order: Double, key: String, listed: Listed)] = []
            for path in markdownFiles(in: folder) {
                guard let page = Self.page(of: path, suffix: suffix) else { continue }
                let file = try listed(path, line: nil, in: display(folderWithin))
                let text = try readChapter(file.file, file.display)
                let matter = FrontMatter.of(text)
                let name = PathText.name(page)
                let isIndex = name == "index.md" || name == "_index.md" || name == "README.md"
                // A folder's index first in it, then by the order front matter gives, then by path.
                let key = PathText.parent(page) + "\u{0}" + (isIndex ? "" : "\u{1}") + page
                found.append((matter?.order ?? .greatestFiniteMagnitude, key,
                              Listed(path: page, title: matter?.title ?? Self.title(fromFileName: page), files: [file])))
            }
            found.sort { ($0.key.split(separator: "\u{0}").first ?? "", $0.order, $0.key) < ($1.key.split(separator: "\u{0}").first ?? "", $1.order, $1.key) }
            guard !found.isEmpty else {
                throw GuideError("no markdown file in the folder of language '\(language.code)'" + (suffix.map { " named x.\($0).md" } ?? ""),
                                 file: display(folderWithin))
            }
            let chapters = found.map(\.listed)
            let toc = chapters.map { TocEntry(title: $0.title, path: $0.path, line: 0) }
            return Listing(source: source, toc: toc, chapters: chapters, assets: assets(), ledger: ledger())

        case .file(let fileWithin):
            let file = try listed(PathText.name(fileWithin), line: nil, in: display(fileWithin))
            // Its first page is README.html in every language, whatever the file's name.
            let path = "README.md"
            // Cut into chapters once read (`SingleFileBook`).
            return Listing(source: source, toc: [TocEntry(title: Self.introductionTitle(language), path: path, line: 0)],
                           chapters: [Listed(path: path, title: Self.introductionTitle(language), files: [file])],
                           assets: assets(), ledger: ledger())
        }
    }

    static func introductionTitle(_ language: Language) -> String { language.code == "zh" ? "简介" : "Introduction" }

    /// A folder edition's page for a file: `x.zh.md` → `x.md` for suffix `zh`; a file with another
    /// language's suffix belongs to that language (nil).
    static func page(of path: String, suffix: String?) -> String? {
        let name = PathText.name(path)
        guard name.hasSuffix(".md") else { return nil }
        let stem = name.dropLast(3)
        let parts = stem.split(separator: ".", omittingEmptySubsequences: false)
        let folder = PathText.parent(path)
        func within(_ name: String) -> String { folder.isEmpty ? name : folder + "/" + name }
        if let suffix {
            guard parts.count >= 2, parts.last.map(String.init) == suffix else { return nil }
            return within(parts.dropLast().joined(separator: ".") + ".md")
        }
        // `x.en.md` or `x.zh-cn.md` is a language's file in Hugo: not the default language's.
        if parts.count >= 2, let last = parts.last, LanguageNames.code(of: String(last)) != nil { return nil }
        return path
    }

    /// `02-getting_started.md` → `Getting started`.
    static func title(fromFileName path: String) -> String {
        var stem = Substring(PathText.name(path).dropLast(3))
        if stem == "index" || stem == "_index" || stem == "README" {
            let folder = PathText.name(PathText.parent(path))
            stem = Substring(folder.isEmpty ? "Introduction" : folder)
        }
        stem = stem.drop { $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
        let words = stem.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
        return words.isEmpty ? String(stem) : words.prefix(1).uppercased() + words.dropFirst()
    }

    /// The markdown files under `folder`, sorted: a name starting with `_` is a partial (Docusaurus),
    /// but for Hugo's `_index.md`.
    func markdownFiles(in folder: String) -> [String] {
        // guide's own folders are no pages of the book (a site built from a Hugo folder holds none, but a `templates/` may).
        let own = ownFolders.relative(to: folder).map { $0 + "/" }
        return FolderWalk.files(in: folder, skipping: { $0.hasPrefix("_") && $0 != "_index.md" })
            .filter { path in path.hasSuffix(".md") && !own.contains { path.hasPrefix($0) } }
    }
}
