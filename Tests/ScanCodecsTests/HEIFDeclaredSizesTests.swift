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

    @Test("empty or foreign bytes declare nothing")
    func nothingElse() throws {
        #expect(HEIFDeclaredSizes([]).sizes.isEmpty)
        #expect(HEIFDeclaredSizes(Array("not a heif file at all".utf8)).sizes.isEmpty)
    }
}
