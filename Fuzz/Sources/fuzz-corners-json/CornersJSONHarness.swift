import Foundation
import FuzzSupport
import ScanCodecs
import ScanCore
import ScanPipeline
import ScanServer

// The JSON we read from users, on any bytes: the CLI's `--corners FILE` (CornersFile, JSON lines
// or a list) and the web app's bodies for `PUT …/settings`, `PATCH …/pages/{id}` and
// `PUT …/order`, sent through the server (the body types are internal to ScanServer) to one
// session with one 64×48 page in a temporary store. Checks: a parsed corners entry can be
// validated against an image without trapping; the server answers 200 or a 4xx, never 500; what
// it accepted is stored valid (settings in range, corners finite and inside the page).

let host = "127.0.0.1:8080"

let server: FlatbedServer = {
    var configuration = ServerConfiguration()
    configuration.port = 8080
    configuration.dataFolder = fuzzTemporaryFolder("fuzz-corners-json")
    do {
        return try FlatbedServer(configuration: configuration)
    } catch {
        fuzzCheck(false, "cannot open the server: \(error)")
        fatalError("unreachable")
    }
}()

func send(_ method: String, _ path: String, type: String = "application/json", body: [UInt8]) -> Response {
    server.respond(to: Request(method: method, path: path, headers: ["host": host, "content-type": type], body: body))
}

func id(in response: Response) -> String? {
    guard case .bytes(let bytes) = response.body,
          let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else { return nil }
    return object["id"] as? String
}

/// The session and page the bodies are sent to.
let fixture: (session: String, page: String) = {
    let photo = (try? ImageCodec.encodeJPEG(Image<RGB8>(width: 64, height: 48, repeating: RGB8(90, 90, 90)))) ?? []
    guard let session = id(in: send("POST", "/api/sessions", body: [])),
          let page = id(in: send("POST", "/api/sessions/\(session)/pages", type: "image/jpeg", body: photo)) else {
        fuzzCheck(false, "cannot create the fixture session")
        fatalError("unreachable")
    }
    return (session, page)
}()

func checkAnswer(_ response: Response, _ what: String) {
    fuzzCheck(response.status == 200 || (400...499).contains(response.status), "\(what) answered \(response.status)")
    guard case .bytes(let bytes) = response.body else { return fuzzCheck(false, "\(what) streamed a file") }
    fuzzCheck((try? JSONSerialization.jsonObject(with: Data(bytes))) != nil, "\(what) answered malformed JSON")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))

    if let file = try? CornersFile(data: Data(bytes), path: "corners.json") {
        for (image, entry) in file.entries {
            fuzzCheck(file.entry(for: image) != nil, "entry for '\(image)' cannot be looked up")
            if case .corners(let quad) = entry {
                _ = quad.isValid(in: Size(width: 4000, height: 3000))
                _ = quad.ordered()
            }
        }
    }

    let settings = send("PUT", "/api/sessions/\(fixture.session)/settings", body: bytes)
    checkAnswer(settings, "PUT settings")
    if let stored = try? server.store.settings(of: fixture.session) {
        fuzzCheck((try? stored.validate()) != nil, "stored settings out of range: \(stored)")
    }

    let patch = send("PATCH", "/api/sessions/\(fixture.session)/pages/\(fixture.page)", body: bytes)
    checkAnswer(patch, "PATCH page")
    if let page = try? server.store.page(fixture.page, in: fixture.session), let corners = page.corners {
        fuzzCheck(corners.isValid(in: Size(width: 64, height: 48)), "stored corners outside the page: \(corners)")
    }

    checkAnswer(send("PUT", "/api/sessions/\(fixture.session)/order", body: bytes), "PUT order")
    return 0
}

/// SwiftPM's entry point: libFuzzer's driver, calling `fuzz` for each input.
@main
enum Harness {
    static func main() { fuzzDriverMain(fuzz) }
}
