import Foundation
import ScanCodecs
import ScanCore
import ScanServer
import ScanTestSupport
import Testing

/// The data folder's disk filling up: a 4 MB tmpfs mounted as the data folder. Mounting needs
/// root (CI runs as root); elsewhere these tests are skipped, as the CLI's full-disk test is.
@Suite("Fault: disk full", .serialized)
struct FaultDiskFullTests {
    /// Size of the tmpfs: the database, the photo store's 2 MB reserve and a few noisy photos.
    static let diskSize = "4m"

    /// Uploads fill the disk: the upload that doesn't fit is refused clearly with nothing left
    /// half-written, what was stored stays readable, edits and deletes still commit, and after a
    /// delete the next upload fits.
    @Test(.enabled(if: TinyDisk.canMount, "mounting a tmpfs needs root"))
    func uploadsThatFillTheDiskAreRefusedClearlyAndTheSessionStaysUsable() throws {
        let folder = try TestServer.temporaryFolder()
        let disk = try TinyDisk(at: folder.appendingPathComponent("data").path, size: Self.diskSize)
        defer {
            disk.unmount()
            try? FileManager.default.removeItem(at: folder)
        }
        let server = try TestServer(folder: folder)
        defer { server.stop() }
        let session = try server.createSession()
        var stored: [String] = []
        var refusal: RawHTTPClient.Reply?
        for seed in 1...40 {
            let reply = try upload(server, try noisyPhoto(seed: UInt64(seed)), session: session)
            guard reply.status == 201 else {
                refusal = reply
                break
            }
            stored.append(try #require(reply.json?["id"] as? String))
        }
        let refused = try #require(refusal, "40 uploads fitted on a \(Self.diskSize) disk")
        #expect(stored.count >= 2, "the disk held only \(stored.count) photos")
        expectDiskFullError(refused, data: disk.path)
        try expectIntact(server, session: session, pages: stored, data: disk.path)

        let edit = try server.client.send("PATCH", "/api/sessions/\(session)/pages/\(stored[0])", body: Array(#"{"rotation": 90}"#.utf8))
        #expect(edit.status == 200, "edit on a full disk: \(edit.text)")
        let delete = try server.client.send("DELETE", "/api/sessions/\(session)/pages/\(stored[1])")
        #expect(delete.status == 204, "delete on a full disk: \(delete.text)")
        stored.remove(at: 1)
        let retry = try upload(server, Fixtures.pagePhoto, session: session)
        #expect(retry.status == 201, "upload after freeing space: \(retry.text)")
        stored.append(try #require(retry.json?["id"] as? String))
        try expectIntact(server, session: session, pages: stored, data: disk.path)
    }

    /// Below the reserve check: a photo write that itself runs out of space leaves no partial file.
    @Test(.enabled(if: TinyDisk.canMount, "mounting a tmpfs needs root"))
    func aPhotoWriteCutShortByAFullDiskLeavesNoFile() throws {
        let folder = try TestServer.temporaryFolder()
        let disk = try TinyDisk(at: folder.appendingPathComponent("photos").path, size: "1m")
        defer {
            disk.unmount()
            try? FileManager.default.removeItem(at: folder)
        }
        var store = try PhotoStore(folder: disk.path)
        store.reservedBytes = 0
        let photo = try noisyPhoto(seed: 7)
        var written: [String] = []
        var failure: ServerError?
        for _ in 0..<20 {
            do {
                written.append(try store.write(photo, fileExtension: "jpg"))
            } catch {
                failure = error
                break
            }
        }
        let error = try #require(failure, "20 photos of \(photo.count) bytes fitted in 1 MB")
        // 507 when the free-space check sees it coming, 500 when the write itself hits ENOSPC.
        #expect([500, 507].contains(error.status), "status \(error.status)")
        #expect(error.description.contains("disk full") && error.description.contains(disk.path), "\(error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted() == written.sorted(), "only complete photos remain")
        for name in written { #expect(try store.read(name) == photo) }
    }

    // MARK: - Helpers

    private func expectDiskFullError(_ reply: RawHTTPClient.Reply, data: String) {
        #expect(reply.status == 507, "status \(reply.status)")
        let message = reply.errorMessage ?? ""
        #expect(message.contains("disk full") && message.contains(data), "names the full disk: \(message)")
        #expect(message.contains("delete pages or sessions, or free space on that disk"), "says what to do: \(message)")
    }

    /// The database is sound, one file per page, and every page's photo reads back.
    private func expectIntact(_ server: TestServer, session: String, pages: [String], data: String) throws {
        let report = try DatabaseProbe(data: data).report()
        #expect(report.integrity == "ok")
        #expect(report.orphans.isEmpty && report.missing.isEmpty && report.referencedPhotos.count == pages.count, "\(report)")
        #expect(try server.pageIDs(session) == pages)
        for id in pages {
            let photo = try server.client.send("GET", "/api/sessions/\(session)/pages/\(id)/photo?maxSide=64")
            #expect(photo.status == 200, "page \(id): \(photo.text)")
        }
    }

    private func upload(_ server: TestServer, _ photo: [UInt8], session: String) throws -> RawHTTPClient.Reply {
        try server.client.send("POST", "/api/sessions/\(session)/pages", headers: ["Content-Type": "image/jpeg"], body: photo)
    }

    /// A 480×360 JPEG of noise (about 300 KB): a few fill the small disk.
    private func noisyPhoto(seed: UInt64) throws -> [UInt8] {
        try ImageCodec.encodeJPEG(randomImage(width: 480, height: 360, seed: seed, as: RGB8.self), quality: 95)
    }
}
