import Foundation
import ScanCore
@testable import ScanPDF
import Testing

/// The invisible OCR text layer: valid, searchable, placed on its boxes, any script.
@Suite("PDF text layer")
struct TextLayerTests {
    /// Words laid out on a 1200×800 px page, boxes in pixels.
    static let words = [
        PDFTextWord(text: "Invoice", x: 100, y: 100, width: 300, height: 60),
        PDFTextWord(text: "number", x: 430, y: 100, width: 280, height: 60),
        PDFTextWord(text: "4711", x: 740, y: 100, width: 170, height: 60),
        PDFTextWord(text: "Größe", x: 100, y: 300, width: 250, height: 60),
        PDFTextWord(text: "—", x: 380, y: 300, width: 40, height: 60),
        PDFTextWord(text: "Ελληνικά", x: 450, y: 300, width: 330, height: 60),
        PDFTextWord(text: "日本語", x: 810, y: 300, width: 200, height: 60),
        PDFTextWord(text: "smile😀(x)\\", x: 100, y: 500, width: 400, height: 60),
    ]

    static func page() -> PDFImage {
        .gray(Image(width: 1200, height: 800, repeating: Gray8(200)))
    }

    @Test("text round-trips through pdftotext in reading order, in every script")
    func roundTrip() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("text.pdf")
        var writer = PDFWriter(sink: try FileSink(creating: url))
        try writer.addPage(image: Self.page(), size: .dpi(150), text: Self.words)
        try writer.addPage(image: Self.page(), size: .dpi(150))
        try writer.addPage(image: Self.page(), size: .points(width: 300, height: 300), text: Array(Self.words.prefix(3)))
        try writer.finish()
        try writer.sink.close()

        let check = try PDFTools.run("qpdf", ["--check", url.path])
        #expect(check.status == 0 && check.output.contains("No syntax or stream encoding errors found"),
                "\(check.output) \(check.errors)")
        let info = try PDFTools.info(url, pages: 3)
        #expect(info["Pages"] == "3")
        #expect(PDFTools.pageSize(info, page: 1).map { [$0.width, $0.height] } == [576, 384])
        #expect(PDFTools.pageSize(info, page: 3).map { [$0.width, $0.height] } == [300, 300])

        let text = try PDFTools.run("pdftotext", ["-enc", "UTF-8", "-layout", url.path, "-"])
        #expect(text.status == 0 && text.errors.isEmpty, "\(text.errors)")
        let pages = text.output.components(separatedBy: "\u{0C}")
        let words = pages.map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
        #expect(words[0] == Self.words.map(\.text))
        #expect(words[1].isEmpty)
        #expect(words[2] == ["Invoice", "number", "4711"])
    }

    @Test("pdftotext -bbox finds each word on the box it was placed on")
    func boxesLineUp() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("boxes.pdf")
        var writer = PDFWriter(sink: try FileSink(creating: url))
        let dpi = 150.0
        try writer.addPage(image: Self.page(), size: .dpi(dpi), text: Self.words)
        try writer.finish()
        try writer.sink.close()

        let run = try PDFTools.run("pdftotext", ["-enc", "UTF-8", "-bbox", url.path, "-"])
        let found = Self.parseBoxes(run.output)
        #expect(found.map(\.text) == Self.words.map(\.text))
        let points = 72 / dpi
        let overlaps = zip(found, Self.words).map { found, word in
            Self.iou(found.box, (word.x * points, word.y * points, (word.x + word.width) * points,
                                 (word.y + word.height) * points))
        }.sorted()
        #expect(overlaps.count == Self.words.count)
        #expect(overlaps[overlaps.count / 2] >= 0.9, "\(overlaps)")
        #expect(overlaps.first ?? 0 >= 0.7, "\(overlaps)")
    }

    @Test("the text is invisible: the page renders as the image alone")
    func invisible() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("invisible.pdf")
        var writer = PDFWriter(sink: try FileSink(creating: url))
        try writer.addPage(image: Self.page(), size: .dpi(150), text: Self.words)
        try writer.finish()
        try writer.sink.close()
        let render = try PDFTools.render(url, page: 1, dpi: 36)
        var differing = 0
        for y in 0..<render.height {
            for x in 0..<render.width where !render.pixel(x: x, y: y, isNear: (200, 200, 200), tolerance: 2) {
                differing += 1
            }
        }
        #expect(differing == 0)
    }

    @Test("BMP characters are their own codes; others borrow surrogate codes mapped back by ToUnicode")
    func codes() {
        var cids = PDFUnicodeCIDs()
        #expect(cids.codes(for: "Aß日") == [0x41, 0xDF, 0x65E5])
        #expect(cids.codes(for: "😀x😀🎉") == [0xD800, 0x78, 0xD800, 0xD801])
        let cmap = String(decoding: cids.toUnicodeCMap(), as: UTF8.self)
        #expect(cmap.contains("<D800><D83DDE00>") && cmap.contains("<D801><D83CDF89>"))
        #expect(cmap.contains("<6500><65FF><6500>") && !cmap.contains("<D800><D8FF>"))
        for scalar in 0x1F000..<(0x1F000 + PDFUnicodeCIDs.borrowableCount) {
            _ = cids.codes(for: String(Unicode.Scalar(scalar)!))
        }
        #expect(cids.codes(for: "\u{10FFFD}") == [0xFFFD])
        #expect(cids.borrowed.count == PDFUnicodeCIDs.borrowableCount)
    }

    @Test("the glyph-less font is a well-formed TrueType file")
    func font() {
        let bytes = GlyphlessFont.bytes
        #expect(Array(bytes.prefix(4)) == [0, 1, 0, 0])
        #expect(GlyphlessFont.checksum(bytes) == 0xB1B0_AFBA, "whole-file checksum with head adjustment")
        let tableCount = Int(bytes[4]) << 8 | Int(bytes[5])
        #expect(tableCount == 9)
        for index in 0..<tableCount {
            let record = 12 + 16 * index
            func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            let offset = u32(record + 8), length = u32(record + 12)
            #expect(offset % 4 == 0 && offset + length <= bytes.count)
            let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
            if tag != "head" {
                #expect(UInt32(u32(record + 4)) == GlyphlessFont.checksum(Array(bytes[offset..<offset + length])), "\(tag)")
            }
        }
    }

    // MARK: - Helpers

    typealias Box = (x0: Double, y0: Double, x1: Double, y1: Double)

    static func parseBoxes(_ html: String) -> [(text: String, box: Box)] {
        html.components(separatedBy: "<word ").dropFirst().compactMap { chunk in
            func value(_ name: String) -> Double? {
                guard let range = chunk.range(of: "\(name)=\"") else { return nil }
                return Double(chunk[range.upperBound...].prefix { $0 != "\"" })
            }
            guard let x0 = value("xMin"), let y0 = value("yMin"), let x1 = value("xMax"), let y1 = value("yMax"),
                  let start = chunk.firstIndex(of: ">"), let end = chunk.range(of: "</word>") else { return nil }
            let text = String(chunk[chunk.index(after: start)..<end.lowerBound])
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            return (text, (x0, y0, x1, y1))
        }
    }

    static func iou(_ a: Box, _ b: Box) -> Double {
        let w = max(0, min(a.x1, b.x1) - max(a.x0, b.x0)), h = max(0, min(a.y1, b.y1) - max(a.y0, b.y0))
        let union = (a.x1 - a.x0) * (a.y1 - a.y0) + (b.x1 - b.x0) * (b.y1 - b.y0) - w * h
        return union > 0 ? w * h / union : 0
    }
}
