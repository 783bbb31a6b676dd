import ArgumentParser
import Foundation
import GuideCommandLine
import GuideModel

/// `guide serve`, parsed here (its help and its errors are guide's) and run by `guide-serve`,
/// the executable beside guide that this process becomes (`execv`: the same process, its pid
/// and its terminal), so that every other command starts without FoundationNetworking (libcurl).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: ServeOptions.abstract, discussion: ServeOptions.discussion)

    @OptionGroup var options: ServeOptions

    func run() throws {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let server = PathText.parent(own) + "/guide-serve"
        // What followed `serve` on the command line, as it was (parsed above, so known good).
        let arguments = ["guide-serve"] + CommandLine.arguments.dropFirst().drop { $0 != "serve" }.dropFirst()
        let argv = arguments.map { strdup($0) } + [nil]
        execv(server, argv)
        printError(GuideError("cannot start \(server) (\(String(cString: strerror(errno)))): guide serve runs it; "
                              + "build it beside guide with `swift build -c release`").description)
        throw ExitCode.failure
    }
}
