import CHeif

/// The Exif block a HEIF file attaches to its primary image (an `Exif` item), read through
/// libheif, for the EXIF tags the pixels do not carry (the 35 mm-equivalent focal length).
///
/// The orientation is not read from it: libheif turns the pixels upright from `irot`/`imir`.
enum HEIFExif {
    /// The largest Exif item read (bytes); a larger one is skipped as damaged or hostile. Phones
    /// write a few kilobytes, a JPEG's APP1 segment holds at most 64 KiB.
    static let maximumSize = 1 << 20

    /// The 35 mm-equivalent focal length (millimetres) the handle's first Exif item states; nil
    /// when it has none, the item cannot be read, or the tag is missing or implausible.
    static func equivalentFocalLength(of handle: OpaquePointer) -> Double? {
        guard heif_image_handle_get_number_of_metadata_blocks(handle, "Exif") > 0 else { return nil }
        var id: heif_item_id = 0
        guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else { return nil }
        let size = heif_image_handle_get_metadata_size(handle, id)
        guard size > 0, size <= maximumSize else { return nil }
        var item = [UInt8](repeating: 0, count: size)
        let status = item.withUnsafeMutableBytes { heif_image_handle_get_metadata(handle, id, $0.baseAddress) }
        guard status.code == heif_error_Ok, let tiff = tiff(inExifItem: item) else { return nil }
        return ExifFocalLengthReader.equivalentFocalLength(inTIFF: tiff)
    }

    /// The TIFF structure in an Exif item's bytes: they start with a big-endian 32-bit offset
    /// from their fifth byte to the TIFF header (ISO/IEC 23008-12, `ExifDataBlock`), which some
    /// writers point at an `Exif\0\0` identifier before it; nil when the offset leads past the data.
    static func tiff(inExifItem item: [UInt8]) -> [UInt8]? {
        guard item.count >= 4 else { return nil }
        let offset = item[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard offset <= item.count - 4 else { return nil }
        var start = 4 + offset
        let identifier = ExifOrientationReader.exifIdentifier
        if item.count - start >= identifier.count, item[start..<start + identifier.count].elementsEqual(identifier) {
            start += identifier.count
        }
        return Array(item[start...])
    }
}
