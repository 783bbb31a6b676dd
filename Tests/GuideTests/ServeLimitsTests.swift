import Foundation
@testable import GuideServe
import Testing

/// The request heads `guide serve` lets through to FlyingFox, and the ones it refuses.
@Suite struct RequestHeadScannerTests {
    private let served = ServedHost(listeningOn: "127.0.0.1", port: 3000)

    private func small() -> RequestLimits {
        var limits = RequestLimits()
        limits.requestLine = 20
        limits.headerLine = 16
        limits.head = 64
        return limits
    }

    @Test func framesPipelinedHeadsHoweverTheBytesArrive() {
        let text = "GET /a HTTP/1.1\r\nHost: localhost:3000\r\n\r\nGET /b HTTP/1.1\nHost: 127.0.0.1:3000\n\nHEAD /c HTTP/1.0\r\n\r\nGET /d"
        var whole = RequestHeadScanner(limits: RequestLimits(), served: served)
        let all = whole.scan(Array(text.utf8))
        #expect(all.heads.map { String(decoding: $0, as: UTF8.self) }
            == ["GET /a HTTP/1.1\r\n\r\n", "GET /b HTTP/1.1\r\n\r\n", "HEAD /c HTTP/1.0\r\n\r\n"])
        #expect(all.rejection == nil)
        #expect(whole.isMidHead)   // "GET /d" waits for the rest

        var bytewise = RequestHeadScanner(limits: RequestLimits(), served: served)
        let heads = text.utf8.flatMap { bytewise.scan([$0]).heads }
        #expect(heads == all.heads)
    }

    /// FlyingFox is handed the request line and Connection: what it and the preview read.
    @Test func passesOnlyTheHeadersThatAreRead() {
        var scanner = RequestHeadScanner(limits: RequestLimits(), served: served)
        let head = "GET /a?q=1 HTTP/1.1\r\nHost: localhost:3000\r\nCookie: \(String(repeating: "c", count: 4000))\r\n"
            + "Connection : close\r\nno colon\r\n\r\n"
        #expect(scanner.scan(Array(head.utf8)).heads.map { String(decoding: $0, as: UTF8.self) }
            == ["GET /a?q=1 HTTP/1.1\r\nConnection : close\r\n\r\n"])
    }

    @Test func refusesLinesAndHeadsOverTheLimits() {
        var scanner = RequestHeadScanner(limits: small(), served: served)
        // 20 bytes of request line and 16 of header line are within the limits; one more is not.
        let atLimits = scanner.scan(Array("GET /012345 HTTP/1.0\r\nX: 0123456789012\r\n\r\n".utf8))
        #expect(atLimits.rejection == nil && atLimits.heads.count == 1)
        scanner = RequestHeadScanner(limits: small(), served: served)
        #expect(scanner.scan(Array("GET /0123456 HTTP/1.1\r\n".utf8)).rejection?.status == 414)
        scanner = RequestHeadScanner(limits: small(), served: served)
        #expect(scanner.scan(Array("GET / HTTP/1.1\r\nX: 01234567890123\r\n".utf8)).rejection?.status == 431)
        scanner = RequestHeadScanner(limits: small(), served: served)
        // A header passed on to FlyingFox is held to the request line's limit; the others are not.
        var tight = small()
        tight.headerLine = 30
        scanner = RequestHeadScanner(limits: tight, served: served)
        #expect(scanner.scan(Array("GET / HTTP/1.0\r\nCookie: 0123456789012345\r\n\r\n".utf8)).rejection == nil)
        scanner = RequestHeadScanner(limits: tight, served: served)
        #expect(scanner.scan(Array("GET / HTTP/1.1\r\nConnection: close, abcdef\r\n".utf8)).rejection?.status == 431)
        scanner = RequestHeadScanner(limits: small(), served: served)
        let many = "GET / HTTP/1.1\r\n" + String(repeating: "X: 1\r\n", count: 9)
        #expect(scanner.scan(Array(many.utf8)).rejection?.status == 431)
        // Refused as soon as the limit is passed, not when the line ends.
        scanner = RequestHeadScanner(limits: small(), served: served)
        let scan = scanner.scan(Array(("GET /" + String(repeating: "a", count: 100_000)).utf8))
        #expect(scan.rejection == .uriTooLong(limit: 20))
    }

    @Test func refusesMalformedRequestLinesAndBodies() {
        for (head, status) in [("GARBAGE\r\n\r\n", 400), ("\r\n\r\n", 400), ("GET / FTP\r\n\r\n", 400), ("GET /\u{1B}]0;x\u{07} HTTP/1.1\r\n\r\n", 400),
                               ("GET /\u{FF} HTTP/1.0\r\n\r\n", nil),
                               ("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello", 413),
                               ("POST / HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\n", 413),
                               ("POST / HTTP/1.1\r\nHost: 127.0.0.1:3000\r\nContent-Length: 0\r\n\r\n", nil)] as [(String, Int?)] {
            var scanner = RequestHeadScanner(limits: RequestLimits(), served: served)
            #expect(scanner.scan(Array(head.utf8)).rejection?.status == status, "\(head.debugDescription)")
        }
        var scanner = RequestHeadScanner(limits: RequestLimits(), served: served)
        #expect(scanner.scan([0x47, 0xFF, 0x20, 0x2F, 0x20, 0x48, 0x0A]).rejection?.status == 400)   // not UTF-8
    }

    /// A head is passed on only when it names the server as its Host: once (twice is 400), with
    /// the port it listens on; HTTP/1.0 may name none.
    @Test func refusesHeadsForAnotherHost() {
        for (host, status) in [("Host: 127.0.0.1:3000", nil), ("HOST: LocalHost:3000", nil), ("Host:  [::1]:3000 ", nil),
                               ("Host: localhost:03000", nil), ("Host: rebound.example:3000", 421), ("Host: localhost", 421),
                               ("Host: localhost:", 421), ("Host: localhost:+3000", 421), ("Host: localhost:3000:3000", 421),
                               ("Host: 127.0.0.1:3000.example", 421), ("Host: [::1:3000]", 421), ("Host:", 421), ("X-Host: localhost:3000", 421),
                               ("Host: localhost:3000\r\nHost: localhost:3000", 400)] as [(String, Int?)] {
            var scanner = RequestHeadScanner(limits: RequestLimits(), served: served)
            let scan = scanner.scan(Array("GET / HTTP/1.1\r\n\(host)\r\n\r\n".utf8))
            #expect(scan.rejection?.status == status, "\(host)")
            #expect(scan.heads.count == (status == nil ? 1 : 0), "\(host)")
        }
        for (head, status) in [("GET / HTTP/1.0\r\n\r\n", nil), ("GET / HTTP/1.0\r\nHost: rebound.example\r\n\r\n", 421),
                               ("GET / HTTP/1.1\r\n\r\n", 421)] as [(String, Int?)] {
            var scanner = RequestHeadScanner(limits: RequestLimits(), served: served)
            #expect(scanner.scan(Array(head.utf8)).rejection?.status == status, "\(head.debugDescription)")
        }
        // Each head by its own Host: the first passed, the second refused.
        var scanner = RequestHeadScanner(limits: RequestLimits(), served: served)
        let scan = scanner.scan(Array("GET /a HTTP/1.1\r\nHost: localhost:3000\r\n\r\nGET /b HTTP/1.1\r\n\r\n".utf8))
        #expect(scan.heads.count == 1 && scan.rejection?.status == 421)
    }

    @Test func hostNamesByTheAddressListenedOn() {
        let web = ServedHost(listeningOn: "127.0.0.1", port: 80)
        #expect(web.accepts("localhost") && web.accepts("127.0.0.1:80") && !web.accepts("127.0.0.1:8080"))
        let other = ServedHost(listeningOn: "10.1.2.3", port: 3000)
        #expect(other.accepts("10.1.2.3:3000") && other.accepts("localhost:3000") && !other.accepts("10.1.2.4:3000"))
        // Listening on every address: any address (never a name but localhost), with the port.
        let every = ServedHost(listeningOn: "0.0.0.0", port: 3000)
        #expect(every.accepts("192.168.1.20:3000") && every.accepts("localhost:3000"))
        #expect(!every.accepts("rebound.example:3000") && !every.accepts("192.168.1.20:80") && !every.accepts("1.2.3.4.5:3000")
                && !every.accepts("1.2.3.256:3000"))
    }

    @Test func passesTheHeadsBeforeARefusedOne() {
        var scanner = RequestHeadScanner(limits: small(), served: served)
        let scan = scanner.scan(Array("GET /a HTTP/1.0\r\n\r\nGET /aaaaaaaaaaaaaaaaaaaaaaa".utf8))
        #expect(scan.heads.count == 1)
        #expect(scan.rejection?.status == 414)
    }
}

/// The real `guide serve` against clients that send too much, or too slowly.
@Suite struct ServeLimitsTests {
    private func port(_ base: String) throws -> UInt16 {
        try #require(base.split(separator: ":").last.flatMap { UInt16($0.trimmingCharacters(in: .punctuationCharacters)) })
    }

    /// Two clients send a 1 MB request line: a third is still answered at once, they get 414,
    /// and once they are gone the server is idle (FlyingFox alone spun for minutes on them).
    @Test(.timeLimit(.minutes(1))) func hugeRequestLinesCostOthersNothing() async throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let server = try RunningServer(in: folder)
        defer { server.stop() }
        let port = try port(try await server.address())
        let huge = Array(("GET /" + String(repeating: "a", count: 1 << 20) + " HTTP/1.1\r\nHost: x\r\n\r\n").utf8)

        async let first = onOwnThread { () -> String in
            guard let client = try? LoopbackClient(port: port) else { return "no connection" }
            client.send(huge)
            return client.receiveAll()
        }
        async let second = onOwnThread { () -> String in
            guard let client = try? LoopbackClient(port: port) else { return "no connection" }
            client.send(huge)
            return client.receiveAll()
        }
        try await Task.sleep(for: .milliseconds(200))
        let (answer, seconds) = await onOwnThread { () -> (String, Double) in
            let started = Date()
            guard let client = try? LoopbackClient(port: port) else { return ("no connection", 0) }
            client.send("GET /en/intro.html HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            return (client.receiveAll(), Date().timeIntervalSince(started))
        }
        #expect(answer.hasPrefix("HTTP/1.1 200 OK"))
        #expect(seconds < 2, "a normal request took \(seconds) s while two clients sent 1 MB request lines")
        let refusals = await [first, second]
        #expect(refusals.allSatisfy { $0.hasPrefix("HTTP/1.1 414 URI Too Long") }, "\(refusals.map { $0.prefix(40) })")

        // Idle after they left: under a quarter of a second of CPU in the next second.
        let pid = server.process.processIdentifier
        if let before = cpuSeconds(of: pid) {
            try await Task.sleep(for: .seconds(1))
            let used = try #require(cpuSeconds(of: pid)) - before
            #expect(used < 0.25, "the server used \(used) s of CPU in the second after the clients left")
        }
    }

    /// A client that trickles its request is answered 408 and cut off after `headTime` (5 s),
    /// and another client is answered meanwhile.
    @Test(.timeLimit(.minutes(1))) func slowClientIsCutOff() async throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let server = try RunningServer(in: folder)
        defer { server.stop() }
        let base = try await server.address()
        let port = try port(base)
        async let slow = onOwnThread { () -> (String, Double) in
            let started = Date()
            guard let client = try? LoopbackClient(port: port, timeout: 0.5) else { return ("no connection", 0) }
            client.send("GET / HTTP/1.1\r\n")
            var answer = ""
            for _ in 0..<40 where answer.isEmpty {   // one byte each half second, 20 s at most
                guard client.send("X") else { break }
                answer = client.receiveAll()
            }
            return (answer + client.receiveAll(), Date().timeIntervalSince(started))
        }
        try await Task.sleep(for: .milliseconds(500))
        #expect(try await fetch(base + "en/intro.html").1 == 200)
        let (answer, seconds) = await slow
        #expect(answer.hasPrefix("HTTP/1.1 408 Request Timeout"))
        #expect(seconds > 4 && seconds < 8, "cut off after \(seconds) s")
    }

    @Test(.timeLimit(.minutes(1))) func overLongHeadsGetTheirStatus() async throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let server = try RunningServer(in: folder)
        defer { server.stop() }
        let port = try port(try await server.address())
        let cases = [
            ("GET /" + String(repeating: "a", count: 5000) + " HTTP/1.1\r\n\r\n", "HTTP/1.1 414 URI Too Long"),
            ("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 9000) + "\r\n\r\n", "HTTP/1.1 431 "),
            ("GET / HTTP/1.1\r\n" + String(repeating: "X-Filler: " + String(repeating: "a", count: 1000) + "\r\n", count: 70) + "\r\n",
             "HTTP/1.1 431 "),
            ("NONSENSE\r\n\r\n", "HTTP/1.1 400 Bad Request"),
            // Pipelined: the first is answered, then the refusal, then the connection closes.
            ("GET /__guide/version HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\nGET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\n\r\n",
             "HTTP/1.1 200 OK"),
        ]
        for (request, status) in cases {
            let answer = await onOwnThread { () -> String in
                guard let client = try? LoopbackClient(port: port) else { return "no connection" }
                client.send(request)
                return client.receiveAll()
            }
            #expect(answer.hasPrefix(status), "\(request.prefix(40)) → \(answer.prefix(60))")
            #expect(answer.contains("Connection: close"))
        }
    }

    /// Only requests for the address the server listens on are answered: a page whose own name an
    /// attacker points at 127.0.0.1 (DNS rebinding) makes the browser send that name as the Host,
    /// and gets 421 with a plain-text reason, the connection closed. The names a browser uses for
    /// the server itself are answered (the live reload's polls among them); HTTP/1.0 needs no Host.
    @Test(.timeLimit(.minutes(1))) func answersOnlyForTheAddressItListensOn() async throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let server = try RunningServer(in: folder)
        defer { server.stop() }
        let port = try port(try await server.address())
        let cases: [(head: String, status: String)] = [
            ("HTTP/1.1\r\nHost: 127.0.0.1:\(port)", "HTTP/1.1 200 OK"),
            ("HTTP/1.1\r\nHost: localhost:\(port)", "HTTP/1.1 200 OK"),
            ("HTTP/1.1\r\nhost:LocalHost:\(port)", "HTTP/1.1 200 OK"),
            ("HTTP/1.1\r\nHost: [::1]:\(port)", "HTTP/1.1 200 OK"),
            ("HTTP/1.0", "HTTP/1.1 200 OK"),
            ("HTTP/1.1\r\nHost: rebound.example:\(port)", "HTTP/1.1 421 Misdirected Request"),
            ("HTTP/1.1\r\nHost: localhost.rebound.example:\(port)", "HTTP/1.1 421 Misdirected Request"),
            ("HTTP/1.1\r\nHost: 127.0.0.1", "HTTP/1.1 421 Misdirected Request"),   // port 80
            ("HTTP/1.1\r\nHost: 127.0.0.1:1\(port)", "HTTP/1.1 421 Misdirected Request"),
            ("HTTP/1.1\r\nHost: 127.0.0.1:\(port)@rebound.example", "HTTP/1.1 421 Misdirected Request"),
            ("HTTP/1.1\r\nHost: ", "HTTP/1.1 421 Misdirected Request"),
            ("HTTP/1.1", "HTTP/1.1 421 Misdirected Request"),
            ("HTTP/1.0\r\nHost: rebound.example:\(port)", "HTTP/1.1 421 Misdirected Request"),
            ("HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nHost: rebound.example", "HTTP/1.1 400 Bad Request"),
        ]
        for (head, status) in cases {
            let answer = await onOwnThread { () -> String in
                guard let client = try? LoopbackClient(port: port) else { return "no connection" }
                client.send("GET /__guide/version \(head)\r\nConnection: close\r\n\r\n")
                return client.receiveAll()
            }
            #expect(answer.hasPrefix(status), "\(head.debugDescription) → \(answer.prefix(60).debugDescription)")
            if !status.hasSuffix("200 OK") {
                #expect(answer.contains("Connection: close") && answer.contains("Content-Type: text/plain")
                        && !answer.contains("rebound"), "\(answer)")
            }
        }
        // Pipelined: the request for this server is answered, the one after it refused, and the
        // connection closes.
        let pipelined = await onOwnThread { () -> String in
            guard let client = try? LoopbackClient(port: port) else { return "no connection" }
            client.send("GET /__guide/version HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n"
                + "GET /en/intro.html HTTP/1.1\r\nHost: rebound.example:\(port)\r\n\r\n")
            return client.receiveAll()
        }
        #expect(pipelined.hasPrefix("HTTP/1.1 200 OK") && pipelined.contains("HTTP/1.1 421 Misdirected Request")
                && !pipelined.contains("Intro"), "\(pipelined)")
        // What a browser sends for the page, and what the page's live reload asks for.
        #expect(try await fetch("http://localhost:\(port)/en/intro.html").1 == 200)
        #expect(try await fetch("http://localhost:\(port)/__guide/version").1 == 200)
    }

    /// 300 connections opened and left silent (the server holds 128 at once) do not keep a new
    /// client waiting: at capacity the quietest connection is closed to make room, and a GET is
    /// answered within 2 s (it used to wait for the idle ones' 15 s, twice over).
    @Test(.timeLimit(.minutes(1))) func idleConnectionsCannotKeepOthersOut() async throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let server = try RunningServer(in: folder)
        defer { server.stop() }
        let port = try port(try await server.address())
        let idle = await onOwnThread { (0..<300).compactMap { _ in try? LoopbackClient(port: port, timeout: 1) } }
        #expect(idle.count == 300)
        try await Task.sleep(for: .milliseconds(500))
        let (answer, seconds) = await onOwnThread { () -> (String, Double) in
            let started = Date()
            guard let client = try? LoopbackClient(port: port, timeout: 5) else { return ("no connection", 0) }
            client.send("GET /en/intro.html HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            return (client.receiveAll(), Date().timeIntervalSince(started))
        }
        #expect(answer.hasPrefix("HTTP/1.1 200 OK"), "\(answer.prefix(60).debugDescription) after \(seconds) s")
        #expect(seconds < 2, "a normal request took \(seconds) s beside 300 idle connections")
        withExtendedLifetime(idle) {}
        // And the server goes on answering once they are gone.
        #expect(try await fetch("http://127.0.0.1:\(port)/en/intro.html").1 == 200)
    }
}
