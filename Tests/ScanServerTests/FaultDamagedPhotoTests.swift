import Foundation
import ScanCodecs
import ScanCore
import ScanServer
import ScanTestSupport
import Testing

/// Photo files damaged on disk behind the server's back. The page with the damaged file answers a
/// clear error that names it (its place, its id) and says to retake or delete it; the session
/// lists, the other pages render, and an export fails naming every damaged page rather than
/// silently leaving pages out of the user's document.
@Suite("Fault: damaged photos on disk", .serialized)
struct FaultDamagedPhotoTests {
    /// Ways a stored photo gets damaged, with the words the error uses for each.
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case garbage, truncated, missing, empty

        var testDescription: String { rawValue }

        /// What the error message says about the file.
        var reason: String {
            switch self {
            case .garbage: "its file is not a readable image any more"
            case .truncated: "its file is cut short"
            case .missing: "its file is missing"
            case .empty: "its file is empty"
            }
        }

        /// Damages the photo file at `path`.
        func apply(to path: String) throws {
            switch self {
            case .garbage: try Data("this is no longer a photo".utf8).write(to: URL(fileURLWithPath: path))
            case .truncated:
                let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
                try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
            case .missing: try FileManager.default.removeItem(atPath: path)
            case .empty: try Data().write(to: URL(fileURLWithPath: path))
            }
        }
    }

    @Test(arguments: Damage.allCases)
    func oneDamagedPhotoFailsOnlyItsPageAndTheExportNamesIt(damage: Damage) throws {
        let server = try TestServer()
        defer { server.stop(); try? FileManager.default.removeItem(at: server.folder) }
        let session = try server.createSession()
        let ids = try (0..<3).map { _ in try #require(try server.addPage(session, photo: Self.smallPhoto)["id"] as? String) }
        try damage.apply(to: photoPath(server, session, ids[1]))

        for route in ["render?maxSide=100", "photo?maxSide=64"] {
            let broken = try server.client.send("GET", "/api/sessions/\(session)/pages/\(ids[1])/\(route)")
            #expect(broken.status == 500)
            let message = broken.errorMessage ?? ""
            #expect(message.contains("page 2 of 3 (id \(ids[1])) has a damaged photo: \(damage.reason); retake or delete that page"),
                    "\(route): \(message)")
            for intact in [ids[0], ids[2]] {
                let reply = try server.client.send("GET", "/api/sessions/\(session)/pages/\(intact)/\(route)")
                #expect(reply.status == 200 && reply.headers["content-type"] == "image/jpeg", "\(route) of an intact page: \(reply.text)")
            }
        }
        #expect(try server.pageIDs(session) == ids, "the session still lists every page")
        for format in ["pdf", "zip"] {
            let export = try server.client.send("GET", "/api/sessions/\(session)/export?format=\(format)")
            #expect(export.status == 500)
            #expect(export.errorMessage?.contains("page 2 of 3 (id \(ids[1])) has a damaged photo: \(damage.reason)") == true,
                    "\(format): \(export.text)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: exportFolder(server)).isEmpty, "no half-written export left")
    }

    /// Three pages damaged three ways while the server runs: the same answers before and after a
    /// restart, the export names all three at once, and following its advice (retake one, delete
    /// two) makes the export work again.
    @Test func severalDamagedPhotosAcrossARestartAndTheirRepair() throws {
        let first = try TestServer()
        let folder = first.folder
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try first.createSession()
        let ids = try (0..<4).map { _ in try #require(try first.addPage(session, photo: Self.smallPhoto)["id"] as? String) }
        let damages: [Damage] = [.garbage, .truncated, .missing]
        for (index, damage) in damages.enumerated() { try damage.apply(to: photoPath(first, session, ids[index])) }
        try expectDamaged(first, session: session, ids: ids, damages: damages)
        first.stop()

        let second = try TestServer(folder: folder)
        defer { second.stop() }
        try expectDamaged(second, session: session, ids: ids, damages: damages)

        let retake = try second.client.send(
            "PUT", "/api/sessions/\(session)/pages/\(ids[0])/photo", headers: ["Content-Type": "image/jpeg"], body: Self.smallPhoto)
        #expect(retake.status == 200, "retake: \(retake.text)")
        #expect(try second.client.send("GET", "/api/sessions/\(session)/pages/\(ids[0])/render?maxSide=100").status == 200)
        for id in ids[1...2] {
            #expect(try second.client.send("DELETE", "/api/sessions/\(session)/pages/\(id)").status == 204, "delete \(id)")
        }
        let export = try second.client.send("GET", "/api/sessions/\(session)/export?format=pdf")
        #expect(export.status == 200, "export after the repair: \(export.text.prefix(300))")
        #expect(String(decoding: export.body, as: UTF8.self).contains("/Count 2>>"))
        let report = try DatabaseProbe(data: folder.appendingPathComponent("data").path).report()
        #expect(report.integrity == "ok")
        #expect(report.orphans.isEmpty && report.missing.isEmpty && report.photoFiles.count == 2, "\(report)")
    }

    // MARK: - Helpers

    /// A 240×180 page photo: quick to upload, render and export in a debug build.
    static let smallPhoto: [UInt8] = {
        let photo = SyntheticPhoto(width: 240, height: 180, quad: Fixtures.pageQuad.scaled(by: 0.5))
        return (try? ImageCodec.encodeJPEG(photo.image, quality: 85)) ?? []
    }()

    private func expectDamaged(_ server: TestServer, session: String, ids: [String], damages: [Damage]) throws {
        #expect(try server.pageIDs(session) == ids, "the session still lists every page")
        for (index, damage) in damages.enumerated() {
            let reply = try server.client.send("GET", "/api/sessions/\(session)/pages/\(ids[index])/render?maxSide=100")
            #expect(reply.status == 500)
            #expect(reply.errorMessage?.contains("page \(index + 1) of 4 (id \(ids[index])) has a damaged photo: \(damage.reason)") == true,
                    "\(damage): \(reply.text)")
        }
        #expect(try server.client.send("GET", "/api/sessions/\(session)/pages/\(ids[3])/render?maxSide=100").status == 200)
        let export = try server.client.send("GET", "/api/sessions/\(session)/export?format=pdf")
        #expect(export.status == 500)
        let listed = damages.indices.map { "page \($0 + 1) (id \(ids[$0])): \(damages[$0].reason)" }.joined(separator: ", ")
        #expect(export.errorMessage?.contains("3 of 4 pages have damaged photos (\(listed)); retake or delete those pages") == true,
                "\(export.text)")
    }

    private func photoPath(_ server: TestServer, _ session: String, _ page: String) throws -> String {
        let store = server.server.store
        return store.photos.path(of: try store.page(page, in: session).photoFile)
    }

    private func exportFolder(_ server: TestServer) -> String { server.server.store.exportFolder }
}
