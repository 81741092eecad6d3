import Testing
@testable import ScanPDF

@Suite("PDF syntax")
struct PDFSyntaxTests {
    @Test(arguments: [
        (595.2, "595.2"), (841.9199, "841.92"), (612.0, "612"), (0.0, "0"), (-0.001, "0"),
        (0.05, "0.05"), (10.5, "10.5"), (-3.25, "-3.25"), (14_400, "14400"), (1.999, "2"),
    ])
    func numbersAreCompactWithTwoDecimals(value: Double, expected: String) {
        #expect(PDFSyntax.number(value) == expected)
    }

    @Test(arguments: [
        ("Scan", "(Scan)"),
        ("a (b) \\ c)", "(a \\(b\\) \\\\ c\\))"),
        ("line\nbreak\ttab\r", "(line\\nbreak\\ttab\\r)"),
        ("", "()"),
    ])
    func asciiTextBecomesEscapedLiteral(text: String, expected: String) {
        #expect(String(decoding: PDFSyntax.textString(text), as: UTF8.self) == expected)
    }

    @Test func nonASCIITextBecomesUTF16BigEndianWithBOM() {
        // "é" is U+00E9; "😀" is the surrogate pair D83D DE00.
        #expect(String(decoding: PDFSyntax.textString("é(😀"), as: UTF8.self) == "<FEFF00E90028D83DDE00>")
        // Control characters that PDFDocEncoding remaps (0x18…0x1F) must not go out as literals.
        #expect(String(decoding: PDFSyntax.textString("a\u{18}"), as: UTF8.self) == "<FEFF00610018>")
    }

    @Test func literalStringEscapesNonPrintableBytesInOctal() {
        #expect(String(decoding: PDFSyntax.literalString([0x00, 0x41, 0xFF, 0x37]), as: UTF8.self) == "(\\000A\\3777)")
    }

    @Test func crossReferenceEntriesAreTwentyBytes() {
        let table = String(decoding: PDFWriter<PDFMemorySink>.crossReferenceTable(offsets: [15, 1_234_567_890]),
                           as: UTF8.self)
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "xref")
        #expect(lines[1] == "0 3")
        #expect(Array(lines[2...4]) == ["0000000000 65535 f ", "0000000015 00000 n ", "1234567890 00000 n "])
        #expect(lines[2...4].allSatisfy { $0.utf8.count + 1 == 20 })
    }
}

@Suite("PDF dates")
struct PDFDateTests {
    @Test func utcDateUsesZ() throws {
        let date = try PDFDate(year: 2024, month: 1, day: 31, hour: 9, minute: 5, second: 7)
        #expect(date.pdfText == "D:20240131090507Z")
    }

    @Test(arguments: [(60, "+01'00'"), (-330, "-05'30'"), (345, "+05'45'")])
    func offsetsUseApostropheForm(minutes: Int, suffix: String) throws {
        let date = try PDFDate(year: 987, month: 12, day: 1, utcOffsetMinutes: minutes)
        #expect(date.pdfText == "D:09871201000000" + suffix)
    }

    @Test(arguments: [
        (2023, 2, 29, 0, "day", 29), (2024, 13, 1, 0, "month", 13), (2024, 4, 31, 0, "day", 31),
        (2024, 1, 1, 24, "hour", 24), (10_000, 1, 1, 0, "year", 10_000), (1900, 2, 29, 0, "day", 29),
    ])
    func outOfRangeComponentsAreRejected(year: Int, month: Int, day: Int, hour: Int, field: String, value: Int) {
        #expect(throws: PDFError.invalidDate(field: field, value: value)) {
            try PDFDate(year: year, month: month, day: day, hour: hour)
        }
    }

    @Test func leapDayIsAccepted() throws {
        #expect(try PDFDate(year: 2000, month: 2, day: 29).pdfText == "D:20000229000000Z")
    }
}

@Suite("Stored zlib")
struct ZlibStoredEncoderTests {
    @Test func adler32MatchesKnownValues() {
        #expect(Array("Wikipedia".utf8).withUnsafeBufferPointer(ZlibStoredEncoder.adler32) == 0x11E6_0398)
        #expect([UInt8]().withUnsafeBufferPointer(ZlibStoredEncoder.adler32) == 1)
        // Long runs of 0xFF exercise the deferred modulus.
        let ones = [UInt8](repeating: 0xFF, count: 100_000)
        #expect(ones.withUnsafeBufferPointer(ZlibStoredEncoder.adler32) == referenceAdler32(ones))
    }

    @Test(arguments: [0, 1, 65_535, 65_536, 200_000])
    func encodingHasTheAnnouncedSizeAndLayout(count: Int) throws {
        let data = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var out: [UInt8] = []
        try data.withUnsafeBufferPointer { buffer in
            try ZlibStoredEncoder.encode(buffer) { out += $0 }
        }
        #expect(out.count == ZlibStoredEncoder.encodedSize(of: count))
        #expect(Array(out.prefix(2)) == [0x78, 0x01])
        #expect((Int(out[0]) * 256 + Int(out[1])) % 31 == 0)
        // Walk the stored blocks back into the data.
        var index = 2
        var decoded: [UInt8] = []
        var final = false
        while !final {
            final = out[index] & 1 == 1
            #expect(out[index] >> 1 == 0, "block type must be stored")
            let length = Int(out[index + 1]) | Int(out[index + 2]) << 8
            let inverse = Int(out[index + 3]) | Int(out[index + 4]) << 8
            #expect(length ^ inverse == 0xFFFF)
            decoded += out[(index + 5)..<(index + 5 + length)]
            index += 5 + length
        }
        #expect(decoded == data)
        let adler = referenceAdler32(data)
        #expect(Array(out[index...]) == [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF),
                                         UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)])
    }

    /// RFC 1950's definition, one modulus per byte.
    private func referenceAdler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}

@Suite("JPEG frame header")
struct JPEGFrameHeaderTests {
    @Test(arguments: [
        (JPEGFixtures.redRGB, 48, 32, 3), (JPEGFixtures.grayDark, 40, 56, 1),
        (JPEGFixtures.blueProgressive, 32, 48, 3), (JPEGFixtures.cmyk, 8, 8, 4),
    ])
    func readsSizeAndComponents(bytes: [UInt8], width: Int, height: Int, components: Int) throws {
        #expect(try JPEGFrameHeader(parsing: bytes) == JPEGFrameHeader(width: width, height: height, components: components))
    }

    @Test func rejectsDataThatIsNotJPEG() {
        #expect(throws: PDFError.notJPEG("no start-of-image marker")) {
            try JPEGFrameHeader(parsing: Array("%PDF-1.4".utf8))
        }
        #expect(throws: PDFError.notJPEG("truncated before the frame header")) {
            try JPEGFrameHeader(parsing: Array(JPEGFixtures.redRGB.prefix(30)))
        }
    }

    @Test func rejectsTwelveBitSamples() throws {
        var bytes = JPEGFixtures.grayDark
        let sof = try #require(sofOffset(bytes))
        bytes[sof + 4] = 12
        #expect(throws: PDFError.notJPEG("12-bit samples")) { try JPEGFrameHeader(parsing: bytes) }
    }

    /// Offset of the SOF0/SOF2 marker's 0xFF byte.
    private func sofOffset(_ bytes: [UInt8]) -> Int? {
        (0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) }
    }
}
