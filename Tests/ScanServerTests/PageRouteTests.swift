import Foundation
import ScanCodecs
import ScanCore
import Testing

@Suite("Page routes")
struct PageRouteTests {
    @Test func uploadDetectsTheCorners() throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        let page = try test.addPage(session)
        #expect(page["width"] as? Int == 480)
        #expect(page["height"] as? Int == 360)
        #expect(page["rotation"] as? Int == 0)
        #expect(page["mode"] as? String == "color")
        let corners = try #require(page["corners"] as? [[Double]])
        let expected = Fixtures.pageQuad.corners
        for (found, truth) in zip(corners, expected) {
            #expect(abs(found[0] - truth.x) < 6 && abs(found[1] - truth.y) < 6, "corner \(found) vs \(truth)")
        }
        let blank = try test.client.send("POST", "/api/sessions/\(session)/pages", headers: ["Content-Type": "image/png"], body: Fixtures.blankPNG)
        #expect(blank.status == 201)
        #expect(blank.json?["corners"] is NSNull)
        #expect(try test.pageIDs(session).count == 2)
    }

    @Test(arguments: [
        ("image/jpeg", Array("this is not an image".utf8), 415),
        ("image/jpeg", Array(Fixtures.pagePhoto.prefix(200)), 400),
        ("text/plain", Fixtures.pagePhoto, 415),
        ("image/jpeg", [UInt8](), 400),
    ])
    func badUploads(type: String, body: [UInt8], status: Int) throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        let reply = try test.client.send("POST", "/api/sessions/\(session)/pages", headers: ["Content-Type": type], body: body)
        #expect(reply.status == status)
        #expect(reply.errorMessage != nil)
        #expect(try test.pageIDs(session).isEmpty)
    }

    @Test func uploadsOverTheLimitAre413() throws {
        let test = try TestServer { $0.maximumUploadBytes = 1_048_576 }
        defer { test.stop() }
        let session = try test.createSession()
        let declared = try test.client.sendHeadOnly(
            "POST", "/api/sessions/\(session)/pages", contentLength: 2_000_000, headers: ["Content-Type": "image/jpeg"])
        #expect(declared.status == 413)
        let streamed = try test.client.send(
            "POST", "/api/sessions/\(session)/pages", headers: ["Content-Type": "image/jpeg"],
            body: [UInt8](repeating: 0xFF, count: 1_500_000), chunked: true)
        #expect(streamed.status == 413)
        #expect(streamed.errorMessage?.contains("upload limit") == true)
        #expect(try test.pageIDs(session).isEmpty)
    }

    @Test func patchCornersRotationAndMode() throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        let id = try #require(try test.addPage(session)["id"] as? String)
        let path = "/api/sessions/\(session)/pages/\(id)"
        let body = #"{"corners": [[10,10],[400,20],[390,300],[20,310]], "rotation": 90, "mode": "gray"}"#
        let reply = try test.client.send("PATCH", path, body: Array(body.utf8))
        #expect(reply.status == 200)
        #expect(reply.json?["rotation"] as? Int == 90)
        #expect(reply.json?["mode"] as? String == "gray")
        #expect((reply.json?["corners"] as? [[Double]])?.first == [10, 10])
        #expect(try test.client.send("GET", path).json?["rotation"] as? Int == 90)
        let wholePhoto = try test.client.send("PATCH", path, body: Array(#"{"corners": null}"#.utf8))
        #expect(wholePhoto.json?["corners"] is NSNull)
        #expect(wholePhoto.json?["detectedCorners"] is [Any])
    }

    @Test(arguments: [
        (#"{"corners": [[10,10],[390,300],[400,20],[20,310]]}"#, "cross"),
        (#"{"corners": [[10,10],[400,20],[390,300]]}"#, "4 corners"),
        (#"{"corners": [[10,10],[900,20],[390,300],[20,310]]}"#, "outside"),
        (#"{"corners": [[10,10],[100,150],[390,300],[20,310]]}"#, "convex"),
        (#"{"rotation": 45}"#, "rotation"),
        (#"{"mode": "sepia"}"#, "mode"),
        (#"{"rotation": "90"}"#, "rotation"),
    ])
    func badPatchesAre400(body: String, mentions: String) throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        let id = try #require(try test.addPage(session)["id"] as? String)
        let reply = try test.client.send("PATCH", "/api/sessions/\(session)/pages/\(id)", body: Array(body.utf8))
        #expect(reply.status == 400)
        #expect(reply.errorMessage?.contains(mentions) == true, "\(reply.errorMessage ?? "")")
    }

    @Test func unknownPageIs404() throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        for method in ["GET", "PATCH", "DELETE"] {
            let reply = try test.client.send(method, "/api/sessions/\(session)/pages/AAAAAAAAAAAAAAAAAAAAAA", body: Array("{}".utf8))
            #expect(reply.status == 404)
        }
        #expect(try test.client.send("GET", "/api/sessions/\(session)/pages/nope/render").status == 404)
    }

    @Test func retakeKeepsPositionAndResets() throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        let first = try #require(try test.addPage(session)["id"] as? String)
        let second = try #require(try test.addPage(session)["id"] as? String)
        _ = try test.client.send("PATCH", "/api/sessions/\(session)/pages/\(first)", body: Array(#"{"rotation": 180}"#.utf8))
        let retake = try test.client.send(
            "PUT", "/api/sessions/\(session)/pages/\(first)/photo", headers: ["Content-Type": "image/png"], body: Fixtures.blankPNG)
        #expect(retake.status == 200)
        #expect(retake.json?["id"] as? String == first)
        #expect(retake.json?["rotation"] as? Int == 0)
        #expect(retake.json?["width"] as? Int == 320)
        #expect(retake.json?["corners"] is NSNull)
        #expect(try test.pageIDs(session) == [first, second])
        // The old photo file is gone: one file per page.
        let photos = try FileManager.default.contentsOfDirectory(atPath: test.folder.appendingPathComponent("data/photos").path)
        #expect(photos.count == 2)
    }

    @Test func reorderAndDelete() throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        let ids = try (0..<3).map { _ in try #require(try test.addPage(session)["id"] as? String) }
        let order = #"{"pages": ["\#(ids[2])", "\#(ids[0])", "\#(ids[1])"]}"#
        let reply = try test.client.send("PUT", "/api/sessions/\(session)/order", body: Array(order.utf8))
        #expect(reply.status == 200)
        #expect((reply.json?["pages"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [ids[2], ids[0], ids[1]])
        let partial = #"{"pages": ["\#(ids[2])", "\#(ids[0])"]}"#
        #expect(try test.client.send("PUT", "/api/sessions/\(session)/order", body: Array(partial.utf8)).status == 400)
        let repeated = #"{"pages": ["\#(ids[2])", "\#(ids[2])", "\#(ids[1])"]}"#
        #expect(try test.client.send("PUT", "/api/sessions/\(session)/order", body: Array(repeated.utf8)).status == 400)
        #expect(try test.client.send("DELETE", "/api/sessions/\(session)/pages/\(ids[0])").status == 204)
        #expect(try test.pageIDs(session) == [ids[2], ids[1]])
    }

    @Test func photoAndRenderAreJPEGs() throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        let id = try #require(try test.addPage(session)["id"] as? String)
        let base = "/api/sessions/\(session)/pages/\(id)"
        let photo = try test.client.send("GET", base + "/photo?maxSide=200")
        #expect(photo.status == 200)
        #expect(photo.headers["content-type"] == "image/jpeg")
        let small = try ImageCodec.decode(photo.body, name: "photo").image
        #expect(max(small.width, small.height) == 200)

        let upright = try ImageCodec.decode(try test.client.send("GET", base + "/render?maxSide=300").body, name: "render").image
        #expect(max(upright.width, upright.height) <= 300)
        #expect(upright.width != upright.height)
        _ = try test.client.send("PATCH", base, body: Array(#"{"rotation": 90, "mode": "gray"}"#.utf8))
        let turned = try test.client.send("GET", base + "/render?maxSide=300")
        let image = try ImageCodec.decode(turned.body, name: "render", as: Gray8.self).image
        #expect(image.width == upright.height && image.height == upright.width, "rotated 90°, the sides swap")
        #expect(try test.client.send("GET", base + "/render?maxSide=huge").status == 400)
    }
}
