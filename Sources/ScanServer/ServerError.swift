import ScanCodecs
import ScanCore
import ScanDetect

/// Why the server refused a request or could not start. Each case maps to one HTTP status, and its
/// `description` is the one-line message the client receives in `{"error": {"message": …}}`.
public enum ServerError: Error, Equatable, Sendable, CustomStringConvertible {
    // MARK: - Routing and access

    /// No route matches the path.
    case unknownRoute(method: String, path: String)
    /// The path exists but not for this method.
    case methodNotAllowed(method: String, path: String, allowed: [String])
    /// The Host header is not this server (DNS-rebinding defence).
    case misdirectedHost(host: String)
    /// A state-changing request came from another origin's page.
    case crossOrigin(origin: String)
    /// The server is bound to a non-loopback address and the request carries no valid token.
    case missingToken

    // MARK: - Bad input

    /// No session has this id.
    case sessionNotFound(id: String)
    /// The session has no page with this id.
    case pageNotFound(sessionID: String, pageID: String)
    /// The request body is not the JSON expected; `reason` says what is wrong.
    case invalidJSON(reason: String)
    /// A stabiliser setting is out of range.
    case invalidSetting(VideoOptionsError)
    /// The corners are not a page inside the photo.
    case invalidCorners(GeometryError)
    /// Rotation other than 0, 90, 180, 270.
    case invalidRotation(Int)
    /// A colour mode the server does not know.
    case unknownMode(String)
    /// The new order is not a permutation of the session's pages.
    case notAPermutation(expected: Int, given: Int)
    /// A query parameter has a bad value.
    case invalidQuery(name: String, value: String, expected: String)
    /// The body's Content-Type is not an image type the server reads.
    case unsupportedMediaType(String)
    /// The body could not be decoded as an image.
    case unreadableImage(CodecError)
    /// The body is over the upload limit.
    case bodyTooLarge(limit: Int)
    /// A request that needs a body came without one.
    case emptyBody
    /// Text recognition failed (missing language data, engine error).
    case ocrFailed(String)
    /// The session has no page to export.
    case nothingToExport(sessionID: String)
    /// Page `number` (1-based) cannot go into the export, for `reason` (a sliver of a page
    /// renders too thin for a PDF page).
    case pageNotExportable(number: Int, reason: String)

    // MARK: - Server side

    /// The daemon could not start (port taken, bad address).
    case cannotListen(host: String, port: Int, reason: String)
    /// The data folder or database could not be used.
    case storage(String)
    /// Storing a photo of `neededBytes` would leave the data folder's disk without the room the
    /// database needs (`freeBytes` are left).
    case diskFull(folder: String, freeBytes: Int, neededBytes: Int)
    /// Stored photos can no longer be read back; the message names each page and the fix.
    case damagedPhotos(String)
    /// A bug or an unexpected failure while handling a request.
    case internalFailure(String)

    /// The HTTP status this error is answered with.
    public var status: Int {
        switch self {
        case .unknownRoute, .sessionNotFound, .pageNotFound: 404
        case .methodNotAllowed: 405
        case .misdirectedHost: 421
        case .crossOrigin: 403
        case .missingToken: 401
        case .unsupportedMediaType: 415
        case .unreadableImage(.unsupportedFormat): 415
        case .bodyTooLarge: 413
        case .invalidJSON, .invalidSetting, .invalidCorners, .invalidRotation, .unknownMode, .notAPermutation,
             .invalidQuery, .unreadableImage, .emptyBody, .ocrFailed, .nothingToExport, .pageNotExportable:
            400
        case .diskFull: 507
        case .cannotListen, .storage, .damagedPhotos, .internalFailure: 500
        }
    }

    public var description: String {
        switch self {
        case .unknownRoute(let method, let path):
            "no route for \(method) \(path); see Docs/api.md for the routes"
        case .methodNotAllowed(let method, let path, let allowed):
            "\(path) does not accept \(method); use \(allowed.joined(separator: " or "))"
        case .misdirectedHost(let host):
            "host '\(host)' is not this server; open it by its address or as localhost"
        case .crossOrigin(let origin):
            "requests from '\(origin)' are not allowed; use the app served by this server"
        case .missingToken:
            "missing or wrong access token; open the URL with ?token= that 'flatbed serve' printed"
        case .sessionNotFound(let id):
            "no session '\(id)'; create one with POST /api/sessions"
        case .pageNotFound(let sessionID, let pageID):
            "no page '\(pageID)' in session '\(sessionID)'; list the pages with GET /api/sessions/\(sessionID)"
        case .invalidJSON(let reason):
            "the request body is not valid JSON for this route (\(reason)); see Docs/api.md"
        case .invalidSetting(let error):
            error.description
        case .invalidCorners(let error):
            "bad corners: \(error)"
        case .invalidRotation(let value):
            "rotation \(value) is not allowed; use 0, 90, 180 or 270"
        case .unknownMode(let mode):
            "unknown mode '\(mode)'; use \(PageMode.allCases.map(\.rawValue).joined(separator: ", "))"
        case .notAPermutation(let expected, let given):
            "the order must list each of the session's \(expected) page ids exactly once (got \(given) ids); send them all"
        case .invalidQuery(let name, let value, let expected):
            "query parameter '\(name)' is '\(value)'; expected \(expected)"
        case .unsupportedMediaType(let type):
            "content type '\(type)' is not a photo; send image/jpeg, image/png or image/heic"
        case .unreadableImage(let error):
            "the body is not a readable image: \(error)"
        case .bodyTooLarge(let limit):
            "the body is over the \(limit / 1_048_576) MB upload limit; send a smaller photo or start the server with a larger --max-upload-mb"
        case .emptyBody:
            "the request has no body; send the photo or JSON as the body"
        case .ocrFailed(let reason):
            "ocr failed: \(reason); install the tesseract-ocr language data or export without ocr=1"
        case .nothingToExport(let id):
            "session '\(id)' has no pages; add a page before exporting"
        case .pageNotExportable(let number, let reason):
            "page \(number) cannot be exported: \(reason); redraw its corners around the whole page, or delete it"
        case .cannotListen(let host, let port, let reason):
            "cannot listen on \(host):\(port) (\(reason)); choose another --port or --host"
        case .storage(let reason):
            "storage failed: \(reason); check the --data folder's space and permissions"
        case .diskFull(let folder, let free, let needed):
            "disk full at \(folder) (\(free / 1024) KB free, \(needed / 1024) KB needed with room kept for the database); "
                + "delete pages or sessions, or free space on that disk"
        case .damagedPhotos(let summary):
            summary
        case .internalFailure(let reason):
            "internal error: \(reason); please report it"
        }
    }
}
