import Testing
import ScanCore
import ScanPDF

/// A sink that accepts `allowedWrites` writes and then fails like a full disk.
struct FailingSink: PDFByteSink {
    struct DiskFull: Error, CustomStringConvertible {
        var description: String { "no space left on device" }
    }

    var allowedWrites: Int
    private(set) var received = 0

    mutating func write(_ bytes: some Collection<UInt8>) throws {
        guard allowedWrites > 0 else { throw DiskFull() }
        allowedWrites -= 1
        received += bytes.count
    }
}

@Suite("PDF writer errors")
struct PDFErrorTests {
    static let red = PDFImage.jpeg(bytes: JPEGFixtures.redRGB, width: 48, height: 32, components: 3)

    @Test func finishingWithoutPagesWritesNothingAndLeavesTheWriterUsable() throws {
        var writer = PDFWriter(sink: PDFMemorySink())
        #expect(throws: PDFError.noPages) { try writer.finish() }
        #expect(writer.sink.bytes.isEmpty)
        try writer.addPage(image: Self.red, size: .dpi(300))
        #expect(try writer.finish() > JPEGFixtures.redRGB.count)
    }

    @Test func finishingTwiceOrAddingAfterFinishFails() throws {
        var writer = PDFWriter(sink: PDFMemorySink())
        try writer.addPage(image: Self.red, size: .dpi(300))
        try writer.finish()
        let finished = writer.sink.bytes
        #expect(throws: PDFError.alreadyFinished) { try writer.finish() }
        #expect(throws: PDFError.alreadyFinished) { try writer.addPage(image: Self.red, size: .dpi(300)) }
        #expect(writer.sink.bytes == finished)
    }

    @Test(arguments: [(0, 32), (48, 0), (-1, 32), (70_000, 32)])
    func invalidJPEGDimensionsAreRejectedBeforeWriting(width: Int, height: Int) {
        var writer = PDFWriter(sink: PDFMemorySink())
        #expect(throws: PDFError.invalidImageSize(width: width, height: height)) {
            try writer.addPage(image: .jpeg(bytes: JPEGFixtures.redRGB, width: width, height: height, components: 3),
                               size: .dpi(300))
        }
        #expect(writer.sink.bytes.isEmpty)
        #expect(writer.pageCount == 0)
    }

    @Test func emptyPixelImageIsRejected() {
        var writer = PDFWriter(sink: PDFMemorySink())
        #expect(throws: PDFError.invalidImageSize(width: 0, height: 5)) {
            try writer.addPage(image: .gray(Image(width: 0, height: 5, repeating: Gray8(0))), size: .dpi(300))
        }
    }

    @Test(arguments: [0, 2, 4])
    func unsupportedComponentCountsAreRejected(components: Int) {
        var writer = PDFWriter(sink: PDFMemorySink())
        #expect(throws: PDFError.unsupportedComponents(components)) {
            try writer.addPage(image: .jpeg(bytes: JPEGFixtures.redRGB, width: 48, height: 32, components: components),
                               size: .dpi(300))
        }
    }

    @Test func cmykJPEGIsRejected() {
        #expect(throws: PDFError.unsupportedComponents(4)) { try PDFImage(jpeg: JPEGFixtures.cmyk) }
    }

    @Test func jpegReadsItsOwnHeader() throws {
        let image = try PDFImage(jpeg: JPEGFixtures.grayDark)
        guard case .jpeg(let bytes, let width, let height, let components) = image else {
            Issue.record("expected a jpeg image")
            return
        }
        #expect(bytes == JPEGFixtures.grayDark)
        #expect([width, height, components] == [40, 56, 1])
    }

    @Test func declaredShapeMustMatchTheJPEG() {
        var writer = PDFWriter(sink: PDFMemorySink())
        #expect(throws: PDFError.jpegMismatch(declared: [32, 48, 3], found: [48, 32, 3])) {
            try writer.addPage(image: .jpeg(bytes: JPEGFixtures.redRGB, width: 32, height: 48, components: 3),
                               size: .dpi(300))
        }
        #expect(throws: PDFError.jpegMismatch(declared: [40, 56, 3], found: [40, 56, 1])) {
            try writer.addPage(image: .jpeg(bytes: JPEGFixtures.grayDark, width: 40, height: 56, components: 3),
                               size: .dpi(300))
        }
    }

    @Test func bytesThatAreNotJPEGAreRejected() {
        var writer = PDFWriter(sink: PDFMemorySink())
        #expect(throws: PDFError.notJPEG("no start-of-image marker")) {
            try writer.addPage(image: .jpeg(bytes: [0x89, 0x50, 0x4E, 0x47], width: 1, height: 1, components: 3),
                               size: .dpi(300))
        }
    }

    @Test(arguments: [0.0, -300.0, .infinity, .nan])
    func invalidResolutionsAreRejected(dpi: Double) throws {
        var writer = PDFWriter(sink: PDFMemorySink())
        let error = try #require(throws: PDFError.self) { try writer.addPage(image: Self.red, size: .dpi(dpi)) }
        guard case .invalidResolution(let reported) = error else {
            Issue.record("expected invalidResolution, got \(error)")
            return
        }
        #expect(reported == dpi || (reported.isNaN && dpi.isNaN))
    }

    @Test(arguments: [
        (PDFPageSize.dpi(1), 3456.0, 2304.0, true),           // 48×32 px at 1 dpi: large but legal
        (PDFPageSize.dpi(0.1), 34_560.0, 23_040.0, false),    // beyond 14 400 pt
        (PDFPageSize.dpi(2000), 1.73, 1.15, false),           // below 3 pt
        (PDFPageSize.points(width: 20_000, height: 500), 20_000.0, 500.0, false),
    ])
    func pageSizesOutsideViewerLimitsAreRejected(size: PDFPageSize, width: Double, height: Double, valid: Bool) throws {
        var writer = PDFWriter(sink: PDFMemorySink())
        if valid {
            try writer.addPage(image: Self.red, size: size)
        } else {
            #expect(throws: PDFError.invalidPageSize(width: width, height: height)) {
                try writer.addPage(image: Self.red, size: size)
            }
        }
    }

    @Test(arguments: [0, 1, 3, 5])
    func failingSinkIsReportedAndStopsTheWriter(allowedWrites: Int) throws {
        var writer = PDFWriter(sink: FailingSink(allowedWrites: allowedWrites))
        #expect(throws: PDFError.sinkFailed("no space left on device")) {
            try writer.addPage(image: Self.red, size: .dpi(300))
            try writer.addPage(image: Self.red, size: .dpi(300))
        }
        #expect(throws: PDFError.writerFailed("no space left on device")) { try writer.finish() }
        #expect(throws: PDFError.writerFailed("no space left on device")) {
            try writer.addPage(image: Self.red, size: .dpi(300))
        }
        #expect(writer.bytesWritten == writer.sink.received)
    }

    @Test func messagesAreOneLowercaseLineNamingTheFix() {
        let errors: [PDFError] = [
            .sinkFailed("disk full"), .writerFailed("disk full"), .invalidImageSize(width: 0, height: 1),
            .unsupportedComponents(4), .notJPEG("no start-of-image marker"),
            .jpegMismatch(declared: [1, 2, 3], found: [2, 1, 1]), .invalidResolution(0),
            .invalidPageSize(width: 1, height: 2), .invalidDate(field: "month", value: 13), .noPages, .alreadyFinished,
        ]
        for error in errors {
            let message = error.description
            #expect(!message.contains("\n"))
            #expect(message.first?.isLowercase == true, "\(message)")
            #expect(message.contains(";"), "the message should say how to fix it: \(message)")
        }
    }
}
