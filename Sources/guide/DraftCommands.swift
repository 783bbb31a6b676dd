import ArgumentParser
import Foundation
import GuideCommandLine
import GuideExchange
import GuideFiles
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
            to that side only. A draft written by guide merge gives back both chapters byte for byte. \
            Neither file may be the draft or the other one; an existing file is replaced only with --force.
            """
    )

    @Argument(help: "The interleaved draft.") var draft: String
    @Option(help: "Where to write the English chapter.") var en: String
    @Option(help: "Where to write the Chinese chapter.") var zh: String
    @Flag(help: "Replace files that exist (keeping their mode and owner).") var force = false

    func run() throws {
        try reportingErrors { _ in
            let outputs = [OutputFiles.Output(path: en, option: "--en"), OutputFiles.Output(path: zh, option: "--zh")]
            try OutputFiles.check(outputs, inputs: [(draft, "the draft")], force: force)
            let text = try TextFile.read(path: draft, displayPath: draft)
            let (english, chinese) = InterleavedDraft.split(text: text, blocks: MarkdownParser().parse(text))
            try OutputFiles.write([(en, english), (zh, chinese)])
        }
    }
}

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Write the interleaved draft of an English chapter and its Chinese translation.",
        discussion: """
            The pairs come from the aligner. `guide split` turns the draft back into the same two \
            chapters, byte for byte. The draft may not be one of the chapters; an existing file \
            is replaced only with --force.
            """
    )

    @Argument(help: "The English chapter.") var en: String
    @Argument(help: "The Chinese chapter.") var zh: String
    @Option(name: [.customShort("o"), .long], help: "Write the draft here instead of standard output.") var output: String?
    @Flag(help: "Replace the output if it exists (keeping its mode and owner).") var force = false

    func run() throws {
        try reportingErrors { _ in
            if let output {
                try OutputFiles.check([OutputFiles.Output(path: output, option: "-o")],
                                      inputs: [(en, "the English chapter"), (zh, "the Chinese chapter")], force: force)
            }
            let english = try TextFile.read(path: en, displayPath: en, keepingByteOrderMark: true)
            let chinese = try TextFile.read(path: zh, displayPath: zh, keepingByteOrderMark: true)
            let draft: String
            do {
                draft = try InterleavedDraft.interleave(english: english, chinese: chinese, parse: MarkdownParser().parse)
            } catch let error as DraftError {
                throw GuideError(error.message, file: error.side == .zh ? zh : en, line: error.line)
            }
            if let output { try OutputFiles.write([(output, draft)]) } else { printDocument(draft) }
        }
    }
}
