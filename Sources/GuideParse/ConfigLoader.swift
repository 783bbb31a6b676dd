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
        case .typeMismatch(let type, let context):
            return "\(key(context.codingPath)) must be \(typeName(type))"
        case .valueNotFound(let type, let context):
            return "\(key(context.codingPath)) must be \(typeName(type)), not empty"
        case .keyNotFound(let codingKey, let context):
            return "missing key '\(codingKey.stringValue)' in \(key(context.codingPath))"
        case .dataCorrupted(let context):
            return "\(key(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: return "true or false"
        case is String.Type: return "a string"
        case is [String].Type: return "a list of strings"
        case is [String: String].Type: return "a mapping of language to string"
        default: return "a mapping"
        }
    }
}
