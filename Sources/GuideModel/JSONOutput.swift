import Foundation

/// The one JSON writer: every `--format json` document, SARIF, and the compile records the
/// cache keeps. Keys sorted and slashes as they are, so a document is the same from run to run.
public enum JSONOutput {
    /// `pretty`: indented, with a final newline (what the commands print); else on one line.
    public static func text<T: Encodable>(_ value: T, pretty: Bool = true) -> String {
        String(decoding: bytes(value, pretty: pretty), as: UTF8.self) + (pretty ? "\n" : "")
    }

    public static func bytes<T: Encodable>(_ value: T, pretty: Bool = false) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { [UInt8]($0) } ?? Array("{}".utf8)
    }
}

/// A JSON document built by hand (SARIF's nested objects), for `JSONOutput`.
public enum JSONValue: Encodable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
                       ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    case string(String), int(Int), array([JSONValue]), object([String: JSONValue])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(Dictionary(uniqueKeysWithValues: elements)) }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
