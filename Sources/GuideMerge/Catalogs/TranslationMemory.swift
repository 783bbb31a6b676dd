import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A translation memory in TMX 1.4b (`guide export tmx`): the book's translated pairs, one
/// translation unit each, for CAT tools' fuzzy matching. Written through Foundation's XML
/// document (libxml2), not by hand.
public struct TranslationMemory: Sendable {
    public struct Unit: Sendable, Equatable {
        public var source: String
        public var target: String
        /// Where the pair is (`en/x.md:12`), kept as a note with the unit.
        public var reference: String
    }

    public var sourceLanguage: String
    public var targetLanguage: String
    public var units: [Unit] = []

    public init(sourceLanguage: String, targetLanguage: String) {
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
    }

    /// The translated messages of a chapter: all with `all`, else not those whose pair is
    /// stale or in doubt (a memory should offer translations a translator stands by).
    public mutating func add(_ chapter: ChapterMessages, all: Bool) {
        for message in chapter.messages where !message.po.translation.isEmpty {
            if !all, message.statuses.contains(.stale) || message.statuses.contains(.doubt) { continue }
            units.append(Unit(source: message.po.id, target: message.po.translation, reference: message.po.references.first ?? ""))
        }
    }

    /// The memory as a TMX document: same book, same bytes (no dates).
    public var text: String {
        let root = XMLElement(name: "tmx")
        root.setAttributesWith(["version": "1.4"])
        let header = XMLElement(name: "header")
        for (name, value) in [("creationtool", "guide"), ("creationtoolversion", "1"), ("segtype", "paragraph"),
                              ("o-tmf", "guide"), ("adminlang", sourceLanguage), ("srclang", sourceLanguage),
                              ("datatype", "plaintext")] {
            header.addAttribute(XMLNode.attribute(withName: name, stringValue: value) as! XMLNode)
        }
        root.addChild(header)
        let body = XMLElement(name: "body")
        for unit in units {
            let element = XMLElement(name: "tu")
            let note = XMLElement(name: "note", stringValue: Self.xmlText(unit.reference))
            element.addChild(note)
            for (language, text) in [(sourceLanguage, unit.source), (targetLanguage, unit.target)] {
                let variant = XMLElement(name: "tuv")
                variant.addAttribute(XMLNode.attribute(withName: "xml:lang", stringValue: language) as! XMLNode)
                variant.addChild(XMLElement(name: "seg", stringValue: Self.xmlText(text)))
                element.addChild(variant)
            }
            body.addChild(element)
        }
        root.addChild(body)
        let document = XMLDocument(rootElement: root)
        document.version = "1.0"
        document.characterEncoding = "UTF-8"
        return String(decoding: document.xmlData(options: [.nodePrettyPrint]), as: UTF8.self) + "\n"
    }

    /// XML 1.0 has no place for most control characters: each becomes U+FFFD (a book's text has
    /// none but tabs and line ends, which stay).
    static func xmlText(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" ? "\u{FFFD}" : scalar
        }))
    }
}
