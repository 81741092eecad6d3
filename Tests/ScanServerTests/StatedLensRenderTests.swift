import Foundation
import ScanCodecs
import ScanCore
import ScanTestSupport
import Testing

/// The lens a stored photo states shapes its rendered page.
@Suite("Rendering with the photo's lens")
struct StatedLensRenderTests {
    /// A 210 × 260 card tipped back 40° straight in front of a 2× telephoto (52 mm-equivalent) in an
    /// 800 × 600 photo: a symmetric trapezoid, whose corners cannot tell the focal length, so the
    /// page's proportions come from the lens. With the lens in the photo's EXIF the page and its
    /// thumbnail come out 260 / 210 tall; the same photo without it is rendered with a phone's main
    /// camera, its depth foreshortened less, and comes out too short.
    @Test func aStoredPhotosLensGivesThePagesProportions() throws {
        let focal = 1000 * 52 / PhoneCamera.filmDiagonal  // the photo's diagonal is 1000 px
        let card = PinholePage(focalLength: focal, centre: Point(400, 300), tiltDegrees: 40, turnDegrees: 0,
                               origin: SIMD3(-105, 70, 700))
        let corners = [card.project(0, 260), card.project(210, 260), card.project(210, 0), card.project(0, 0)]
        try #require(corners.allSatisfy { $0.x > 0 && $0.x < 800 && $0.y > 0 && $0.y < 600 }, "\(corners)")
        let desk = Image<RGB8>(width: 800, height: 600, pixels: Array(repeating: RGB8(90, 100, 120), count: 800 * 600))
        let plain = try ImageCodec.encodeJPEG(desk, quality: 90)
        let stated = ExifBytes.jpeg(plain, withExif: ExifBytes.tiff(focalLength: 52, bigEndian: true))

        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        func renderedProportions(of photo: [UInt8]) throws -> (page: Double, thumbnail: Double) {
            let id = try #require(try test.addPage(session, photo: photo)["id"] as? String)
            let base = "/api/sessions/\(session)/pages/\(id)"
            let points = corners.map { "[\($0.x),\($0.y)]" }.joined(separator: ",")
            #expect(try test.client.send("PATCH", base, body: Array(#"{"corners": [\#(points)]}"#.utf8)).status == 200)
            func proportions(_ query: String) throws -> Double {
                let reply = try test.client.send("GET", base + "/render" + query)
                let image = try ImageCodec.decode(reply.body, name: "render").image
                return Double(image.height) / Double(image.width)
            }
            return (try proportions(""), try proportions("?maxSide=300"))
        }
        let withLens = try renderedProportions(of: stated)
        let assumed = try renderedProportions(of: plain)
        let truth = 260.0 / 210
        #expect(abs(withLens.page / truth - 1) < 0.02 && abs(withLens.thumbnail / truth - 1) < 0.02,
                "\(withLens) vs \(truth)")
        #expect(assumed.page / truth < 0.9, "\(assumed) vs \(truth)")
    }
}
