/// The names a request's `Host` header may give `guide serve`: the address it listens on, and
/// the loopback names a browser reaches it by (`localhost`, `127.0.0.1`, `[::1]`), each with the
/// port it listens on (or without one, when that is 80).
///
/// Any other name is refused before FlyingFox sees the request (421): a web page can have its own
/// name resolve to 127.0.0.1 (DNS rebinding), and the browser would then let it read the preview
/// as its own site; it still sends the page's name as the Host, which is how it is told apart.
struct ServedHost: Sendable, Equatable {
    /// The address listened on, as a Host writes it (an IPv6 one in brackets).
    let address: String
    let port: UInt16

    init(listeningOn host: String, port: UInt16) {
        address = host.contains(":") ? "[\(host.lowercased())]" : host.lowercased()
        self.port = port
    }

    /// Lower-case names, without a port.
    var names: Set<String> { ["localhost", "127.0.0.1", "[::1]", address] }

    /// True when `value`, a Host header's value, is one of `names` and the port.
    func accepts(_ value: String) -> Bool {
        let text = value.lowercased()
        // The port follows the last colon, unless that colon is inside an IPv6 address's brackets.
        let colon = text.lastIndex(of: ":").flatMap { text[$0...].contains("]") ? nil : $0 }
        let name = colon.map { String(text[..<$0]) } ?? text
        // Listening on every address, it is reached by any of the machine's: an address cannot be
        // rebound, only a name can.
        guard names.contains(name) || address == "0.0.0.0" && Self.isIPv4(name) else { return false }
        guard let colon else { return port == 80 }
        let digits = text[text.index(after: colon)...]
        return !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) } && UInt16(digits) == port
    }

    private static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { $0.count <= 3 && $0.allSatisfy { ("0"..."9").contains($0) } && UInt8($0) != nil }
    }

    /// How a refusal names what is served.
    var described: String {
        address == "localhost" ? "localhost:\(port)" : "\(address):\(port) or localhost:\(port)"
    }
}
