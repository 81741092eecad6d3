import Foundation
import FuzzSupport
import ScanCodecs
import ScanCore
import ScanServer

// The web app's request handling without sockets: a `Request` (method, path, query, headers,
// cookies, body) built from the bytes goes through `FlatbedServer.respond(to:)` — the same
// AccessGuard, router, API and static files the daemon calls — against a store in a temporary
// folder made once per process, holding one session with one page whose ids the fuzzer can name.
//
// Checks on every answer: a status in 100…599 and never 500 (500 means a bug); the security
// headers present; JSON bodies parse; no success without the token, with a Host that is not
// this server's, or for a state-changing request from another origin or a cross-site fetch.
//
// Exports with OCR are excluded (Tesseract takes seconds a page; the OCR path has its own tests).

let token = "fuzz-token-Qx7sVb2KmW9pLt4N"
let hostHeader = "127.0.0.1:8080"

let server: FlatbedServer = {
    var configuration = ServerConfiguration()
    configuration.host = "127.0.0.1"
    configuration.port = 8080
    configuration.dataFolder = fuzzTemporaryFolder("fuzz-http")
    configuration.token = token
    configuration.maximumPixelCount = 1_000_000
    do {
        return try FlatbedServer(configuration: configuration)
    } catch {
        fuzzCheck(false, "cannot open the server: \(error)")
        fatalError("unreachable")
    }
}()

/// A 64×48 photo of a light page on a dark table, so uploads and renders have something to find.
let photo: [UInt8] = {
    var image = Image<RGB8>(width: 64, height: 48, repeating: RGB8(40, 50, 60))
    image.withUnsafeMutableBufferPointer { pixels in
        for y in 8..<40 { for x in 14..<50 { pixels[y * 64 + x] = RGB8(235, 232, 225) } }
    }
    return (try? ImageCodec.encodeJPEG(image, quality: 80)) ?? []
}()

/// The ids of the session and page every input can name; remade when an input deletes them.
nonisolated(unsafe) var fixture: (session: String, page: String) = ("", "")

/// A request that passes every check, for setting up the fixture.
func trusted(_ method: String, _ path: String, type: String? = nil, body: [UInt8] = []) -> Request {
    var headers = ["host": hostHeader, "authorization": "Bearer \(token)"]
    if let type { headers["content-type"] = type }
    return Request(method: method, path: path, headers: headers, body: body)
}

func jsonObject(_ response: Response) -> [String: Any]? {
    guard case .bytes(let bytes) = response.body else { return nil }
    return (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
}

/// Makes sure the fixture session and page exist, and that other sessions and extra pages
/// (which inputs create) don't pile up and slow every later input down.
func prepareFixture() {
    let store = server.store
    if (try? store.page(fixture.page, in: fixture.session)) == nil {
        let session = server.respond(to: trusted("POST", "/api/sessions"))
        guard let id = jsonObject(session)?["id"] as? String else { return fuzzCheck(false, "cannot create a session") }
        let page = server.respond(to: trusted("POST", "/api/sessions/\(id)/pages", type: "image/jpeg", body: photo))
        guard let pageID = jsonObject(page)?["id"] as? String else { return fuzzCheck(false, "cannot add a page") }
        fixture = (id, pageID)
    }
    if let sessions = try? store.sessionSummaries(), sessions.count > 4 {
        for session in sessions where session.id != fixture.session { try? store.deleteSession(session.id) }
    }
    if let session = try? store.session(fixture.session), session.pages.count > 4 {
        for page in session.pages where page.id != fixture.page { try? store.deletePage(page.id, in: fixture.session) }
    }
}

/// Where the input puts the token: nowhere, or one of the three places it is accepted.
enum TokenPlace: CaseIterable { case none, query, cookie, bearer, wrong }

func identifier(_ reader: inout FuzzReader) -> String {
    switch reader.byte() % 6 {
    case 0, 1: fixture.session
    case 2: fixture.page
    case 3: "AAAAAAAAAAAAAAAAAAAAAA"
    case 4: ".."
    default: reader.string(upTo: 40)
    }
}

func path(_ reader: inout FuzzReader) -> String {
    let kind = reader.byte() % 15
    if kind == 14 { return reader.string(upTo: 80) }
    if kind == 13 { return reader.pick(["/", "/index.html", "/app.js", "/../etc/passwd", "/%2e%2e/", "//api//health", "/api"]) }
    let session = identifier(&reader), page = reader.bool() ? fixture.page : identifier(&reader)
    return [
        "/api/health", "/api/sessions", "/api/sessions/\(session)", "/api/sessions/\(session)/settings",
        "/api/sessions/\(session)/order", "/api/sessions/\(session)/pages", "/api/sessions/\(session)/pages/\(page)",
        "/api/sessions/\(session)/pages/\(page)/photo", "/api/sessions/\(session)/pages/\(page)/render",
        "/api/sessions/\(session)/export", "/api/detect", "/api/sessions/\(session)/pages/\(page)/photo",
        "/api/sessions/\(session)/pages/\(page)",
    ][Int(kind)]
}

func request(from reader: inout FuzzReader) -> (Request, TokenPlace) {
    let method = reader.byte() % 9 == 8
        ? reader.string(upTo: 10)
        : ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "GET"][Int(reader.byte() % 8)]
    var request = Request(method: method, path: path(&reader))
    for _ in 0..<reader.int(in: 0...3) {
        let name = reader.byte() % 6 == 5 ? reader.string(upTo: 12) : reader.pick(["token", "maxSide", "format", "ocr", "session"])
        let value = reader.byte() % 3 == 2 ? reader.string(upTo: 24)
            : reader.pick([fixture.session, "pdf", "zip", "0", "16", "8192", "17", "-1", ""])
        request.query[name] = value
    }
    if request.query["ocr"] == "1" { request.query["ocr"] = nil }
    request.headers["host"] = reader.byte() % 4 == 3
        ? reader.string(upTo: 40)
        : reader.pick([hostHeader, hostHeader, "localhost:8080", "[::1]:8080", "evil.example:8080", "127.0.0.1", "127.0.0.1:80"])
    switch reader.byte() % 5 {
    case 0: request.headers["origin"] = "http://" + (request.headers["host"] ?? "")
    case 1: request.headers["origin"] = reader.pick(["http://evil.example", "null", "https://127.0.0.1:8080"])
    case 2: request.headers["origin"] = reader.string(upTo: 30)
    default: break
    }
    if reader.byte() % 4 == 0 { request.headers["sec-fetch-site"] = reader.pick(["cross-site", "same-origin", "none"]) }
    if reader.bool() {
        request.headers["content-type"] = reader.byte() % 4 == 3 ? reader.string(upTo: 30)
            : reader.pick(["application/json", "image/jpeg", "image/png", "image/heic", "image/jpeg; q=1", "text/plain"])
    }
    if reader.byte() % 8 == 0 { request.headers["if-none-match"] = reader.string(upTo: 30) }
    let place = reader.pick(TokenPlace.allCases)
    switch place {
    case .none: break
    case .query: request.query["token"] = token
    case .cookie: request.cookies["flatbed_token"] = token
    case .bearer: request.headers["authorization"] = "Bearer \(token)"
    case .wrong:
        request.cookies["flatbed_token"] = reader.string(upTo: 30)
        request.headers["authorization"] = "Bearer " + reader.string(upTo: 30)
    }
    if place != .query, request.query["token"] == token { request.query["token"] = nil }
    switch reader.byte() % 4 {
    case 0: request.body = photo
    case 1: request.body = Array("{\"pages\":[\"\(fixture.page)\"]}".utf8)
    default: request.body = reader.rest()
    }
    return (request, place)
}

func check(_ response: Response, for request: Request, token place: TokenPlace) {
    let summary = "\(request.method) \(request.path) → \(response.status)"
    fuzzCheck((100...599).contains(response.status), "status out of range: \(summary)")
    fuzzCheck(response.status != 500, "internal error (a bug): \(summary) \(body(of: response))")
    for header in FlatbedServer.securityHeaders {
        fuzzCheck(response.header(header.name) == header.value, "\(header.name) missing: \(summary)")
    }
    if response.header("content-type")?.hasPrefix("application/json") == true, request.method != "HEAD" {
        guard case .bytes(let bytes) = response.body else { return fuzzCheck(false, "JSON streamed from a file: \(summary)") }
        fuzzCheck((try? JSONSerialization.jsonObject(with: Data(bytes))) != nil, "malformed JSON: \(summary) \(body(of: response))")
    }
    guard response.status < 400 else { return }
    let host = request.header("host")?.lowercased() ?? ""
    fuzzCheck(place != .none && place != .wrong, "answered without the token: \(summary)")
    fuzzCheck(host.hasSuffix(":8080"), "answered for Host '\(host)': \(summary)")
    fuzzCheck(host.hasPrefix("127.") || host.hasPrefix("localhost:") || host.hasPrefix("[::1]:"),
              "answered for Host '\(host)' on a loopback server: \(summary)")
    if request.isMutating {
        if let origin = request.header("origin") {
            fuzzCheck(origin.lowercased() == "http://" + host, "accepted a change from origin '\(origin)': \(summary)")
        }
        fuzzCheck(request.header("sec-fetch-site") != "cross-site", "accepted a cross-site change: \(summary)")
    }
    if response.header("set-cookie") != nil {
        fuzzCheck(place == .query, "set the token cookie without a query token: \(summary)")
    }
}

func body(of response: Response) -> String {
    guard case .bytes(let bytes) = response.body else { return "(file)" }
    return String(decoding: bytes.prefix(300), as: UTF8.self)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    prepareFixture()
    var reader = FuzzReader(start, count)
    let (request, place) = request(from: &reader)
    let response = server.respond(to: request)
    if case .file(let descriptor, _) = response.body { close(descriptor) }
    check(response, for: request, token: place)
    return 0
}

/// SwiftPM's entry point: libFuzzer's driver, calling `fuzz` for each input.
@main
enum Harness {
    static func main() { fuzzDriverMain(fuzz) }
}
