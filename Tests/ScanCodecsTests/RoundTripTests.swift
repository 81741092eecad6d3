import Foundation
import ScanCodecs
import ScanCore
import Testing

@Suite("Encode and decode round trips")
struct RoundTripTests {
    @Test("JPEG RGB round trip stays close to the original", arguments: ChromaSubsampling.allCases)
    func jpegRGB(subsampling: ChromaSubsampling) throws {
        let original = TestImages.photo(width: 161, height: 97)
        let bytes = try ImageCodec.encodeJPEG(original, quality: 92, subsampling: subsampling)
        #expect(ImageFormat.sniff(bytes) == .jpeg)
        let decoded = try ImageCodec.decode(bytes, name: "roundtrip.jpg")
        #expect(decoded.format == .jpeg)
        #expect(decoded.image.width == 161 && decoded.image.height == 97)
        #expect(decoded.appliedOrientation == .up)
        let psnr = TestImages.psnr(original, decoded.image)
        #expect(psnr > 34, "PSNR \(psnr) dB")
    }

    @Test("JPEG gray round trip stays close and is one component")
    func jpegGray() throws {
        let original = TestImages.photo(width: 120, height: 80).map { Gray8($0.g) }
        let bytes = try ImageCodec.encodeJPEG(original, quality: 90)
        let info = try JPEGInfo(bytes, name: "gray.jpg")
        #expect(info.components == 1 && info.colorSpace == .gray)
        let decoded = try ImageCodec.decode(bytes, name: "gray.jpg", as: Gray8.self)
        #expect(TestImages.psnr(original, decoded.image) > 38)
        // Decoded as RGB, a gray JPEG has equal channels.
        let rgb = try ImageCodec.decode(bytes, name: "gray.jpg").image
        #expect(rgb.pixels.allSatisfy { $0.r == $0.g && $0.g == $0.b })
        #expect(zip(rgb.pixels, decoded.image.pixels).allSatisfy { $0.r == $1.value })
    }

    @Test("Higher JPEG quality gives bigger files and higher PSNR")
    func jpegQualityOrdering() throws {
        let original = TestImages.photo(width: 128, height: 96)
        let low = try ImageCodec.encodeJPEG(original, quality: 30)
        let high = try ImageCodec.encodeJPEG(original, quality: 95)
        #expect(low.count < high.count)
        let lowPSNR = TestImages.psnr(original, try ImageCodec.decode(low, name: "low.jpg").image)
        let highPSNR = TestImages.psnr(original, try ImageCodec.decode(high, name: "high.jpg").image)
        #expect(lowPSNR < highPSNR)
    }

    @Test("JPEG quality outside 1…100 is refused", arguments: [0, -5, 101])
    func invalidQuality(quality: Int) {
        let image = TestImages.photo(width: 8, height: 8)
        #expect(throws: CodecError.invalidQuality(file: "page-1.jpg", quality: quality)) {
            try ImageCodec.encodeJPEG(image, quality: quality, name: "page-1.jpg")
        }
    }

    @Test("PNG round trips are exact for gray, RGB and RGBA")
    func pngExact() throws {
        let gray = TestImages.noise(Gray8.self, width: 67, height: 31, seed: 3)
        let rgb = TestImages.noise(RGB8.self, width: 67, height: 31, seed: 4)
        let rgba = TestImages.noise(RGBA8.self, width: 67, height: 31, seed: 5)
        #expect(try ImageCodec.decode(ImageCodec.encodePNG(gray), name: "g.png", as: Gray8.self).image == gray)
        #expect(try ImageCodec.decode(ImageCodec.encodePNG(rgb), name: "c.png").image == rgb)
        #expect(try ImageCodec.decode(ImageCodec.encodePNG(rgba), name: "a.png", as: RGBA8.self).image == rgba)
    }

    @Test("A gray PNG decodes to RGB with equal channels")
    func pngGrayAsRGB() throws {
        let gray = TestImages.noise(Gray8.self, width: 20, height: 10, seed: 8)
        let rgb = try ImageCodec.decode(ImageCodec.encodePNG(gray), name: "g.png").image
        #expect(rgb.pixels == gray.pixels.map { RGB8($0.value, $0.value, $0.value) })
    }

    @Test("Transparent PNG pixels are flattened onto white when decoding to RGB")
    func pngAlphaOnWhite() throws {
        let image = Image(width: 2, height: 1, pixels: [RGBA8(10, 20, 30, 255), RGBA8(10, 20, 30, 0)])
        let rgb = try ImageCodec.decode(ImageCodec.encodePNG(image), name: "alpha.png").image
        #expect(rgb.pixels == [RGB8(10, 20, 30), RGB8(255, 255, 255)])
    }

    @Test("Encoding an empty image is an error naming the output")
    func emptyImage() {
        let empty = Image<RGB8>(width: 0, height: 5, pixels: [])
        #expect(throws: CodecError.encodingFailed(file: "out.png", format: .png, detail: "the image is 0×5")) {
            try ImageCodec.encodePNG(empty, name: "out.png")
        }
        #expect(throws: CodecError.encodingFailed(file: "out.jpg", format: .jpeg, detail: "the image is 0×5")) {
            try ImageCodec.encodeJPEG(empty, name: "out.jpg")
        }
    }

    @Test("Files written with ImageFile.write read back the same")
    func fileWriteRead() throws {
        let image = TestImages.noise(RGB8.self, width: 9, height: 7, seed: 12)
        let path = "/tmp/scan-codecs-test-\(UInt32.random(in: 0...UInt32.max)).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ImageFile.write(try ImageCodec.encodePNG(image), to: path)
        #expect(try ImageFile.read(path: path).image == image)
        #expect(throws: CodecError.unwritable(file: "/nonexistent-folder/x.png", reason: "no such file or directory")) {
            try ImageFile.write([1, 2, 3], to: "/nonexistent-folder/x.png")
        }
    }
}
