import Foundation
import ScanServer
import Testing

/// Path traversal through every route that takes an id or a path: encoded dots and slashes,
/// backslashes, NUL bytes, overlong UTF-8 and look-alike Unicode dots. Ids must have `RandomID`'s
/// exact shape before anything touches the database or the disk, so each attempt is a 404 that
/// reads nothing, writes nothing and leaves the server serving.
@Suite("Hostile paths")
struct HostilePathTests {
    /// Segments an attacker puts where an id goes (raw, as sent on the wire).
    static let hostileIDs = [
        "..", ".", "%2e%2e", "%2E%2E", "..%2f..%2f..%2fetc%2fpasswd", "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "..%5c..%5cwindows", "..\\..\\etc\\passwd", "%00", "abc%00def", "%c0%ae%c0%ae", "%c0%af",
        "%e2%80%a5", "%ef%bc%8e%ef%bc%8e", "%uff0e%uff0e", "....//....//etc", "AAAAAAAAAAAAAAAAAAAAA.",
        "AAAAAAAAAAAAAAAAAAAAA%2f", "AAAAAAAAAAAAAAAAAAAAAAA", "%41AAAAAAAAAAAAAAAAAAAAA",
        "..%252f..%252fetc", String(repeating: "A", count: 5000),
    ]

    /// Every route with an id, `SESSION`/`PAGE` standing for the ids.
    static let routes: [(method: String, pattern: String, body: [UInt8], type: String?)] = [
        ("GET", "/api/sessions/SESSION", [], nil),
        ("DELETE", "/api/sessions/SESSION", [], nil),
        ("PUT", "/api/sessions/SESSION/settings", Array(#"{"frameCount": 4}"#.utf8), "application/json"),
        ("PUT", "/api/sessions/SESSION/order", Array(#"{"pages": []}"#.utf8), "application/json"),
        ("GET", "/api/sessions/SESSION/export?format=zip", [], nil),
        ("POST", "/api/sessions/SESSION/pages", Fixtures.pagePhoto, "image/jpeg"),
        ("GET", "/api/sessions/SESSION/pages/PAGE", [], nil),
        ("PATCH", "/api/sessions/SESSION/pages/PAGE", Array(#"{"rotation": 90}"#.utf8), "application/json"),
        ("DELETE", "/api/sessions/SESSION/pages/PAGE", [], nil),
        ("GET", "/api/sessions/SESSION/pages/PAGE/photo", [], nil),
        ("PUT", "/api/sessions/SESSION/pages/PAGE/photo", Fixtures.pagePhoto, "image/jpeg"),
        ("GET", "/api/sessions/SESSION/pages/PAGE/render", [], nil),
        ("POST", "/api/detect?session=SESSION", Fixtures.frame, "image/jpeg"),
    ]

    @Test(arguments: routes.indices)
    func hostileIDsFindNothing(route: Int) throws {
        let (method, pattern, body, type) = Self.routes[route]
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        let page = try #require(try test.addPage(session)["id"] as? String)
        let data = test.folder.appendingPathComponent("data")
        let filesBefore = try Self.files(under: data)
        let stateBefore = try test.client.send("GET", "/api/sessions/\(session)").text
        for hostile in Self.hostileIDs {
            // The hostile value in place of the session id, then (with a real session) of the page id.
            var paths = [pattern.replacingOccurrences(of: "SESSION", with: hostile).replacingOccurrences(of: "PAGE", with: page)]
            if pattern.contains("PAGE") {
                paths.append(pattern.replacingOccurrences(of: "SESSION", with: session).replacingOccurrences(of: "PAGE", with: hostile))
            }
            for path in paths {
                let reply = try test.client.send(method, path, headers: type.map { ["Content-Type": $0] } ?? [:], body: body)
                #expect([400, 404, 405, 414, 431].contains(reply.status), "\(method) \(path): \(reply.status)")
                #expect(!reply.text.contains("root:"))
                #expect(reply.body.count < 2000, "the answer does not echo a long path back")
            }
        }
        #expect(try test.client.send("GET", "/api/sessions/\(session)").text == stateBefore, "nothing changed")
        #expect(try Self.files(under: data) == filesBefore, "no file written or removed")
        #expect((try test.client.send("GET", "/api/sessions").json?["sessions"] as? [Any])?.count == 1)
    }

    @Test(arguments: [
        "/../Package.swift", "/app/../../etc/passwd", "/%2e%2e/etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/app/..%2f..%2f..%2fetc%2fpasswd", "/app%5c..%5c..%5cetc%5cpasswd", "/app\\..\\..\\etc\\passwd",
        "/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd", "/%e2%80%a5/etc/passwd", "/etc/passwd", "//etc/passwd",
        "/app/", "/.hidden", "/app/./main.js/..", "/index.html/", "/%2fetc%2fpasswd", "/app/main.js%00.html",
    ])
    func staticTraversalFindsNothing(path: String) throws {
        let test = try TestServer()
        defer { test.stop() }
        let reply = try test.client.send("GET", path)
        #expect([400, 404].contains(reply.status), "\(path): \(reply.status)")
        #expect(!reply.text.contains("root:"))
        #expect(!reply.text.contains("swift-tools-version"))
    }

    @Test func freshIDsAreWhatTheRoutesAccept() throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        let page = try #require(try test.addPage(session)["id"] as? String)
        for id in [session, page] {
            #expect(RandomID.isWellFormed(id))
            #expect(id.utf8.count == 22)
        }
        #expect(!RandomID.isWellFormed(session + "x"))
        #expect(!RandomID.isWellFormed(String(session.dropLast()) + "."))
        #expect(!RandomID.isWellFormed(String(session.dropLast()) + "é"))
    }

    private static func files(under folder: URL) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var names: [String] = []
        while let name = enumerator?.nextObject() as? String {
            // SQLite's own journal files come and go with reads; only the photos and the database count.
            if !name.hasSuffix("-wal") && !name.hasSuffix("-shm") && !name.hasSuffix("-journal") { names.append(name) }
        }
        return names.sorted()
    }
}
