import ArgumentParser
import Foundation
import GuideCommandLine
import GuideMerge
import GuideModel
import GuideParse
import GuidePipeline

struct AlignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "align",
        abstract: "Align an English chapter with its Chinese translation and print the pairs."
    )

    enum Format: String, ExpressibleByArgument { case text, json }

    @Argument(help: "The English (source) markdown file.") var source: String
    @Argument(help: "The Chinese (translation) markdown file.") var target: String
    @Option(help: "Output format: text (side-by-side listing) or json.") var format: Format = .text
    @Flag(help: "Also align the sentences inside each pair (JSON: \"sentences\" in every bead).") var sentences = false
    @Option(help: ArgumentHelp("The glossary whose terms help pair sentences (default: glossary.yml beside the English file's language folder, when there is one).",
                               valueName: "file")) var glossary: String?
    @Option(help: ArgumentHelp("A bilingual dictionary in CC-CEDICT's format whose renderings help pair sentences.", valueName: "file"))
    var dictionary: String?
    @Flag(help: "Print how long parsing, aligning the blocks and aligning the sentences took (to stderr).") var timings = false

    func run() throws {
        try reportingErrors { _ in
            let clock = ContinuousClock()
            var started = clock.now
            func lap(_ step: String) {
                guard timings else { return }
                let elapsed = started.duration(to: clock.now)
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
                printError(String(format: "%8.4f s  %@", seconds, step))
                started = clock.now
            }
            let parser = MarkdownParser()
            let sourceBlocks = parser.parse(try TextFile.read(path: source, displayPath: source))
            let targetBlocks = parser.parse(try TextFile.read(path: target, displayPath: target))
            lap("parse")
            let beads = Aligner().align(sourceBlocks, targetBlocks)
            lap("align blocks")
            var alignment = Alignment(sourcePath: source, targetPath: target,
                                      sourceBlocks: sourceBlocks, targetBlocks: targetBlocks, beads: beads)
            if sentences {
                let loaded = try loadGlossary()
                let glossary = loaded.isEmpty ? nil : SentenceGlossary(loaded)
                lap("read the glossary")
                let words = try dictionary.map { try Stages.dictionary(at: $0).entries() }
                lap("read the dictionary")
                alignment.sentences = ChapterSentences.align(source: sourceBlocks, target: targetBlocks, beads: beads,
                                                             glossary: glossary, dictionary: words)
                lap("align sentences")
            }
            if format == .json { printJSON(alignment.json()) } else { printText(alignment.listing(), terminator: "") }
            lap("print")
        }
    }

    /// `--glossary`, else `../glossary.yml` from the English file's folder (content/en/x.md →
    /// content/glossary.yml) when it exists, else none.
    func loadGlossary() throws -> Glossary {
        if let glossary { return try GlossaryLoader.load(path: glossary, displayPath: glossary) }
        let folder = URL(fileURLWithPath: source).deletingLastPathComponent().deletingLastPathComponent()
        let path = folder.appendingPathComponent(GlossaryLoader.fileName).path
        guard FileManager.default.fileExists(atPath: path) else { return Glossary() }
        return try GlossaryLoader.load(path: path, displayPath: path)
    }
}
