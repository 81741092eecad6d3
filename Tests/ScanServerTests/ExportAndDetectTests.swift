import Foundation
import Testing

@Suite("Export and live detection")
struct ExportAndDetectTests {
    @Test func exportPDFAndZip() throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        _ = try test.addPage(session)
        _ = try test.addPage(session)
        let pdf = try test.client.send("GET", "/api/sessions/\(session)/export?format=pdf")
        #expect(pdf.status == 200)
        #expect(pdf.headers["content-type"] == "application/pdf")
        #expect(pdf.headers["content-disposition"]?.hasPrefix("attachment") == true)
        #expect(pdf.body.starts(with: Array("%PDF-".utf8)))
        let pdfText = String(decoding: pdf.body, as: UTF8.self)
        #expect(pdfText.components(separatedBy: "/Type /Page\n").count - 1 == 2 || pdfText.contains("/Count 2"))

        let zip = try test.client.send("GET", "/api/sessions/\(session)/export?format=zip")
        #expect(zip.status == 200)
        #expect(zip.headers["content-type"] == "application/zip")
        let file = test.folder.appendingPathComponent("pages.zip")
        try Data(zip.body).write(to: file)
        let listing = try run("/usr/bin/python3", ["-c", "import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(' '.join(z.namelist()))", file.path])
        #expect(listing.trimmingCharacters(in: .whitespacesAndNewlines) == "page-1.jpg page-2.jpg")
    }

    @Test func exportPDFWithTextLayer() throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        let letter = try Data(contentsOf: Self.repository.appendingPathComponent("Samples/letter-on-wood.jpg"))
        _ = try test.addPage(session, photo: [UInt8](letter))
        let plain = try test.client.send("GET", "/api/sessions/\(session)/export?format=pdf")
        let searchable = try test.client.send("GET", "/api/sessions/\(session)/export?format=pdf&ocr=1")
        #expect(searchable.status == 200, "\(searchable.errorMessage ?? "")")
        #expect(searchable.headers["content-type"] == "application/pdf")
        let pdf = test.folder.appendingPathComponent("searchable.pdf"), plainPDF = test.folder.appendingPathComponent("plain.pdf")
        try Data(searchable.body).write(to: pdf)
        try Data(plain.body).write(to: plainPDF)
        let text = try run("/usr/bin/pdftotext", [pdf.path, "-"]).filter { $0.isLetter }
        #expect(text.count > 20, "the text layer holds the letter's words: \(text.prefix(80))")
        #expect(try run("/usr/bin/pdftotext", [plainPDF.path, "-"]).filter { $0.isLetter }.isEmpty)
    }

    @Test(arguments: [("format=tiff", 400), ("format=zip&ocr=1", 400), ("format=pdf&ocr=maybe", 400)])
    func badExports(query: String, status: Int) throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        _ = try test.addPage(session)
        let reply = try test.client.send("GET", "/api/sessions/\(session)/export?\(query)")
        #expect(reply.status == status)
        #expect(reply.errorMessage?.contains(query.hasPrefix("format=tiff") ? "format" : "ocr") == true)
    }

    @Test func emptySessionAndUnknownSessionExports() throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        #expect(try test.client.send("GET", "/api/sessions/\(session)/export?format=pdf").status == 400)
        #expect(try test.client.send("GET", "/api/sessions/AAAAAAAAAAAAAAAAAAAAAA/export?format=zip").status == 404)
    }

    @Test func detectFindsThePageInAFrame() throws {
        let test = try TestServer()
        defer { test.stop() }
        let reply = try test.client.send("POST", "/api/detect", headers: ["Content-Type": "image/jpeg"], body: Fixtures.frame)
        #expect(reply.status == 200)
        #expect(reply.json?["width"] as? Int == 640)
        #expect(reply.json?["height"] as? Int == 480)
        #expect(reply.json?["steady"] as? Bool == false)
        let corners = try #require(reply.json?["corners"] as? [[Double]])
        let truth = Fixtures.pageQuad.scaled(by: 640.0 / 480.0).corners
        for (found, expected) in zip(corners, truth) {
            #expect(abs(found[0] - expected.x) < 8 && abs(found[1] - expected.y) < 8)
        }
        let notImage = try test.client.send("POST", "/api/detect", headers: ["Content-Type": "image/jpeg"], body: Array("hello".utf8))
        #expect(notImage.status == 415)
    }

    @Test(arguments: [1, 3])
    func sessionStabiliserFiresAfterFrameCountFrames(frameCount: Int) throws {
        let test = try TestServer()
        defer { test.stop() }
        let session = try test.createSession()
        _ = try test.client.send("PUT", "/api/sessions/\(session)/settings", body: Array(#"{"frameCount": \#(frameCount)}"#.utf8))
        var steady: [Bool] = []
        for _ in 0..<(frameCount * 2) {
            let reply = try test.client.send("POST", "/api/detect?session=\(session)", headers: ["Content-Type": "image/jpeg"], body: Fixtures.frame)
            steady.append(reply.json?["steady"] as? Bool ?? false)
        }
        // Steady on the frame the stabiliser captures, then it resets and needs frameCount fresh frames.
        let expected = (1...(frameCount * 2)).map { $0 % frameCount == 0 }
        #expect(steady == expected)
        #expect(try test.client.send("POST", "/api/detect?session=AAAAAAAAAAAAAAAAAAAAAA", headers: ["Content-Type": "image/jpeg"], body: Fixtures.frame).status == 404)
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
