import Foundation
import ScanCodecs
import ScanCore
import ScanTestSupport
import Testing
@testable import ScanPipeline

@Suite("scan jobs")
struct ScanJobTests {
    /// A 480×360 photo of a page in mild perspective, written as a JPEG, with its corners.
    static func writePhoto(in folder: String, name: String = "photo.jpg") throws -> (path: String, quad: Quad) {
        let quad = Quad(topLeft: Point(120, 40), topRight: Point(352, 52), bottomRight: Point(368, 330), bottomLeft: Point(104, 322))
        let photo = SyntheticPhoto(width: 480, height: 360, quad: quad)
        let path = folder + "/" + name
        try Data(ImageCodec.encodeJPEG(photo.image, quality: 92)).write(to: URL(fileURLWithPath: path))
        return (path, quad)
    }

    static func cornersFile(_ entries: [(String, Quad)]) -> CornersFile {
        let lines = entries.map { "{\"image\": \(JSONText.string($0.0)), \"corners\": \(JSONText.corners($0.1))}" }
        return try! CornersFile(data: Data(lines.joined(separator: "\n").utf8), path: "corners.jsonl")
    }

    @Test func givenCornersMakeAnA4PDFPageAtTheRequestedResolution() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (photo, quad) = try Self.writePhoto(in: folder)
        var options = ScanOptions()
        options.pageSize = .paper(.a4)
        options.dpi = 100
        let output = folder + "/out.pdf"
        var summaries: [PageSummary] = []
        let result = ScanJob(inputs: [photo], corners: Self.cornersFile([(photo, quad)]), options: options)
            .run(into: try OutputTarget(path: output)) { event in
                if case .finished(_, let page) = event { summaries.append(page) }
            }
        #expect(try result.get() == [output])
        #expect(summaries.count == 1)
        #expect(summaries.first?.source == .given)
        #expect(summaries.first?.pixelWidth == 827)
        #expect(summaries.first?.pixelHeight == 1169)
        let info = try Tools.run("pdfinfo", [output])
        #expect(info.contains("Pages:           1"))
        #expect(info.contains("595.44 x 841.68 pts") || info.contains("595.4 x 841.7 pts"), "pdfinfo: \(info)")
        #expect(info.contains("Producer:        Flatbed"))
        let check = try Tools.run("qpdf", ["--check", output])
        #expect(check.contains("No syntax or stream encoding errors"))
    }

    @Test("a page too thin for a PDF page fails alone, naming its photo, and the PDF holds the others")
    func aSliverPageFailsAlone() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (photo, quad) = try Self.writePhoto(in: folder)
        let (sliverPhoto, _) = try Self.writePhoto(in: folder, name: "sliver.jpg")
        // Corners around a strip 2.5 pixels high: a page a few points high at any resolution.
        let sliver = Quad(topLeft: Point(100, 100), topRight: Point(400, 100), bottomRight: Point(400, 102.5),
                          bottomLeft: Point(100, 102.5))
        let output = folder + "/out.pdf"
        var failures: [(Int, String)] = []
        let result = ScanJob(inputs: [photo, sliverPhoto, photo],
                             corners: Self.cornersFile([(photo, quad), (sliverPhoto, sliver)]))
            .run(into: try OutputTarget(path: output)) { event in
                if case .failed(let index, _, let error) = event { failures.append((index, "\(error)")) }
            }
        #expect(try result.get() == [output])
        #expect(failures.count == 1)
        #expect(failures.first?.0 == 1)
        #expect(failures.first?.1.hasPrefix(sliverPhoto + ": page size") == true, "\(failures)")
        #expect(try Tools.run("pdfinfo", [output]).contains("Pages:           2"))
    }

    @Test func grayModeWritesGrayJPEGPages() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (photo, quad) = try Self.writePhoto(in: folder)
        var options = ScanOptions()
        options.colorMode = .gray
        let output = folder + "/gray.pdf"
        _ = ScanJob(inputs: [photo], corners: Self.cornersFile([(photo, quad)]), options: options)
            .run(into: try OutputTarget(path: output)) { _ in }
        let images = try Tools.run("pdfimages", ["-list", output])
        let row = images.split(separator: "\n").last.map(String.init) ?? ""
        #expect(row.contains(" gray ") && row.contains(" jpeg "), "pdfimages: \(images)")
    }

    @Test func aFailedInputIsReportedAndTheOthersAreNumberedByPosition() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (photo, quad) = try Self.writePhoto(in: folder)
        let missing = folder + "/missing.jpg"
        var failures: [(Int, String)] = []
        var started: [Int] = []
        let result = ScanJob(inputs: [photo, missing, photo], corners: Self.cornersFile([(photo, quad)]))
            .run(into: try OutputTarget(path: folder + "/page.png")) { event in
                switch event {
                case .started(let index, _): started.append(index)
                case .failed(let index, let input, _): failures.append((index, input))
                case .finished: break
                }
            }
        #expect(try result.get() == [folder + "/page-1.png", folder + "/page-3.png"])
        #expect(started == [0, 1, 2])
        #expect(failures.map(\.0) == [1])
        let decoded = try ImageFile.read(path: folder + "/page-3.png")
        #expect(decoded.format == .png)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["page-1.png", "page-3.png", "photo.jpg"])
    }

    @Test func nothingReadableWritesNothing() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/out.pdf"
        let result = ScanJob(inputs: [folder + "/a.jpg", folder + "/b.jpg"]).run(into: try OutputTarget(path: output)) { _ in }
        #expect(throws: PipelineError.nothingToWrite(output: output)) { try result.get() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func cornersOutsideThePhotoFailOnlyThatPage() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (photo, quad) = try Self.writePhoto(in: folder)
        let (other, _) = try Self.writePhoto(in: folder, name: "other.jpg")
        let outside = Quad(rectangleAt: Point(100, 100), size: Size(width: 5000, height: 300))
        var errors: [String] = []
        let result = ScanJob(inputs: [photo, other], corners: Self.cornersFile([(photo, quad), (other, outside)]))
            .run(into: try OutputTarget(path: folder + "/out.pdf")) { event in
                if case .failed(_, _, let error) = event { errors.append("\(error)") }
            }
        #expect(try result.get().count == 1)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix(other + ": bad corners: corner 2") == true, "\(errors)")
    }

    @Test func pagesComeOutInInputOrderWithAnyNumberOfThreads() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (photo, quad) = try Self.writePhoto(in: folder)
        for threads in [1, 2, 3] {
            var options = ScanOptions()
            options.threads = threads
            var order: [Int] = []
            _ = ScanJob(inputs: Array(repeating: photo, count: 5), corners: Self.cornersFile([(photo, quad)]), options: options)
                .run(into: try OutputTarget(path: folder + "/t\(threads).pdf")) { event in
                    if case .finished(let index, _) = event { order.append(index) }
                }
            #expect(order == [0, 1, 2, 3, 4])
        }
    }
}

/// Runs command-line tools the tests check output with.
enum Tools {
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
