/// Finds the camera's 35 mm-equivalent focal length (EXIF `FocalLengthIn35mmFilm`, tag 0xA405 in
/// the Exif directory that IFD0's tag 0x8769 points to) in a JPEG's APP1 "Exif" segment or in a
/// bare TIFF header (a PNG `eXIf` chunk), in pure Swift. Phones write it: 26 mm or so for the main
/// camera, 52–120 mm for a telephoto one, which a page's perspective depends on.
///
/// Hostile input gives nil, never a crash (`ExifTIFF`).
public enum ExifFocalLengthReader {
    /// The tag of IFD0's pointer to the Exif directory.
    static let exifDirectoryTag: UInt16 = 0x8769
    /// The tag of `FocalLengthIn35mmFilm`.
    static let equivalentFocalLengthTag: UInt16 = 0xA405
    /// Equivalent focal lengths a photo can have been taken with (millimetres): from an
    /// ultra-wide phone camera's 13 mm to the longest telephoto lenses; a value outside is
    /// taken for damaged metadata.
    static let plausibleRange = 10...2000

    /// The 35 mm-equivalent focal length (millimetres) in a JPEG's first APP1 Exif segment; nil
    /// when there is none, it is damaged, or it is 0 (unknown) or outside `plausibleRange`.
    public static func equivalentFocalLength(inJPEG bytes: [UInt8]) -> Double? {
        ExifOrientationReader.exifSegment(inJPEG: bytes).flatMap(equivalentFocalLength(inTIFF:))
    }

    /// The 35 mm-equivalent focal length (millimetres) in TIFF-structured EXIF data; nil when
    /// absent, invalid, or 0 (unknown) or outside `plausibleRange`.
    public static func equivalentFocalLength(inTIFF bytes: [UInt8]) -> Double? {
        guard let tiff = ExifTIFF(bytes),
              let pointer = tiff.entry(exifDirectoryTag, inDirectoryAt: tiff.firstDirectory),
              // LONG (4) or IFD (13), one value: the Exif directory's offset.
              pointer.type == 4 || pointer.type == 13, pointer.count == 1,
              let directory = tiff.u32(pointer.valueField),
              let entry = tiff.entry(equivalentFocalLengthTag, inDirectoryAt: Int(directory)),
              // SHORT (3), one value, left-justified in the value field.
              entry.type == 3, entry.count == 1,
              let millimetres = tiff.u16(entry.valueField), plausibleRange.contains(Int(millimetres))
        else { return nil }
        return Double(millimetres)
    }
}
