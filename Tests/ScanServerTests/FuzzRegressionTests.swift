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

    /// fuzz-http: a page whose corners enclose a sliver renders too thin for a PDF page (under
    /// 3 pt a side); its export was a 500 "storage failed". It must be a 400 naming the page,
    /// and the session's other pages must still export once the corners are redrawn.
    @Test("exporting a page drawn as a sliver is a 400 naming the page, not a storage failure")
    func sliverPageExport() throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        _ = try test.addPage(session)
        let page = try #require(try test.addPage(session)["id"] as? String)
        let sliver = #"{"corners": [[10,10],[400,10],[400,12.5],[10,12.5]]}"#
        let edit = try test.client.send("PATCH", "/api/sessions/\(session)/pages/\(page)", body: Array(sliver.utf8))
        #expect(edit.status == 200, "\(edit.text)")
        let reply = try test.client.send("GET", "/api/sessions/\(session)/export?format=pdf")
        #expect(reply.status == 400, "\(reply.text)")
        #expect(reply.errorMessage?.contains("page 2") == true, "\(reply.text)")
        let redrawn = try test.client.send("PATCH", "/api/sessions/\(session)/pages/\(page)", body: Array(#"{"corners": null}"#.utf8))
        #expect(redrawn.status == 200)
        #expect(try test.client.send("GET", "/api/sessions/\(session)/export?format=pdf").status == 200)
    }
}
