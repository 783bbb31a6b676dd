import Foundation
import GuideFiles
import GuideModel
import Yams

/// Reads `guide.yml` with Yams into a `Config`, reporting mistakes with the file and line.
public enum ConfigLoader {
    /// The file's shape, exactly as a maintainer writes it.
    struct File: Decodable {
        var title: [String: String]?
        var languages: [String]?
        var source: String?
        var output: Output?
        var review: Review?
        var check: Check?
        var editions: [String: EditionEntry]?
        var repository: Repository?

        struct Output: Decodable {
            var raw_html: Bool?
            var base_url: String?
            var broken_anchors: String?
            var fallback: String?
            var snippet_badges: String?
        }

        struct Review: Decodable {
            var doubt_markers: [String]?
            var sentences: Bool?
            var dictionary: String?
            var lang: String?
        }

        struct Check: Decodable {
            var languages: [String]?
            var sdk: String?
            var apple_sdk: String?
            var target: String?
            var clang: String?
            var context: String?
            var flags: [String]?
            var timeout: Double?
            var jobs: Int?
            var memory_limit: Int?
            var strict: Bool?
        }
    }

    /// `inside`: the content folder, checked on the file as opened (`TextFile.read`).
    public static func load(path: String, displayPath: String, inside folder: ConfinedFolder? = nil) throws -> Config {
        guard FileManager.default.fileExists(atPath: path) else { throw missing(displayPath) }
        guard let folder else {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw GuideError("cannot read the config file", file: displayPath)
            }
            return try parse(try TextFile.decode(data, displayPath: displayPath), displayPath: displayPath)
        }
        return try parse(try TextFile.read(path: path, displayPath: displayPath, inside: folder), displayPath: displayPath)
    }

    /// Blank lines and `#` comments only (YAML's empty document).
    static func isOnlyComments(_ text: String) -> Bool {
        text.split(whereSeparator: \.isNewline).allSatisfy { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            return trimmed.isEmpty || trimmed.hasPrefix("#")
        }
    }

    /// What a book without `guide.yml` is told: how to make one.
    public static func missing(_ displayPath: String) -> GuideError {
        GuideError("there is no guide.yml here: run `guide init` in the book's folder to write one (it finds the "
                   + "languages and chapters), or name the folder that holds it with --content", file: displayPath)
    }

    public static func parse(_ text: String, displayPath: String) throws -> Config {
        let file: File
        try YAMLBounds.check(text, displayPath: displayPath)
        // Nothing but comments and blank lines: say what to write, not what YAML expected.
        if isOnlyComments(text) {
            throw GuideError("guide.yml is empty: write at least `languages: [en, zh]` (the source language first), "
                             + "or run `guide init` to write it for this book", file: displayPath)
        }
        do {
            file = try YAMLDecoder().decode(File.self, from: text)
            try KnownKeys.check(text, known: Set(expected.keys), free: ["title", "editions"], displayPath: displayPath)
        } catch let error as YamlError {
            throw GuideError("invalid YAML: \(YAMLErrorText.describe(error))", file: displayPath, line: YAMLErrorText.line(of: error))
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, let yaml = context.underlyingError as? YamlError {
                throw GuideError("invalid YAML: \(YAMLErrorText.describe(yaml))", file: displayPath, line: YAMLErrorText.line(of: yaml))
            }
            throw GuideError(describe(error), file: displayPath)
        }

        try ConfigBounds.check(file, text: text, displayPath: displayPath)
        let languages = (file.languages ?? ["en", "zh"]).map(Language.init)
        guard !languages.isEmpty else {
            throw GuideError("'languages' lists no language", file: displayPath)
        }
        for language in languages where !isSafeName(language.code) {
            throw GuideError("language '\(language.code)' is not a plain folder name", file: displayPath)
        }
        guard Set(languages).count == languages.count else {
            throw GuideError("'languages' names a language twice", file: displayPath)
        }
        let source = Language(file.source ?? languages[0].code)
        guard languages.contains(source) else {
            throw GuideError("'source' is '\(source.code)', which is not one of 'languages'", file: displayPath)
        }
        let anchors = file.output?.broken_anchors ?? "warning"
        guard ["error", "warning"].contains(anchors) else {
            throw GuideError("'output.broken_anchors' must be \"error\" or \"warning\", not \"\(anchors)\"", file: displayPath)
        }
        var config = Config(
            titles: file.title ?? [:],
            languages: languages,
            source: source,
            rawHTML: file.output?.raw_html ?? false,
            baseURL: file.output?.base_url ?? "",
            doubtMarkers: file.review?.doubt_markers ?? ["【疑问】"],
            brokenAnchorsAreErrors: anchors == "error"
        )
        if let sentences = file.review?.sentences { config.sentences = sentences }
        if let fallback = file.output?.fallback {
            guard let mode = FallbackMode(rawValue: fallback) else {
                throw GuideError("'output.fallback' must be inline, banner or none, not \"\(fallback)\"",
                                 at: KnownKeys.valueLocation(text, path: ["output", "fallback"], displayPath: displayPath))
            }
            config.fallback = mode
        }
        if let badges = file.output?.snippet_badges {
            guard let mode = SnippetBadgeMode(rawValue: badges) else {
                throw GuideError("'output.snippet_badges' must be none or failing, not \"\(badges)\"",
                                 at: KnownKeys.valueLocation(text, path: ["output", "snippet_badges"], displayPath: displayPath))
            }
            config.snippetBadges = mode
        }
        if file.review?.dictionary == Config.noDictionary {
            config.reviewWithoutDictionary = true
        } else if file.review?.dictionary == Config.learnedDictionary {
            config.reviewWithLearnedWords = true
        } else if let dictionary = file.review?.dictionary {
            // The book's own setting reads only inside the book (content comes in pull requests);
            // a dictionary kept elsewhere is named on the command line (`--dictionary FILE`).
            guard !dictionary.hasPrefix("/"), !dictionary.split(separator: "/").contains("..") else {
                throw GuideError("'review.dictionary' must be a path inside the content folder (a dictionary elsewhere: --dictionary FILE)",
                                 at: KnownKeys.valueLocation(text, path: ["review", "dictionary"], displayPath: displayPath))
            }
            config.reviewDictionary = dictionary
        }
        if let lang = file.review?.lang {
            guard let language = ReviewLanguage(rawValue: lang) else {
                throw GuideError("'review.lang' must be \(ReviewLanguage.names.joined(separator: " or ")), not \"\(lang)\" "
                                 + "(the language guide review and the dashboard speak)",
                                 at: KnownKeys.valueLocation(text, path: ["review", "lang"], displayPath: displayPath))
            }
            config.reviewLanguage = language
        }
        if let check = file.check {
            config.check = try checkConfig(check, displayPath: displayPath)
        }
        if let editions = file.editions {
            config.editions = try Self.editions(editions, languages: languages, text: text, displayPath: displayPath)
        }
        if let repository = file.repository {
            (config.repositoryURL, config.repositoryBranch) = try Self.repository(repository, text: text, displayPath: displayPath)
        }
        return config
    }

    /// The `check:` section; what is left out keeps its default.
    static func checkConfig(_ check: File.Check, displayPath: String) throws -> CheckConfig {
        var config = CheckConfig()
        if let languages = check.languages { config.languages = languages }
        if let sdk = check.sdk {
            guard ["auto", "gnustep", "apple", "none"].contains(sdk) else {
                throw GuideError("'check.sdk' must be auto, gnustep, apple or none, not \"\(sdk)\"", file: displayPath)
            }
            config.sdk = sdk
        }
        if let sdk = check.apple_sdk { config.appleSDK = sdk }
        if let target = check.target { config.target = target }
        if let clang = check.clang { config.clang = clang }
        if let context = check.context {
            guard !context.hasPrefix("/"), !context.split(separator: "/").contains("..") else {
                throw GuideError("'check.context' must be a path inside the content folder", file: displayPath)
            }
            config.context = context
        }
        if let flags = check.flags { config.flags = flags }
        if let timeout = check.timeout {
            guard timeout > 0 else { throw GuideError("'check.timeout' must be a positive number of seconds", file: displayPath) }
            config.timeout = timeout
        }
        if let jobs = check.jobs {
            guard jobs > 0 else { throw GuideError("'check.jobs' must be at least 1", file: displayPath) }
            config.jobs = jobs
        }
        if let megabytes = check.memory_limit {
            guard (64...65_536).contains(megabytes) else {
                throw GuideError("'check.memory_limit' must be a number of MiB from 64 to 65536", file: displayPath)
            }
            config.memoryLimit = megabytes
        }
        if let strict = check.strict { config.strict = strict }
        return config
    }

    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }


    private static func describe(_ error: DecodingError) -> String {
        func key(_ path: [CodingKey]) -> String {
            path.isEmpty ? "the document" : "'" + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".") + "'"
        }
        switch error {
        case .typeMismatch(_, let context):
            return "\(key(context.codingPath)) must be \(expectation(context.codingPath))"
        case .valueNotFound(_, let context):
            return "\(key(context.codingPath)) must be \(expectation(context.codingPath)), not empty"
        case .keyNotFound(let codingKey, let context):
            return "missing key '\(codingKey.stringValue)' in \(key(context.codingPath))"
        case .dataCorrupted(let context):
            return "\(key(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// What each key must hold, in the words of the configuration reference, docs/content/en/config.md (Yams reports node types, not Swift types).
    static let expected: [String: String] = [
        "title": "a mapping of language code to title",
        "languages": "a list of language codes",
        "source": "a language code",
        "output": "a mapping",
        "output.raw_html": "true or false",
        "output.base_url": "a string",
        "output.broken_anchors": "\"error\" or \"warning\"",
        "output.fallback": "inline, banner or none",
        "output.snippet_badges": "none or failing",
        "review": "a mapping",
        "review.doubt_markers": "a list of strings",
        "review.sentences": "true or false",
        "review.dictionary": "a path, or none",
        "review.lang": "en or zh",
        "check": "a mapping",
        "check.languages": "a list of fence languages",
        "check.sdk": "auto, gnustep, apple or none",
        "check.apple_sdk": "a string",
        "check.target": "a string",
        "check.clang": "a string",
        "check.context": "a string",
        "check.flags": "a list of strings",
        "check.timeout": "a number of seconds",
        "check.jobs": "a whole number",
        "check.memory_limit": "a whole number of MiB",
        "check.strict": "true or false",
        "editions": "a mapping of language code to { summary: … }, { file: … } or { folder: … }",
        "repository": "a mapping",
        "repository.url": "a web address",
        "repository.branch": "a branch name",
    ]

    private static func expectation(_ path: [CodingKey]) -> String {
        let keys = path.filter { $0.intValue == nil }.map(\.stringValue)
        let full = keys.joined(separator: ".")
        if let text = expected[full] { return text }
        if keys.first == "title" { return "a string" }
        if path.last?.intValue != nil { return "a string" }
        return "of another type"
    }
}
