import Foundation
import ScanCore
import Testing
@testable import ScanCodecs

/// The sizes read from HEIF/AVIF files before libheif sees them (`HEIFDeclaredSizes`).
@Suite("HEIF declared sizes")
struct HEIFDeclaredSizesTests {
    private func bytes(_ fixture: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestImages.path(fixture))))
    }

    @Test("a valid AVIF's sequence header allows exactly its picture")
    func validAVIF() throws {
        let data = try bytes("upright.avif")
        let image = try ImageCodec.decode(data, name: "upright.avif").image
        let frames = HEIFDeclaredSizes(data).sizes
        try #require(!frames.isEmpty)
        for frame in frames {
            #expect(frame.width == image.width && frame.height == image.height, "\(frame)")
        }
    }

    @Test("a grid's canvas is read from the grid item's data")
    func gridCanvas() throws {
        let sizes = HEIFDeclaredSizes(try bytes("oversized-grid.heic")).sizes
        #expect(sizes.contains { $0.source == .canvas(item: 2) && $0.width == 26742 && $0.height == 25392 })
    }

    /// fuzz-heif: a 670-byte AVIF whose `ispe` says 64 × 48 while its AV1 sequence header allows
    /// frames of up to 62481 × 10762; dav1d allocated over 2 GB for it. The sequence header is now
    /// checked against the pixel limit first.
    @Test("an AV1 stream allowing frames over the pixel limit is refused before decoding")
    func oversizedAV1Frame() throws {
        let data = try bytes("oversized-av1-frame.avif")
        let frames = HEIFDeclaredSizes(data).sizes.filter { $0.source == .codedPicture(item: 1) }
        try #require(frames.count == 1)
        #expect(frames[0].width == 62481 && frames[0].height == 10762)
        let error = #expect(throws: CodecError.self) { try ImageCodec.decode(data, name: "oversized-av1-frame.avif") }
        guard case .tooManyPixels(_, let width, let height, _)? = error else {
            Issue.record("expected .tooManyPixels, got \(String(describing: error))")
            return
        }
        #expect(width == frames[0].width && height == frames[0].height)
    }

    /// fuzz-heif, CI: a 643-byte AVIF whose coded data starts with an OBU carrying the forbidden
    /// bit, before the sequence header. Our walk stopped there and saw no header; dav1d reads on
    /// (the bit is checked only in its strict mode) and allocated 2 GB for the header's frames.
    @Test("a sequence header after an OBU with the forbidden bit is read, as dav1d reads it")
    func forbiddenBit() throws {
        let data = try bytes("forbidden-bit-av1-frame.avif")
        let frames = HEIFDeclaredSizes(data).sizes.filter { $0.source == .codedPicture(item: 1) }
        try #require(!frames.isEmpty)
        let limit = HEIFDeclaredSizes.codedPictureLimit(DecodingOptions().maximumPixelCount)
        #expect(frames.contains { $0.width * $0.height > limit }, "\(frames)")
        let error = #expect(throws: CodecError.self) { try ImageCodec.decode(data, name: "forbidden-bit-av1-frame.avif") }
        guard case .tooManyPixels? = error else {
            Issue.record("expected .tooManyPixels, got \(String(describing: error))")
            return
        }
    }

    @Test("a valid HEIC's sequence parameter set declares its padded picture")
    func validHEIC() throws {
        let data = try bytes("upright.heic")
        let image = try ImageCodec.decode(data, name: "upright.heic").image
        let pictures = HEIFDeclaredSizes(data).sizes.filter {
            if case .codedPicture = $0.source { return true } else { return false }
        }
        try #require(!pictures.isEmpty)
        for picture in pictures {
            // Encoders pad the coded picture to whole coding blocks (at most 64 × 64; this one is
            // 64 × 64 for a 64 × 48 image), cropped away after decoding.
            #expect(picture.width >= image.width && picture.width < image.width + 64, "\(picture)")
            #expect(picture.height >= image.height && picture.height < image.height + 64, "\(picture)")
        }
    }

    /// fuzz-heif ran out of memory in CI (2 GB) on an input that was not kept; a picture 65 pixels
    /// wide passed the old allowance (64 pixels of padding taken off each side) at any height.
    @Test("a coded picture may exceed the limit only by the padding of a square image at it")
    func codedPictureAllowance() {
        let options = DecodingOptions(maximumPixelCount: 4_000_000)
        #expect(HEIFDeclaredSizes.codedPictureLimit(4_000_000) == 4_000_000 + 2 * 64 * 2000 + 64 * 64)
        func accepts(_ source: HEIFDeclaredSizes.Source, _ width: Int, _ height: Int) -> Bool {
            var declared = HEIFDeclaredSizes([])
            declared.sizes = [(source, width, height)]
            return (try? declared.check(against: options, file: "x.heic", format: .heif)) != nil
        }
        let picture = HEIFDeclaredSizes.Source.codedPicture(item: 1)
        #expect(accepts(picture, 2064, 2064))
        #expect(!accepts(picture, 2065, 2065))
        #expect(accepts(picture, 65, 65_000))
        #expect(!accepts(picture, 65, 4_000_000))
        #expect(!accepts(picture, 128, 62_564))
        #expect(!accepts(picture, 1 << 33, 1 << 33))
        #expect(accepts(.canvas(item: 2), 2000, 2000))
        #expect(!accepts(.canvas(item: 2), 2001, 2000))
    }

    @Test("a thin HEVC picture over the limit is refused before decoding")
    func thinPicture() throws {
        let data = try bytes("thin-picture.heic")
        #expect(HEIFDeclaredSizes(data).sizes.contains { $0.source == .codedPicture(item: 1) && $0.width == 72 && $0.height == 500_000 })
        let options = DecodingOptions(maximumPixelCount: 4_000_000)
        let error = #expect(throws: CodecError.self) { try ImageCodec.decode(data, name: "thin-picture.heic", options: options) }
        guard case .tooManyPixels(let file, 72, 500_000, 4_000_000)? = error else {
            Issue.record("expected .tooManyPixels for 72 × 500000, got \(String(describing: error))")
            return
        }
        #expect(file == "thin-picture.heic")
    }

    /// libde265 decodes every picture of an item's data and libheif keeps the last: a 25 KB file
    /// repeating a 2048 × 2048 picture 100 times took 76 s to decode (ASan build).
    @Test("an HEVC image item holding more than one picture is refused as damaged")
    func manyPictures() throws {
        #expect(HEIFDeclaredSizes(try bytes("upright.heic")).pictureCounts == [1: 1])
        let data = try bytes("many-pictures.heic")
        #expect(HEIFDeclaredSizes(data).pictureCounts == [1: 20])
        let error = #expect(throws: CodecError.self) { try ImageCodec.decode(data, name: "many-pictures.heic") }
        guard case .corrupt(let file, .heif, let detail)? = error else {
            Issue.record("expected .corrupt, got \(String(describing: error))")
            return
        }
        #expect(file == "many-pictures.heic" && detail.contains("20 coded pictures"), "\(detail)")
    }

    @Test("an HEVC item's coded data is read with 4-byte size prefixes, as libheif passes it on")
    func hevcCodedDataPrefix() throws {
        let data = try bytes("upright.heic")
        let hvcC = try #require(HEIFItemProperties(data).bodies(of: "hvcC", for: 1).first)
        // The configuration's NAL units (arrays of type, count, then length-prefixed units),
        // rewritten as coded data with 4-byte prefixes.
        var coded: [UInt8] = []
        var offset = hvcC.startIndex + 23
        for _ in 0..<Int(hvcC[hvcC.startIndex + 22]) {
            let count = Int(hvcC[offset + 1]) << 8 | Int(hvcC[offset + 2])
            offset += 3
            for _ in 0..<count {
                let length = Int(hvcC[offset]) << 8 | Int(hvcC[offset + 1])
                coded += [0, 0, UInt8(length >> 8), UInt8(length & 0xFF)] + hvcC[offset + 2..<offset + 2 + length]
                offset += 2 + length
            }
        }
        // A configuration declaring 2-byte prefixes and holding no units.
        var configuration = Array(hvcC.prefix(23))
        configuration[21] = configuration[21] & 0xFC | 1
        configuration[22] = 0
        #expect(HEVCStream.nalUnits(inCodedData: coded[...], prefixLength: 2).isEmpty)
        let readings = HEIFDeclaredSizes.hevcReadings(configurations: [configuration[...]], codedData: coded[...])
        let sizes = readings.flatMap { $0.compactMap(HEVCStream.pictureSize(ofNAL:)) }
        #expect(sizes.count == 1 && sizes[0].width == 64 && sizes[0].height == 64, "\(sizes)")
    }

    @Test("empty or foreign bytes declare nothing")
    func nothingElse() throws {
        #expect(HEIFDeclaredSizes([]).sizes.isEmpty)
        #expect(HEIFDeclaredSizes(Array("not a heif file at all".utf8)).sizes.isEmpty)
    }
}
