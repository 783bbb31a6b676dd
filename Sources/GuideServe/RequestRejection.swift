import Foundation

/// A request refused before it reaches the server: the status it is answered with and why.
/// The answer closes the connection, since what follows the refused head cannot be framed.
struct RequestRejection: Equatable, Sendable {
    let status: Int
    let phrase: String
    let reason: String

    static func badRequest(_ reason: String) -> Self { Self(status: 400, phrase: "Bad Request", reason: reason) }
    static let timedOut = Self(status: 408, phrase: "Request Timeout", reason: "the request took too long to arrive")
    static let bodyRefused = Self(status: 413, phrase: "Content Too Large",
                                  reason: "the preview server answers GET and HEAD and takes no request body")
    static func misdirected(_ reason: String) -> Self { Self(status: 421, phrase: "Misdirected Request", reason: reason) }
    static func uriTooLong(limit: Int) -> Self {
        Self(status: 414, phrase: "URI Too Long", reason: "the request line is longer than \(limit) bytes")
    }
    static func headerTooLarge(_ reason: String) -> Self {
        Self(status: 431, phrase: "Request Header Fields Too Large", reason: reason)
    }

    /// The whole HTTP/1.1 response.
    var response: Data {
        let body = reason + "\n"
        return Data(("HTTP/1.1 \(status) \(phrase)\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body).utf8)
    }
}
