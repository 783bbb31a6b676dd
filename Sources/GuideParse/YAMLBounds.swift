// libyaml, as Yams builds and links it: its event parser sees an alias as one event, before
// anything expands it. (Yams composes nodes first, and hashing or describing a tree of aliases
// costs what its expansion would: a 980 KB guide.yml of nested aliases ran past 120 s and 10 GB.)
import CYaml
import GuideModel

/// Bounds on a YAML file the book brings (`guide.yml`, `glossary.yml`), checked on libyaml's
/// events before Yams reads the text: how many values it holds with every alias expanded, and
/// how deeply they nest. A file past either is an error at the line where the bound was passed.
enum YAMLBounds {
    /// Values (scalars, sequences, mappings) once aliases are expanded: a glossary of 20,000
    /// terms holds about 100,000.
    static let maximumValues = 200_000
    /// Collections inside collections.
    static let maximumDepth = 64

    /// Throws when `text` holds more values than `maximumValues` with its aliases expanded, or
    /// nests deeper than `maximumDepth`. Syntax errors are left to the reader (Yams words them).
    static func check(_ text: String, displayPath: String) throws {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { return }
        try bytes.withUnsafeMutableBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var counter = Counter()
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                let line = Int(event.start_mark.line) + 1
                if event.type == YAML_STREAM_END_EVENT { return }
                guard counter.take(event) else {
                    throw GuideError(counter.problem(), file: displayPath, line: line)
                }
            }
        }
    }

    /// The values seen so far, each open collection's own count, and each anchor's size.
    private struct Counter {
        var total = 0
        var open: [(anchor: String?, values: Int)] = []
        var anchors: [String: Int] = [:]
        var tooDeep = false

        /// Counts one event; false once a bound is passed.
        mutating func take(_ event: yaml_event_t) -> Bool {
            switch event.type {
            case YAML_SCALAR_EVENT:
                let anchor = Self.name(event.data.scalar.anchor)
                if let anchor { anchors[anchor] = 1 }
                return add(1)
            case YAML_ALIAS_EVENT:
                return add(Self.name(event.data.alias.anchor).flatMap { anchors[$0] } ?? 1)
            case YAML_SEQUENCE_START_EVENT:
                return start(Self.name(event.data.sequence_start.anchor))
            case YAML_MAPPING_START_EVENT:
                return start(Self.name(event.data.mapping_start.anchor))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = open.popLast() else { return true }
                if let anchor = closed.anchor { anchors[anchor] = closed.values }
                if !open.isEmpty { open[open.count - 1].values += closed.values }
                return true
            default:
                return true
            }
        }

        private mutating func start(_ anchor: String?) -> Bool {
            guard open.count < YAMLBounds.maximumDepth else {
                tooDeep = true
                return false
            }
            open.append((anchor, 0))
            return add(1)
        }

        /// Adds `count` values to the total and to every open collection (the sizes anchors keep).
        private mutating func add(_ count: Int) -> Bool {
            total += count
            if !open.isEmpty { open[open.count - 1].values += count }
            return total <= YAMLBounds.maximumValues
        }

        func problem() -> String {
            tooDeep
                ? "this file nests collections more than \(YAMLBounds.maximumDepth) deep; guide reads no deeper: flatten it"
                : "this file holds more than \(YAMLBounds.maximumValues) values once its aliases (*name) are expanded; "
                    + "guide reads no more: write the values out, or use fewer aliases"
        }

        private static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
        }
    }
}
