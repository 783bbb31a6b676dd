import Foundation
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

        struct Output: Decodable {
            var raw_html: Bool?
            var base_url: String?
        }

        struct Review: Decodable {
            var doubt_markers: [String]?
        }
    }

    public static func load(path: String, displayPath: String) throws -> Config {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GuideError("cannot read the config file", file: displayPath)
        }
        let text = try TextFile.decode(data, displayPath: displayPath)
        return try parse(text, displayPath: displayPath)
    }

    public static func parse(_ text: String, displayPath: String) throws -> Config {
        let file: File
        do {
            file = try YAMLDecoder().decode(File.self, from: text)
        } catch let error as YamlError {
            throw GuideError("invalid YAML: \(describe(error))", file: displayPath, line: line(of: error))
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, let yaml = context.underlyingError as? YamlError {
                throw GuideError("invalid YAML: \(describe(yaml))", file: displayPath, line: line(of: yaml))
            }
            throw GuideError(describe(error), file: displayPath)
        }

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
        return Config(
            titles: file.title ?? [:],
            languages: languages,
            source: source,
            rawHTML: file.output?.raw_html ?? false,
            baseURL: file.output?.base_url ?? "",
            doubtMarkers: file.review?.doubt_markers ?? ["【疑问】"]
        )
    }

    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            return mark.line
        default:
            return nil
        }
    }

    private static func describe(_ error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _):
            return problem
        default:
            return "\(error)"
        }
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

    /// What each key must hold, in the words of the README (Yams reports node types, not Swift types).
    static let expected: [String: String] = [
        "title": "a mapping of language code to title",
        "languages": "a list of language codes",
        "source": "a language code",
        "output": "a mapping",
        "output.raw_html": "true or false",
        "output.base_url": "a string",
        "review": "a mapping",
        "review.doubt_markers": "a list of strings",
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
