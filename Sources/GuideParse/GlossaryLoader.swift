import Foundation
import GuideModel
import Yams

/// Reads `content/glossary.yml` into a `Glossary`, reporting mistakes with the file and line:
///
///     terms:
///       - en: protocol            # or a list of forms: [delegate, delegation]
///         zh: 协议                 # or a list of accepted translations, the preferred first
///         note: not 规约           # optional, shown in findings
///       - en: block
///         zh: 代码块
///         keep: true              # the English may also stay as it is
///     keep: [KVO, GCD]            # terms that stay in English
public enum GlossaryLoader {
    public static let fileName = "glossary.yml"

    public static func load(path: String, displayPath: String) throws -> Glossary {
        try parse(try TextFile.read(path: path, displayPath: displayPath), displayPath: displayPath)
    }

    public static func parse(_ text: String, displayPath: String) throws -> Glossary {
        let root: Node?
        try YAMLBounds.check(text, displayPath: displayPath)
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw GuideError("invalid YAML: \(YAMLErrorText.describe(error))", file: displayPath, line: YAMLErrorText.line(of: error))
        }
        guard let root else { return Glossary(file: displayPath) }
        guard let mapping = root.mapping else {
            throw GuideError("the glossary must be a mapping with 'terms' and 'keep'", file: displayPath, line: root.mark?.line)
        }
        var terms: [Glossary.Term] = []
        for (key, value) in mapping {
            switch key.string {
            case "terms":
                guard let list = value.sequence else {
                    throw GuideError("'terms' must be a list of terms (- en: …, zh: …)", file: displayPath, line: value.mark?.line)
                }
                for node in list { terms.append(try term(node, displayPath: displayPath)) }
            case "keep":
                let words = try strings(value, key: "keep", displayPath: displayPath)
                terms += words.map { Glossary.Term(english: [$0], keepEnglish: true, line: value.mark?.line) }
            default:
                throw KnownKeys.unknown(key, named: key.string ?? "?", siblings: ["terms", "keep"], displayPath: displayPath)
            }
        }
        try checkDuplicates(terms, displayPath: displayPath)
        return Glossary(terms: terms, file: displayPath)
    }

    static func term(_ node: Node, displayPath: String) throws -> Glossary.Term {
        let line = node.mark?.line
        guard let mapping = node.mapping else {
            throw GuideError("a term must be a mapping (en: …, zh: …)", file: displayPath, line: line)
        }
        var term = Glossary.Term(english: [], line: line)
        for (key, value) in mapping {
            switch key.string {
            case "en": term.english = try strings(value, key: "en", displayPath: displayPath)
            case "zh": term.chinese = try strings(value, key: "zh", displayPath: displayPath)
            case "keep":
                guard let keep = value.bool else {
                    throw GuideError("'keep' must be true or false", file: displayPath, line: value.mark?.line)
                }
                term.keepEnglish = keep
            case "note":
                guard let note = value.scalar?.string else {
                    throw GuideError("'note' must be a string", file: displayPath, line: value.mark?.line)
                }
                term.note = note
            default:
                throw KnownKeys.unknown(key, named: "terms[].\(key.string ?? "?")", siblings: ["en", "zh", "keep", "note"],
                                        displayPath: displayPath)
            }
        }
        guard !term.english.isEmpty else {
            throw GuideError("the term has no 'en'", file: displayPath, line: line)
        }
        guard !term.chinese.isEmpty || term.keepEnglish else {
            throw GuideError("the term '\(term.english[0])' has no 'zh' (add one, or 'keep: true' to keep it in English)",
                             file: displayPath, line: line)
        }
        for word in term.english where !word.contains(where: { $0.isLetter || $0.isNumber }) {
            throw GuideError("'\(word)' is not a word", file: displayPath, line: line)
        }
        return term
    }

    /// A string or a list of strings, none empty.
    static func strings(_ node: Node, key: String, displayPath: String) throws -> [String] {
        let values: [Node]
        if let list = node.sequence { values = Array(list) } else { values = [node] }
        return try values.map { value in
            guard let text = value.scalar?.string.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
                throw GuideError("'\(key)' must be a string or a list of strings, none empty",
                                 file: displayPath, line: value.mark?.line ?? node.mark?.line)
            }
            return text
        }
    }

    /// The same English form in two terms would give two verdicts.
    static func checkDuplicates(_ terms: [Glossary.Term], displayPath: String) throws {
        var seen: [String: Int?] = [:]
        for term in terms {
            for form in term.english {
                let key = form.lowercased()
                if let first = seen[key] {
                    throw GuideError("'\(form)' is in the glossary twice" + (first.map { " (first on line \($0))" } ?? ""),
                                     file: displayPath, line: term.line)
                }
                seen[key] = term.line
            }
        }
    }
}
