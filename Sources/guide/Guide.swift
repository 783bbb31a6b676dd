import ArgumentParser
import Foundation
import GuideCommandLine

@main
struct Guide: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guide",
        abstract: "Publish a bilingual (English/Chinese) guide as a static site, and review its translation.",
        discussion: """
            The content folder holds guide.yml, and one folder per language (en/, zh/), \
            each with a SUMMARY.md listing its chapters. Chapters are paired across \
            languages by their relative path.
            """,
        subcommands: [InitCommand.self, BuildCommand.self, AlignCommand.self, SplitCommand.self, MergeCommand.self, ReviewCommand.self, FixSpacingCommand.self, ServeCommand.self, CheckCommand.self, ExportCommand.self, ImportCommand.self]
    )

    static func main() async {
        await runCommand(Self.self)
    }
}
