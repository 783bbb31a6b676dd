import GuideModel

/// The `editions:` and `repository:` sections of `guide.yml`: where each language's chapters are,
/// and the repository a link to a file outside the book points to.
extension ConfigLoader {
    struct EditionEntry: Decodable {
        var summary: String?
        var file: String?
        var folder: String?
        var suffix: String?
    }

    struct Repository: Decodable {
        var url: String?
        var branch: String?
    }

    /// Each language's entry, checked: one of `summary`, `file`, `folder`, a relative path inside the book.
    static func editions(_ entries: [String: EditionEntry], languages: [Language], text: String,
                         displayPath: String) throws -> [String: EditionSource] {
        var editions: [String: EditionSource] = [:]
        for (code, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let at = KnownKeys.valueLocation(text, path: ["editions", code], displayPath: displayPath)
            guard languages.contains(Language(code)) else {
                throw GuideError("'editions.\(code)' names a language 'languages' does not list "
                                 + "(\(languages.map(\.code).joined(separator: ", ")))", at: at)
            }
            let given = [entry.summary, entry.file, entry.folder].compactMap { $0 }
            guard given.count == 1, let path = given.first else {
                throw GuideError("'editions.\(code)' must name exactly one of summary (a SUMMARY.md), file (one markdown "
                                 + "file) or folder (every markdown file in it), e.g. `\(code): { summary: \(code)/SUMMARY.md }`", at: at)
            }
            guard !path.hasPrefix("/"), !path.split(separator: "/").contains(".."), !path.contains("\0") else {
                throw GuideError("'editions.\(code)' must be a path inside the book's folder, not '\(path)'", at: at)
            }
            if entry.suffix != nil, entry.folder == nil {
                throw GuideError("'editions.\(code).suffix' goes with 'folder' (Hugo's x.\(code).md files)", at: at)
            }
            var clean = Substring(path)
            while clean.hasPrefix("./") { clean = clean.dropFirst(2) }
            if clean == "." { clean = "" }
            while clean.hasSuffix("/") { clean = clean.dropLast() }
            if entry.summary != nil {
                guard path.hasSuffix(".md") else {
                    throw GuideError("'editions.\(code).summary' must name a SUMMARY.md, not '\(path)'", at: at)
                }
                editions[code] = .summary(String(clean))
            } else if entry.file != nil {
                guard path.hasSuffix(".md") || path.hasSuffix(".markdown") else {
                    throw GuideError("'editions.\(code).file' must name a markdown file, not '\(path)'", at: at)
                }
                editions[code] = .file(String(clean))
            } else {
                if let suffix = entry.suffix, !isSafeName(suffix) {
                    throw GuideError("'editions.\(code).suffix' must be a plain name like \(code), not '\(suffix)'", at: at)
                }
                editions[code] = .folder(String(clean), suffix: entry.suffix)
            }
        }
        return editions
    }

    /// `repository.url` must be a web address (it is printed into every page that links to it).
    static func repository(_ repository: Repository, text: String, displayPath: String) throws -> (url: String, branch: String) {
        let url = repository.url ?? ""
        let at = KnownKeys.valueLocation(text, path: ["repository", "url"], displayPath: displayPath)
        guard url.isEmpty || ((url.hasPrefix("https://") || url.hasPrefix("http://"))
              && !url.unicodeScalars.contains { $0.value < 0x21 || $0.value == 0x7F || $0 == "\"" || $0 == "<" || $0 == ">" }) else {
            throw GuideError("'repository.url' must be a web address like https://github.com/owner/name", at: at)
        }
        let branch = repository.branch ?? "main"
        guard !branch.isEmpty, !branch.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || "\"<>?#".unicodeScalars.contains($0) }) else {
            throw GuideError("'repository.branch' must be a branch name", at: KnownKeys.valueLocation(text, path: ["repository", "branch"], displayPath: displayPath))
        }
        return (url.hasSuffix("/") ? String(url.dropLast()) : url, branch)
    }
}
