import Foundation
import ScanCore
import ScanPDF
import Testing

/// Black-and-white pages as CCITT Group 4, with data from an independent encoder (Pillow's libtiff).
@Suite("CCITT G4 pages")
struct CCITTImageTests {
    /// Draws a 300×200 page (ink block at x 50…149, y 40…99 on paper), saves it as a Group 4 TIFF
    /// and prints the raw strip in hex. Pillow codes 1 bits as the fax "black" runs, so ink is drawn as 1.
    static func pillowG4() throws -> [UInt8] {
        let run = try PDFTools.run("python3", ["-c", """
            import io, sys
            from PIL import Image, ImageDraw
            im = Image.new("1", (300, 200), 0)
            ImageDraw.Draw(im).rectangle([50, 40, 149, 99], fill=1)
            buffer = io.BytesIO()
            im.save(buffer, format="TIFF", compression="group4")
            data = buffer.getvalue()
            tif = Image.open(io.BytesIO(data))
            assert len(tif.tag_v2[273]) == 1
            offset, count = tif.tag_v2[273][0], tif.tag_v2[279][0]
            sys.stdout.write(data[offset:offset + count].hex())
            """])
        #expect(run.status == 0, "\(run.errors)")
        var bytes: [UInt8] = []
        var index = run.output.startIndex
        while index < run.output.endIndex {
            let next = run.output.index(index, offsetBy: 2)
            bytes.append(UInt8(run.output[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    @Test("a G4 page is embedded as ccitt, a colour page as jpeg, and both render right")
    func mixedDocument() throws {
        let g4 = try Self.pillowG4()
        let dir = try TemporaryDirectory()
        let url = dir.file("mixed.pdf")
        let size = try PDFWriter.writeFile(url, pages: [
            (.ccittG4(bytes: g4, width: 300, height: 200), .dpi(100)),
            (.jpeg(bytes: JPEGFixtures.redRGB, width: 48, height: 32, components: 3), .dpi(72)),
        ])
        #expect(size < 2_000 + g4.count + JPEGFixtures.redRGB.count)
        let check = try PDFTools.run("qpdf", ["--check", url.path])
        #expect(check.status == 0 && check.output.contains("No syntax or stream encoding errors found"), "\(check.output)")
        let images = try PDFTools.images(url)
        #expect(images.map(\.encoding) == ["ccitt", "jpeg"])
        #expect(images.first.map { [$0.width, $0.height, $0.components, $0.bitsPerComponent, $0.xPPI] } == [300, 200, 1, 1, 100])
        let info = try PDFTools.info(url, pages: 2)
        #expect(PDFTools.pageSize(info, page: 1).map { [$0.width, $0.height] } == [216, 144])

        let render = try PDFTools.render(url, page: 1, dpi: 100)
        #expect(render.width == 300 && render.height == 200)
        let ink = render.pixel(x: 100, y: 70, isNear: (0, 0, 0))
        let paper = render.pixel(x: 10, y: 10, isNear: (255, 255, 255)) && render.pixel(x: 200, y: 150, isNear: (255, 255, 255))
        #expect(ink, "ink is black: \(render[100, 70])")
        #expect(paper, "paper is white: \(render[10, 10])")
    }

    @Test("BlackIs1 inverts the page")
    func blackIs1() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("inverted.pdf")
        try PDFWriter.writeFile(url, pages: [(.ccittG4(bytes: try Self.pillowG4(), width: 300, height: 200, blackIs1: true), .dpi(100))])
        let render = try PDFTools.render(url, page: 1, dpi: 100)
        let inverted = render.pixel(x: 100, y: 70, isNear: (255, 255, 255)) && render.pixel(x: 10, y: 10, isNear: (0, 0, 0))
        #expect(inverted, "\(render[100, 70]) \(render[10, 10])")
    }

    @Test("G4 pages with impossible sizes are refused", arguments: [(0, 10), (10, 0), (70_000, 1)])
    func invalidSize(width: Int, height: Int) {
        var writer = PDFWriter(sink: PDFMemorySink())
        #expect(throws: PDFError.invalidImageSize(width: width, height: height)) {
            try writer.addPage(image: .ccittG4(bytes: [0, 0], width: width, height: height), size: .dpi(300))
        }
    }
}
