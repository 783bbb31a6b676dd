import GuideModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The clients' connections the gate holds, and which of them gives up its place when a new
/// client needs one.
///
/// The gate serves `RequestLimits.connections` at once. Every client is accepted at once (a
/// client left waiting in the listening queue could be kept out by connections that send
/// nothing), and at capacity the quietest connection is closed to make room: first one that
/// owes a request head (it sent nothing yet, or stopped within a head), then one quiet between
/// requests; quietest is the longest without a byte from its client or of a response to it, so
/// a response still going out is the last to be cut.
final class OpenConnections: Sendable {
    private struct Connection {
        let socket: Int32
        var owesHead = true
        var quietSince = ContinuousClock.now
    }

    private let connections = Locked<(next: Int, open: [Int: Connection])>((0, [:]))

    /// Adds a client's socket; the number `heard`, `answered` and `remove` then know it by.
    func add(_ socket: Int32) -> Int {
        connections.withLock { state in
            state.next += 1
            state.open[state.next] = Connection(socket: socket)
            return state.next
        }
    }

    /// The client sent bytes; `owesHead`: it has not finished a request head since it connected
    /// or since its last one.
    func heard(_ id: Int, owesHead: Bool) {
        connections.withLock { state in
            state.open[id]?.owesHead = owesHead
            state.open[id]?.quietSince = .now
        }
    }

    /// Bytes of a response went out to the client.
    func answered(_ id: Int) {
        connections.withLock { $0.open[id]?.quietSince = .now }
    }

    /// Forgets the connection; before its socket is closed, so that `closeQuietest` never shuts
    /// a descriptor number the system has given to another file since.
    func remove(_ id: Int) {
        _ = connections.withLock { $0.open.removeValue(forKey: id) }
    }

    /// Shuts the quietest connection down (its reads and writes end, and its task closes it and
    /// frees its place); false when there is none.
    @discardableResult
    func closeQuietest() -> Bool {
        connections.withLock { state in
            let quietest = state.open.min { left, right in
                left.value.owesHead != right.value.owesHead ? left.value.owesHead
                    : left.value.quietSince < right.value.quietSince
            }
            guard let (id, connection) = quietest else { return false }
            state.open[id] = nil
            _ = shutdown(connection.socket, Int32(SHUT_RDWR))
            return true
        }
    }
}
