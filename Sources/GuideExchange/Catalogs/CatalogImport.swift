import GuideMerge
import GuideModel

/// `guide import po`: a catalog's translations written back into the Chinese chapter its
/// messages were made from (`ChapterMessages`), each in place of its pair's Chinese; a newly
/// translated message fills its missing block where the English has it. What has no message
/// (code the same in both languages, Chinese-only blocks, blank lines, the file's line ends)
/// is kept as it is.
public enum CatalogImport {
    /// A message of the catalog whose `msgid` is no longer the English of any pair: the English
    /// changed since the catalog was made. It is never guessed at; the catalog is refused.
    public struct Stale: Error, Equatable {
        public var line: Int
        public var message: String
    }

    /// The chapter's new text, the same bytes when no translation changed; or every stale
    /// message of the catalog.
    public static func apply(_ catalog: POCatalog, to chapter: ChapterMessages) -> Result<String, StaleMessages> {
        var current: [Key: Int] = [:]
        for (index, message) in chapter.messages.enumerated() { current[Key(message.po)] = index }
        var replacements: [Int: String] = [:]   // message index → its new Chinese
        var stale: [Stale] = []
        for message in catalog.messages {
            guard let index = current[Key(message)] else {
                stale.append(Stale(line: message.line, message: "the English of this message is no longer in the chapter "
                    + "(it changed since the catalog was made): export the catalog again and carry the translation over"))
                continue
            }
            // An empty msgstr is no translation: the chapter keeps what it has.
            guard !message.translation.isEmpty else { continue }
            replacements[index] = withLineEnds(message.translation, chapter.lineEnd)
        }
        guard stale.isEmpty else { return .failure(StaleMessages(stale: stale)) }

        var replaced: [Int: (end: Int, text: String)] = [:]   // first unit → (last unit, text)
        var inserted: [Int: [String]] = [:]                    // unit → translations after it
        for (index, text) in replacements.sorted(by: { $0.key < $1.key }) {
            let message = chapter.messages[index]
            if let units = message.targetUnits {
                replaced[units.lowerBound] = (units.upperBound, text)
            } else {
                inserted[message.insertAfter, default: []].append(text)
            }
        }
        let cut = chapter.target, blank = chapter.lineEnd + chapter.lineEnd
        var out = cut.lead
        if let first = inserted[-1] {
            out += first.joined(separator: blank) + (cut.units.isEmpty ? chapter.lineEnd : blank)
        }
        var unit = 0
        while unit < cut.units.count {
            let last: Int
            if let replacement = replaced[unit] {
                out += replacement.text
                last = replacement.end
            } else {
                out += cut.units[unit].body
                last = unit
            }
            for text in inserted[last] ?? [] { out += blank + text }
            out += cut.units[last].tail
            unit = last + 1
        }
        return .success(out)
    }

    public struct StaleMessages: Error, Equatable {
        public var stale: [Stale]
    }

    /// A message's identity in its catalog: its context and its English.
    private struct Key: Hashable {
        var context: String?
        var id: String
        init(_ message: POMessage) { (context, id) = (message.context, message.id) }
    }

    /// `text` with every line end made `lineEnd` (an editor may have written other ones).
    static func withLineEnds(_ text: String, _ lineEnd: String) -> String {
        var out = ""
        var previousCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r":
                out += lineEnd
                previousCR = true
                continue
            case "\n" where previousCR:
                break
            case "\n":
                out += lineEnd
            default:
                out.unicodeScalars.append(scalar)
            }
            previousCR = false
        }
        return out
    }
}
