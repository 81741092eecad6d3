import Foundation
import ScanServer
import Testing

/// Clients that hold connections instead of using them: slow-loris, idle keep-alive, too many
/// sockets at once, request heads too large to keep. Each is cut off; the server keeps serving.
@Suite("Hostile connections")
struct HostileConnectionTests {
    @Test func slowHeadersAreCutOffWithinTheTimeout() throws {
        let test = try TestServer { $0.connectionTimeout = 2 }
        defer { test.stop() }
        let socket = try TestSocket(port: test.server.port)
        #expect(socket.send("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:\(test.server.port)\r\nX-Slow: "))
        // One byte every 250 ms: never idle long enough for an idle timeout, never a complete head.
        let began = Date()
        var cutOff = false
        while Date().timeIntervalSince(began) < 10 {
            if !socket.send("a") || socket.closes(within: 0.25) {
                cutOff = true
                break
            }
        }
        let elapsed = Date().timeIntervalSince(began)
        #expect(cutOff, "a head trickled in for 10 s was still being read")
        #expect(elapsed >= 1.5 && elapsed < 6, "cut off after \(elapsed) s with a 2 s timeout")
        #expect(try test.client.send("GET", "/api/health").status == 200)
    }

    @Test func slowBodiesAreNotCutOff() throws {
        // A phone on a weak network: the head arrives at once, the body slowly but steadily.
        let test = try TestServer { $0.connectionTimeout = 2 }
        defer { test.stop() }
        let session = try test.createSession()
        let body = #"{"frameCount": 5, "autoCapture": true}"#
        let socket = try TestSocket(port: test.server.port)
        #expect(socket.send(
            "PUT /api/sessions/\(session)/settings HTTP/1.1\r\nHost: 127.0.0.1:\(test.server.port)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"))
        for character in body {
            #expect(socket.send(String(character)))
            Thread.sleep(forTimeInterval: 0.1)
        }
        let reply = String(decoding: socket.receive(for: 10).bytes, as: UTF8.self)
        #expect(reply.hasPrefix("HTTP/1.1 200"), "\(reply.prefix(80))")
    }

    @Test func idleKeepAliveConnectionsAreClosed() throws {
        let test = try TestServer { $0.connectionTimeout = 1 }
        defer { test.stop() }
        let socket = try TestSocket(port: test.server.port)
        #expect(socket.send("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:\(test.server.port)\r\n\r\n"))
        let began = Date()
        let (bytes, closed) = socket.receive(for: 8)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
        #expect(closed, "an idle keep-alive connection was kept for 8 s with a 1 s timeout")
        #expect(Date().timeIntervalSince(began) < 5)
    }

    @Test func connectionsPastTheLimitAreClosed() throws {
        let test = try TestServer {
            $0.threads = 1
            $0.maximumConnections = 3
        }
        defer { test.stop() }
        let held = try (0..<3).map { _ in try TestSocket(port: test.server.port) }
        for socket in held { #expect(socket.send("GET /api/health HTTP/1.1\r\n")) }
        Thread.sleep(forTimeInterval: 1) // time for MHD to accept all three, even on a busy machine
        let surplus = try TestSocket(port: test.server.port)
        surplus.send("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:\(test.server.port)\r\nConnection: close\r\n\r\n")
        // MHD either closes the surplus connection or leaves it in the listen backlog; it is not served.
        let (bytes, _) = surplus.receive(for: 1.5)
        #expect(bytes.isEmpty, "a 4th connection was served with a limit of 3")
        for socket in held { #expect(socket.send("Host: 127.0.0.1:\(test.server.port)\r\nConnection: close\r\n\r\n")) }
        for socket in held {
            #expect(String(decoding: socket.receive(for: 5).bytes, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
        }
        #expect(try test.client.send("GET", "/api/health").status == 200, "slots are freed when connections close")
    }

    /// A head over MHD's per-connection memory is refused before the handler sees it.
    @Test(arguments: [
        ("one huge header", ["X-Big": String(repeating: "a", count: 100_000)], ""),
        ("many headers", Dictionary(uniqueKeysWithValues: (0..<4000).map { ("X-H\($0)", "value-\($0)") }), ""),
        ("huge query", [:], "?q=" + String(repeating: "b", count: 100_000)),
    ])
    func oversizedHeadsAreRefused(name: String, headers: [String: String], query: String) throws {
        let test = try TestServer()
        defer { test.stop() }
        do {
            let reply = try test.client.send("GET", "/api/health" + query, headers: headers)
            #expect([413, 414, 431].contains(reply.status), "\(name): \(reply.status)")
        } catch {
            // Closing the connection without an answer is also a refusal.
        }
        #expect(try test.client.send("GET", "/api/health").status == 200)
    }

    /// Every route that reads a body refuses a declared oversize one from its head alone: the
    /// answer comes while the client has sent no byte of it.
    @Test func oversizedBodiesAreRefusedBeforeTheyAreRead() throws {
        let test = try TestServer { $0.maximumUploadBytes = 1_048_576 }
        defer { test.stop() }
        let session = try test.createSession()
        let page = try #require(try test.addPage(session)["id"] as? String)
        for (method, path) in [
            ("POST", "/api/sessions/\(session)/pages"), ("PUT", "/api/sessions/\(session)/pages/\(page)/photo"),
            ("POST", "/api/detect?session=\(session)"), ("PATCH", "/api/sessions/\(session)/pages/\(page)"),
            ("PUT", "/api/sessions/\(session)/settings"), ("POST", "/api/sessions"),
        ] {
            let reply = try test.client.sendHeadOnly(method, path, contentLength: 1_048_577, headers: ["Content-Type": "image/jpeg"])
            #expect(reply.status == 413, "\(method) \(path)")
            #expect(reply.errorMessage?.contains("upload limit") == true)
        }
    }

    /// JSON built to exhaust the parser: deep nesting, a huge string, a huge number.
    @Test(arguments: [
        String(repeating: "[", count: 200_000),
        #"{"corners": "# + String(repeating: "[", count: 100_000),
        #"{"mode": ""# + String(repeating: "x", count: 900_000) + #""}"#,
        #"{"rotation": 1"# + String(repeating: "0", count: 100_000) + "}",
    ])
    func hostileJSONIsA400(body: String) throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        let page = try #require(try test.addPage(session)["id"] as? String)
        let before = try test.client.send("GET", "/api/sessions/\(session)/pages/\(page)").text
        let reply = try test.client.send(
            "PATCH", "/api/sessions/\(session)/pages/\(page)", headers: ["Content-Type": "application/json"], body: Array(body.utf8))
        #expect(reply.status == 400)
        #expect((reply.errorMessage?.count ?? 0) < 1000, "the message does not echo the body")
        #expect(try test.client.send("GET", "/api/sessions/\(session)/pages/\(page)").text == before)
    }
}
