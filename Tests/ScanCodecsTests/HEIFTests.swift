import ScanCodecs
import ScanCore
import Testing

@Suite("HEIF/HEIC and AVIF through libheif")
struct HEIFTests {
    @Test("HEIC and AVIF fixtures decode close to the reference", arguments: [("upright.heic", ImageFormat.heif), ("upright.avif", .avif)])
    func decode(fixture: String, format: ImageFormat) throws {
        let reference = try ImageFile.read(path: TestImages.path("upright.png")).image
        let decoded = try ImageFile.read(path: TestImages.path(fixture))
        #expect(decoded.format == format)
        #expect(decoded.appliedOrientation == .up)
        #expect(decoded.image.width == 64 && decoded.image.height == 48)
        let psnr = TestImages.psnr(reference, decoded.image)
        #expect(psnr > 28, "PSNR \(psnr) dB")
    }

    @Test("HEIC decodes to gray and RGBA too")
    func otherLayouts() throws {
        let rgb = try ImageFile.read(path: TestImages.path("upright.heic")).image
        let gray = try ImageFile.read(path: TestImages.path("upright.heic"), as: Gray8.self).image
        let rgba = try ImageFile.read(path: TestImages.path("upright.heic"), as: RGBA8.self).image
        #expect(rgba.pixels.allSatisfy { $0.a == 255 })
        #expect(TestImages.maxDifference(rgb, rgba.map { RGB8($0.r, $0.g, $0.b) }) <= 2)
        // The white block (column 2, row 1) is bright in gray, the black one (column 3, row 1) dark.
        #expect(gray[40, 24].value > 230 && gray[56, 24].value < 25)
    }
}
