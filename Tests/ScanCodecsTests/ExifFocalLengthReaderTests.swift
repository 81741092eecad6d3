import ScanCodecs
import ScanCore
import Testing

@Suite("EXIF focal length parser")
struct ExifFocalLengthReaderTests {
    /// A TIFF structure whose IFD0 holds `ifd0` entries (tag, type, count, value) and, when
    /// `focalLength` is given, a pointer (0x8769) to an Exif directory holding
    /// FocalLengthIn35mmFilm (0xA405, SHORT) with that value.
    static func tiff(focalLength: UInt16?, bigEndian: Bool, pointerType: UInt16 = 4, pointer: UInt32? = nil,
                     ifd0: [(UInt16, UInt16, UInt32, UInt32)] = []) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] {
            let b = [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
            return bigEndian ? b : b.reversed()
        }
        // A SHORT value sits left-justified in the 4-byte field.
        func field(_ type: UInt16, _ value: UInt32) -> [UInt8] { type == 3 ? u16(UInt16(value)) + u16(0) : u32(value) }
        var entries = ifd0
        let count = UInt32(entries.count + (focalLength == nil ? 0 : 1))
        let exifDirectory = 8 + 2 + 12 * count + 4
        if focalLength != nil { entries.append((0x8769, pointerType, 1, pointer ?? exifDirectory)) }
        var bytes = (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]) + u16(42) + u32(8) + u16(UInt16(entries.count))
        for (tag, type, n, value) in entries { bytes += u16(tag) + u16(type) + u32(n) + field(type, value) }
        bytes += u32(0)
        if let focalLength { bytes += u16(1) + u16(0xA405) + u16(3) + u32(1) + u16(focalLength) + u16(0) + u32(0) }
        return bytes
    }

    @Test("Both byte orders give the focal length", arguments: [true, false])
    func byteOrders(bigEndian: Bool) {
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: Self.tiff(focalLength: 26, bigEndian: bigEndian)) == 26)
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: Self.tiff(focalLength: 77, bigEndian: bigEndian)) == 77)
        // Beside other IFD0 entries (the orientation), and with the pointer typed IFD (13).
        let withOrientation = Self.tiff(focalLength: 52, bigEndian: bigEndian, pointerType: 13, ifd0: [(0x0112, 3, 1, 6)])
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: withOrientation) == 52)
        #expect(ExifOrientationReader.orientation(inTIFF: withOrientation) == .right)
    }

    @Test("Unknown, implausible or missing values give nil")
    func missingValues() {
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: Self.tiff(focalLength: 0, bigEndian: false)) == nil)
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: Self.tiff(focalLength: 5, bigEndian: false)) == nil)
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: Self.tiff(focalLength: 9000, bigEndian: true)) == nil)
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: Self.tiff(focalLength: nil, bigEndian: true, ifd0: [(0x0112, 3, 1, 1)])) == nil)
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: []) == nil)
        #expect(ExifFocalLengthReader.equivalentFocalLength(inJPEG: [0xFF, 0xD8, 0xFF, 0xD9]) == nil)
    }

    @Test("Lying pointers, types and truncation give nil, not a crash")
    func hostile() {
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: Self.tiff(focalLength: 26, bigEndian: true, pointer: 0xFFFF_FFF0)) == nil)
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: Self.tiff(focalLength: 26, bigEndian: false, pointer: 0x7FFF_FFFF)) == nil)
        #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: Self.tiff(focalLength: 26, bigEndian: false, pointerType: 3)) == nil)
        // Cut anywhere before the value's end (the last 4 bytes point to a next directory, unread).
        let whole = Self.tiff(focalLength: 26, bigEndian: false)
        for cut in 0..<(whole.count - 4) {
            #expect(ExifFocalLengthReader.equivalentFocalLength(inTIFF: Array(whole.prefix(cut))) == nil)
        }
    }

    @Test("A JPEG's Exif segment gives the decoded photo its focal length in pixels")
    func decodedPhoto() throws {
        let jpeg = try ImageCodec.encodeJPEG(Image<RGB8>(width: 80, height: 60, repeating: RGB8(200, 120, 40)), quality: 80)
        let payload = Self.tiff(focalLength: 52, bigEndian: true, ifd0: [(0x0112, 3, 1, 6)])
        let length = 2 + 6 + payload.count
        let tagged = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF), 0x45, 0x78, 0x69, 0x66, 0, 0]
            + payload + jpeg.dropFirst(2)
        let decoded = try ImageCodec.decode(tagged, name: "tagged.jpg")
        #expect(decoded.equivalentFocalLength == 52)
        #expect(decoded.image.width == 60 && decoded.image.height == 80)  // turned upright; same diagonal
        #expect(abs((decoded.focalLength ?? 0) - 52 / 43.27 * 100) < 1e-9)
        let plain = try ImageCodec.decode(jpeg, name: "plain.jpg")
        #expect(plain.equivalentFocalLength == nil && plain.focalLength == nil)
    }
}
