import Foundation
import ScanCore

/// The local web app's server: static assets and the JSON API over libmicrohttpd, sessions in
/// SQLite under the data folder. Start it with `start()`; it serves on MHD's threads until `stop()`.
///
/// ```swift
/// var configuration = ServerConfiguration()
/// configuration.port = 0
/// let server = try FlatbedServer(configuration: configuration)
/// try server.start()
/// print(server.url) // http://127.0.0.1:41234/
/// ```
public final class FlatbedServer: @unchecked Sendable {
    /// The settings it was created with (the token filled in when one was generated).
    public private(set) var configuration: ServerConfiguration
    /// The sessions and photos.
    public let store: SessionStore
    private let router: Router
    private let assets: StaticAssets
    private var daemon: HTTPDaemon?
    private var guardian: AccessGuard

    /// Headers on every response: scripts and styles only from the app's own files (no inline
    /// code, so injected markup cannot run), no framing, no sniffing a JSON or JPEG answer into
    /// something executable, no Referer carrying a `?token=` away, and no other origin embedding
    /// our answers (`<img>`, `<script>`, `no-cors` fetches). No CORS header is ever sent.
    public static let securityHeaders: [(name: String, value: String)] = [
        ("Content-Security-Policy",
         "default-src 'self'; img-src 'self' blob: data:; media-src 'self' blob: mediastream:; connect-src 'self'; "
            + "style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
            + "frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
    ]

    /// Opens the store (sweeping orphan photos) and prepares the routes; does not listen yet.
    /// - Parameter assets: the web files; nil uses the package's bundled `Web` folder.
    /// - Throws: `ServerError.storage`.
    public init(configuration: ServerConfiguration, assets: StaticAssets? = nil) throws(ServerError) {
        var configuration = configuration
        if configuration.requiresToken, configuration.token == nil { configuration.token = RandomID.make() }
        self.configuration = configuration
        store = try SessionStore(folder: configuration.dataFolder)
        self.assets = assets ?? StaticAssets.bundled()
        let api = ServerAPI(
            store: store, intake: PhotoIntake(maximumPixelCount: configuration.maximumPixelCount),
            rendering: PageRendering(), stabilisers: StabiliserRegistry())
        var router = Router()
        api.register(into: &router)
        self.router = router
        guardian = AccessGuard(boundHost: configuration.host, port: configuration.port, token: configuration.token)
    }

    /// The port listened on, once started.
    public var port: Int { daemon?.port ?? configuration.port }

    /// The address to open, with the token when one is needed.
    public var url: String {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "http://\(host):\(port)/" + (configuration.token.map { "?token=\($0)" } ?? "")
    }

    /// Starts listening.
    /// - Throws: `ServerError.cannotListen`.
    public func start() throws(ServerError) {
        precondition(daemon == nil, "FlatbedServer.start called twice")
        let started = try HTTPDaemon(
            host: configuration.host, port: configuration.port, threads: configuration.threads ?? Parallel.processorCount,
            connectionTimeout: configuration.connectionTimeout, connectionLimit: configuration.maximumConnections,
            maximumBodyBytes: configuration.maximumUploadBytes, refusalHeaders: Self.securityHeaders
        ) { [unowned self] request in respond(to: request) }
        daemon = started
        guardian = AccessGuard(boundHost: configuration.host, port: started.port, token: configuration.token)
    }

    /// Stops listening; answered requests are already durable.
    public func stop() {
        daemon?.stop()
        daemon = nil
    }

    /// Answers one request: the access checks, then the API or a static file, then the security headers.
    public func respond(to request: Request) -> Response {
        var response: Response
        var setCookie = false
        switch guardian.check(request) {
        case .refused(let error):
            response = .error(error)
        case .allowed(let remember):
            setCookie = remember
            if request.path.hasPrefix("/api/") || request.path == "/api" {
                response = router.handle(request)
            } else if request.method == "GET" || request.method == "HEAD" {
                response = assets.respond(to: request)
            } else {
                response = .error(.methodNotAllowed(method: request.method, path: request.path, allowed: ["GET"]))
            }
        }
        if setCookie, let cookie = guardian.cookieHeader { response.add("Set-Cookie", cookie) }
        // API answers hold a session's state: never kept by a browser or proxy cache.
        if request.path.hasPrefix("/api"), response.header("cache-control") == nil { response.add("Cache-Control", "no-store") }
        response.headers += Self.securityHeaders
        return response
    }
}
