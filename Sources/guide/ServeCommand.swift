import ArgumentParser
import Foundation
import GuideCheck
import GuideFiles
import GuideModel
import GuidePipeline
import GuideRender
import GuideServe

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Preview the site: build it, serve it on 127.0.0.1, rebuild and reload on change.",
        discussion: """
            The site is served from memory (site/ is not touched). content/ and templates/ are \
            watched; a change rebuilds the site and open pages reload. A failed rebuild keeps the \
            last good build and shows the error at the bottom of every page. Unknown paths get \
            the 404 page.
            """
    )

    @OptionGroup var paths: PathOptions
    @Option(help: "The port to listen on.") var port: UInt16 = 3000
    @Option(help: "The address to listen on. Only loopback unless you ask for another.") var host = "127.0.0.1"
    @Flag(name: .customLong("no-check"), help: "Do not compile the snippets (no verdicts under code blocks).")
    var noCheck = false
    @Flag(help: "Print how long each stage of every rebuild took.") var timings = false

    func run() async throws {
        var builder = SiteBuilder(workspace: paths.workspace, checkSnippets: !noCheck)
        // Parsed chapters, reviews and pages stay in memory: a rebuild redoes only what changed.
        builder.memory = CacheMemory()
        try reportingErrors { _ in
            try OutputGuard.checkWatched([paths.content, paths.templates],
                                         cache: paths.workspace.cacheFolder ?? CacheStore.folder(forContent: paths.content))
        }
        do {
            try await PreviewServer(builder: builder, host: host, port: port, timings: timings).run { printError($0) }
        } catch let error as ValidationError {
            throw error
        } catch {
            printError(GuideError("cannot serve on \(host):\(port): \(error)").description)
            throw ExitCode.failure
        }
    }
}
