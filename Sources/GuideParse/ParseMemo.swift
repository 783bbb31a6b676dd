import Foundation
import GuideModel
import Synchronization

/// Chapters parsed by earlier loads of the same content, kept in memory by `guide serve`:
/// a chapter whose text and parser options did not change is not parsed again (parsing is
/// a pure function of the two).
public final class ParseMemo: Sendable {
    private struct Entry {
        var text: String
        var options: MarkdownParser.Options
        var parsed: ParsedChapter
    }

    private let entries = Mutex<[String: Entry]>([:])

    public init() {}

    /// The blocks of `text`, the file at `file`: the ones parsed last time when the text is the
    /// same (with their facts, made once).
    func parsed(file: String, text: String, parser: MarkdownParser) -> ParsedChapter {
        if let known = entries.withLock({ $0[file] }), known.options == parser.options, known.text == text { return known.parsed }
        let parsed = ParsedChapter(blocks: parser.parse(text))
        entries.withLock { $0[file] = Entry(text: text, options: parser.options, parsed: parsed) }
        return parsed
    }
}
