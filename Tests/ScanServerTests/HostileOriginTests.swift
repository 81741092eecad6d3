import Foundation
import ScanServer
import Testing

/// A web page on another origin, open in the same browser, tries to read or change a session on
/// 127.0.0.1: through DNS rebinding (its own name pointed at 127.0.0.1), cross-site subresources
/// (`<img>`, `<script>`, `fetch(no-cors)`), CORS requests and preflights, and sandboxed `null`
/// origins. Every attempt is refused, and nothing it sent changes state.
@Suite("Hostile origins")
struct HostileOriginTests {
    // MARK: - Host (DNS rebinding)

    @Test(arguments: [
        "127.attacker.example:PORT",     // a name that only looks like 127/8
        "127.0.0.1.attacker.example:PORT",
        "127.0.0.1.:PORT",               // trailing dot
        "localhost.:PORT",
        ".localhost:PORT",
        "127.0.0.1:PORT@evil.example",   // user-info smuggling
        "evil.example@127.0.0.1:PORT",
        "127.0.0.1:+PORT",               // signed port
        "127.0.0.1:PORT:PORT",
        "127.0.0.1:PORTX",
        "127.0.0.1",                     // port-less means 80
        "127.0.0.01:PORT",               // leading zeros (octal to some resolvers)
        "0x7f.0.0.1:PORT",
        "2130706433:PORT",
        "[::ffff:127.0.0.1]:PORT",
        "[::1:PORT",
        "app.localhost:PORT",
        "127.0.0.1 :PORT",
        "evil.example:PORT",
    ])
    func reboundHostsAreRefused(host: String) throws {
        let test = try TestServer()
        defer { test.stop() }
        let value = host.replacingOccurrences(of: "PORT", with: String(test.server.port))
        let reply = try test.client.send("GET", "/api/sessions", host: value)
        #expect(reply.status == 421, "\(value)")
        #expect(reply.json?["sessions"] == nil)
    }

    @Test(arguments: ["LOCALHOST", "LocalHost", "127.0.0.1", "127.1.2.3", "[::1]"])
    func loopbackSpellingsAreAccepted(name: String) throws {
        let test = try TestServer()
        defer { test.stop() }
        #expect(try test.client.send("GET", "/api/health", host: "\(name):\(test.server.port)").status == 200)
    }

    @Test func aRequestWithoutHostIsRefused() throws {
        let test = try TestServer()
        defer { test.stop() }
        let socket = try TestSocket(port: test.server.port)
        #expect(socket.send("GET /api/sessions HTTP/1.0\r\n\r\n"))
        let reply = String(decoding: socket.receive(for: 5).bytes, as: UTF8.self)
        #expect(reply.hasPrefix("HTTP/1.") && reply.contains(" 421 "), "\(reply.prefix(60))")
        #expect(!reply.contains("\"sessions\""))
    }

    @Test(arguments: ["127.attacker.example", "127.0.0.1.nip.io", "localhost.attacker.example"])
    func namesThatLookLoopbackStillNeedAToken(host: String) {
        var configuration = ServerConfiguration()
        configuration.host = host
        #expect(configuration.requiresToken, "binding \(host) must not be taken for loopback")
        #expect(!AccessGuard.isLoopback(host))
    }

    // MARK: - Reads from other pages

    /// What a browser sends for an `<img>`, `<script>`, `fetch(no-cors)` or `fetch` from another
    /// page: each is refused, whichever API route or page photo it names.
    @Test(arguments: [
        ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"],
        ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "script"],
        ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "empty"],
        ["Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"], // another port
        ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe"],
        ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"],
        ["Origin": "http://evil.example", "Sec-Fetch-Mode": "cors"],
        ["Origin": "null"],
        ["Origin": "http://127.0.0.1:1"],
        ["Origin": "http://127.0.0.1:PORT.evil.example"],
        ["Origin": "https://127.0.0.1:PORT"],
    ])
    func crossSiteReadsAreRefused(headers: [String: String]) throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        let page = try #require(try test.addPage(session)["id"] as? String)
        let port = String(test.server.port)
        let headers = headers.mapValues { $0.replacingOccurrences(of: "PORT", with: port) }
        for path in ["/api/sessions", "/api/sessions/\(session)", "/api/sessions/\(session)/pages/\(page)/photo",
                     "/api/sessions/\(session)/pages/\(page)/render?maxSide=64", "/api/sessions/\(session)/export?format=zip"] {
            let reply = try test.client.send("GET", path, headers: headers)
            #expect(reply.status == 403, "\(path) \(headers)")
            #expect(reply.headers["content-type"]?.hasPrefix("application/json") == true)
            #expect(!reply.text.contains(page), "the refusal leaks nothing of the session")
            #expect(reply.headers.keys.allSatisfy { !$0.hasPrefix("access-control-") })
        }
    }

    @Test(arguments: [
        ["Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"],
        ["Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"],
        ["Origin": "http://127.0.0.1:PORT", "Sec-Fetch-Site": "same-origin"],
        [:],
    ])
    func ownPagesAndDirectVisitsRead(headers: [String: String]) throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        let page = try #require(try test.addPage(session)["id"] as? String)
        let headers = headers.mapValues { $0.replacingOccurrences(of: "PORT", with: String(test.server.port)) }
        let photo = try test.client.send("GET", "/api/sessions/\(session)/pages/\(page)/photo", headers: headers)
        #expect(photo.status == 200)
        #expect(photo.headers["content-type"] == "image/jpeg")
    }

    @Test func anotherSiteMayLinkToTheAppButNotEmbedIt() throws {
        let test = try TestServer()
        defer { test.stop() }
        let link = ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"]
        #expect(try test.client.send("GET", "/", headers: link).status == 200)
        var framed = link
        framed["Sec-Fetch-Dest"] = "iframe"
        #expect(try test.client.send("GET", "/", headers: framed).status == 403)
        var script = link
        script["Sec-Fetch-Mode"] = "no-cors"
        script["Sec-Fetch-Dest"] = "script"
        #expect(try test.client.send("GET", "/app/main.js", headers: script).status == 403)
    }

    // MARK: - Writes from other pages

    /// A form post, `fetch(no-cors)` or CORS request from another page, including a preflight:
    /// refused, with no CORS header granting anything, and the session unchanged.
    @Test(arguments: [
        ["Origin": "http://evil.example"],
        ["Origin": "null"],
        ["Origin": "http://localhost:1"],
        ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"],
        ["Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "cors"],
        ["Origin": "http://evil.example", "Content-Type": "text/plain"],
    ])
    func crossSiteWritesChangeNothing(headers: [String: String]) throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        let page = try #require(try test.addPage(session)["id"] as? String)
        let before = try test.client.send("GET", "/api/sessions/\(session)").text
        let attempts: [(String, String, [UInt8])] = [
            ("POST", "/api/sessions", []),
            ("POST", "/api/sessions/\(session)/pages", Fixtures.pagePhoto),
            ("PATCH", "/api/sessions/\(session)/pages/\(page)", Array(#"{"rotation": 90}"#.utf8)),
            ("PUT", "/api/sessions/\(session)/order", Array(#"{"pages": []}"#.utf8)),
            ("PUT", "/api/sessions/\(session)/settings", Array(#"{"frameCount": 9}"#.utf8)),
            ("DELETE", "/api/sessions/\(session)/pages/\(page)", []),
            ("DELETE", "/api/sessions/\(session)", []),
        ]
        for (method, path, body) in attempts {
            let reply = try test.client.send(method, path, headers: headers, body: body)
            #expect(reply.status == 403, "\(method) \(path)")
        }
        let preflight = try test.client.send("OPTIONS", "/api/sessions/\(session)", headers: headers.merging([
            "Access-Control-Request-Method": "DELETE", "Access-Control-Request-Headers": "authorization",
        ]) { $1 })
        #expect(preflight.status >= 400)
        #expect(preflight.headers.keys.allSatisfy { !$0.hasPrefix("access-control-") })
        #expect(try test.client.send("GET", "/api/sessions/\(session)").text == before)
        #expect((try test.client.send("GET", "/api/sessions").json?["sessions"] as? [Any])?.count == 1)
    }

    // MARK: - JSON hijacking

    @Test func jsonAnswersAreObjectsNeverScripts() throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        _ = try test.addPage(session)
        for path in ["/api/sessions", "/api/sessions/\(session)", "/api/health", "/api/nothing"] {
            let reply = try test.client.send("GET", path)
            // An object literal is a syntax error as a script, so `<script src>` learns nothing;
            // nosniff and CORP stop the browser from running or embedding it at all.
            #expect(reply.text.first == "{", "\(path)")
            #expect(reply.headers["content-type"] == "application/json; charset=utf-8")
            #expect(reply.headers["x-content-type-options"] == "nosniff")
            #expect(reply.headers["cross-origin-resource-policy"] == "same-origin")
        }
    }
}
