@testable import ScanCodecs
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

    @Test("A HEIC's Exif item gives the lens it states; one without says nothing")
    func statedFocalLength() throws {
        let stated = try ImageFile.read(path: TestImages.path("focal-52.heic"))
        #expect(stated.equivalentFocalLength == 52)
        // 52 / 43.27 of the 64 x 48 photo's 80-pixel diagonal.
        #expect(abs((stated.focalLength ?? 0) - 52 / 43.27 * 80) < 1e-9)
        let reference = try ImageFile.read(path: TestImages.path("upright.png")).image
        #expect(TestImages.psnr(reference, stated.image) > 28)
        #expect(try ImageFile.read(path: TestImages.path("upright.heic")).equivalentFocalLength == nil)
    }

    @Test("An Exif item's TIFF header is found after its offset, with or without the Exif identifier")
    func exifItemLayout() {
        let tiff: [UInt8] = Array("MM\0*".utf8) + [0, 0, 0, 8]
        #expect(HEIFExif.tiff(inExifItem: [0, 0, 0, 0] + tiff) == tiff)
        #expect(HEIFExif.tiff(inExifItem: [0, 0, 0, 6] + Array("Exif\0\0".utf8) + tiff) == tiff)
        // An identifier the offset already skips; padding before the header.
        #expect(HEIFExif.tiff(inExifItem: [0, 0, 0, 0] + Array("Exif\0\0".utf8) + tiff) == tiff)
        #expect(HEIFExif.tiff(inExifItem: [0, 0, 0, 2, 9, 9] + tiff) == tiff)
        // Offsets past the data, and too few bytes for one.
        #expect(HEIFExif.tiff(inExifItem: [0, 0, 0, 9] + tiff) == nil)
        #expect(HEIFExif.tiff(inExifItem: [0xFF, 0xFF, 0xFF, 0xFF] + tiff) == nil)
        #expect(HEIFExif.tiff(inExifItem: [0, 0]) == nil)
    }
}
