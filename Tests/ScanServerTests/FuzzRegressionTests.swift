import Foundation
import ScanServer
import Testing

/// Requests the fuzzers (Fuzz/) found crashing the server, kept so they never do again.
@Suite("server fuzz regressions")
struct ServerFuzzRegressionTests {
    /// fuzz-corners-json: these bodies killed the whole server (a trap formatting the 400's
    /// message); each must be a 400 naming the corners, and the server must keep answering.
    @Test("PATCH with corners of hostile size is a 400 and the server lives on", arguments: [
        #"{"corners": [[1e308,1e308],[-1e308,0],[0,0],[1,1]]}"#,
        #"{"corners": [[0,0],[1e300,0],[1e300,1e300],[0,1e300]]}"#,
        #"{"corners": [[0,0],[1e20,0],[0,1e-20],[0,0]]}"#,
    ])
    func hugeCorners(body: String) throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        let page = try #require(try test.addPage(session)["id"] as? String)
        let reply = try test.client.send("PATCH", "/api/sessions/\(session)/pages/\(page)", body: Array(body.utf8))
        #expect(reply.status == 400)
        #expect(reply.errorMessage?.contains("corner") == true, "\(reply.text)")
        #expect(try test.client.send("GET", "/api/health").status == 200)
    }
}
