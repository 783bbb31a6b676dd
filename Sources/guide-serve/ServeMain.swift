import ArgumentParser
import Foundation
import GuideCommandLine
import GuideFiles
import GuideModel
import GuidePipeline
import GuideRender
import GuideWrite
import GuideServe

/// The preview server (`guide serve`, which `execv`s this): the site built into memory,
/// served, rebuilt on change.
@main
struct ServeMain: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guide serve", abstract: ServeOptions.abstract, discussion: ServeOptions.discussion)

    @OptionGroup var options: ServeOptions

    static func main() async {
        Foundation.exit(await runCommand(Self.self))
    }

    func run() async throws {
        let paths = options.paths
        var builder = SiteBuilder(workspace: paths.workspace, checkSnippets: !options.noCheck)
        // Parsed chapters, reviews and pages stay in memory: a rebuild redoes only what changed.
        builder.memory = CacheMemory()
        // Serve is the maintainers' preview: the snippet verdicts are there, behind a toggle (`LiveReload`).
        builder.forMaintainers = true
        try reportingErrors { _ in
            try OutputGuard.checkWatched([paths.content] + (builder.templates.map { [$0] } ?? []),
                                         cache: paths.workspace.cacheFolder ?? CacheStore.folder(forContent: paths.content))
        }
        do {
            try await PreviewServer(builder: builder, host: options.host, port: options.port, timings: options.timings)
                .run { printError($0) }
        } catch let error as ValidationError {
            throw error
        } catch {
            printError(GuideError("cannot serve on \(options.host):\(options.port): \(error)").description)
            throw ExitCode.failure
        }
    }
}
