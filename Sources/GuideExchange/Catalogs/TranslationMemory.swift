import Foundation
import GuideMerge
import GuideModel
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A translation memory in TMX 1.4b (`guide export tmx`): the book's translated sentences (or
/// pairs), one translation unit each, for CAT tools' fuzzy matching. Written through
/// Foundation's XML document (libxml2), not by hand.
public struct TranslationMemory: Sendable {
    /// What a unit holds: a sentence pair (the default) or a whole aligned pair of blocks.
    public enum Segment: String, Sendable, CaseIterable {
        case sentence, paragraph
    }

    public struct Unit: Sendable, Equatable {
        public var source: String
        public var target: String
        /// Where the pair is (`en/x.md:12`), kept as a note with the unit.
        public var reference: String
    }

    public var sourceLanguage: String
    public var targetLanguage: String
    /// The header's `segtype`: what the units were cut as.
    public var segment: Segment
    public var units: [Unit] = []

    public init(sourceLanguage: String, targetLanguage: String, segment: Segment = .paragraph) {
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        self.segment = segment
    }

    /// The least confidence (`SentenceConfidence`) of a sentence pair in the memory without `all`:
    /// every other reading of the pair and its neighbours costs at least ln 9 ≈ 2.2 more.
    public static let sentenceConfidence = 0.9

    /// The translated messages of a chapter: all with `all`, else not those whose pair is
    /// stale or in doubt (a memory should offer translations a translator stands by).
    public mutating func add(_ chapter: ChapterMessages, all: Bool) {
        for message in chapter.messages where !message.po.translation.isEmpty {
            if !all, message.statuses.contains(.stale) || message.statuses.contains(.doubt) { continue }
            units.append(Unit(source: message.po.id, target: message.po.translation, reference: message.po.references.first ?? ""))
        }
    }

    /// The translated messages of a chapter, sentence by sentence: each group of sentences the
    /// aligner paired (`sentences`: `ChapterSentences.aligned` over the review's beads, by
    /// `aligner`) is a unit, its English sentences joined by a space and its Chinese ones by
    /// nothing (a space where both sides of the join are ASCII), its note the English file and
    /// the first sentence's line. Left out: the messages `add(_:all:)` leaves out, sentences
    /// paired with nothing (1:0, 0:1), and, unless `all`, groups whose confidence is under
    /// `minimum`. A pair with no sentences on a side (code, a table, raw HTML) is one unit, as
    /// in the paragraph memory; code in a pair that also has prose is in no unit.
    public mutating func add(_ chapter: ChapterMessages, sentences: [BeadSentences], aligner: SentenceAligner,
                             all: Bool, minimum: Double = Self.sentenceConfidence) {
        for message in chapter.messages where !message.po.translation.isEmpty {
            if !all, message.statuses.contains(.stale) || message.statuses.contains(.doubt) { continue }
            let bead = sentences[message.bead]
            guard !bead.source.isEmpty, !bead.target.isEmpty else {
                units.append(Unit(source: message.po.id, target: message.po.translation, reference: message.po.references.first ?? ""))
                continue
            }
            let confidences = SentenceConfidence.confidences(bead, aligner: aligner)
            for (link, confidence) in zip(bead.links, confidences) {
                guard let confidence, all || confidence >= minimum else { continue }
                let english = bead.source[link.source]
                units.append(Unit(source: english.map(\.text).joined(separator: " "),
                                  target: Self.joinedChinese(bead.target[link.target].map(\.text)),
                                  reference: ChapterMessages.reference(chapter.sourceChapter, file: chapter.sourceFile,
                                                                       line: english.first!.start.line)))
            }
        }
    }

    /// Chinese sentences run on with nothing between them, but for a space where the one before
    /// ends and the next starts in ASCII (`见 `x`. Then`).
    static func joinedChinese(_ sentences: [String]) -> String {
        var out = ""
        for sentence in sentences {
            if let last = out.unicodeScalars.last, let first = sentence.unicodeScalars.first,
               last.isASCII, first.isASCII { out += " " }
            out += sentence
        }
        return out
    }

    /// How many characters XML 1.0 forbids the units from `start` on hold, per side: the memory
    /// writes U+FFFD in their place (`text`), and the command says so once per chapter.
    public func forbiddenCharacters(from start: Int) -> (source: Int, target: Int) {
        units[start...].reduce((0, 0)) { sum, unit in
            (sum.0 + XMLCharacters.forbiddenCount(unit.source), sum.1 + XMLCharacters.forbiddenCount(unit.target))
        }
    }

    /// The memory as a TMX document: same book, same bytes (no dates). Every text passes through
    /// `XMLCharacters`: libxml2 writes a C0 control, U+FFFE or U+FFFF as it is, and one of them
    /// makes the whole file unreadable to an XML parser.
    public var text: String {
        let root = XMLElement(name: "tmx")
        root.setAttributesWith(["version": "1.4"])
        let header = XMLElement(name: "header")
        for (name, value) in [("creationtool", "guide"), ("creationtoolversion", "1"), ("segtype", segment.rawValue),
                              ("o-tmf", "guide"), ("adminlang", sourceLanguage), ("srclang", sourceLanguage),
                              ("datatype", "plaintext")] {
            header.addAttribute(XMLNode.attribute(withName: name, stringValue: XMLCharacters.replacingForbidden(value)) as! XMLNode)
        }
        root.addChild(header)
        let body = XMLElement(name: "body")
        for unit in units {
            let element = XMLElement(name: "tu")
            let note = XMLElement(name: "note", stringValue: XMLCharacters.replacingForbidden(unit.reference))
            element.addChild(note)
            for (language, text) in [(sourceLanguage, unit.source), (targetLanguage, unit.target)] {
                let variant = XMLElement(name: "tuv")
                variant.addAttribute(XMLNode.attribute(withName: "xml:lang", stringValue: XMLCharacters.replacingForbidden(language)) as! XMLNode)
                variant.addChild(XMLElement(name: "seg", stringValue: XMLCharacters.replacingForbidden(text)))
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
}
