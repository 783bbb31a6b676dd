import ArgumentParser
import Foundation
import GuideCommandLine
import GuideModel
import GuideParse
import GuidePipeline
import GuideRender

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the static site from the content folder.",
        discussion: """
            Writes index.html, one page per chapter and language (en/, zh/), the CSS and the \
            assets. The site is built in a temporary folder next to the output and swapped in \
            only when the build succeeds, so a failed build leaves the previous site as it was.
            """
    )

    @OptionGroup var paths: PathOptions
    @Flag(name: .customLong("no-check"), help: "Do not compile the snippets (no verdicts under code blocks).")
    var noCheck = false
    @Flag(help: "Print how long each stage took.") var timings = false
    @Flag(help: "Replace the output folder even when guide did not write it (it holds no .guide-site).")
    var force = false
    @Option(help: ArgumentHelp("The language of the review dashboard and the side-by-side pages' marks: en or zh (default: guide.yml's review.lang, else en).",
                               valueName: "en|zh"))
    var lang: ReviewLanguage?

    func run() throws {
        try reportingErrors { printer in
            MallocTuning.forOneBuild()
            var builder = SiteBuilder(workspace: paths.workspace, checkSnippets: !noCheck)
            builder.force = force
            builder.reviewLanguage = lang
            if timings {
                // Each stage as it ends, flushed: what a build was doing when it stopped is on record.
                builder.onStage = { stage, seconds in
                    printText(String(format: "%8.3f s  %@", seconds, stage))
                    fflush(nil)   // every output stream (stdout is shared mutable state to Swift)
                }
            }
            let result = try builder.build()
            result.keepUntilExit()
            printer.print(result.diagnostics, to: printError)
            if let summary = result.checkSummary { printText(summary) }
            if let doubts = result.unpublishedDoubts { printText(TerminalText.line(doubts)) }
            printText("built \(result.fileCount) files into \(TerminalText.line(paths.output))/")
        }
    }
}
