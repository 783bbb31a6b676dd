import Foundation
import GuideFiles
import GuideModel

/// guide's own theme: the repository's `templates/` folder, compiled into the binary
/// (`PackageResources`, made by SwiftPM from the `templates` link beside this file). A book
/// without a templates folder is rendered with it; a book's folder replaces only the files it holds.
public enum BuiltInTheme {
    /// Every file of the theme, by its path in the theme folder, sorted by path.
    public static let files: [(path: String, bytes: [UInt8])] = embedded.sorted { $0.path < $1.path }

    /// The theme's bytes by name. SwiftPM names each file's constant after the file, mangled
    /// (`404.mustache` → `_04_mustache`) and without a list of them, so this list is written out:
    /// BuiltInThemeTests fails when it and templates/ disagree (a file added there and not here).
    private static let embedded: [(path: String, bytes: [UInt8])] = [
        ("404.mustache", PackageResources._04_mustache),
        ("bilingual-rows.mustache", PackageResources.bilingual_rows_mustache),
        ("bilingual.mustache", PackageResources.bilingual_mustache),
        ("chapter.mustache", PackageResources.chapter_mustache),
        ("code.js", PackageResources.code_js),
        ("guide.js", PackageResources.guide_js),
        ("index-chapters.mustache", PackageResources.index_chapters_mustache),
        ("index.mustache", PackageResources.index_mustache),
        ("layout.mustache", PackageResources.layout_mustache),
        ("outline-items.mustache", PackageResources.outline_items_mustache),
        ("outline.mustache", PackageResources.outline_mustache),
        ("pager.mustache", PackageResources.pager_mustache),
        ("print.mustache", PackageResources.print_mustache),
        ("review-chapter.mustache", PackageResources.review_chapter_mustache),
        ("review-gap.mustache", PackageResources.review_gap_mustache),
        ("review-gaps.mustache", PackageResources.review_gaps_mustache),
        ("review-overview.mustache", PackageResources.review_overview_mustache),
        ("review.js", PackageResources.review_js),
        ("review.mustache", PackageResources.review_mustache),
        ("search.js", PackageResources.search_js),
        ("sentences.js", PackageResources.sentences_js),
        ("sidebar.mustache", PackageResources.sidebar_mustache),
        ("style.css", PackageResources.style_css),
        ("toc-item.mustache", PackageResources.toc_item_mustache),
        ("toc.mustache", PackageResources.toc_mustache),
    ]

    /// Writes every file of the theme into `folder` (made when missing) for a book to customize,
    /// each file whole or not at all, and returns the paths written (`folder` + "/" + the file's
    /// path), sorted. An existing file is written over only with `force`; otherwise nothing is
    /// written and the error names the first such file. Nothing leaves `folder` through a link.
    public static func write(into folder: String, force: Bool) throws -> [String] {
        let targets = files.map { (path: folder + "/" + $0.path, bytes: $0.bytes) }
        do {
            // The theme's own subfolders too, should it get any (it is flat today).
            for target in targets {
                try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: target.path).deletingLastPathComponent().path,
                                                        withIntermediateDirectories: true)
            }
        } catch {
            throw GuideError("cannot make the theme folder: \((error as NSError).localizedDescription)", file: folder)
        }
        // Every refusal before any file is written.
        if !force, let existing = targets.first(where: { FileManager.default.fileExists(atPath: $0.path) || isLink($0.path) }) {
            throw GuideError("the file exists; refusing to write the built-in theme over it (pass --force to replace "
                             + "the theme's files with the built-in ones)", file: existing.path)
        }
        // A folder where a file goes, or two names for one file, refused even with force.
        try OutputFiles.check(files.map { OutputFiles.Output(path: folder + "/" + $0.path, option: "the theme's \($0.path)") },
                              inputs: [], force: true)
        try OutputFiles.write(bytes: targets, inside: ConfinedFolder(folder, role: "the theme folder"))
        return targets.map(\.path)
    }

    /// A link that leads nowhere exists for this purpose too: writing would create its target.
    private static func isLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }
}
