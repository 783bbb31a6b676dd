import ArgumentParser
import Foundation
import GuideModel
import GuidePipeline
import GuideParse
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

    func run() throws {
        try reportingErrors { printer in
            MallocTuning.forOneBuild()
            var builder = SiteBuilder(workspace: paths.workspace, checkSnippets: !noCheck)
            builder.force = force
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
            printText("built \(result.fileCount) files into \(paths.output)/")
        }
    }
}

/// Folders every command that reads the book shares.
struct PathOptions: ParsableArguments {
    @Option(help: "The content folder (guide.yml, en/, zh/).") var content = "content"
    @Option(help: "The templates folder (*.mustache, *.css).") var templates = "templates"
    @Option(name: [.customShort("o"), .long], help: "The output folder.") var output = "site"

    /// The folders as the pipeline takes them, with the cache beside the content.
    var workspace: Workspace { Workspace(content: content, templates: templates, output: output) }
}

/// Runs a command with the one printer of diagnostics (`DiagnosticPrinter`) and exits 1 when it
/// printed an error, thrown (`GuideError`) or not: the exit code follows from the severities.
func reportingErrors(_ body: (inout DiagnosticPrinter) throws -> Void) throws {
    var printer = DiagnosticPrinter()
    do {
        try body(&printer)
    } catch let error as GuideError {
        printer.print([error.diagnostic], to: printError)
    } catch let list as GuideErrors {
        printer.print(list.diagnostics, to: printError)
    }
    if printer.failed { throw ExitCode.failure }
}
