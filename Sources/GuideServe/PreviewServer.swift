import FlyingFox
import FlyingSocks
import Foundation
import Synchronization
import GuideFiles
import GuideModel
import GuidePipeline
import GuideRender

/// `guide serve`: serves the book from memory on the loopback interface, rebuilds it
/// when content or templates change, and tells open pages to reload.
///
/// Nothing is read from disk to answer a request: pages come from the in-memory `Site`, assets
/// from the bytes read as the build was made (`SnapshotAssets`), so no request can reach another
/// file, nor a file the book's folders hold since. Clients reach FlyingFox only through
/// `RequestGate`, which bounds what they may send and how slowly, and for which Host.
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
        let state = PreviewState(content: builder.content)
        await state.rebuild(with: builder, timings: timings, log: log)
        // FlyingFox listens where no browser can reach it; clients reach it through the gate.
        let upstream = sockaddr_un.privateAddress()
        let server = HTTPServer(address: upstream, logger: EscapingLogger(), handler: PreviewHandler(state: state))
        let pool = HTTPServer.defaultPool()
        try await pool.prepare()
        // The templates folder when the book has one (the built-in theme does not change).
        let folders = [builder.content] + (builder.templates.map { [$0] } ?? [])
        // guide's own folders inside them are not (a templates folder the content folder holds is watched as itself).
        let watcher = FolderWatcher(folders: folders, skipping: folders.reduce(into: Set()) { skipped, folder in
            skipped.formUnion(builder.workspace.ownFolders(inside: folder))
        })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            group.addTask { try await pool.run() }
            group.addTask {
                try await server.waitUntilListening()
                let gate = try RequestGate(host: host, port: port, upstream: upstream, pool: pool, limits: limits)
                log("serving on http://\(host):\(gate.port)/ (Ctrl-C to stop)")   // --port 0: the one picked
                try await gate.run()
            }
            group.addTask {
                try await server.waitUntilListening()
                var stamp = watcher.stamp()
                for await _ in Self.wakeUps(folders: watcher.folders, pollInterval: pollInterval) {
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

extension PreviewServer {
    /// When to scan the watched folders: as soon as inotify reports something (`ChangeSignal`),
    /// and every few seconds besides in case an event was missed; every `pollInterval` where
    /// there is no inotify. One wake-up is kept while a rebuild runs: the scan after it sees
    /// whatever changed meanwhile.
    static func wakeUps(folders: [String], pollInterval: Duration) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let interval = Double(pollInterval.components.seconds) + Double(pollInterval.components.attoseconds) / 1e18
        guard let signal = ChangeSignal(folders: folders) else {
            let task = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: pollInterval)
                    continuation.yield()
                }
            }
            continuation.onTermination = { _ in task.cancel() }
            return stream
        }
        let stopped = StopFlag()
        continuation.onTermination = { _ in stopped.value.store(true, ordering: .relaxed) }
        // A thread of its own: waiting on the descriptor would hold one of the few threads that
        // serve requests.
        let thread = Thread {
            while !stopped.value.load(ordering: .relaxed) {
                _ = signal.wait(seconds: max(interval, Self.missedEventInterval))
                continuation.yield()
            }
        }
        thread.start()
        return stream
    }

    /// How often the folders are scanned although inotify reported nothing.
    static let missedEventInterval = 3.0

    private final class StopFlag: Sendable {
        let value = Atomic<Bool>(false)
    }
}

/// What every request is answered from: one rebuild's outcome, whole. A request reads the
/// snapshot once, so it never mixes the pages of one rebuild with the error or version of another.
struct PreviewSnapshot: Sendable {
    /// The last good build.
    var rendered: SiteBuilder.Rendered?
    /// Its assets' bytes, read as it was made.
    var assets = SnapshotAssets()
    /// Why the last rebuild failed, when it did (the pages are then the last good build's).
    var error: String?
    /// Bumped on every rebuild; pages poll it to know when to reload.
    var version = 0
}

/// The snapshot requests are answered from. A rebuild runs outside the actor, on a thread of its
/// own (`rebuild`), and only its finished outcome is published here: requests never wait for a
/// rebuild, and while one runs they get the previous snapshot.
actor PreviewState {
    private(set) var snapshot = PreviewSnapshot()
    /// Where the builds' assets must be (`SnapshotAssets`).
    let content: ConfinedFolder

    init(content: String) {
        self.content = ConfinedFolder(content, role: "the content folder")
    }

    /// Renders with `render` off the actor (requests go on being answered meanwhile) and reads
    /// its assets, then publishes the outcome as the next snapshot, logging what the build reported.
    nonisolated func rebuild(timings: Bool = false, log: @escaping @Sendable (String) -> Void,
                             render: @escaping @Sendable () throws -> SiteBuilder.Rendered) async {
        let started = ContinuousClock.now
        let (previous, content) = (await snapshot.assets, content)
        // A thread outside Swift's cooperative pool: a rebuild of a large book takes seconds.
        let outcome = await withCheckedContinuation { done in
            DispatchQueue.global().async {
                done.resume(returning: Result {
                    let rendered = try render()
                    return (rendered, try SnapshotAssets.read(rendered.assets, inside: content, keeping: previous))
                })
            }
        }
        switch outcome {
        case .success(let (result, _)):
            for diagnostic in result.diagnostics { log(diagnostic.description) }
            if timings {
                for (stage, seconds) in result.timings { log(String(format: "%8.3f s  %@", seconds, stage)) }
            }
            let seconds = (ContinuousClock.now - started) / .seconds(1)
            log("built \(result.fileCount) files in \(String(format: "%.2f", seconds)) s")
        case .failure(let error):
            log(Self.describe(error))
        }
        await publish(outcome)
    }

    func rebuild(with builder: SiteBuilder, timings: Bool = false, log: @escaping @Sendable (String) -> Void) async {
        await rebuild(timings: timings, log: log) { try builder.render() }
    }

    private func publish(_ outcome: Result<(SiteBuilder.Rendered, SnapshotAssets), any Error>) {
        var next = snapshot
        switch outcome {
        case .success(let (rendered, assets)): (next.rendered, next.assets, next.error) = (rendered, assets, nil)
        case .failure(let error): next.error = Self.describe(error)
        }
        next.version += 1
        snapshot = next
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case let failure as GuideError: return failure.description
        case let failures as GuideErrors: return failures.diagnostics.map(\.description).joined(separator: "\n")
        default: return "\(error)"
        }
    }
}
