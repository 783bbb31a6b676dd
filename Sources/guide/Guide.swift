import ArgumentParser
import Foundation
import GuideCommandLine

@main
struct Guide: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guide",
        abstract: "Publish a bilingual (English/Chinese) guide as a static site, and review its translation.",
        discussion: """
            Start in the folder of a book as it is kept (GitBook, mdBook, README.md beside \
            README-zh.md, Docusaurus, Hugo): guide init writes its guide.yml, then guide build, \
            guide review, guide serve. Chapters pair by path where both languages name their \
            files alike, else by the tables of contents (or a README's top headings). This \
            repository's own layout: content/ holds guide.yml and en/, zh/, each with a SUMMARY.md.
            """,
        subcommands: [InitCommand.self, BuildCommand.self, AlignCommand.self, SplitCommand.self, MergeCommand.self, ReviewCommand.self, FixSpacingCommand.self, ServeCommand.self, CheckCommand.self, ExportCommand.self, ImportCommand.self]
    )

    static func main() async {
        Foundation.exit(await runCommand(Self.self))
    }
}
