import Testing
import ScanCore
@testable import ScanPDF

@Suite("PDF writer structure")
struct PDFWriterTests {
    static let red = PDFImage.jpeg(bytes: JPEGFixtures.redRGB, width: 48, height: 32, components: 3)
    static let gray = PDFImage.jpeg(bytes: JPEGFixtures.grayDark, width: 40, height: 56, components: 1)

    private func document(pages: [PDFImage], info: PDFDocumentInfo = PDFDocumentInfo()) throws -> [UInt8] {
        var writer = PDFWriter(sink: PDFMemorySink(), info: info)
        for page in pages { try writer.addPage(image: page, size: .dpi(72)) }
        let size = try writer.finish()
        #expect(size == writer.sink.bytes.count)
        return writer.sink.bytes
    }

    @Test func startsWithVersionAndBinaryCommentAndEndsWithEOF() throws {
        let bytes = try document(pages: [Self.red])
        #expect(Array(bytes.prefix(15)) == Array("%PDF-1.4\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A])
        #expect(String(decoding: bytes.suffix(6), as: UTF8.self) == "%%EOF\n")
    }

    /// Pages as given, the object count they need and the page objects' numbers.
    static let layouts: [([PDFImage], Int, [Int])] = [
        ([red], 6, [6]),
        ([red, red, red], 10, [6, 8, 10]),       // identical layouts share one content stream
        ([red, gray, red], 12, [6, 9, 12]),      // a new layout needs its own
    ]

    @Test(arguments: layouts)
    func crossReferenceOffsetsPointAtTheirObjects(pages: [PDFImage], objectCount: Int, pageObjects: [Int]) throws {
        let bytes = try document(pages: pages)
        let text = String(decoding: bytes, as: UTF8.self)
        let tail = text.split(separator: "\n").suffix(3).map(String.init)
        #expect(tail.first == "startxref")
        let xrefOffset = try #require(Int(tail[1]))
        #expect(String(decoding: bytes[xrefOffset..<(xrefOffset + 5)], as: UTF8.self) == "xref\n")

        let header = "xref\n0 \(objectCount + 1)\n"
        #expect(String(decoding: bytes[xrefOffset..<(xrefOffset + header.utf8.count)], as: UTF8.self) == header)
        let entriesStart = xrefOffset + header.utf8.count
        for number in 1...objectCount {
            let entry = String(decoding: bytes[(entriesStart + 20 * number)..<(entriesStart + 20 * number + 20)], as: UTF8.self)
            #expect(entry.hasSuffix(" 00000 n \n"), "entry \(number): \(entry)")
            let offset = try #require(Int(entry.prefix(10)))
            let object = "\(number) 0 obj\n"
            #expect(String(decoding: bytes[offset..<(offset + object.utf8.count)], as: UTF8.self) == object)
        }
        #expect(text.contains("trailer\n<</Size \(objectCount + 1)/Root 1 0 R/Info 3 0 R/ID[<"))
        #expect(text.contains("/Type/Pages/Kids[\(pageObjects.map { "\($0) 0 R" }.joined(separator: " "))]/Count \(pages.count)>>"))
    }

    @Test func pagesAreStreamedAsTheyArriveWithTheJPEGUnchanged() throws {
        var writer = PDFWriter(sink: PDFMemorySink())
        try writer.addPage(image: Self.red, size: .dpi(72))
        let afterFirst = writer.sink.bytes
        #expect(afterFirst.count == writer.bytesWritten)
        #expect(containsRun(afterFirst, JPEGFixtures.redRGB), "the JPEG must be embedded byte for byte")
        try writer.addPage(image: Self.gray, size: .dpi(72))
        #expect(containsRun(writer.sink.bytes, JPEGFixtures.grayDark))
        #expect(writer.sink.bytes.starts(with: afterFirst), "earlier bytes are never rewritten")
        #expect(writer.pageCount == 2)
        let beforeFinish = writer.sink.bytes.count
        try writer.finish()
        // Only the page tree, the xref table (10 entries of 20 bytes) and the trailer remain for finish().
        #expect(writer.sink.bytes.count - beforeFinish < 10 * 20 + 250)
    }

    @Test func outputIsDeterministicAndTheIDFollowsTheContent() throws {
        let first = try document(pages: [Self.red], info: PDFDocumentInfo(title: "A"))
        let again = try document(pages: [Self.red], info: PDFDocumentInfo(title: "A"))
        let other = try document(pages: [Self.red], info: PDFDocumentInfo(title: "B"))
        #expect(first == again)
        #expect(trailerID(first) != trailerID(other))
        #expect(trailerID(first)?.utf8.count == 32)
    }

    @Test func imageDictionariesDeclareFilterColourSpaceAndSize() throws {
        let image = Image<RGB8>(width: 4, height: 3, repeating: RGB8(1, 2, 3))
        let text = String(decoding: try document(pages: [Self.red, Self.gray, .rgb(image)]), as: UTF8.self)
        #expect(text.contains("4 0 obj\n<</Subtype/Image/Width 48/Height 32/ColorSpace/DeviceRGB/BitsPerComponent 8/Filter/DCTDecode/Length \(JPEGFixtures.redRGB.count)>>stream\n"))
        #expect(text.contains("/Width 40/Height 56/ColorSpace/DeviceGray/BitsPerComponent 8/Filter/DCTDecode/Length \(JPEGFixtures.grayDark.count)>>"))
        #expect(text.contains("/Width 4/Height 3/ColorSpace/DeviceRGB/BitsPerComponent 8/Filter/FlateDecode/Length \(36 + 11)>>"))
        #expect(text.contains("5 0 obj\n<</Length 25>>stream\nq 48 0 0 32 0 0 cm/I Do Q\nendstream\nendobj\n"))
        #expect(text.contains("6 0 obj\n<</Type/Page/Parent 2 0 R/MediaBox[0 0 48 32]/Resources<</XObject<</I 4 0 R>>>>/Contents 5 0 R>>\nendobj\n"))
        #expect(text.contains("/MediaBox[0 0 4 3]/Resources<</XObject<</I 10 0 R>>>>/Contents 11 0 R>>"))
    }

    @Test func identicalLayoutsShareOneContentStream() throws {
        let text = String(decoding: try document(pages: [Self.red, Self.red]), as: UTF8.self)
        #expect(text.components(separatedBy: "/Contents 5 0 R>>").count == 3)
        #expect(text.components(separatedBy: "cm/I Do Q").count == 2)
        #expect(text.contains("/Resources<</XObject<</I 7 0 R>>>>/Contents 5 0 R>>"))
    }

    @Test func infoDictionaryHoldsEscapedTitleProducerAndDate() throws {
        let info = PDFDocumentInfo(title: "a (b) \\ c", producer: PDFDocumentInfo.producer(flatbedVersion: "0.1.0"),
                                   creationDate: try PDFDate(year: 2024, month: 1, day: 31, hour: 9, minute: 5, second: 7))
        let text = String(decoding: try document(pages: [Self.red], info: info), as: UTF8.self)
        #expect(text.contains("3 0 obj\n<</Title(a \\(b\\) \\\\ c)/Producer(Flatbed 0.1.0)/CreationDate(D:20240131090507Z)>>\nendobj\n"))
    }

    // MARK: - Layout

    @Test func a4At300DPIIs595By842Points() throws {
        let layout = try PDFPageLayout(pixelWidth: 2480, pixelHeight: 3508, size: .dpi(300))
        #expect(layout == PDFPageLayout(pageWidth: 595.2, pageHeight: 841.92, imageX: 0, imageY: 0,
                                        imageWidth: 595.2, imageHeight: 841.92))
    }

    @Test func fixedPageFitsAndCentresTheImage() throws {
        // A landscape 48×32 image on portrait A4: full width, centred vertically.
        let wide = try PDFPageLayout(pixelWidth: 48, pixelHeight: 32, size: .a4)
        #expect(wide == PDFPageLayout(pageWidth: 595.28, pageHeight: 841.89, imageX: 0, imageY: 222.52,
                                      imageWidth: 595.28, imageHeight: 396.85))
        // A tall image on Letter: full height, centred horizontally.
        let tall = try PDFPageLayout(pixelWidth: 100, pixelHeight: 400, size: .letter)
        #expect(tall == PDFPageLayout(pageWidth: 612, pageHeight: 792, imageX: 207, imageY: 0,
                                      imageWidth: 198, imageHeight: 792))
    }

    // MARK: - Helpers

    private func containsRun(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start] == needle[0] && haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    private func trailerID(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let range = text.range(of: "/ID[<") else { return nil }
        return String(text[range.upperBound...].prefix { $0 != ">" })
    }
}
