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

    /// Near misses of the token, by every way it can be presented, are all refused, and no answer
    /// repeats a token it was given (so a log or a screenshot of an error shows none).
    @Test(arguments: ["", "secret-token-12", "secret-token-1234", "SECRET-TOKEN-123", "secret-token-124", " secret-token-123x"])
    func nearMissTokensAreRefused(guess: String) throws {
        let test = try TestServer { $0.token = "secret-token-123" }
        defer { test.stop() }
        let encoded = guess.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? guess
        let attempts = [
            try test.client.send("GET", "/api/sessions?token=\(encoded)"),
            try test.client.send("GET", "/api/sessions", headers: ["Cookie": "flatbed_token=\(guess)"]),
            try test.client.send("GET", "/api/sessions", headers: ["Authorization": "Bearer \(guess)"]),
            try test.client.send("GET", "/api/sessions", headers: ["Authorization": "Basic \(guess)"]),
        ]
        for reply in attempts {
            #expect(reply.status == 401)
            #expect(reply.headers["set-cookie"] == nil)
            #expect(guess.isEmpty || !reply.text.contains(guess))
            #expect(!reply.text.contains("secret-token-123"))
        }
        let right = try test.client.send("GET", "/api/nothing?token=secret-token-123")
        #expect(right.status == 404)
        #expect(!right.text.contains("secret-token-123"), "the query, and so the token, is not echoed")
        #expect(right.headers["set-cookie"]?.hasPrefix("flatbed_token=secret-token-123; Path=/; HttpOnly; SameSite=Strict") == true)
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
    }

    /// Every kind of answer carries the same protective headers: HTML, script, 304, JSON (200, 201,
    /// 204), JPEG, ZIP, every error status, and the 413 the daemon sends before reading a body.
    @Test func everyResponseCarriesTheSecurityHeaders() throws {
        let test = try TestServer { $0.maximumUploadBytes = 1_048_576 }
        defer { test.stop() }
        let session = try test.createSession()
        let page = try #require(try test.addPage(session)["id"] as? String)
        let etag = try #require(try test.client.send("GET", "/").headers["etag"])
        let api = "/api/sessions/\(session)"
        let replies: [(String, RawHTTPClient.Reply)] = [
            ("html", try test.client.send("GET", "/")),
            ("script", try test.client.send("GET", "/app/main.js")),
            ("304", try test.client.send("GET", "/", headers: ["If-None-Match": etag])),
            ("json", try test.client.send("GET", api)),
            ("201", try test.client.send("POST", "/api/sessions")),
            ("jpeg", try test.client.send("GET", "\(api)/pages/\(page)/photo")),
            ("render", try test.client.send("GET", "\(api)/pages/\(page)/render?maxSide=64")),
            ("zip", try test.client.send("GET", "\(api)/export?format=zip")),
            ("400", try test.client.send("PATCH", "\(api)/pages/\(page)", body: Array("{".utf8))),
            ("403", try test.client.send("POST", "/api/sessions", headers: ["Origin": "http://evil.example"])),
            ("404", try test.client.send("GET", "/api/sessions/x")),
            ("404 static", try test.client.send("GET", "/nothing.html")),
            ("405", try test.client.send("PATCH", "/api/sessions")),
            ("415", try test.client.send("POST", "\(api)/pages", headers: ["Content-Type": "text/html"], body: [1])),
            ("421", try test.client.send("GET", "/", host: "evil.example")),
            ("413", try test.client.sendHeadOnly("POST", "\(api)/pages", contentLength: 2_000_000, headers: ["Content-Type": "image/jpeg"])),
            ("204", try test.client.send("DELETE", "\(api)/pages/\(page)")),
        ]
        for (kind, reply) in replies {
            let policy = reply.headers["content-security-policy"] ?? ""
            #expect(policy.contains("default-src 'self'") && policy.contains("script-src 'self'"), "\(kind)")
            #expect(policy.contains("frame-ancestors 'none'") && policy.contains("object-src 'none'"), "\(kind)")
            #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval") && !policy.contains("*"), "\(kind)")
            #expect(reply.headers["x-content-type-options"] == "nosniff", "\(kind)")
            #expect(reply.headers["x-frame-options"] == "DENY", "\(kind)")
            #expect(reply.headers["referrer-policy"] == "no-referrer", "\(kind)")
            #expect(reply.headers["cross-origin-resource-policy"] == "same-origin", "\(kind)")
            #expect(reply.headers["cross-origin-opener-policy"] == "same-origin", "\(kind)")
            #expect(reply.headers.keys.allSatisfy { !$0.hasPrefix("access-control-") }, "\(kind): no CORS, ever")
        }
        #expect(replies.first { $0.0 == "413" }?.1.status == 413)
        for (kind, reply) in replies where !["html", "script", "304", "404 static", "421"].contains(kind) {
            #expect(reply.headers["cache-control"] == "no-store", "\(kind): API answers are never cached")
        }
    }

    /// The CSP forbids inline code, so the app must have none: every script and style comes from a file.
    @Test func theBundledAppHasNoInlineCode() throws {
        let assets = StaticAssets.bundled()
        let pages = assets.paths.filter { $0.hasSuffix(".html") }
        #expect(!pages.isEmpty)
        for path in pages {
            let reply = assets.respond(to: Request(method: "GET", path: path))
            guard case .bytes(let bytes) = reply.body else {
                Issue.record("\(path) is not in memory")
                continue
            }
            let html = String(decoding: bytes, as: UTF8.self).lowercased()
            #expect(!html.contains("<style"), "\(path) has a <style> element")
            #expect(!html.contains(" style="), "\(path) has a style attribute")
            #expect(!html.contains("javascript:"), "\(path) has a javascript: URL")
            #expect(html.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) == nil, "\(path) has an inline event handler")
            for tag in html.components(separatedBy: "<script").dropFirst() {
                let open = tag.prefix { $0 != ">" }
                #expect(open.contains("src="), "\(path) has an inline <script>")
            }
        }
    }

    @Test func idsAreUnguessable() {
        let ids = (0..<4000).map { _ in RandomID.make() }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy(RandomID.isWellFormed))
        // Every position but the first (which holds 2 bits) takes many values.
        for position in 1..<RandomID.length {
            let values = Set(ids.map { Array($0.utf8)[position] })
            #expect(values.count > 50, "position \(position)")
        }
        // Decoded back to bits: 128 of them, each set in about half the ids (a counter, a clock or
        // a weak generator leaves some bits fixed or skewed), the 4 above them always zero.
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var ones = [Int](repeating: 0, count: 132)
        for id in ids {
            var bit = 0
            for character in id.utf8.reversed() {
                let value = alphabet.firstIndex(of: character) ?? 0
                for offset in 0..<6 where value >> offset & 1 == 1 { ones[bit + offset] += 1 }
                bit += 6
            }
        }
        for bit in 0..<128 {
            let share = Double(ones[bit]) / Double(ids.count)
            #expect(share > 0.44 && share < 0.56, "bit \(bit) is set in \(share) of the ids")
        }
        #expect(ones[128...].allSatisfy { $0 == 0 })
    }

    @Test func sessionsCreatedTogetherShareNothingGuessable() throws {
        let test = try TestServer()
        defer { test.stop() }
        let ids = try (0..<50).map { _ in try test.createSession() }
        #expect(Set(ids).count == 50)
        // No common prefix beyond chance: consecutive sessions are not numbered.
        let sharedPrefix = zip(ids, ids.dropFirst()).map { a, b in zip(a, b).prefix { $0 == $1 }.count }
        #expect(sharedPrefix.max() ?? 0 < 4)
    }
}
