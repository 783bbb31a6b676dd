import ArgumentParser
import Foundation
import GuideModel
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

    func run() throws {
        try reportingErrors {
            let book = try ContentLoader(root: paths.content).load()
            let site = try SiteRenderer(templatesFolder: paths.templates).render(book)
            try OutputGuard.check(output: paths.output, keeping: [paths.content, paths.templates])
            try SiteWriter(output: paths.output).write(site, assets: SiteAssets.copies(for: book, contentRoot: paths.content))
            print("built \(site.files.count) pages and files into \(paths.output)/")
        }
    }
}

/// Folders every command that reads the book shares.
struct PathOptions: ParsableArguments {
    @Option(help: "The content folder (guide.yml, en/, zh/).") var content = "content"
    @Option(help: "The templates folder (*.mustache, *.css).") var templates = "templates"
    @Option(name: [.customShort("o"), .long], help: "The output folder.") var output = "site"
}

/// Prints a user's error as `file:line: error: message` and exits non-zero.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as GuideError {
        FileHandle.standardError.write(Data((error.description + "\n").utf8))
        throw ExitCode.failure
    }
}
