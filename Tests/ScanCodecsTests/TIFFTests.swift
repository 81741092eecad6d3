import Foundation
import ScanCodecs
import ScanCore
import Testing

/// Multi-page TIFF output and the Group 4 encoder, checked with tiffinfo and Pillow.
@Suite("TIFF writer and CCITT G4")
struct TIFFTests {
    /// A bilevel test page: a frame, a filled block and a diagonal, odd width to test row padding.
    static func bilevel(width: Int = 203, height: Int = 150) -> Image<Gray8> {
        Image(width: width, height: height, pixels: (0..<width * height).map { index in
            let x = index % width, y = index / width
            let ink = x < 3 || y < 3 || x >= width - 3 || y >= height - 3 || (x > 40 && x < 90 && y > 30 && y < 70)
                || abs(x - y) < 2
            return Gray8(ink ? 0 : 255)
        })
    }

    static func gradient(width: Int = 160, height: Int = 120) -> Image<RGB8> {
        Image(width: width, height: height, pixels: (0..<width * height).map { index in
            let x = index % width, y = index / width
            return RGB8(UInt8(x * 255 / width), UInt8(y * 255 / height), 128)
        })
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tiff-\(UUID().uuidString)-\(name)").path
    }

    /// Runs a tool and returns its stdout; stderr is folded in.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Per page, Pillow's view: `mode width height dpi mean-abs-difference-to-reference`.
    static let comparer = """
        import sys
        from PIL import Image, ImageSequence, ImageChops, ImageStat
        tif = Image.open(sys.argv[1])
        for i, page in enumerate(ImageSequence.Iterator(tif)):
            ref = Image.open(sys.argv[2 + i])
            got = page.convert(ref.mode)
            diff = ImageStat.Stat(ImageChops.difference(got, ref)).mean
            print(page.mode, page.size[0], page.size[1], round(float(page.info.get("dpi", (0, 0))[0])), "%.3f" % max(diff))
        """

    func compare(_ tiff: String, with references: [String]) throws -> [[String]] {
        let result = try Self.run(["python3", "-c", Self.comparer, tiff] + references)
        #expect(result.status == 0, "\(result.output)")
        return result.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    }

    @Test("pages go in one file: G4 for bilevel, JPEG for gray and colour", arguments: TIFFPageWriter.Compression.allCases)
    func multiPage(compression: TIFFPageWriter.Compression) throws {
        let path = Self.temporaryPath("pages.tif")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = TIFFPageWriter.Options()
        options.compression = compression
        options.jpegQuality = 95
        let writer = try TIFFPageWriter(path: path, options: options)
        let color = Self.gradient(), bilevel = Self.bilevel()
        try writer.addPage(.bilevel(bilevel), dpi: 300)
        try writer.addPage(.gray(color.grayscale()), dpi: 200)
        try writer.addPage(.color(color), dpi: 150)
        #expect(writer.pageCount == 3)
        try writer.finish()

        let info = try Self.run(["tiffinfo", path])
        #expect(info.status == 0, "\(info.output)")
        #expect(info.output.components(separatedBy: "TIFF Directory at offset").count - 1 == 3)
        #expect(info.output.contains("Compression Scheme: CCITT Group 4"))
        let expected = compression == .jpeg ? "Compression Scheme: JPEG" : "Compression Scheme: AdobeDeflate"
        #expect(info.output.components(separatedBy: expected).count - 1 == 2, "\(info.output)")

        let references = [("b.png", try ImageCodec.encodePNG(bilevel)), ("g.png", try ImageCodec.encodePNG(color.grayscale())),
                          ("c.png", try ImageCodec.encodePNG(color))].map { name, bytes in
            let file = Self.temporaryPath(name)
            _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
            return file
        }
        defer { for file in references { try? FileManager.default.removeItem(atPath: file) } }
        let pages = try compare(path, with: references)
        #expect(pages.map { Array($0.prefix(4)) } == [["1", "203", "150", "300"], ["L", "160", "120", "200"],
                                                      ["RGB", "160", "120", "150"]])
        #expect(pages.first?.last == "0.000", "bilevel pages are lossless")
        for page in pages.dropFirst() {
            let difference = Double(page.last ?? "") ?? 99
            #expect(compression == .jpeg ? difference < 3 : difference == 0, "\(page)")
        }
    }

    @Test("the raw G4 stream is the strip libtiff stores for the page")
    func g4MatchesTIFFStrip() throws {
        let image = Self.bilevel(width: 517, height: 300)
        let g4 = try CCITTG4Encoder.encode(image)
        #expect(g4.count > 20 && g4.count < 517 * 300 / 8 / 4, "G4 compresses a simple page well: \(g4.count) B")
        let path = Self.temporaryPath("one.tif")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try TIFFPageWriter(path: path)
        try writer.addPage(.bilevel(image), dpi: 300)
        try writer.finish()
        let strip = try Self.run(["python3", "-c", """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            data = open(sys.argv[1], "rb").read()
            offset, count = im.tag_v2[273][0], im.tag_v2[279][0]
            sys.stdout.write(data[offset:offset + count].hex())
            """, path])
        #expect(strip.output == g4.map { String(format: "%02x", $0) }.joined())
    }

    @Test("a folder that doesn't exist is reported with the path")
    func unwritable() {
        let path = "/nonexistent-\(UUID().uuidString)/out.tif"
        #expect(throws: CodecError.unwritable(file: path, reason: "No such file or directory")) {
            try TIFFPageWriter(path: path)
        }
        var options = TIFFPageWriter.Options()
        options.jpegQuality = 0
        #expect(throws: CodecError.invalidQuality(file: "q.tif", quality: 0)) {
            try TIFFPageWriter(path: "q.tif", options: options)
        }
    }
}
