import GuideModel

/// Finds how a folder keeps a bilingual book, from its file names (and the text of a few files
/// when a name does not say the language): pure, so every layout is tested on a list of names.
public enum LayoutDetector {
    /// What `guide init` writes into `guide.yml`.
    public struct Layout: Equatable, Sendable {
        /// In words: "GitBook, one folder per language".
        public var kind: String
        /// The source first.
        public var languages: [String]
        public var editions: [String: EditionSource]
        /// What could not be decided, for the maintainer to check.
        public var notes: [String] = []
    }

    /// `files`: every file's path from the folder (hidden folders left out); `read`: a file's text.
    public static func detect(files: [String], read: (String) -> String?) -> Result<Layout, GuideError> {
        let detectors: [([String], (String) -> String?) -> Layout?] = [docusaurus, hugoFolders, summaries, hugoSuffixes, singleFiles]
        for detector in detectors {
            if let layout = detector(files, read) { return .success(layout) }
        }
        return .failure(GuideError("found no bilingual book here: guide init looks for one SUMMARY.md a language (GitBook, mdBook), "
            + "README.md beside README-zh.md (or README_CN.md, README.zh-CN.md…), Docusaurus's docs/ with i18n/zh…/current/, "
            + "or Hugo's content/en and content/zh; run it in the book's folder, or write guide.yml by hand (the layouts: docs/content/en/layouts.md in guide's repository)"))
    }

    /// Docusaurus: `docs/` and `i18n/<zh locale>/docusaurus-plugin-content-docs/current/`.
    static func docusaurus(_ files: [String], _ read: (String) -> String?) -> Layout? {
        guard files.contains(where: { $0.hasPrefix("docs/") && $0.hasSuffix(".md") }) else { return nil }
        let marker = "/docusaurus-plugin-content-docs/current/"
        var locales: [String] = []
        for file in files where file.hasPrefix("i18n/") && file.contains(marker) {
            let locale = String(file.dropFirst(5).prefix { $0 != "/" })
            if LanguageNames.code(of: locale) == "zh", !locales.contains(locale) { locales.append(locale) }
        }
        guard let locale = preferred(locales) else { return nil }
        var layout = Layout(kind: "Docusaurus", languages: ["en", "zh"],
                            editions: ["en": .folder("docs", suffix: nil),
                                       "zh": .folder("i18n/\(locale)/docusaurus-plugin-content-docs/current", suffix: nil)])
        if locales.count > 1 { layout.notes.append("Chinese locales found: \(locales.joined(separator: ", ")); \(locale) is used") }
        return layout
    }

    /// Hugo, a folder per language: `content/en/…` and `content/zh/…` with no SUMMARY.md.
    static func hugoFolders(_ files: [String], _ read: (String) -> String?) -> Layout? {
        var folders: [String: [String]] = [:]
        for file in files where file.hasPrefix("content/") && file.hasSuffix(".md") {
            let parts = file.split(separator: "/")
            guard parts.count >= 3, let code = LanguageNames.code(of: String(parts[1])) else { continue }
            if !folders[code, default: []].contains(String(parts[1])) { folders[code, default: []].append(String(parts[1])) }
        }
        guard let en = folders["en"]?.first, let zh = preferred(folders["zh"] ?? []),
              !files.contains("content/\(en)/SUMMARY.md") else { return nil }
        return Layout(kind: "Hugo, one folder per language", languages: ["en", "zh"],
                      editions: ["en": .folder("content/" + en, suffix: nil), "zh": .folder("content/" + zh, suffix: nil)])
    }

    /// Hugo, a file per language: `x.md` beside `x.zh.md` under `content/`.
    static func hugoSuffixes(_ files: [String], _ read: (String) -> String?) -> Layout? {
        var suffixes: [String] = []
        for file in files where file.hasPrefix("content/") && file.hasSuffix(".md") {
            let parts = PathText.name(file).dropLast(3).split(separator: ".")
            if parts.count >= 2, let last = parts.last, LanguageNames.code(of: String(last)) == "zh",
               !suffixes.contains(String(last)) { suffixes.append(String(last)) }
        }
        guard let suffix = preferred(suffixes) else { return nil }
        return Layout(kind: "Hugo, one file per language (x.md, x.\(suffix).md)", languages: ["en", "zh"],
                      editions: ["en": .folder("content", suffix: nil), "zh": .folder("content", suffix: suffix)])
    }

    /// GitBook or mdBook: a SUMMARY.md per language, in folders named by language (`en/`, `zh-Hans/`,
    /// `src/zh/`) or, for two checkouts side by side, by what their text is written in.
    static func summaries(_ files: [String], _ read: (String) -> String?) -> Layout? {
        let found = files.filter { PathText.name($0) == "SUMMARY.md" && $0.split(separator: "/").count <= 4 && !$0.contains("node_modules/") }
        guard found.count >= 2 else { return nil }
        var byLanguage: [String: [String]] = [:]
        // Folders named by language (GitBook's `LANGS.md` books: en/, zh/, bg/…): only those count.
        let namedByFolder = found.filter { summary in
            PathText.parent(summary).split(separator: "/").contains { LanguageNames.code(of: String($0)) != nil }
        }
        let candidates = namedByFolder.count >= 2 ? namedByFolder : found
        for summary in candidates {
            let folders = PathText.parent(summary).split(separator: "/").map(String.init)
            // The nearest folder that names a language; else the checkout's name (`book-cn`), else its text.
            let named = folders.reversed().lazy.compactMap { LanguageNames.code(of: $0) }.first
                ?? folders.first.flatMap { name in name.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "." }).last
                    .flatMap { LanguageNames.code(of: String($0)) } }
            guard let code = named ?? (read(summary).map { isChinese($0) ? "zh" : "en" }) else { continue }
            byLanguage[code, default: []].append(summary)
        }
        // Shallowest first: a book's own SUMMARY.md, not one of an example inside it.
        func pick(_ list: [String]) -> String? {
            let chinese = list.filter { !LanguageNames.isTraditionalChinese(PathText.name(PathText.parent($0))) }
            return (chinese.isEmpty ? list : chinese).min { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
        }
        guard let en = byLanguage["en"].flatMap(pick), let zh = byLanguage["zh"].flatMap(pick) else { return nil }
        // mdBook: a book.toml in the SUMMARY.md's folder or any above it.
        var folder = PathText.parent(en), mdBook = false
        while !mdBook {
            mdBook = files.contains(folder.isEmpty ? "book.toml" : folder + "/book.toml")
            if folder.isEmpty { break }
            folder = PathText.parent(folder)
        }
        var layout = Layout(kind: (mdBook ? "mdBook" : "GitBook") + ", one SUMMARY.md a language", languages: ["en", "zh"],
                            editions: ["en": .summary(en), "zh": .summary(zh)])
        let others = byLanguage.filter { $0.key != "en" && $0.key != "zh" }.keys.sorted()
        if !others.isEmpty { layout.notes.append("other languages found and left out: \(others.joined(separator: ", "))") }
        if (byLanguage["zh"]?.count ?? 0) > 1 { layout.notes.append("several Chinese tables of contents: \(byLanguage["zh"]!.sorted().joined(separator: ", ")); \(zh) is used") }
        return layout
    }

    /// One file a language: `README.md` beside `README-zh.md`, `README_CN.md`, `README.zh-CN.md`,
    /// `README-En.md`… (the file with no language in its name is in the language its text is in).
    static func singleFiles(_ files: [String], _ read: (String) -> String?) -> Layout? {
        var byLanguage: [String: [String]] = [:]
        var plain: String?
        for file in files where !file.contains("/") && file.lowercased().hasPrefix("readme") && file.lowercased().hasSuffix(".md") {
            let stem = file.dropFirst(6).dropLast(3)
            if stem.isEmpty { plain = file; continue }
            guard let separator = stem.first, "-_.".contains(separator),
                  let code = LanguageNames.code(of: String(stem.dropFirst())) else { continue }
            byLanguage[code, default: []].append(file)
        }
        if let plain {
            let code = byLanguage["zh"] == nil && byLanguage["en"] != nil ? "zh"
                : byLanguage["en"] == nil && byLanguage["zh"] != nil ? "en"
                : (read(plain).map { isChinese($0) ? "zh" : "en" } ?? "en")
            byLanguage[code, default: []].insert(plain, at: 0)
        }
        let chinese = byLanguage["zh"] ?? []
        let simplified = chinese.filter { name in
            !LanguageNames.isTraditionalChinese(String(name.dropFirst(7).dropLast(3)))
        }
        guard let en = byLanguage["en"]?.first, let zh = simplified.first ?? chinese.first else { return nil }
        var layout = Layout(kind: "one file a language (\(en), \(zh))", languages: ["en", "zh"],
                            editions: ["en": .file(en), "zh": .file(zh)])
        let left = (byLanguage.values.flatMap { $0 }).filter { $0 != en && $0 != zh }.sorted()
        if !left.isEmpty { layout.notes.append("other translations left out: \(left.joined(separator: ", "))") }
        return layout
    }

    /// Simplified Chinese before other Chinese names: `zh-Hans`, `zh-CN`, `zh`, `cn`, then the rest.
    static func preferred(_ names: [String]) -> String? {
        names.sorted { a, b in
            let (ta, tb) = (LanguageNames.isTraditionalChinese(a), LanguageNames.isTraditionalChinese(b))
            return ta != tb ? !ta : a < b
        }.first
    }

    /// Written mostly in Chinese: a tenth or more of its letters are Han characters.
    public static func isChinese(_ text: String) -> Bool {
        var han = 0, letters = 0
        for scalar in text.unicodeScalars.prefix(20_000) where scalar.properties.isAlphabetic {
            letters += 1
            if scalar.properties.isIdeographic { han += 1 }
        }
        return letters > 0 && han * 10 >= letters
    }
}
