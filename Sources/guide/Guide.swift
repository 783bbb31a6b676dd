import ArgumentParser
import Foundation

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
        subcommands: [BuildCommand.self, AlignCommand.self, SplitCommand.self, MergeCommand.self, ReviewCommand.self, FixSpacingCommand.self, ServeCommand.self, CheckCommand.self, ExportCommand.self, ImportCommand.self]
    )

    /// ArgumentParser's own `main`, but a failure's message goes through `printError`: an error
    /// no command caught may quote the book (a file name in a path) as it is.
    static func main() async {
        do {
            var command = try await asyncParseAsRoot(nil)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }   // --help and the like: printed as ArgumentParser prints them
            let message = fullMessage(for: error)
            if !message.isEmpty { printError(message) }
            Foundation.exit(code.rawValue)
        }
    }
}
