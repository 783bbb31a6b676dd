/// How much a client may send, and how slowly, before `guide serve` refuses it.
///
/// FlyingFox reads each request line and header line in time quadratic in its length, and
/// never times out a request that is still arriving; these bounds are what keeps one client
/// from costing the server more than a few milliseconds, or a connection, for long.
public struct RequestLimits: Sendable, Equatable {
    /// The longest request line ("GET /path HTTP/1.1"); longer ones are answered 414. Also the
    /// longest header line passed on to FlyingFox, whose cost grows with the square of these
    /// lengths (4 KiB: about 10 ms in a release build, 0.3 s in a debug one; the book's own
    /// paths are under 200 bytes).
    public var requestLine = 4 * 1024
    /// The longest header line (the ones FlyingFox never sees); longer ones are answered 431.
    public var headerLine = 8 * 1024
    /// The most bytes of a whole head (request line and headers); more is answered 431.
    public var head = 64 * 1024
    /// How long a head may take to arrive from its first byte; a slower one is answered 408.
    public var headTime: Duration = .seconds(5)
    /// How long a connection may wait for its next request, or for its client to take a response.
    public var idleTime: Duration = .seconds(15)
    /// Connections served at once; at capacity a new one takes the place of the quietest
    /// (`OpenConnections`).
    public var connections = 128

    public init() {}
}
