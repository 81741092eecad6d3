import Foundation
import ScanCodecs
import ScanCore
import ScanServer
import ScanTestSupport

/// A `FlatbedServer` on a free loopback port with its own temporary data folder and web files.
final class TestServer {
    let folder: URL
    let server: FlatbedServer
    let client: RawHTTPClient

    /// Starts a server; `folder` reuses a data folder (for restart tests).
    init(folder: URL? = nil, configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
        self.folder = try folder ?? TestServer.temporaryFolder()
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.dataFolder = self.folder.appendingPathComponent("data").path
        configuration.threads = 2
        configure(&configuration)
        server = try FlatbedServer(configuration: configuration, assets: StaticAssets(folder: try TestServer.webFolder()))
        try server.start()
        client = RawHTTPClient(port: server.port)
    }

    func stop() { server.stop() }

    /// A new folder under the temporary directory, removed when the test process exits.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flatbed-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        TemporaryFolders.shared.add(url)
        return url
    }

    /// A small web folder: index.html and one script.
    static func webFolder() throws -> URL {
        let url = try temporaryFolder().appendingPathComponent("Web")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("app"), withIntermediateDirectories: true)
        try Data("<!doctype html><title>test</title>".utf8).write(to: url.appendingPathComponent("index.html"))
        try Data("export const x = 1;\n".utf8).write(to: url.appendingPathComponent("app/main.js"))
        return url
    }

    // MARK: - Shortcuts

    func createSession() throws -> String {
        let reply = try client.send("POST", "/api/sessions")
        guard reply.status == 201, let id = reply.json?["id"] as? String else {
            throw RawHTTPClient.Failure(description: "create session: \(reply.status) \(reply.text)")
        }
        return id
    }

    func addPage(_ session: String, photo: [UInt8] = Fixtures.pagePhoto) throws -> [String: Any] {
        let reply = try client.send("POST", "/api/sessions/\(session)/pages", headers: ["Content-Type": "image/jpeg"], body: photo)
        guard reply.status == 201, let page = reply.json else {
            throw RawHTTPClient.Failure(description: "add page: \(reply.status) \(reply.text)")
        }
        return page
    }

    func pageIDs(_ session: String) throws -> [String] {
        let pages = try client.send("GET", "/api/sessions/\(session)").json?["pages"] as? [[String: Any]] ?? []
        return pages.compactMap { $0["id"] as? String }
    }
}

/// The folders the tests made, removed at exit: servers and children may still use a folder
/// after the test that made it has moved on, so removal waits for the end of the process.
final class TemporaryFolders: @unchecked Sendable {
    static let shared: TemporaryFolders = {
        atexit { TemporaryFolders.shared.removeAll() }
        return TemporaryFolders()
    }()

    private let lock = NSLock()
    private var folders: [URL] = []

    func add(_ folder: URL) {
        lock.withLock { folders.append(folder) }
    }

    private func removeAll() {
        let all = lock.withLock { folders }
        for folder in all { try? FileManager.default.removeItem(at: folder) }
    }
}

/// Photos for the tests, made once.
enum Fixtures {
    /// Where the synthetic page lies in `pagePhoto`.
    static let pageQuad = Quad(topLeft: Point(90, 50), topRight: Point(390, 70), bottomRight: Point(370, 320), bottomLeft: Point(70, 300))

    /// A 480×360 JPEG of a light page on a dark table.
    static let pagePhoto: [UInt8] = {
        let photo = SyntheticPhoto(width: 480, height: 360, quad: pageQuad)
        return (try? ImageCodec.encodeJPEG(photo.image, quality: 90)) ?? []
    }()

    /// A 640×480 JPEG frame of the same scene, for /api/detect.
    static let frame: [UInt8] = {
        let photo = SyntheticPhoto(width: 640, height: 480, quad: pageQuad.scaled(by: 640.0 / 480.0))
        return (try? ImageCodec.encodeJPEG(photo.image, quality: 85)) ?? []
    }()

    /// A plain gray 320×240 PNG with no document.
    static let blankPNG: [UInt8] = (try? ImageCodec.encodePNG(constantImage(width: 320, height: 240, value: 128, as: RGB8.self))) ?? []
}
