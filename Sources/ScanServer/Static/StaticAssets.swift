import Foundation

/// The web app's files, read once from the package's `Web` resources. Only files found there are
/// served, looked up by exact path, so no request can reach anything else (no `..`, no symlinks
/// followed at request time).
public struct StaticAssets: Sendable {
    /// One file ready to send.
    public struct Asset: Sendable {
        /// The bytes.
        public var bytes: [UInt8]
        /// Its media type.
        public var contentType: String
        /// A strong validator of its content.
        public var etag: String
    }

    /// Seconds browsers may keep assets other than index.html without asking again: short, so a
    /// new build shows up quickly.
    public static let assetMaxAge = 300

    private let assets: [String: Asset]

    /// The URL paths served (`/index.html`, `/app/main.js`, …).
    public var paths: [String] { assets.keys.sorted() }

    /// Loads every file under `folder`; `/` serves `/index.html`.
    public init(folder: URL) {
        var assets: [String: Asset] = [:]
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            let path = root + "/" + relative
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
                  !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                  let data = FileManager.default.contents(atPath: path) else { continue }
            let bytes = [UInt8](data)
            assets["/" + relative] = Asset(bytes: bytes, contentType: Self.contentType(of: relative), etag: Self.etag(bytes))
        }
        self.assets = assets
    }

    /// The package's own `Web` folder.
    public static func bundled() -> StaticAssets {
        StaticAssets(folder: Bundle.module.resourceURL?.appendingPathComponent("Web") ?? URL(fileURLWithPath: "/nonexistent"))
    }

    /// Answers a GET or HEAD for a static path: 200, 304 for a matching `If-None-Match`, or 404.
    public func respond(to request: Request) -> Response {
        let path = request.path == "/" ? "/index.html" : request.path
        guard let asset = assets[path] else { return .error(.unknownRoute(method: request.method, path: request.path)) }
        let caching = path == "/index.html" ? "no-cache" : "max-age=\(Self.assetMaxAge)"
        var headers: [(name: String, value: String)] = [("Cache-Control", caching), ("ETag", asset.etag)]
        if request.header("if-none-match")?.split(separator: ",").contains(where: { String($0).trimmingWhitespace() == asset.etag }) == true {
            return Response(status: 304, headers: headers)
        }
        headers.insert(("Content-Type", asset.contentType), at: 0)
        return Response(status: 200, headers: headers, body: .bytes(asset.bytes))
    }

    static func contentType(of path: String) -> String {
        switch path.split(separator: ".").last.map({ $0.lowercased() }) ?? "" {
        case "html": "text/html; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml"
        case "json": "application/json"
        case "webmanifest": "application/manifest+json"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "ico": "image/x-icon"
        case "woff2": "font/woff2"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }

    /// FNV-1a 64 of the bytes, quoted.
    static func etag(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return "\"" + String(hash, radix: 16) + "-" + String(bytes.count, radix: 16) + "\""
    }
}
