import ArgumentParser
import Foundation
import GuideMerge
import GuideModel
import GuideParse

struct SplitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "split",
        abstract: "Split a translator's interleaved draft into an English and a Chinese chapter.",
        discussion: """
            In a draft each English block is followed by its Chinese version; bilingual headings \
            (`## Blocks 代码块`) are split in two; code blocks, images and rules written once go \
            into both files. A block preceded by `<!-- lang: en -->` or `<!-- lang: zh -->` goes \
            to that side only (guide merge writes these where the script would not tell).
            """
    )

    @Argument(help: "The interleaved draft.") var draft: String
    @Option(help: "Where to write the English chapter.") var en: String
    @Option(help: "Where to write the Chinese chapter.") var zh: String

    func run() throws {
        try reportingErrors {
            let text = try TextFile.read(path: draft, displayPath: draft)
            let (english, chinese) = InterleavedDraft.split(text: text, blocks: MarkdownParser().parse(text))
            try AtomicFile.write(english, to: en)
            try AtomicFile.write(chinese, to: zh)
        }
    }
}

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Write the interleaved draft of an English chapter and its Chinese translation.",
        discussion: "The pairs come from the aligner. `guide split` turns the draft back into the same two chapters."
    )

    @Argument(help: "The English chapter.") var en: String
    @Argument(help: "The Chinese chapter.") var zh: String
    @Option(name: [.customShort("o"), .long], help: "Write the draft here instead of standard output.") var output: String?

    func run() throws {
        try reportingErrors {
            let parser = MarkdownParser()
            let source = parser.parse(try TextFile.read(path: en, displayPath: en))
            let target = parser.parse(try TextFile.read(path: zh, displayPath: zh))
            let draft = InterleavedDraft.interleave(source: source, target: target,
                                                    beads: Aligner().align(source, target))
            if let output { try AtomicFile.write(draft, to: output) } else { printDocument(draft) }
        }
    }
}

/// Writes through a temporary file and a rename, so a reader never sees half a file.
enum AtomicFile {
    static func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw GuideError("cannot write the file: \(error.localizedDescription)", file: path)
        }
    }
}
