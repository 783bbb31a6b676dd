import Foundation
import GuideModel
import Testing

@Suite struct TerminalTextTests {
    @Test func escapesControlsButKeepsLayoutAndText() {
        #expect(TerminalText.escaped("\u{1B}]0;pwned\u{07}") == "\\x1B]0;pwned\\x07")
        #expect(TerminalText.escaped("a\u{1B}[2Kb\rc\u{7F}\u{0}") == "a\\x1B[2Kb\\x0Dc\\x7F\\x00")
        #expect(TerminalText.escaped("CSI \u{9B}2K, NEL \u{85}") == "CSI \\u{9B}2K, NEL \\u{85}")
        let plain = "file.md:3: warning: missing:\tno Chinese “你好，世界” \\x1B é 🙂\n"
        #expect(TerminalText.escaped(plain) == plain)
        #expect(TerminalText.escaped("") == "")
    }

    /// The JSON notation decodes back to the same text, DEL and C1 included.
    @Test func jsonNotationDecodesToTheSameText() throws {
        let text = "a\u{7F}b\u{9B}c\u{1B}"
        let encoded = String(decoding: try JSONEncoder().encode([text]), as: UTF8.self)
        let escaped = TerminalText.escaped(encoded, as: .json)
        #expect(escaped == "[\"a\\u007fb\\u009bc\\u001b\"]")
        #expect(try JSONDecoder().decode([String].self, from: Data(escaped.utf8)) == [text])
    }
}

/// `guide review` on a chapter that tries to drive the terminal: the text report, the errors and
/// the JSON never carry the raw control characters; the first two show them escaped, the JSON keeps them.
@Suite struct TerminalOutputEndToEndTests {
    private let controls: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\u{9B}"]

    private func writeHostileBook(in folder: TempFolder) throws {
        try writeSmallBook(in: folder)
        try folder.write("content/en/second.md",
                         "# Second\n\n## End\n\nThe end \u{1B}]0;pwned\u{07} title.\n\nErase \u{1B}[2K this \u{9B}2K line.\n")
        try folder.write("content/zh/second.md", "# 第二章\n\n## 结束\n")   // both paragraphs missing: both quoted
    }

    private func rawControls(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { controls.contains($0) }
    }

    @Test func reviewEscapesChapterText() throws {
        let folder = try TempFolder()
        try writeHostileBook(in: folder)
        let text = try runGuide(["review", "--no-check"], in: folder.path)
        #expect(rawControls(text.stdout + text.stderr).isEmpty)
        #expect(text.stdout.contains("\\x1B]0;pwned\\x07 title"))
        #expect(text.stdout.contains("Erase \\x1B[2K this \\u{9B}2K line"))

        let json = try runGuide(["review", "--no-check", "--format", "json"], in: folder.path)
        #expect(rawControls(json.stdout).isEmpty)
        struct Document: Decodable { var chapters: [Chapter] }
        struct Chapter: Decodable { var beads: [Bead] }
        struct Bead: Decodable { var excerpt: String }
        let excerpts = try JSONDecoder().decode(Document.self, from: Data(json.stdout.utf8)).chapters.flatMap(\.beads).map(\.excerpt)
        #expect(excerpts.contains("The end \u{1B}]0;pwned\u{07} title."))
        #expect(excerpts.contains("Erase \u{1B}[2K this \u{9B}2K line."))
    }

    @Test func errorsEscapeFileNames() throws {
        let folder = try TempFolder()
        try writeHostileBook(in: folder)
        try folder.write("content/en/SUMMARY.md", "# Summary\n\n* [Intro](intro.md)\n* [X](\u{1B}]0;pwned\u{07}.md)\n")
        let result = try runGuide(["review", "--no-check"], in: folder.path)
        #expect(result.status != 0)
        #expect(rawControls(result.stdout + result.stderr).isEmpty)
        #expect(result.stderr.contains("\\x1B]0;pwned\\x07.md"))
    }
}
