import ScanCodecs
import ScanCore
import ScanTestSupport
import Testing

@Suite("EXIF orientation parser")
struct ExifOrientationReaderTests {
    /// A TIFF structure with one IFD0 entry, written here independently of the fixtures' script.
    static func tiff(orientation: UInt16, bigEndian: Bool, entryCount: UInt16 = 1, ifdOffset: UInt32 = 8) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] {
            let b = [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
            return bigEndian ? b : b.reversed()
        }
        return (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]) + u16(42) + u32(ifdOffset) + u16(entryCount)
            + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0) + u32(0)
    }

    @Test("Both byte orders give the orientation", arguments: [true, false])
    func byteOrders(bigEndian: Bool) {
        for value in 1...8 {
            #expect(ExifOrientationReader.orientation(inTIFF: Self.tiff(orientation: UInt16(value), bigEndian: bigEndian))?.rawValue == value)
        }
        #expect(ExifOrientationReader.orientation(inTIFF: Self.tiff(orientation: 0, bigEndian: bigEndian)) == nil)
        #expect(ExifOrientationReader.orientation(inTIFF: Self.tiff(orientation: 9, bigEndian: bigEndian)) == nil)
    }

    @Test("Every fixture's orientation is found in its APP1 segment", arguments: 1...8)
    func fixtures(value: Int) throws {
        let bytes = try TestImages.bytes("orientation-\(value).jpg")
        #expect(ExifOrientationReader.orientation(inJPEG: bytes)?.rawValue == value)
    }

    @Test("Lying counts and offsets give nil, not a crash")
    func hostileHeaders() {
        #expect(ExifOrientationReader.orientation(inTIFF: Self.tiff(orientation: 6, bigEndian: true, entryCount: 0xFFFF)) == .right)
        #expect(ExifOrientationReader.orientation(inTIFF: Self.tiff(orientation: 6, bigEndian: true, ifdOffset: 0xFFFF_FFF0)) == nil)
        #expect(ExifOrientationReader.orientation(inTIFF: Self.tiff(orientation: 6, bigEndian: false, ifdOffset: 0x7FFF_FFFF)) == nil)
        #expect(ExifOrientationReader.orientation(inTIFF: []) == nil)
        #expect(ExifOrientationReader.orientation(inTIFF: [0x49, 0x49]) == nil)
        // A JPEG whose segment length points past the end, and one with a zero length.
        #expect(ExifOrientationReader.orientation(inJPEG: [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x45]) == nil)
        #expect(ExifOrientationReader.orientation(inJPEG: [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x00, 0x45, 0x78]) == nil)
        // Nothing but fill bytes: must end, not spin.
        #expect(ExifOrientationReader.orientation(inJPEG: [0xFF, 0xD8] + Array(repeating: 0xFF, count: 10_000)) == nil)
    }

    @Test("Every truncation and random corruption of a real header is survived")
    func truncationsAndMutations() throws {
        let bytes = try TestImages.bytes("orientation-6.jpg")
        for length in 0..<min(bytes.count, 200) {
            let result = ExifOrientationReader.orientation(inJPEG: Array(bytes.prefix(length)))
            #expect(result == nil || result == .right)
        }
        var generator = SeededGenerator(seed: 99)
        for _ in 0..<2_000 {
            var mutated = bytes
            for _ in 0..<4 {
                let index = Int(generator.next() % 64) + 2
                mutated[index] = UInt8(truncatingIfNeeded: generator.next())
            }
            _ = ExifOrientationReader.orientation(inJPEG: mutated)
        }
    }
}
