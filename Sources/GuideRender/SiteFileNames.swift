import Foundation

/// How the site names the book's markdown files (a gap's `content/zh/x.md:12` on the dashboard,
/// a row's lines on the side-by-side page): from the content folder's own name, wherever guide
/// was run from. The terminal names them from the working folder (`ContentLoader.displayRoot`),
/// so the same book gave other pages from another folder, and a folder outside the working one
/// printed its absolute path, the maintainer's own, into the published pages.
public struct SiteFileNames: Sendable {
    /// How the build's messages name the content folder (the start of every display path).
    let displayRoot: String
    /// The content folder's own name.
    let contentName: String

    public init(displayRoot: String, contentFolder: String) {
        self.displayRoot = displayRoot
        contentName = URL(fileURLWithPath: contentFolder).standardizedFileURL.lastPathComponent
    }

    /// Files named as their display paths name them (a book made in code has no content folder).
    public static let asDisplayed = SiteFileNames(displayRoot: "", contentName: "")

    private init(displayRoot: String, contentName: String) {
        self.displayRoot = displayRoot
        self.contentName = contentName
    }

    /// `file` (a display path) as the site names it.
    func callAsFunction(_ file: String) -> String {
        let rest = file.utf8.dropFirst(displayRoot.utf8.count)
        guard displayRoot != contentName, file.utf8.starts(with: displayRoot.utf8), rest.isEmpty || rest.first == UInt8(ascii: "/")
        else { return file }
        return contentName + String(decoding: rest, as: UTF8.self)
    }

    /// `text` (a message) with each display path in it that starts a word named as the site
    /// names it: the check says "the context header content/objc-context.h could not be…".
    func inText(_ text: String) -> String {
        guard displayRoot != contentName, !displayRoot.isEmpty else { return text }
        let root = displayRoot + "/"
        var out = "", rest = Substring(text)
        while let found = rest.range(of: root) {
            let before = rest[..<found.lowerBound]
            let startsWord = before.isEmpty ? out.isEmpty || out.last.map { " \"'(“‘".contains($0) } == true
                : " \"'(“‘".contains(before.last!)
            out += before
            out += startsWord ? contentName + "/" : root
            rest = rest[found.upperBound...]
        }
        return out + rest
    }
}
