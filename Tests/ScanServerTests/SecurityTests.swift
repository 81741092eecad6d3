import Foundation
import ScanServer
import Testing

@Suite("Access and security")
struct SecurityTests {
    @Test(arguments: ["evil.example:PORT", "attacker.test", "127.0.0.1:1", ""])
    func foreignHostsAreRefused(host: String) throws {
        let test = try TestServer()
        defer { test.stop() }
        let reply = try test.client.send("GET", "/api/health", host: host.replacingOccurrences(of: "PORT", with: String(test.server.port)))
        #expect(reply.status == 421)
        #expect(reply.errorMessage?.contains("host") == true)
    }

    @Test(arguments: ["127.0.0.1", "localhost", "[::1]"])
    func loopbackHostsAreAccepted(name: String) throws {
        let test = try TestServer()
        defer { test.stop() }
        #expect(try test.client.send("GET", "/api/health", host: "\(name):\(test.server.port)").status == 200)
    }

    @Test func crossOriginMutationsAre403() throws {
        let test = try TestServer()
        defer { test.stop() }
        let foreign = try test.client.send("POST", "/api/sessions", headers: ["Origin": "http://evil.example"])
        #expect(foreign.status == 403)
        let crossSite = try test.client.send("POST", "/api/sessions", headers: ["Sec-Fetch-Site": "cross-site"])
        #expect(crossSite.status == 403)
        let own = try test.client.send("POST", "/api/sessions", headers: ["Origin": "http://127.0.0.1:\(test.server.port)"])
        #expect(own.status == 201)
        let list = try test.client.send("GET", "/api/sessions").json?["sessions"] as? [Any]
        #expect(list?.count == 1, "the refused requests created nothing")
    }

    @Test func tokenIsRequiredWhenSet() throws {
        // A non-loopback bind generates a token; the test gives one explicitly and stays on loopback.
        let test = try TestServer { $0.token = "secret-token-123" }
        defer { test.stop() }
        #expect(test.server.url.hasSuffix("?token=secret-token-123"))
        #expect(try test.client.send("GET", "/api/health").status == 401)
        #expect(try test.client.send("GET", "/").status == 401)
        #expect(try test.client.send("GET", "/api/health", headers: ["Authorization": "Bearer wrong"]).status == 401)
        #expect(try test.client.send("GET", "/api/health", headers: ["Authorization": "Bearer secret-token-123"]).status == 200)
        let first = try test.client.send("GET", "/?token=secret-token-123")
        #expect(first.status == 200)
        let cookie = try #require(first.headers["set-cookie"])
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        let withCookie = try test.client.send("GET", "/api/health", headers: ["Cookie": "flatbed_token=secret-token-123"])
        #expect(withCookie.status == 200)
    }

    @Test func nonLoopbackBindGeneratesAToken() throws {
        var configuration = ServerConfiguration()
        configuration.host = "0.0.0.0"
        configuration.dataFolder = try TestServer.temporaryFolder().path
        #expect(configuration.requiresToken)
        let server = try FlatbedServer(configuration: configuration, assets: StaticAssets(folder: try TestServer.webFolder()))
        let token = try #require(server.configuration.token)
        #expect(token.count >= 22)
        let refused = server.respond(to: Request(method: "GET", path: "/api/health", headers: ["host": "192.168.1.20:8080"]))
        #expect(refused.status == 401)
        let allowed = server.respond(to: Request(
            method: "GET", path: "/api/health", query: ["token": token], headers: ["host": "192.168.1.20:8080"]))
        #expect(allowed.status == 200)
        let rebound = server.respond(to: Request(
            method: "GET", path: "/api/health", query: ["token": token], headers: ["host": "evil.example:8080"]))
        #expect(rebound.status == 421)
    }

    @Test func staticFilesHaveTypesCachingAndHeaders() throws {
        let test = try TestServer()
        defer { test.stop() }
        let index = try test.client.send("GET", "/")
        #expect(index.status == 200)
        #expect(index.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(index.headers["cache-control"] == "no-cache")
        let etag = try #require(index.headers["etag"])
        #expect(try test.client.send("GET", "/", headers: ["If-None-Match": etag]).status == 304)
        let script = try test.client.send("GET", "/app/main.js")
        #expect(script.headers["content-type"]?.hasPrefix("text/javascript") == true)
        #expect(script.headers["cache-control"]?.hasPrefix("max-age=") == true)
        for reply in [index, script, try test.client.send("GET", "/api/health"), try test.client.send("GET", "/api/sessions/x")] {
            #expect(reply.headers["content-security-policy"]?.contains("default-src 'self'") == true)
            #expect(reply.headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
            #expect(reply.headers["x-content-type-options"] == "nosniff")
            #expect(reply.headers["x-frame-options"] == "DENY")
            #expect(reply.headers["referrer-policy"] == "no-referrer")
        }
    }

    @Test(arguments: ["/../Package.swift", "/app/../../etc/passwd", "/%2e%2e/etc/passwd", "/etc/passwd", "/app/", "/.hidden"])
    func traversalFindsNothing(path: String) throws {
        let test = try TestServer()
        defer { test.stop() }
        let reply = try test.client.send("GET", path)
        #expect([400, 404].contains(reply.status))
        #expect(!reply.text.contains("root:"))
    }

    @Test func idsAreUnguessable() {
        let ids = (0..<2000).map { _ in RandomID.make() }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy(RandomID.isWellFormed))
        // Every position but the first (which holds 2 bits) takes many values.
        for position in 1..<RandomID.length {
            let values = Set(ids.map { Array($0.utf8)[position] })
            #expect(values.count > 50, "position \(position)")
        }
    }
}
