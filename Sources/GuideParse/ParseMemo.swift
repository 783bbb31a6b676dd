import Foundation
import GuideModel

/// Chapters parsed by earlier loads of the same content, kept in memory by `guide serve`:
/// a chapter whose text and parser options did not change is not parsed again (parsing is
/// a pure function of the two).
public final class ParseMemo: @unchecked Sendable {
    private struct Entry {
        var text: String
        var options: MarkdownParser.Options
        var parsed: ParsedChapter
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    public init() {}

    /// The blocks of `text`, the file at `file`: the ones parsed last time when the text is the
    /// same (with their facts, made once).
    func parsed(file: String, text: String, parser: MarkdownParser) -> ParsedChapter {
        lock.lock()
        let known = entries[file]
        lock.unlock()
        if let known, known.options == parser.options, known.text == text { return known.parsed }
        let parsed = ParsedChapter(blocks: parser.parse(text))
        lock.lock()
        entries[file] = Entry(text: text, options: parser.options, parsed: parsed)
        lock.unlock()
        return parsed
    }
}
