import Foundation

/// Splits what a client sends into request heads, refusing the first head that breaks the limits
/// or names another Host than the one served (`ServedHost`).
///
/// Lines end at "\n" (an "\r" before it is dropped) and a head ends at its first empty line, as
/// FlyingFox reads them, so both agree on where every head starts. Requests with a body are
/// refused (the preview only answers GET and HEAD), which keeps every byte a client sends inside
/// some head. Linear in the bytes fed, and never holds more than one unfinished head.
///
/// FlyingFox is handed only the request line and the headers it or the preview reads
/// (`passedHeaders`): it reads every line in time quadratic in the line's length, so each
/// header it never needs would cost it time for nothing (seven 8 KiB lines: 8 s in a debug build).
struct RequestHeadScanner {
    /// Lower-case names of the headers passed on. Add one here before the preview reads it.
    static let passedHeaders: Set<String> = ["connection"]

    let limits: RequestLimits
    let served: ServedHost
    private var line: [UInt8] = []
    private var passed: [UInt8] = []
    private var headLength = 0
    /// Of the head under way: whether its version needs a Host (HTTP/1.1 does, 1.0 does not),
    /// how many Host headers it has, and whether the last of them names the server.
    private var needsHost = true
    private var hosts = 0
    private var hostServed = false

    init(limits: RequestLimits, served: ServedHost) {
        self.limits = limits
        self.served = served
    }

    /// True while part of a head has arrived but not its end.
    var isMidHead: Bool { headLength > 0 }

    struct Scan: Equatable {
        /// The heads completed by the bytes fed, as passed on: lines ending "\r\n", then an empty one.
        var heads: [[UInt8]] = []
        /// Why the head after them was refused; nothing more is read from the client then.
        var rejection: RequestRejection?
    }

    mutating func scan(_ bytes: some Sequence<UInt8>) -> Scan {
        var scan = Scan()
        for byte in bytes {
            headLength += 1
            if byte == UInt8(ascii: "\n") {
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                if passed.isEmpty {
                    scan.rejection = Self.checkRequestLine(line)
                    passed = line + [13, 10]
                    // Only an HTTP/1.0 request may leave its Host out (no browser sends one without).
                    (needsHost, hosts, hostServed) = (!line.reversed().starts(with: " HTTP/1.0".utf8.reversed()), 0, false)
                } else if line.isEmpty {
                    scan.rejection = checkHost()
                    if scan.rejection == nil { scan.heads.append(passed + [13, 10]) }
                    passed.removeAll(keepingCapacity: true)
                    headLength = 0
                } else {
                    let (name, value) = Self.header(line)
                    scan.rejection = Self.checkHeader(name: name, value: value)
                    if name == "host" {
                        hosts += 1
                        hostServed = served.accepts(value)
                    }
                    if Self.passedHeaders.contains(name) {
                        if line.count > limits.requestLine {
                            scan.rejection = .headerTooLarge("the \(name) header is longer than \(limits.requestLine) bytes")
                        }
                        passed += line + [13, 10]
                    }
                }
                line.removeAll(keepingCapacity: true)
            } else {
                line.append(byte)
                scan.rejection = checkLengths()
            }
            if scan.rejection != nil { return scan }
        }
        return scan
    }

    private func checkLengths() -> RequestRejection? {
        // A line's length leaves out its ending, and an "\r" may be the start of one.
        let lineLength = line.count - (line.last == UInt8(ascii: "\r") ? 1 : 0)
        if passed.isEmpty {
            if lineLength > limits.requestLine { return .uriTooLong(limit: limits.requestLine) }
        } else if lineLength > limits.headerLine {
            return .headerTooLarge("a header line is longer than \(limits.headerLine) bytes")
        }
        if headLength > limits.head {
            return .headerTooLarge("the request head is longer than \(limits.head) bytes")
        }
        return nil
    }

    /// At the end of a head: one Host header, naming the server (HTTP/1.0: none, or that one).
    private func checkHost() -> RequestRejection? {
        if hosts > 1 { return .badRequest("the request has more than one Host header") }
        if hosts == 0 && !needsHost || hostServed { return nil }
        return .misdirected("this server answers only requests for \(served.described)")
    }

    private static func checkRequestLine(_ line: [UInt8]) -> RequestRejection? {
        // No request line has them, and FlyingFox's log would print them to the terminal.
        if line.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return .badRequest("the request line has control characters") }
        guard let text = String(bytes: line, encoding: .utf8) else { return .badRequest("the request line is not UTF-8") }
        let parts = text.split(separator: " ")
        guard parts.count == 3, parts[2].hasPrefix("HTTP/") else {
            return .badRequest("the request line is not \"METHOD target HTTP/version\"")
        }
        return nil
    }

    /// A header line's lower-case name and trimmed value; a line without a colon has neither
    /// (FlyingFox skips such lines).
    private static func header(_ line: [UInt8]) -> (name: String, value: String) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return ("", "") }
        return (String(decoding: line[..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased(),
                String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces))
    }

    private static func checkHeader(name: String, value: String) -> RequestRejection? {
        switch name {
        case "content-length" where value == "0": return nil
        case "content-length", "transfer-encoding": return .bodyRefused
        default: return nil
        }
    }
}
