import Foundation
import GuideModel

/// A chapter the source's SUMMARY.md lists and a translation's does not is not translated yet,
/// never an error: the translation gets a stand-in (`Chapter(untranslated:)`, no blocks) where
/// the source has it, so it is reviewed (every block missing) and its page can show the English.
/// (A translation's SUMMARY.md entry whose file does not exist stays an error: a typo.)
enum UntranslatedChapters {
    /// `edition` with a stand-in, in its table of contents and reading order, for each chapter of
    /// `source` it does not list. A stand-in goes where the source has it: after the entry the
    /// source has before it at its level (a part after the part before it, not inside that part's
    /// last chapter), else as its parent's first child, else first.
    /// `display` names a file of the edition's folder as messages do; `within`, from the content
    /// folder (`zh/x.md`), as the stand-in's digest does (a key must not change with the working folder).
    static func fill(_ edition: Edition, from source: Edition, sourceSummary: (display: String, within: String),
                     display: (String) -> String, within: (String) -> String, exists: (String) -> Bool) -> Edition {
        var have = Set(edition.chapters.map(\.path))
        guard source.chapters.contains(where: { !have.contains($0.path) }) else { return edition }
        var toc = edition.toc
        var standIns: [String: Chapter] = [:]
        var previous: String?
        for (entry, parent, sibling) in listed(source.toc, parent: nil) {
            guard let path = entry.path, let chapter = source.chapter(at: path) else { continue }
            defer { previous = path }
            guard have.insert(path).inserted else { continue }
            let added = TocEntry(title: entry.title, path: path, line: entry.line)
            if let sibling {
                toc = inserting(added, in: toc, after: sibling)
            } else if case .some(let parent?) = parent {
                toc = inserting(added, in: toc, firstChildOf: parent)
            } else if parent != nil, let previous {
                // The first chapter of a part with no file of its own: after the chapter before it.
                toc = inserting(added, in: toc, after: previous)
            } else {
                toc.insert(added, at: 0)
            }
            let why = Untranslated(sourceEntry: SourceLocation(file: sourceSummary.display, line: entry.line),
                                   summary: display("SUMMARY.md"), fileExists: exists(path))
            var named = why   // the same, naming files from the content folder
            named.sourceEntry.file = sourceSummary.within
            named.summary = within("SUMMARY.md")
            standIns[path] = Chapter(untranslated: chapter, displayPath: display(path), why: why,
                                     contentDigest: digest(chapter, why: named, within: within(path)))
        }
        let chapters = toc.flatMap(\.flattened).compactMap { entry in
            entry.path.flatMap { standIns[$0] ?? edition.chapter(at: $0) }
        }
        var filled = edition
        filled.toc = toc
        filled.chapters = chapters
        return filled
    }

    /// Every entry in reading order with its parent (nil at the top; `.some(nil)` under an entry
    /// with no file) and the path of the last entry with a file before it at its level.
    private static func listed(_ entries: [TocEntry], parent: String??) -> [(TocEntry, parent: String??, sibling: String?)] {
        var sibling: String?
        return entries.flatMap { entry in
            defer { sibling = entry.path ?? sibling }
            return [(entry, parent, sibling)] + listed(entry.children, parent: .some(entry.path))
        }
    }

    private static func inserting(_ added: TocEntry, in entries: [TocEntry], after path: String) -> [TocEntry] {
        var result: [TocEntry] = []
        for var entry in entries {
            entry.children = inserting(added, in: entry.children, after: path)
            result.append(entry)
            if entry.path == path { result.append(added) }
        }
        return result
    }

    private static func inserting(_ added: TocEntry, in entries: [TocEntry], firstChildOf path: String) -> [TocEntry] {
        entries.map { entry in
            var entry = entry
            entry.children = entry.path == path ? [added] + entry.children : inserting(added, in: entry.children, firstChildOf: path)
            return entry
        }
    }

    /// A stand-in's `contentDigest`: what it shows (the source's text, by the source's digest) and why.
    private static func digest(_ source: Chapter, why: Untranslated, within: String) -> [UInt8]? {
        guard let sourceDigest = source.contentDigest else { return nil }
        let hash = Digest()
        for part in ["untranslated-2", source.path, within, source.title, why.reason, why.sourceEntry.description] {
            hash.updateCounted(part)
        }
        hash.updateCounted(sourceDigest)
        return hash.finalize()
    }
}
