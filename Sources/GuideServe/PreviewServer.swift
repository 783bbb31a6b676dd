import FlyingFox
import FlyingSocks
import Foundation
import GuideModel
import GuideRender

/// `guide serve`: serves the book from memory on the loopback interface, rebuilds it
/// when content or templates change, and tells open pages to reload.
///
/// Nothing is read from disk by request path: pages come from the in-memory `Site`,
/// assets from the list the build made, so no request can reach another file. Clients reach
/// FlyingFox only through `RequestGate`, which bounds what they may send and how slowly.
public struct PreviewServer: Sendable {
    public var builder: SiteBuilder
    public var host: String
    public var port: UInt16
    /// How often the watched folders are scanned.
    public var pollInterval: Duration
    /// Log how long each stage of every rebuild took.
    public var timings: Bool
    /// What a client may send before it is refused.
    public var limits: RequestLimits

    public init(builder: SiteBuilder, host: String = "127.0.0.1", port: UInt16 = 3000,
                pollInterval: Duration = .milliseconds(300), timings: Bool = false,
                limits: RequestLimits = RequestLimits()) {
        self.timings = timings
        self.limits = limits
        self.builder = builder
        self.host = host
        self.port = port
        self.pollInterval = pollInterval
    }

    public func run(log: @escaping @Sendable (String) -> Void) async throws {
        let state = PreviewState()
        await state.rebuild(with: builder, timings: timings, log: log)
        // FlyingFox listens where no browser can reach it; clients reach it through the gate.
        let upstream = sockaddr_un.privateAddress()
        let server = HTTPServer(address: upstream, logger: EscapingLogger(), handler: PreviewHandler(state: state))
        let pool = HTTPServer.defaultPool()
        try await pool.prepare()
        let watcher = FolderWatcher(folders: [builder.content, builder.templates])
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            group.addTask { try await pool.run() }
            group.addTask {
                try await server.waitUntilListening()
                let gate = try RequestGate(host: host, port: port, upstream: upstream, pool: pool, limits: limits)
                log("serving on http://\(host):\(gate.port ?? port)/ (Ctrl-C to stop)")   // --port 0: the one picked
                try await gate.run()
            }
            group.addTask {
                try await server.waitUntilListening()
                var stamp = watcher.stamp()
                while !Task.isCancelled {
                    try await Task.sleep(for: pollInterval)
                    let now = watcher.stamp()
                    if now != stamp {
                        stamp = now
                        await state.rebuild(with: builder, timings: timings, log: log)
                    }
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }
}

/// The current build (or the last good one and the error of a failed rebuild).
actor PreviewState {
    private(set) var rendered: SiteBuilder.Rendered?
    private(set) var error: String?
    /// Bumped on every rebuild; pages poll it to know when to reload.
    private(set) var version = 0

    func rebuild(with builder: SiteBuilder, timings: Bool = false, log: @Sendable (String) -> Void) {
        let started = ContinuousClock.now
        do {
            let result = try builder.render()
            rendered = result
            error = nil
            for diagnostic in result.diagnostics { log(diagnostic.description) }
            let seconds = (ContinuousClock.now - started) / .seconds(1)
            if timings {
                for (stage, seconds) in result.timings { log(String(format: "%8.3f s  %@", seconds, stage)) }
            }
            log("built \(result.fileCount) files in \(String(format: "%.2f", seconds)) s")
        } catch let failure as GuideError {
            error = failure.description
        } catch let failures as GuideErrors {
            error = failures.diagnostics.map(\.description).joined(separator: "\n")
        } catch {
            self.error = "\(error)"
        }
        if let error { log(error) }
        version += 1
    }
}
