import ArgumentParser
import Foundation
import GuideCommandLine
import GuideFiles
import GuideMerge
import GuideModel
import GuideParse
import GuidePipeline

struct FixSpacingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix-spacing",
        abstract: "Fix the spacing between Chinese and Latin text in place (never inside code).",
        discussion: """
            Adds the one half-width space between Chinese and Latin letters, digits, inline code \
            or URLs, and removes spaces next to full-width punctuation. With --all it also makes \
            full-width letters half-width and half-width punctuation in Chinese sentences full-width. \
            A fixed file must parse to the same markdown (blocks, code, links, emphasis) or it is \
            not written. Without FILES: every chapter of every translation in --content.
            """
    )

    @Argument(help: "Markdown files to fix (default: the translated chapters).") var files: [String] = []
    @Option(help: "The content folder (when no FILES are given).") var content = Workspace.defaultContent
    @Flag(help: "Print a unified diff of the fixes; write nothing.") var dryRun = false
    @Flag(help: "Also fix full-width letters and digits and half-width punctuation, not only spaces.") var all = false
    @Flag(help: "Write nothing; print every typography finding as an error (file:line:col) and exit 1 if there is one.") var check = false

    func run() throws {
        try reportingErrors { printer in
            let parser = MarkdownParser()
            // The book's own chapters are rewritten only inside the content folder (links included).
            let inside = files.isEmpty ? ConfinedFolder(content, role: "the content folder") : nil
            for path in try targets() {
                if !files.isEmpty { try checkNamed(path) }
                let data = FileManager.default.contents(atPath: path) ?? Data()
                let text = try TextFile.read(path: path, displayPath: path)
                if check {
                    // Errors: --check fails on every one.
                    let findings = parser.parse(text).flatMap { Typography.findings(in: $0) }
                    printer.print(findings.map {
                        Diagnostic(.error, "typography: \($0.message)",
                                   at: SourceLocation(file: path, line: $0.position.line, column: $0.position.column))
                    }) { printText($0) }
                    continue
                }
                let result: SpacingFixer.Result
                do {
                    result = try SpacingFixer.fix(text, scope: all ? .all : .spaces, parse: parser.parse)
                } catch is SpacingFixer.StructureChanged {
                    throw GuideError("fixing would change the markdown structure; nothing written", file: path)
                }
                printer.print(result.refusedBlocks.map {
                    Diagnostic(.warning, "block left as it is: fixing it would change its markdown", at: SourceLocation(file: path, line: $0))
                }, to: printError)
                if dryRun {
                    printText(UnifiedDiff.make(old: text, new: result.text, oldName: "a/\(TerminalText.line(path))", newName: "b/\(TerminalText.line(path))"), terminator: "")
                } else if result.text != text {
                    let bom = data.starts(with: [0xEF, 0xBB, 0xBF]) ? "\u{FEFF}" : ""
                    try OutputFiles.write([(path, bom + result.text)], read: [path: [UInt8](data)], inside: inside)
                }
                if !result.fixed.isEmpty {
                    let counts = Dictionary(grouping: result.fixed, by: \.rule.rawValue).sorted { $0.key < $1.key }
                        .map { "\($0.value.count) \($0.key)" }.joined(separator: ", ")
                    printError("\(TerminalText.line(path)): \(dryRun ? "would fix" : "fixed") \(result.fixed.count): \(counts)")
                }
            }
        }
    }

    /// A file named on the command line is rewritten where it is named: one inside the content
    /// folder must stay inside it with its links resolved, as the book's own chapters do, and
    /// one elsewhere may not be a link (rewriting it would write wherever the link leads).
    private func checkNamed(_ path: String) throws {
        let confined = ConfinedFolder(content, role: "the content folder")
        let named = URL(fileURLWithPath: path).standardizedFileURL.path
        let root = URL(fileURLWithPath: content).standardizedFileURL.path
        if named.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
            try confined.check(path, display: path)
            return
        }
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            throw GuideError("refused: this file is a link, and fix-spacing rewrites a file only where it is named "
                             + "(or inside the content folder): name the file the link leads to", file: path)
        }
    }

    /// The files given, or every translated chapter of the book.
    func targets() throws -> [String] {
        if !files.isEmpty { return files }
        let book = try Workspace(content: content).loadBook()
        // A chapter not translated yet has no file to fix.
        // Each file once: a chapter may be several files (a GitBook's sections), and one file several chapters (a README).
        var seen = Set<String>()
        return book.translations.flatMap { edition in edition.chapters.filter { $0.untranslated == nil }.flatMap(\.files) }
            .filter { seen.insert($0).inserted }
    }
}
