import ScanCore

/// Finds the EXIF orientation tag (0x0112 in IFD0) in a JPEG's APP1 "Exif" segment or in a bare
/// TIFF header (a PNG `eXIf` chunk), in pure Swift.
///
/// Built for hostile input: every offset is bounds-checked, every loop advances by at least one
/// byte or is bounded by a count read from (and checked against) the data, so truncated or
/// malicious files give `nil`, never a crash or an endless loop.
public enum ExifOrientationReader {
    /// The TIFF tag number of `Orientation`.
    static let orientationTag: UInt16 = 0x0112
    /// The `Exif\0\0` identifier that starts an APP1 Exif segment's payload.
    static let exifIdentifier: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]

    /// The orientation stored in a JPEG's first APP1 Exif segment; nil when there is none, it is
    /// damaged, or its value is outside 1…8. Stops at the first scan (SOS): metadata comes before it.
    public static func orientation(inJPEG bytes: [UInt8]) -> ImageOrientation? {
        exifSegment(inJPEG: bytes).flatMap(orientation(inTIFF:))
    }

    /// The orientation in TIFF-structured EXIF data (starting "II*\0" or "MM\0*"), optionally
    /// preceded by `Exif\0\0` as some PNG writers do; nil when absent or invalid.
    public static func orientation(inTIFF bytes: [UInt8]) -> ImageOrientation? {
        // SHORT (3), count 1, value left-justified in the 4-byte value field.
        guard let tiff = ExifTIFF(bytes),
              let entry = tiff.entry(orientationTag, inDirectoryAt: tiff.firstDirectory),
              entry.type == 3, entry.count == 1, let value = tiff.u16(entry.valueField)
        else { return nil }
        return ImageOrientation(exifValue: Int(value))
    }

    // MARK: - JPEG segments

    /// The payload of a JPEG's first APP1 segment that starts with `Exif\0\0`, without the
    /// identifier, as the TIFF data the EXIF readers take; nil when there is none.
    static func exifSegment(inJPEG bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBufferPointer { jpeg in exifSegment(inJPEG: jpeg).map { Array($0) } }
    }

    /// The payload of the first APP1 segment that starts with `Exif\0\0`, without the identifier.
    private static func exifSegment(inJPEG jpeg: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>>? {
        guard jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= jpeg.count {
            guard jpeg[offset] == 0xFF else { return nil }
            let marker = jpeg[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill byte before a marker
            // Markers without a length: TEM, RSTn; SOI again would be odd but is harmless.
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { offset += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }  // SOS or EOI: no metadata after this
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            guard length >= 2 else { return nil }
            let payload = offset + 4
            let end = offset + 2 + length
            guard end <= jpeg.count else { return nil }
            if marker == 0xE1, end - payload >= exifIdentifier.count,
               jpeg[payload..<payload + exifIdentifier.count].elementsEqual(exifIdentifier) {
                return jpeg[(payload + exifIdentifier.count)..<end]
            }
            offset = end
        }
        return nil
    }
}
