/// TIFF-structured EXIF data (starting "II*\0" or "MM\0*", optionally after `Exif\0\0` as some PNG
/// writers store it), read entry by entry.
///
/// Built for hostile input: every offset is bounds-checked and directory walks are capped by what
/// the data can hold, so truncated or malicious data gives nil, never a crash or an endless loop.
struct ExifTIFF {
    private let data: [UInt8]
    private let littleEndian: Bool
    /// Offset of the first directory (IFD0).
    let firstDirectory: Int

    /// One directory entry: its type, value count, and the offset of its 4-byte value field (which
    /// holds the value itself when it fits, else the value's offset).
    struct Entry {
        let type: UInt16
        let count: UInt32
        let valueField: Int
    }

    /// nil when `bytes` does not start with a TIFF header.
    init?(_ bytes: [UInt8]) {
        var data = bytes
        if data.count >= ExifOrientationReader.exifIdentifier.count,
           data.prefix(ExifOrientationReader.exifIdentifier.count).elementsEqual(ExifOrientationReader.exifIdentifier) {
            data.removeFirst(ExifOrientationReader.exifIdentifier.count)
        }
        guard data.count >= 8 else { return nil }
        switch (data[0], data[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        guard Self.u16(data, 2, littleEndian) == 42, let offset = Self.u32(data, 4, littleEndian) else { return nil }
        self.data = data
        firstDirectory = Int(offset)
    }

    func u16(_ at: Int) -> UInt16? { Self.u16(data, at, littleEndian) }

    func u32(_ at: Int) -> UInt32? { Self.u32(data, at, littleEndian) }

    private static func u16(_ data: [UInt8], _ at: Int, _ littleEndian: Bool) -> UInt16? {
        guard at >= 0, at <= data.count - 2 else { return nil }
        let a = UInt16(data[at]), b = UInt16(data[at + 1])
        return littleEndian ? a | b << 8 : a << 8 | b
    }

    private static func u32(_ data: [UInt8], _ at: Int, _ littleEndian: Bool) -> UInt32? {
        guard let hi = u16(data, littleEndian ? at + 2 : at, littleEndian),
              let lo = u16(data, littleEndian ? at : at + 2, littleEndian) else { return nil }
        return UInt32(hi) << 16 | UInt32(lo)
    }

    /// The entry with `tag` in the directory at `offset`; nil when the directory or the tag is
    /// missing or the directory runs past the data.
    func entry(_ tag: UInt16, inDirectoryAt offset: Int) -> Entry? {
        guard let declared = u16(offset) else { return nil }
        // Each entry is 12 bytes; the count is capped by what the data can hold.
        let entries = min(Int(declared), max(0, (data.count - offset - 2) / 12))
        for index in 0..<entries {
            let at = offset + 2 + index * 12
            guard u16(at) == tag, let type = u16(at + 2), let count = u32(at + 4) else { continue }
            return Entry(type: type, count: count, valueField: at + 8)
        }
        return nil
    }
}
