import ArgumentParser
import Foundation
import GuideModel
import GuidePipeline

/// Folders every command that reads the book shares.
public struct PathOptions: ParsableArguments {
    @Option(help: "The content folder (guide.yml, en/, zh/).") public var content = Workspace.defaultContent
    @Option(help: "The templates folder: its files replace the built-in theme's of the same name (default: templates/ when it exists, else the built-in theme alone).")
    public var templates: String?
    @Option(name: [.customShort("o"), .long], help: "The output folder.") public var output = "site"

    public init() {}

    /// The folders as the pipeline takes them, with the cache beside the content.
    /// An explicit --templates must exist (TemplateSet says so); templates/ is used only when it does.
    public var workspace: Workspace {
        Workspace(content: content, templates: templates ?? Workspace.localTemplates, output: output)
    }
}

/// Runs a command with the one printer of diagnostics (`DiagnosticPrinter`) and exits 1 when it
/// printed an error, thrown (`GuideError`) or not: the exit code follows from the severities.
public func reportingErrors(_ body: (inout DiagnosticPrinter) throws -> Void) throws {
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

/// What `guide serve` takes: `guide` parses it (its help, its errors) and `guide-serve` runs it.
public struct ServeOptions: ParsableArguments {
    public static let abstract = "Preview the site: build it, serve it on 127.0.0.1, rebuild and reload on change."
    public static let discussion = """
        The site is served from memory (site/ is not touched). content/ and templates/ (when \
        there is one) are watched; a change rebuilds the site and open pages reload. A failed rebuild keeps the \
        last good build and shows the error at the bottom of every page. Unknown paths get \
        the 404 page.
        """

    @OptionGroup public var paths: PathOptions
    @Option(help: "The port to listen on.") public var port: UInt16 = 3000
    @Option(help: "The address to listen on. Only loopback unless you ask for another.") public var host = "127.0.0.1"
    @Flag(name: .customLong("no-check"), help: "Do not compile the snippets (no verdicts under code blocks).")
    public var noCheck = false
    @Flag(help: "Print how long each stage of every rebuild took.") public var timings = false

    public init() {}
}

/// ArgumentParser's own `main`, but a failure's message goes through `printError`: an error
/// no command caught may quote the book (a file name in a path) as it is. Returns the status
/// the executable exits with (the process ends in the executables, never here).
public func runCommand<Command: AsyncParsableCommand>(_ command: Command.Type) async -> Int32 {
    do {
        var parsed = try await Command.asyncParseAsRoot(nil)
        if var asyncCommand = parsed as? AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            try parsed.run()
        }
        return 0
    } catch {
        let code = Command.exitCode(for: error)
        let message = Command.fullMessage(for: error)
        // --help and the like: on standard output, as ArgumentParser prints them.
        if code == .success {
            if !message.isEmpty { print(message) }
        } else if !message.isEmpty {
            printError(message)
        }
        return code.rawValue
    }
}
