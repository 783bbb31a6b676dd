import GuideFiles
import GuideModel
import GuideParse

/// What a book is made of, for the commands that write a file the user names (`guide export`):
/// nothing of it may be written over, `--force` or not (`OutputFiles.check`).
extension Workspace {
    /// The folders guide reads (content, templates when the book has one) and its cache: no output goes inside them.
    /// A book kept where it is built (`guide init`; the content folder is the working folder) keeps
    /// its exports (`po/`) beside its files: there each of its files is protected (`inputs(of:)`), not the folder.
    public var protectedFolders: [ConfinedFolder] {
        (buildsWhereKept ? [] : [ConfinedFolder(content, role: "the content folder")])
            + (templates.map { [ConfinedFolder($0, role: "the templates folder")] } ?? [])
            + (cacheFolder.map { [ConfinedFolder($0, role: "the cache folder")] } ?? [])
    }

    /// Every file of `book` that guide reads: guide.yml, the glossary, each edition's SUMMARY.md,
    /// chapters, assets and accept ledger, the shared assets, the context header and the
    /// dictionary guide.yml names. Outputs are compared with them by device and inode, so a hard
    /// link to a chapter made outside the content folder is refused as the chapter is.
    public func inputs(of book: Book) -> [(path: String, what: String)] {
        func file(_ relative: String) -> String { content + "/" + relative }
        var inputs = [(file(ContentLoader.configName), "the book's guide.yml"),
                      (file(GlossaryLoader.fileName), "the book's glossary"),
                      (file(book.config.check.context), "the snippets' context header")]
        if let dictionary = book.config.reviewDictionary { inputs.append((file(dictionary), "the review's dictionary")) }
        inputs += book.sharedAssets.map { (file($0), "a file of the book") }
        for edition in book.editions {
            let folder = edition.folder.isEmpty ? "" : edition.folder + "/"
            switch book.config.edition(for: edition.language) {
            case .summary(let summary): inputs.append((file(summary), "a SUMMARY.md"))
            case .file, .folder: break
            }
            inputs.append((file(ContentLoader.ledgerName(edition.language)), "an accept ledger"))
            inputs += edition.chapters.flatMap { chapter in
                (chapter.listedParts?.map(\.within) ?? [folder + chapter.path]).map { (file($0), "a chapter") }
            }
            inputs += edition.assets.map { (file(folder + $0), "a file of the book") }
        }
        return inputs
    }
}
