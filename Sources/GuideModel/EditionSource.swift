/// Where one language's chapters come from (`editions:` in `guide.yml`, written by `guide init`).
/// Paths are relative to the folder holding `guide.yml`.
public enum EditionSource: Hashable, Sendable {
    /// The chapters a `SUMMARY.md` lists, relative to its folder (GitBook, mdBook; today's
    /// `<code>/SUMMARY.md` when `guide.yml` names no edition).
    case summary(String)
    /// One markdown file, cut into chapters at its top headings (`README.md`, `README-zh.md`).
    case file(String)
    /// Every markdown file under a folder, ordered by front matter (`weight`,
    /// `sidebar_position`) then by path (Docusaurus, Hugo). `suffix`: only the files named
    /// `x.<suffix>.md` (Hugo's `x.zh.md`); nil: the files with no language suffix.
    case folder(String, suffix: String?)

    /// The folder the edition's files are relative to (the `SUMMARY.md`'s, the file's or the folder).
    public var folder: String {
        switch self {
        case .summary(let path), .file(let path): PathText.parent(path)
        case .folder(let folder, _): folder
        }
    }

    /// How `guide.yml` writes it.
    public var yaml: String {
        switch self {
        case .summary(let path): "{ summary: \(Self.quoted(path)) }"
        case .file(let path): "{ file: \(Self.quoted(path)) }"
        case .folder(let folder, let suffix):
            "{ folder: \(Self.quoted(folder.isEmpty ? "." : folder))" + (suffix.map { ", suffix: \(Self.quoted($0))" } ?? "") + " }"
        }
    }

    /// A YAML double-quoted scalar (a path may hold `:` or `#`).
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += String(format: "\\x%02X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// One file a chapter is read from. A chapter is most often one file; a translation that splits
/// a source chapter into sections (`Chapter05/01-class.md`, `02-…`) is several, read one after
/// another: its blocks' lines count on from one part to the next (`firstLine`), and
/// `Chapter.location(line:)` turns such a line back into the part's own file and line.
public struct ChapterPart: Hashable, Sendable {
    /// How messages name the file (`zh/Chapter05/03-properties.md`).
    public var displayPath: String
    /// The file's path from the content folder (what keys name it by).
    public var within: String
    /// The chapter's line where this part's first line is (1 for the first part; a chapter cut
    /// out of a larger file keeps the file's own lines, as one part from 1).
    public var firstLine: Int

    public init(displayPath: String, within: String, firstLine: Int = 1) {
        self.displayPath = displayPath
        self.within = within
        self.firstLine = firstLine
    }
}
