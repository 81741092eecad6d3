import Foundation
import ScanTestSupport
import ScanServer
import Testing

@Suite("Persistence", .serialized)
struct PersistenceTests {
    @Test func sessionsSurviveARestartOfTheServer() throws {
        let first = try TestServer()
        let session = try first.createSession()
        let ids = try (0..<3).map { _ in try #require(try first.addPage(session)["id"] as? String) }
        _ = try first.client.send("PATCH", "/api/sessions/\(session)/pages/\(ids[1])", body: Array(#"{"rotation": 270, "mode": "bw"}"#.utf8))
        _ = try first.client.send("PUT", "/api/sessions/\(session)/order", body: Array(#"{"pages": ["\#(ids[1])", "\#(ids[2])", "\#(ids[0])"]}"#.utf8))
        _ = try first.client.send("PUT", "/api/sessions/\(session)/settings", body: Array(#"{"frameCount": 6}"#.utf8))
        let before = try first.client.send("GET", "/api/sessions/\(session)").text
        first.stop()

        let second = try TestServer(folder: first.folder)
        defer { second.stop() }
        let after = try second.client.send("GET", "/api/sessions/\(session)")
        #expect(after.text == before)
        #expect(try second.pageIDs(session) == [ids[1], ids[2], ids[0]])
        #expect((after.json?["settings"] as? [String: Any])?["frameCount"] as? Int == 6)
        #expect(try second.client.send("GET", "/api/sessions/\(session)/pages/\(ids[0])/render?maxSide=100").status == 200)
    }

    @Test func startupSweepRemovesOrphanPhotos() throws {
        let first = try TestServer()
        let session = try first.createSession()
        _ = try first.addPage(session)
        first.stop()
        let photos = first.folder.appendingPathComponent("data/photos")
        try Data([1, 2, 3]).write(to: photos.appendingPathComponent("orphan.jpg"))
        try Data([1, 2, 3]).write(to: photos.appendingPathComponent(".half-written.jpg.Ab12Cd"))
        let second = try TestServer(folder: first.folder)
        defer { second.stop() }
        let remaining = try FileManager.default.contentsOfDirectory(atPath: photos.path)
        #expect(remaining.count == 1)
        #expect(!remaining.contains("orphan.jpg"))
        #expect(try second.pageIDs(session).count == 1)
    }

    /// Spawns `flatbed serve`, adds pages from a client thread, SIGKILLs the server right after
    /// the Nth answer (with the next request in flight), restarts it and checks that every answered
    /// page is there, the database is intact and no photo file is orphaned.
    @Test(arguments: [2, 5])
    func everythingAnsweredSurvivesKillNine(answersBeforeKill: Int) throws {
        let folder = try TestServer.temporaryFolder()
        let data = folder.appendingPathComponent("data").path
        var child = try ServeProcess(data: data)
        let client = RawHTTPClient(port: child.port)
        let sessionReply = try client.send("POST", "/api/sessions")
        let session = try #require(sessionReply.json?["id"] as? String)

        let answered = AnsweredPages()
        let done = DispatchSemaphore(value: 0)
        let port = child.port
        Thread.detachNewThread {
            let client = RawHTTPClient(port: port)
            while true {
                guard let reply = try? client.send(
                    "POST", "/api/sessions/\(session)/pages", headers: ["Content-Type": "image/jpeg"], body: Fixtures.pagePhoto),
                    reply.status == 201, let id = reply.json?["id"] as? String else { break }
                answered.append(id)
            }
            done.signal()
        }
        while answered.count < answersBeforeKill { usleep(1000) }
        child.kill()
        done.wait()
        let survivors = answered.ids
        #expect(survivors.count >= answersBeforeKill)

        child = try ServeProcess(data: data)
        defer { child.stop() }
        let restarted = RawHTTPClient(port: child.port)
        let pages = try restarted.send("GET", "/api/sessions/\(session)").json?["pages"] as? [[String: Any]] ?? []
        let stored = pages.compactMap { $0["id"] as? String }
        #expect(Array(stored.prefix(survivors.count)) == survivors, "answered pages are kept, in order")
        #expect(stored.count <= survivors.count + 1, "at most the one request in flight also landed")

        let database = try SQLiteConnection(path: data + "/" + SessionStore.databaseName)
        #expect(try database.query("PRAGMA integrity_check") { $0.text(0) } == ["ok"])
        let rows = Set(try database.query("SELECT photo FROM pages") { $0.text(0) ?? "" })
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: data + "/photos"))
        #expect(files == rows, "one photo file per page row, no orphans")
        for id in stored {
            #expect(try restarted.send("GET", "/api/sessions/\(session)/pages/\(id)/photo?maxSide=64").status == 200)
        }
    }
}

/// Ids answered so far, shared with the client thread.
private final class AnsweredPages: @unchecked Sendable {
    private var storage: [String] = []
    private let lock = NSLock()
    func append(_ id: String) { lock.withLock { storage.append(id) } }
    var ids: [String] { lock.withLock { storage } }
    var count: Int { lock.withLock { storage.count } }
}
