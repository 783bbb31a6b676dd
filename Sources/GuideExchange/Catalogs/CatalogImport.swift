import GuideMerge
import GuideModel

/// `guide import po`: a catalog's translations written back into the Chinese chapter its
/// messages were made from (`ChapterMessages`), each in place of its pair's Chinese; a newly
/// translated message fills its missing block where the English has it. What has no message
/// (code the same in both languages, Chinese-only blocks, blank lines, the file's line ends)
/// is kept as it is.
public enum CatalogImport {
    /// A message of the catalog that cannot go into the chapter, at its `msgid`'s line: its
    /// English is no longer the English of any pair (it changed since the catalog was made), or
    /// its translation would change the chapter's blocks around it (`ImportedBlocks`). It is
    /// never guessed at; the catalog is refused.
    public struct Problem: Error, Equatable {
        public var line: Int
        public var message: String
    }

    public struct Refusal: Error, Equatable {
        public var problems: [Problem]
    }

    /// The chapter's new text, the same bytes when no translation changed; or every message of
    /// the catalog that cannot go in. `parse` is the markdown parser (the book's): a changed
    /// translation must stand as blocks of its own, and the chapter must keep every other block.
    public static func apply(_ catalog: POCatalog, to chapter: ChapterMessages,
                             parse: (String) -> [Block]) -> Result<String, Refusal> {
        apply(catalog, to: chapter, fileStarts: [], parse: parse).map { $0[0] }
    }

    /// The same for a chapter kept in several files (a GitBook's sections), read one after
    /// another: `fileStarts` are where each file after the first starts in the chapter's text
    /// (UTF-8 offsets). The new text comes cut where the files met, one piece per file; a
    /// translation that would replace Chinese of two files is refused (it cannot be split).
    public static func apply(_ catalog: POCatalog, to chapter: ChapterMessages, fileStarts: [Int],
                             parse: (String) -> [Block]) -> Result<[String], Refusal> {
        switch assemble(catalog, to: chapter, parse: parse) {
        case .failure(let refusal):
            return .failure(refusal)
        case .success(nil):
            return .success(cut(Array(chapter.target.text.utf8), at: fileStarts))
        case .success(let layout?):
            var starts: [Int] = [], problems: [Problem] = []
            for (index, start) in fileStarts.enumerated() {
                if let moved = layout.newOffset(of: start) {
                    starts.append(moved)
                } else if let replacement = layout.replaced.first(where: { $0.span.contains(start) }) {
                    let files = chapter.targetChapter.listedParts.map { $0.map(\.displayPath) } ?? []
                    let names = index + 1 < files.count ? " (\(files[index]) and \(files[index + 1]))" : ""
                    problems.append(Problem(line: replacement.catalogLine, message: "this message's Chinese runs across two of the "
                        + "chapter's files\(names): its translation cannot be split between them (translate it in the files, "
                        + "or join them)"))
                }
            }
            guard problems.isEmpty else { return .failure(Refusal(problems: problems)) }
            let pieces = cut(Array(layout.text.utf8), at: starts)
            if let problem = layout.problem(blocks: blocks(of: pieces, parse: parse)) { return .failure(Refusal(problems: [problem])) }
            return .success(pieces)
        }
    }

    /// The blocks of a chapter's files, each parsed alone as the loader parses them, their lines
    /// counting on from one file to the next.
    static func blocks(of files: [String], parse: (String) -> [Block]) -> [Block] {
        var blocks: [Block] = [], firstLine = 1
        for file in files {
            let body = file.hasPrefix("\u{FEFF}") ? String(file.dropFirst()) : file
            blocks += parse(body).map { $0.shiftingLines(by: firstLine - 1) }
            firstLine += LineEnds.count(file)
        }
        return blocks
    }

    /// `bytes` cut at `starts` (increasing UTF-8 offsets at line starts).
    private static func cut(_ bytes: [UInt8], at starts: [Int]) -> [String] {
        zip([0] + starts, starts + [bytes.count]).map { String(decoding: bytes[$0..<$1], as: UTF8.self) }
    }

    /// The new chapter put together, nil when no translation changed.
    private static func assemble(_ catalog: POCatalog, to chapter: ChapterMessages,
                                 parse: (String) -> [Block]) -> Result<ImportedBlocks.Layout?, Refusal> {
        var current: [Key: Int] = [:]
        for (index, message) in chapter.messages.enumerated() { current[Key(message.po)] = index }
        var replacements: [Int: (text: String, line: Int, english: String)] = [:]   // message index → its new Chinese
        var problems: [Problem] = []
        for message in catalog.messages {
            guard let index = current[Key(message)] else {
                problems.append(Problem(line: message.line, message: "the English of this message is no longer in the chapter "
                    + "(it changed since the catalog was made): export the catalog again and carry the translation over"))
                continue
            }
            // An empty msgstr is no translation: the chapter keeps what it has.
            guard !message.translation.isEmpty else { continue }
            let text = withLineEnds(message.translation, chapter.lineEnd)
            // The same text as the chapter's: nothing to put back (nor to check).
            if let units = chapter.messages[index].targetUnits, ChapterMessages.text(of: units, in: chapter.target) == text { continue }
            replacements[index] = (text, message.line, message.id)
        }
        guard problems.isEmpty else { return .failure(Refusal(problems: problems)) }
        // Each changed translation alone first: the reason is then the translation's own.
        for (_, replacement) in replacements.sorted(by: { $0.key < $1.key }) {
            if let why = ImportedBlocks.opening(replacement.text, parse: parse)
                ?? ImportedBlocks.hiding(replacement.text, english: replacement.english, parse: parse) {
                problems.append(Problem(line: replacement.line, message: why))
            }
        }
        guard problems.isEmpty else { return .failure(Refusal(problems: problems)) }
        guard !replacements.isEmpty else { return .success(nil) }

        var layout = ImportedBlocks.Layout(chapter: chapter)
        var replaced: [Int: (end: Int, text: String, line: Int)] = [:]   // first unit → (last unit, text, catalog line)
        var inserted: [Int: [(text: String, line: Int)]] = [:]           // unit → translations after it
        for (index, replacement) in replacements.sorted(by: { $0.key < $1.key }) {
            let message = chapter.messages[index]
            if let units = message.targetUnits {
                replaced[units.lowerBound] = (units.upperBound, replacement.text, replacement.line)
            } else {
                inserted[message.insertAfter, default: []].append((replacement.text, replacement.line))
            }
        }
        let cut = chapter.target, blank = chapter.lineEnd + chapter.lineEnd
        // Where each unit's body starts in the chapter's text (UTF-8), its tail right after it.
        var bodyStarts: [Int] = [], offset = cut.lead.utf8.count
        for unit in cut.units {
            bodyStarts.append(offset)
            offset += unit.body.utf8.count + unit.tail.utf8.count
        }
        func bodyEnd(_ unit: Int) -> Int { bodyStarts[unit] + cut.units[unit].body.utf8.count }
        layout.append(cut.lead, copiedFrom: 0)
        if let first = inserted[-1] {
            for (number, translation) in first.enumerated() {
                if number > 0 { layout.append(blank) }
                layout.append(translation: translation.text, catalogLine: translation.line, parse: parse)
            }
            layout.append(cut.units.isEmpty ? chapter.lineEnd : blank)
        }
        var unit = 0
        while unit < cut.units.count {
            let last: Int
            if let replacement = replaced[unit] {
                layout.append(translation: replacement.text, catalogLine: replacement.line,
                              replacing: bodyStarts[unit]..<bodyEnd(replacement.end), parse: parse)
                last = replacement.end
            } else {
                layout.append(unit: unit, from: bodyStarts[unit])
                last = unit
            }
            for translation in inserted[last] ?? [] {
                layout.append(blank)
                layout.append(translation: translation.text, catalogLine: translation.line, parse: parse)
            }
            layout.append(cut.units[last].tail, copiedFrom: bodyEnd(last))
            unit = last + 1
        }
        return .success(layout)
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
