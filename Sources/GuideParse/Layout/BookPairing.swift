import GuideModel

/// The editions' listings made to pair (see `ChapterPairing`): when a translation's files are not
/// the source's, each top-level entry of a table of contents becomes one chapter with its nested
/// sections, and the translation's k-th chapter takes the name of the source's k-th.
enum BookPairing {
    static func pair(_ listings: [Listing], languages: [Language], source: Language,
                     display: (String) -> String) -> (listings: [Listing], notes: [Diagnostic]) {
        guard let s = languages.firstIndex(of: source) else { return (listings, []) }
        var out = listings, notes: [Diagnostic] = []
        let translations = listings.indices.filter { $0 != s }
        // A book kept as one file a language: cut into chapters once parsed (`SingleFileBook`);
        // here its file gets the source's name, so links to it lead to the source's first page.
        for t in translations where isFile(listings[t].source) && isFile(listings[s].source) {
            out[t].chapters = out[t].chapters.map { var chapter = $0; chapter.path = listings[s].chapters[0].path; return chapter }
            out[t].toc = out[t].toc.map { var entry = $0; entry.path = listings[s].chapters[0].path; return entry }
        }
        // Folders (Docusaurus, Hugo) pair by path: a page the source has not is left out, said once.
        for t in translations where isFolder(listings[t].source) {
            let sourcePaths = Set(listings[s].chapters.map(\.path))
            let extra = listings[t].chapters.filter { !sourcePaths.contains($0.path) }
            guard !extra.isEmpty else { continue }
            out[t].chapters = out[t].chapters.filter { sourcePaths.contains($0.path) }
            out[t].toc = out[t].toc.filter { $0.path.map(sourcePaths.contains) ?? true }
            notes.append(Diagnostic(.warning, "\(extra.count) pages have no \(languages[s].code) page of the same path and are left out: "
                                    + extra.prefix(5).map { $0.files[0].display }.joined(separator: ", ") + (extra.count > 5 ? ", …" : ""),
                                    at: SourceLocation(file: display(tocName(listings[t].source)))))
        }
        let structured = translations.filter { !isFile(listings[$0].source) && !isFolder(listings[$0].source) }
        guard !isFile(listings[s].source), !isFolder(listings[s].source),
              structured.contains(where: { !ChapterPairing.pairsByPath(source: listings[s].toc, translation: listings[$0].toc) }) else {
            return (out, notes)
        }
        let sourceGroups = ChapterPairing.groups(listings[s].toc)
        out[s] = regroup(listings[s], groups: sourceGroups, paths: sourceGroups.map { $0.files[0] })
        for t in structured {
            let groups = ChapterPairing.groups(listings[t].toc)
            let paired = min(groups.count, sourceGroups.count)
            out[t] = regroup(listings[t], groups: Array(groups.prefix(paired)), paths: sourceGroups.prefix(paired).map { $0.files[0] })
            if let why = ChapterPairing.disagreement(source: sourceGroups, translation: groups,
                                                     sourceName: display(tocName(listings[s].source)),
                                                     translationName: display(tocName(listings[t].source))) {
                notes.append(Diagnostic(.warning, why, at: SourceLocation(file: display(tocName(listings[t].source)))))
            }
        }
        return (out, notes)
    }

    private static func isFile(_ source: EditionSource) -> Bool {
        if case .file = source { return true } else { return false }
    }

    private static func isFolder(_ source: EditionSource) -> Bool {
        if case .folder = source { return true } else { return false }
    }

    private static func tocName(_ source: EditionSource) -> String {
        switch source {
        case .summary(let path), .file(let path): path
        case .folder(let folder, _): folder
        }
    }

    /// One chapter per group, named `paths[k]`, of the listing's files.
    private static func regroup(_ listing: Listing, groups: [ChapterPairing.Group], paths: [String]) -> Listing {
        var files: [String: ListedFile] = [:]
        for chapter in listing.chapters { files[chapter.path] = chapter.files[0] }
        var out = listing
        out.chapters = zip(groups, paths).map { group, path in
            Listed(path: path, title: group.title, files: group.files.compactMap { files[$0] })
        }
        out.toc = zip(groups, paths).map { group, path in TocEntry(title: group.title, path: path, line: group.line) }
        return out
    }
}
