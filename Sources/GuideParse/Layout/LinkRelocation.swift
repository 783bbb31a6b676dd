import GuideModel

/// How the relative links and images of one file are written on the page that shows it, when
/// that page is not where the file is: a section file `Chapter05/03-properties.md` shown on the
/// page of its chapter (`05-Class.html`), a link to a section shown on its chapter's page, a link
/// to the other language's README, a link to a file of the repository that is no part of the book.
/// Each URL is resolved from the file (as GitHub and GitBook resolve it) and written again
/// from the page: cmark's nodes are changed before they are rendered (no text is rewritten).
public struct LinkRelocation: Sendable {
    /// The file's folder and its page's folder, both from the edition's folder.
    public var fileFolder: String
    public var pageFolder: String
    /// The edition's folder from the content folder, and its language code (its pages' folder in the site).
    public var editionFolder: String
    public var language: String
    /// Every chapter file of the book, from the content folder → the site path of its page (`zh/05-Class.html`).
    public var pages: [String: String]
    /// `repository.url` and its branch (empty: a link to a file outside the book stays as written).
    public var repositoryURL: String
    public var repositoryBranch: String
    /// Whether a file the edition's folder holds (not a chapter) is published with the edition:
    /// false where the edition's folder is the repository's (a README book), where only images are.
    public var folderIsPublished: Bool
    /// A file cut into chapters (a README): where each chapter starts (its first line, its page
    /// from the edition's folder), and the page each GitHub heading anchor is on, so that the
    /// README's own table of contents (`[Install](#install)`) leads to the page holding the heading.
    public var sections: [(firstLine: Int, page: String)] = []
    public var anchors: [String: String] = [:]

    public init(fileFolder: String, pageFolder: String, editionFolder: String, language: String,
                pages: [String: String], repositoryURL: String, repositoryBranch: String, folderIsPublished: Bool) {
        self.fileFolder = fileFolder
        self.pageFolder = pageFolder
        self.editionFolder = editionFolder
        self.language = language
        self.pages = pages
        self.repositoryURL = repositoryURL
        self.repositoryBranch = repositoryBranch
        self.folderIsPublished = folderIsPublished
    }

    /// The URL as the page writes it, or nil to keep it (external, in-page, or already right).
    public func relocated(_ url: String, isImage: Bool, line: Int = 0) -> String? {
        if url.hasPrefix("#"), !sections.isEmpty {
            let fragment = String(url.dropFirst())
            guard let page = anchors[fragment.removingPercentEncoding ?? fragment],
                  page != sections.last(where: { $0.firstLine <= line })?.page ?? sections.first?.page else { return nil }
            return URLPath.encode(Self.relative(from: pageFolder, to: Chapter.pagePath(page))) + url
        }
        guard !url.isEmpty, !LinkTarget.isExternal(url), !url.hasPrefix("#"), !url.hasPrefix("/"),
              // `((https://x))`: left as written, for the link check to say what is wrong.
              !url.hasPrefix("(") else { return nil }
        let (path, fragment) = LinkTarget.split(url)
        let decoded = path.removingPercentEncoding ?? path
        // From the content folder: the edition's folder, then the file's.
        guard let target = Self.normalize(Self.join(editionFolder, Self.join(fileFolder, decoded))) else { return nil }
        let tail = fragment.map { "#" + $0 } ?? ""
        if let page = pages[target] {
            return URLPath.encode(Self.relative(from: Self.join(language, pageFolder), to: page)) + tail
        }
        let inEdition = editionFolder.isEmpty || target.hasPrefix(editionFolder + "/")
        if isImage || (inEdition && folderIsPublished && !decoded.hasSuffix(".md")) {
            // Published with the edition (or a shared asset): the same file, seen from the page.
            guard fileFolder != pageFolder else { return nil }
            let fromEdition = Self.normalize(Self.join(fileFolder, decoded)) ?? decoded
            return URLPath.encode(Self.relative(from: pageFolder, to: fromEdition)) + tail
        }
        // A file of the repository that is no part of the book.
        guard !repositoryURL.isEmpty else { return nil }
        return repositoryURL + "/blob/" + repositoryBranch + "/" + URLPath.encode(target) + tail
    }

    static func join(_ folder: String, _ path: String) -> String {
        folder.isEmpty ? path : folder + "/" + path
    }

    /// `.` and `..` folded; nil when it climbs out of the content folder.
    static func normalize(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// The relative path from a folder to a file (both from the same root; `..` may lead out of
    /// the edition's folder, to the other language's pages or the shared files).
    static func relative(from folder: String, to file: String) -> String {
        let from = folder.split(separator: "/"), to = file.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)).joined(separator: "/")
    }
}
