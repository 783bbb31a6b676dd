import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking TCP client of 127.0.0.1 (and nothing else), for tests that send what curl would
/// not: over-long or trickled requests. Every call gives up after `timeout` seconds.
final class LoopbackClient: @unchecked Sendable {
    private let file: Int32

    init(port: UInt16, timeout: Double = 10) throws {
        #if os(Linux)
        file = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        file = socket(AF_INET, SOCK_STREAM, 0)
        var on: Int32 = 1
        setsockopt(file, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        guard file >= 0 else { throw POSIXError(.EMFILE) }
        var limit = timeval()
        limit.tv_sec = .init(timeout)
        limit.tv_usec = .init((timeout - timeout.rounded(.down)) * 1_000_000)
        setsockopt(file, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(file, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(file, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(file); throw POSIXError(.ECONNREFUSED) }
    }

    deinit { close(file) }

    /// Sends all of `bytes`; false once the server has closed or stopped reading.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            #if os(Linux)
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(file, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            #else
            let count = bytes[sent...].withUnsafeBytes { Darwin.send(file, $0.baseAddress, $0.count, 0) }
            #endif
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// What the server sends until it closes the connection (or the timeout passes).
    func receiveAll() -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(file, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}

/// Runs blocking work on a thread of its own, so it cannot starve the tests' cooperative pool.
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

/// CPU time (user + system) a process has used so far, from /proc; nil where there is none.
func cpuSeconds(of pid: Int32) -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let end = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}
