import FlyingFox
import FlyingSocks
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The front of `guide serve`: takes the clients' connections, lets through only whole request
/// heads within `limits` that name the server as their Host (`ServedHost`), and relays them to
/// FlyingFox listening on a private socket. At capacity, a new client takes the place of the
/// quietest connection (`OpenConnections`).
///
/// FlyingFox (0.27.1) has no limit on a request's size and no timeout while one arrives, and
/// reads each line in time quadratic in its length: one 1 MB request line kept a core busy
/// for minutes. It has no setting for either, so the bytes it reads are bounded here instead.
struct RequestGate: Sendable {
    let listener: AsyncSocket
    let upstream: sockaddr_un
    let pool: any AsyncSocketPool
    let limits: RequestLimits
    /// The Host names requests must give.
    let served: ServedHost

    /// Binds `host:port` (port 0: one the system picks) without accepting yet.
    init(host: String, port: UInt16, upstream: sockaddr_un, pool: some AsyncSocketPool, limits: RequestLimits) throws {
        let socket = try Socket(domain: AF_INET)
        try socket.setValue(true, for: .localAddressReuse)
        try socket.bind(to: sockaddr_in.inet(ip4: host, port: port))
        try socket.listen()
        listener = try AsyncSocket(socket: socket, pool: pool)
        self.upstream = upstream
        self.pool = pool
        self.limits = limits
        guard case .ip4(_, let bound) = try socket.sockname() else { throw SocketError.makeFailed("SockName") }
        served = ServedHost(listeningOn: host, port: bound)
    }

    var port: UInt16 { served.port }

    func run() async throws {
        let slots = Slots(limits.connections)
        let open = OpenConnections()
        try await withThrowingDiscardingTaskGroup { group in
            while !Task.isCancelled {
                let client: AsyncSocket
                do {
                    client = try await listener.accept()
                } catch SocketError.disconnected {
                    return
                } catch {
                    // Out of file descriptors, or a client gone before it was accepted: not the
                    // server's end. Pause so a persistent error cannot spin.
                    try await Task.sleep(for: .milliseconds(50))
                    continue
                }
                // Every place taken: the quietest connection makes room, at once. Waiting for one
                // to close on its own let clients that send nothing keep everyone else out.
                if await !slots.acquireIfFree() {
                    open.closeQuietest()
                    await slots.acquire()
                }
                let id = open.add(client.socket.file.rawValue)
                group.addTask {
                    await serve(client, as: id, among: open)
                    await slots.release()
                }
            }
        }
    }

    private enum Ended: Sendable {
        case responses
        case requests(RequestRejection?)
    }

    /// One client: its requests go up, FlyingFox's responses come back, until either side ends
    /// (or `open` closes it to make room).
    private func serve(_ client: AsyncSocket, as id: Int, among open: OpenConnections) async {
        defer {
            open.remove(id)
            try? client.close()
        }
        guard let server = try? await AsyncSocket.connected(to: upstream, pool: pool) else { return }
        defer { try? server.close() }
        var rejection: RequestRejection?
        await withTaskGroup(of: Ended.self) { group in
            group.addTask { await relayResponses(from: server, to: client, as: id, among: open); return .responses }
            group.addTask { .requests(await forwardHeads(from: client, to: server, as: id, among: open)) }
            for await ended in group {
                switch ended {
                case .responses:
                    group.cancelAll()   // FlyingFox closed the connection: nothing more can be answered
                case .requests(let refused):
                    rejection = refused
                    // FlyingFox answers what it was given, reads the end, and closes its side.
                    _ = shutdown(server.socket.file.rawValue, Int32(SHUT_WR))
                }
            }
        }
        if let rejection {
            _ = try? await withDeadline(.now + limits.idleTime) { try await client.write(rejection.response) }
            await linger(client)
        }
    }

    /// Reads and drops what the client is still sending, for a moment, before the connection
    /// closes: closing with unread bytes resets it, and a reset can destroy the refusal unread.
    /// Two seconds and 2 MiB at most, so a client streaming on cannot keep the server reading.
    private func linger(_ client: AsyncSocket) async {
        _ = shutdown(client.socket.file.rawValue, Int32(SHUT_WR))
        _ = try? await withDeadline(.now + .seconds(2)) { () async throws -> Void in
            var dropped = 0
            while dropped < 2 << 20 { dropped += try await client.read(atMost: 4096).count }
        }
    }

    /// Passes whole heads on as they complete; returns why it stopped if a head was refused.
    private func forwardHeads(from client: AsyncSocket, to server: AsyncSocket, as id: Int,
                              among open: OpenConnections) async -> RequestRejection? {
        var scanner = RequestHeadScanner(limits: limits, served: served)
        var headStarted = ContinuousClock.now
        var passedAny = false
        do {
            while true {
                let deadline = scanner.isMidHead ? headStarted + limits.headTime : .now + limits.idleTime
                let bytes: [UInt8]
                do {
                    bytes = try await withDeadline(deadline) { try await client.read(atMost: 4096) }
                } catch is DeadlinePassed {
                    return scanner.isMidHead ? .timedOut : nil
                }
                if !scanner.isMidHead { headStarted = .now }
                let scan = scanner.scan(bytes)
                passedAny = passedAny || !scan.heads.isEmpty
                open.heard(id, owesHead: scanner.isMidHead || !passedAny)
                for head in scan.heads { try await server.write(Data(head)) }
                if let rejection = scan.rejection { return rejection }
                if !scan.heads.isEmpty, scanner.isMidHead { headStarted = .now }
            }
        } catch {
            return nil   // the client left, or FlyingFox did
        }
    }

    private func relayResponses(from server: AsyncSocket, to client: AsyncSocket, as id: Int,
                                among open: OpenConnections) async {
        do {
            while true {
                let bytes = try await server.read(atMost: 4096)
                try await withDeadline(.now + limits.idleTime) { try await client.write(Data(bytes)) }
                open.answered(id)
            }
        } catch {
            return
        }
    }
}
