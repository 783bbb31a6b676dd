import GuideModel

/// Which files make which chapter, and which chapter of a translation is which of the source:
/// pure, on the tables of contents alone.
///
/// When every file a translation lists is a file the source lists (`content/en/x.md` ↔
/// `content/zh/x.md`), chapters pair by path and each file is a chapter, as always. Otherwise
/// they pair by the books' structure: each top-level entry of a table of contents, with every
/// entry nested below it, is one chapter (the Chinese GitBook's `Chapter05/01-class.md` and its
/// four sections ↔ the English `05-Class.md`), and the k-th chapter of the translation is the
/// k-th of the source.
public enum ChapterPairing {
    /// One chapter: its title, the line of its entry, and its files in reading order.
    public struct Group: Hashable, Sendable {
        public var title: String
        public var line: Int
        public var files: [String]
    }

    /// The chapters of a table of contents, by its top-level entries. An entry with no file of its
    /// own (a part's title) gives its children as chapters of their own.
    public static func groups(_ toc: [TocEntry]) -> [Group] {
        toc.flatMap { entry -> [Group] in
            guard let path = entry.path else { return groups(entry.children) }
            // A file listed again (GitBook's `x.md#section` entries) is read once.
            var seen = Set<String>()
            return [Group(title: entry.title, line: entry.line,
                          files: ([path] + entry.children.flatMap(\.flattened).compactMap(\.path)).filter { seen.insert($0).inserted })]
        }
    }

    /// True when the translation's files are all files of the source (pair by path).
    public static func pairsByPath(source: [TocEntry], translation: [TocEntry]) -> Bool {
        let sourcePaths = Set(source.flatMap(\.flattened).compactMap(\.path))
        return translation.flatMap(\.flattened).compactMap(\.path).allSatisfy(sourcePaths.contains)
    }

    /// Where two tables of contents disagree, in words for the maintainer (nil: they agree).
    public static func disagreement(source: [Group], translation: [Group], sourceName: String, translationName: String) -> String? {
        guard source.count != translation.count else { return nil }
        let shorter = min(source.count, translation.count)
        let extra = source.count > translation.count
            ? "the source's last \(source.count - shorter) (from '\(source[shorter].title)') have no translation yet"
            : "the translation's last \(translation.count - shorter) (from '\(translation[shorter].title)') have no source chapter and are left out"
        return "\(sourceName) lists \(source.count) chapters and \(translationName) \(translation.count): they are paired in order, "
            + "and \(extra); list the same chapters in both (sections nested under their chapter) to pair them all"
    }
}
