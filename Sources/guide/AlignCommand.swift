import ArgumentParser
import Foundation
import GuideMerge
import GuideModel
import GuideParse

struct AlignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "align",
        abstract: "Align an English chapter with its Chinese translation and print the pairs."
    )

    enum Format: String, ExpressibleByArgument { case text, json }

    @Argument(help: "The English (source) markdown file.") var source: String
    @Argument(help: "The Chinese (translation) markdown file.") var target: String
    @Option(help: "Output format: text (side-by-side listing) or json.") var format: Format = .text

    func run() throws {
        try reportingErrors { _ in
            let parser = MarkdownParser()
            let sourceBlocks = parser.parse(try TextFile.read(path: source, displayPath: source))
            let targetBlocks = parser.parse(try TextFile.read(path: target, displayPath: target))
            let beads = Aligner().align(sourceBlocks, targetBlocks)
            let alignment = Alignment(sourcePath: source, targetPath: target,
                                      sourceBlocks: sourceBlocks, targetBlocks: targetBlocks, beads: beads)
            if format == .json { printJSON(alignment.json()) } else { printText(alignment.listing(), terminator: "") }
        }
    }
}
