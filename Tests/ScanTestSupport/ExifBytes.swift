/// EXIF metadata written byte by byte for tests, independently of the readers under test.
public enum ExifBytes {
    /// A TIFF structure whose IFD0 holds `ifd0` entries (tag, type, count, value) and, when
    /// `focalLength` is given, a pointer (tag 0x8769, of `pointerType`, to `pointer` or else to the
    /// directory that follows) to an Exif directory holding `FocalLengthIn35mmFilm` (0xA405, SHORT)
    /// with that value. A SHORT value sits left-justified in its 4-byte field.
    public static func tiff(focalLength: UInt16?, bigEndian: Bool, pointerType: UInt16 = 4, pointer: UInt32? = nil,
                            ifd0: [(tag: UInt16, type: UInt16, count: UInt32, value: UInt32)] = []) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] {
            let b = [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
            return bigEndian ? b : b.reversed()
        }
        func field(_ type: UInt16, _ value: UInt32) -> [UInt8] { type == 3 ? u16(UInt16(value)) + u16(0) : u32(value) }
        var entries = ifd0
        let count = UInt32(entries.count + (focalLength == nil ? 0 : 1))
        let exifDirectory = 8 + 2 + 12 * count + 4
        if focalLength != nil { entries.append((0x8769, pointerType, 1, pointer ?? exifDirectory)) }
        var bytes = (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]) + u16(42) + u32(8) + u16(UInt16(entries.count))
        for entry in entries { bytes += u16(entry.tag) + u16(entry.type) + u32(entry.count) + field(entry.type, entry.value) }
        bytes += u32(0)
        if let focalLength { bytes += u16(1) + u16(0xA405) + u16(3) + u32(1) + u16(focalLength) + u16(0) + u32(0) }
        return bytes
    }

    /// `jpeg` with an APP1 segment holding `Exif\0\0` + `tiff` inserted right after its SOI marker.
    public static func jpeg(_ jpeg: [UInt8], withExif tiff: [UInt8]) -> [UInt8] {
        let length = 2 + 6 + tiff.count
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF), 0x45, 0x78, 0x69, 0x66, 0, 0]
            + tiff + jpeg.dropFirst(2)
    }
}
