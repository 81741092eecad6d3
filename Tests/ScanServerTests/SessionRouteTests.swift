import Foundation
import Testing

@Suite("Session routes")
struct SessionRouteTests {
    @Test func createGetListDelete() throws {
        let test = try TestServer()
        defer { test.stop() }
        let created = try test.client.send("POST", "/api/sessions")
        #expect(created.status == 201)
        let id = try #require(created.json?["id"] as? String)
        #expect(id.count == 22)
        #expect((created.json?["pages"] as? [Any])?.isEmpty == true)
        #expect((created.json?["settings"] as? [String: Any])?["frameCount"] as? Int == 3)
        #expect(created.json?["createdAt"] is String)

        let second = try test.createSession()
        let fetched = try test.client.send("GET", "/api/sessions/\(id)")
        #expect(fetched.status == 200)
        #expect(fetched.json?["id"] as? String == id)

        let list = try test.client.send("GET", "/api/sessions").json?["sessions"] as? [[String: Any]]
        #expect(list?.map { $0["id"] as? String } == [second, id])
        #expect(list?.first?["pageCount"] as? Int == 0)

        #expect(try test.client.send("DELETE", "/api/sessions/\(id)").status == 204)
        #expect(try test.client.send("GET", "/api/sessions/\(id)").status == 404)
        #expect(try test.client.send("DELETE", "/api/sessions/\(id)").status == 404)
    }

    @Test(arguments: ["AAAAAAAAAAAAAAAAAAAAAA", "short", "..%2F..%2Fetc"])
    func unknownSessionIs404(id: String) throws {
        let test = try TestServer()
        defer { test.stop() }
        let reply = try test.client.send("GET", "/api/sessions/\(id)")
        #expect(reply.status == 404)
        #expect(reply.errorMessage?.hasPrefix("no ") == true, "\(reply.errorMessage ?? "")")
        #expect(try test.client.send("POST", "/api/sessions/\(id)/pages", headers: ["Content-Type": "image/jpeg"], body: Fixtures.pagePhoto).status == 404)
    }

    @Test func settingsAreValidatedAndKept() throws {
        let test = try TestServer()
        defer { test.stop() }
        let id = try test.createSession()
        let body = Array(#"{"minimumIoU": 0.8, "frameCount": 5, "maximumAreaChange": 0.2, "autoCapture": false}"#.utf8)
        let reply = try test.client.send("PUT", "/api/sessions/\(id)/settings", headers: ["Content-Type": "application/json"], body: body)
        #expect(reply.status == 200)
        #expect(reply.json?["frameCount"] as? Int == 5)
        #expect(reply.json?["autoCapture"] as? Bool == false)
        let settings = try test.client.send("GET", "/api/sessions/\(id)").json?["settings"] as? [String: Any]
        #expect(settings?["minimumIoU"] as? Double == 0.8)
    }

    @Test(arguments: [
        (#"{"minimumIoU": 0.2}"#, "minimumIoU"),
        (#"{"frameCount": 9}"#, "frameCount"),
        (#"{"maximumAreaChange": 0.5}"#, "maximumAreaChange"),
        (#"{"frameCount": "three"}"#, "frameCount"),
        ("not json", "not valid JSON"),
    ])
    func badSettingsAre400(body: String, named: String) throws {
        let test = try TestServer()
        defer { test.stop() }
        let id = try test.createSession()
        let reply = try test.client.send("PUT", "/api/sessions/\(id)/settings", body: Array(body.utf8))
        #expect(reply.status == 400)
        #expect(reply.errorMessage?.contains(named) == true)
    }

    @Test func healthAndUnknownRoutes() throws {
        let test = try TestServer()
        defer { test.stop() }
        #expect(try test.client.send("GET", "/api/health").json?["version"] is String)
        #expect(try test.client.send("GET", "/api/nothing").status == 404)
        let wrongMethod = try test.client.send("PUT", "/api/sessions")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["allow"]?.contains("POST") == true)
    }
}
