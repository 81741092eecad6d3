import ScanCodecs
import ScanCore
import ScanTestSupport
import Testing

@Suite("EXIF focal length parser")
struct ExifFocalLengthReaderTests {
    @Test("Both byte orders give the focal length", arguments: [true, false])
    func byteOrders(bigEndian: Bool) {
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: ExifBytes.tiff(focalLength: 26, bigEndian: bigEndian)) == 26)
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: ExifBytes.tiff(focalLength: 77, bigEndian: bigEndian)) == 77)
        // Beside other IFD0 entries (the orientation), and with the pointer typed IFD (13).
        let withOrientation = ExifBytes.tiff(focalLength: 52, bigEndian: bigEndian, pointerType: 13, ifd0: [(0x0112, 3, 1, 6)])
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: withOrientation) == 52)
        #expect(ExifOrientationReader.orientation(inTIFF: withOrientation) == .right)
    }

    @Test("Unknown, implausible or missing values give nil")
    func missingValues() {
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: ExifBytes.tiff(focalLength: 0, bigEndian: false)) == nil)
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: ExifBytes.tiff(focalLength: 5, bigEndian: false)) == nil)
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: ExifBytes.tiff(focalLength: 9000, bigEndian: true)) == nil)
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: ExifBytes.tiff(focalLength: nil, bigEndian: true, ifd0: [(0x0112, 3, 1, 1)])) == nil)
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: []) == nil)
        #expect(ExifFocalLengthReader.equivalentFocalLength(inJPEG: [0xFF, 0xD8, 0xFF, 0xD9]) == nil)
    }

    @Test("Lying pointers, types and truncation give nil, not a crash")
    func hostile() {
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: ExifBytes.tiff(focalLength: 26, bigEndian: true, pointer: 0xFFFF_FFF0)) == nil)
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: ExifBytes.tiff(focalLength: 26, bigEndian: false, pointer: 0x7FFF_FFFF)) == nil)
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: ExifBytes.tiff(focalLength: 26, bigEndian: false, pointerType: 3)) == nil)
        // Cut anywhere before the value's end (the last 4 bytes point to a next directory, unread).
        let whole = ExifBytes.tiff(focalLength: 26, bigEndian: false)
        for cut in 0..<(whole.count - 4) {
            #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: Array(whole.prefix(cut))) == nil)
        }
    }

    @Test("A JPEG's Exif segment gives the decoded photo its focal length in pixels")
    func decodedPhoto() throws {
        let jpeg = try ImageCodec.encodeJPEG(Image<RGB8>(width: 80, height: 60, repeating: RGB8(200, 120, 40)), quality: 80)
        let tagged = ExifBytes.jpeg(jpeg, withExif: ExifBytes.tiff(focalLength: 52, bigEndian: true, ifd0: [(0x0112, 3, 1, 6)]))
        let decoded = try ImageCodec.decode(tagged, name: "tagged.jpg")
        #expect(decoded.equivalentFocalLength == 52)
        #expect(decoded.image.width == 60 && decoded.image.height == 80)  // turned upright; same diagonal
        #expect(abs((decoded.focalLength ?? 0) - 52 / 43.27 * 100) < 1e-9)
        let plain = try ImageCodec.decode(jpeg, name: "plain.jpg")
        #expect(plain.equivalentFocalLength == nil && plain.focalLength == nil)
    }
}
